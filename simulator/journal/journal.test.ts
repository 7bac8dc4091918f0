import { describe, expect, it } from 'vitest';
import { readRequestMatchers } from '../http/request-matchers.ts';
import { Journal, matcher, type JournalFilter, type RecordedEntry } from './journal.ts';

function entry(request: RecordedEntry['request'], query: RecordedEntry['query'] = {}): RecordedEntry {
  return { id: 'req_1', seq: 1, simulatorMs: 0, wallMs: 0, method: 'POST', path: '/api/public/v1/pipelines', query, interface: 'A', status: 201, latencyMs: 1, request, response: { headers: {} } };
}

function filter(doc: Record<string, unknown>): JournalFilter {
  const { matchers, problems } = readRequestMatchers(doc, ['header', 'query', 'body']);
  expect(problems).toEqual([]);
  return matchers;
}

describe('journal filters on headers, query and body', () => {
  const key = 'fdk_secretkeyvalue1234';
  const sent = entry({ headers: { Authorization: `Bearer ${key}`, 'X-Trace': 'abc' }, body: `name: nightly\napi_key: ${key}\nnote: uses ${key}` }, { key, page: '2' });

  it('match an entry as it is shown: an interface A key by its prefix, in the body, the query and the Authorization header, is never matched as sent', () => {
    for (const doc of [{ body: key }, { body: 'fdk_secret' }, { query: `key=${key}` }, { header: `authorization: Bearer ${key.slice(0, 6)}` }]) expect(matcher(filter(doc), 'fdk')(sent), JSON.stringify(doc)).toBe(false);
    for (const doc of [{ body: 'api_key: [REDACTED]' }, { body: 'uses [REDACTED]' }, { query: 'key=[REDACTED]' }, { query: 'page=2' }, { header: 'Authorization: Bearer [REDACTED]' }, { header: 'x-trace: ab' }]) expect(matcher(filter(doc), 'fdk')(sent), JSON.stringify(doc)).toBe(true);
  });

  it('redact by the key prefix the journal was made with', () => {
    const other = entry({ headers: {}, body: 'token-free text with abc_secretkeyvalue1234' });
    const journal = new Journal(10, 'abc');
    journal.add(other);
    expect(journal.count(filter({ body: 'abc_secret' }))).toBe(0);
    expect(journal.count(filter({ body: 'with [REDACTED]' }))).toBe(1);
    expect(matcher(filter({ body: 'abc_secret' }), 'fdk')(other)).toBe(true);
  });
});
