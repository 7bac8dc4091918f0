import { describe, expect, it } from 'vitest';
import { MAX_MATCHERS, matchersView, matchesRequest, readRequestMatchers, type RequestFacts, type RequestMatchers } from './request-matchers.ts';

/** A request as the matchers see it; `asked` says which parts a match looked at. */
function facts(headers: Record<string, string>, query: Record<string, string | string[]> = {}, body?: string): RequestFacts & { asked: Set<string> } {
  const asked = new Set<string>();
  return {
    asked,
    headers: () => (asked.add('headers'), headers),
    query: () => (asked.add('query'), query),
    body: () => (asked.add('body'), body),
  };
}

/** Matchers read from a document that must hold no problem. */
function read(doc: Record<string, unknown>): RequestMatchers {
  const { matchers, problems } = readRequestMatchers(doc, ['header', 'query', 'body']);
  expect(problems).toEqual([]);
  return matchers;
}

describe('request matchers (journal filters and chaos rules)', () => {
  it('header: a name is present, in any letter case; `name: text` is a value that contains text (case-sensitive)', () => {
    const request = facts({ 'x-retry': '1', 'idempotency-key': 'abc-123', authorization: 'Basic [REDACTED]' });
    expect(matchesRequest(read({ header: 'Idempotency-Key' }), request)).toBe(true);
    expect(matchesRequest(read({ header: 'X-RETRY: 1' }), request)).toBe(true);
    expect(matchesRequest(read({ header: 'x-retry:1' }), request)).toBe(true);
    expect(matchesRequest(read({ header: 'idempotency-key: c-12' }), request)).toBe(true);
    expect(matchesRequest(read({ header: 'Authorization: Basic' }), request)).toBe(true);
    expect(matchesRequest(read({ header: 'Authorization: basic' }), request)).toBe(false);
    expect(matchesRequest(read({ header: 'X-Retry: 2' }), request)).toBe(false);
    expect(matchesRequest(read({ header: 'X-Other' }), request)).toBe(false);
    // `Name:` with nothing after it asks for presence; a value may hold colons of its own.
    expect(matchesRequest(read({ header: 'X-Retry:' }), request)).toBe(true);
    expect(matchesRequest(read({ header: 'X-Url: http://a:8080' }), facts({ 'x-url': 'see http://a:8080/x' }))).toBe(true);
  });

  it('query: a name is present (also with an empty value); `name=value` is one of its values, both decoded as a URL query is', () => {
    const request = facts({}, { offset: '100', q: 'a b', tag: ['x', 'y'], flag: '', 'a&b': 'c=d' });
    for (const m of ['offset', 'offset=100', 'q=a+b', 'q=a%20b', 'q=a b', 'tag=y', 'tag=x', 'flag', 'flag=', 'a%26b=c=d', 'a%26b=c%3Dd']) expect(matchesRequest(read({ query: m }), request), m).toBe(true);
    for (const m of ['offset=10', 'offset=1000', 'q=a', 'tag=z', 'flag=1', 'limit', 'q=a%2Bb']) expect(matchesRequest(read({ query: m }), request), m).toBe(false);
  });

  it('body: the text is in the body; a request without one matches no body matcher', () => {
    expect(matchesRequest(read({ body: '"package_id":5' }), facts({}, {}, '{"cluster_id":1,"package_id":5}'))).toBe(true);
    expect(matchesRequest(read({ body: '"package_id":5' }), facts({}, {}, '{"cluster_id":1,"package_id":50}'))).toBe(true);
    expect(matchesRequest(read({ body: '"package_id":5}' }), facts({}, {}, '{"cluster_id":1,"package_id":50}'))).toBe(false);
    expect(matchesRequest(read({ body: 'x' }), facts({}))).toBe(false);
  });

  it('all must match: several headers, several parameters, and each kind together; each part is asked for only when a matcher needs it', () => {
    const request = facts({ 'x-retry': '1', 'idempotency-key': 'k' }, { offset: '100', limit: '5' }, 'hello');
    expect(matchesRequest(read({ header: ['X-Retry: 1', 'Idempotency-Key'], query: ['offset=100', 'limit'], body: 'ell' }), request)).toBe(true);
    expect(matchesRequest(read({ header: ['X-Retry: 1', 'X-Missing'] }), request)).toBe(false);
    expect(matchesRequest(read({ query: ['offset=100', 'limit=6'] }), request)).toBe(false);
    expect(matchesRequest(read({ header: 'X-Retry: 1', body: 'bye' }), request)).toBe(false);
    expect(matchesRequest(read({}), request)).toBe(true);
    const headersOnly = facts({ 'x-retry': '1' });
    matchesRequest(read({ header: 'X-Retry' }), headersOnly);
    expect([...headersOnly.asked]).toEqual(['headers']);
  });

  it('reads a string or an array of strings, and names each bad one by field (and index, in an array)', () => {
    const bad = readRequestMatchers({ header: ['X-Retry: 1', 'Bad Name: x', 7, ''], query: '=5', body: '' }, ['header', 'query', 'body']);
    expect(bad.problems.map((p) => p.field)).toEqual(['header[1]', 'header[2]', 'header[3]', 'query', 'body']);
    expect(bad.matchers).toEqual({});
    const shapes = readRequestMatchers({ header: [], query: { offset: 100 }, body: ['a', 'b'] }, ['header', 'query', 'body']);
    expect(shapes.problems.map((p) => p.field)).toEqual(['header', 'query', 'body']);
    const many = readRequestMatchers({ header: Array.from({ length: MAX_MATCHERS + 1 }, (_, i) => `X-${i}`) }, ['header']);
    expect(many.problems).toEqual([{ field: 'header', message: expect.stringContaining(`1 to ${MAX_MATCHERS} strings`) }]);
    expect(readRequestMatchers({ body: 'x'.repeat(1001) }, ['body']).problems.map((p) => p.field)).toEqual(['body']);
    // A field the caller does not take is left to it (a chaos rule refuses `body` itself).
    expect(readRequestMatchers({ body: 'x' }, ['header', 'query'])).toEqual({ matchers: {}, problems: [] });
  });

  it('shows matchers as written, header and query always as arrays', () => {
    expect(matchersView(read({ header: 'X-Retry: 1', query: ['offset=100', 'q=a+b'], body: 'x' }))).toEqual({ header: ['X-Retry: 1'], query: ['offset=100', 'q=a+b'], body: 'x' });
    expect(matchersView(read({}))).toEqual({});
  });
});
