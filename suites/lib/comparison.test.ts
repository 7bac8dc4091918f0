import { describe, expect, it } from 'vitest';
import { comparableHeaders, headerDifferences, Volatility } from './comparison.ts';
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
