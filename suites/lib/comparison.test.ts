import { describe, expect, it } from 'vitest';
import { comparableBody, comparableHeaders, headerDifferences, Volatility } from './comparison.ts';
import type { Exchange } from './types.ts';

const answer = (headers: Record<string, string>): Exchange => ({ request: { method: 'GET', url: 'http://x/a', headers: {} }, response: { status: 404, headers, body: '{"error":"not found"}' }, json: { error: 'not found' }, startedAt: 0, durationMs: 1 }) as unknown as Exchange;

describe('comparableHeaders', () => {
  it('leaves out how a body travels (its coding, chunked or whole): a gateway may vary it from one answer to the next', () => {
    const gzip = comparableHeaders(answer({ 'content-type': 'application/json', 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' }));
    const br = comparableHeaders(answer({ 'content-type': 'application/json', 'content-encoding': 'br', 'content-length': '40' }));
    expect(headerDifferences(gzip, br)).toEqual([]);
    // What an answer says is still compared.
    expect(headerDifferences(comparableHeaders(answer({ 'content-type': 'application/json' })), comparableHeaders(answer({ 'content-type': 'text/plain' })))).toEqual(['content-type: "application/json" vs "text/plain"']);
  });

  it("leaves out a gateway's per-answer timing (Envoy, Kong), as a date: yet a header only one answer carries still tells them apart", () => {
    const timed = (ms: string, extra: Record<string, string> = {}): Record<string, string> =>
      comparableHeaders(answer({ 'content-type': 'application/json', 'x-envoy-upstream-service-time': ms, 'x-kong-upstream-latency': ms, 'x-kong-proxy-latency': ms, ...extra }));
    expect(headerDifferences(timed('1'), timed('0'))).toEqual([]);
    expect(headerDifferences(timed('1', { 'x-owner': 'account-2' }), timed('0'))).toEqual(['x-owner: "account-2" vs (absent)']);
  });
});

describe('Volatility and the ETag of a 404 (A-ENUM-1)', () => {
  const etag = (value: string | undefined): Exchange => answer({ 'content-type': 'application/json', ...(value === undefined ? {} : { etag: value }) });
  const differences = (v: Volatility, a: Exchange, b: Exchange): string[] => headerDifferences(v.comparableHeaders(a), v.comparableHeaders(b), v.headers);

  it('compares the value where the absent ids share one ETag: one stamped from a foreign row is a tell', () => {
    const v = new Volatility();
    v.learn(etag('W/"32ba"'), ['998'], etag('W/"32ba"'), ['999']);
    expect(v.presenceOnly.size).toBe(0);
    expect(differences(v, etag('W/"77f0"'), etag('W/"32ba"'))).toEqual(['etag: "\\"77f0\\"" vs "\\"32ba\\""']);
    expect(differences(v, etag('W/"32ba"'), etag('W/"32ba"'))).toEqual([]);
  });

  it('compares an ETag weakly: a gateway that compresses an answer marks it weak', () => {
    const v = new Volatility();
    v.learn(etag('"32ba"'), ['998'], etag('W/"32ba"'), ['999']);
    expect(v.presenceOnly.size).toBe(0);
    expect(differences(v, etag('W/"32ba"'), etag('"32ba"'))).toEqual([]);
  });

  it('compares only the presence where two absent ids got other ETags (one hashed from a body or URL that names the id)', () => {
    const v = new Volatility();
    v.learn(etag('"a1"'), ['998'], etag('"b2"'), ['999']);
    expect([...v.presenceOnly]).toEqual(['etag']);
    expect(v.headers.size).toBe(0);
    expect(differences(v, etag('"c3"'), etag('"d4"'))).toEqual([]);
    expect(differences(v, etag(undefined), etag('"d4"'))).toEqual(['etag: (absent) vs "(present)"']);
  });
});

describe("Volatility: each answer's own time stamp (learnStamps)", () => {
  const DATE = 'Mon, 30 Nov 2026 13:20:01 GMT';
  const stamped = (body: Record<string, unknown>, date: string | undefined = DATE): Exchange =>
    ({ request: { method: 'GET', url: 'http://x/a', headers: {} }, response: { status: 404, headers: date === undefined ? {} : { date }, body: JSON.stringify(body) }, json: body, durationMs: 1 }) as Exchange;

  it("sets aside a member where both answers hold a time within a minute of their own Date, in any zone and precision", () => {
    const v = new Volatility();
    const a = stamped({ message: 'Item not found.', timestamp: '2026-11-30T13:20:01.443Z' });
    const b = stamped({ message: 'Item not found.', timestamp: '2026-11-30T14:20:01.442+01:00' });
    v.learnStamps(a, b);
    expect([...v.bodyPaths]).toEqual(['timestamp']);
    expect(comparableBody(a, [], v)).toBe(comparableBody(b, [], v));
    // No Date header: the two stamps are each other's measure.
    const bare = new Volatility();
    bare.learnStamps(stamped({ at: '2026-11-30T13:20:01,5Z' }, undefined), stamped({ at: '2026-11-30 13:20:02Z' }, undefined));
    expect([...bare.bodyPaths]).toEqual(['at']);
  });

  it('sets aside a stamp holding the digits of the id the request echoes (13:20:16 and id 16), alike or not', () => {
    const v = new Volatility();
    const foreign = stamped({ message: 'Item not found.', timestamp: '2026-11-30T13:20:16.443Z' });
    const absent = stamped({ message: 'Item not found.', timestamp: '2026-11-30T13:20:16.443Z' });
    v.learnStamps(foreign, absent);
    expect([...v.bodyPaths]).toEqual(['timestamp']);
    expect(comparableBody(foreign, ['16'], v)).toBe(comparableBody(absent, ['1852516289'], v));
  });

  it("keeps comparing a record's time, a stamp on one side only, and what is no date-time", () => {
    const v = new Volatility();
    // A record made a day before: no answer's stamp.
    v.learnStamps(stamped({ created_at: '2026-11-29T13:20:01Z' }), stamped({ created_at: '2026-11-30T13:20:01Z' }));
    // Only one answer has a time there.
    v.learnStamps(stamped({ seen: '2026-11-30T13:20:01Z' }), stamped({ seen: null }));
    // Not a date-time, or one without its zone.
    v.learnStamps(stamped({ request_id: 'a1', local: '2026-11-30T13:20:01' }), stamped({ request_id: 'b2', local: '2026-11-30T13:20:02' }));
    expect([...v.bodyPaths]).toEqual([]);
  });
});
