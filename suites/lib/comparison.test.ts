import { describe, expect, it } from 'vitest';
import { comparableHeaders, headerDifferences } from './comparison.ts';
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
});
