import { describe, expect, it } from 'vitest';
import { WriteLedger } from './write-ledger.ts';
import { standInFor } from './big-ids.ts';
import type { Exchange } from './types.ts';

function exchange(method: string, url: string, status: number, json: unknown, headers: Record<string, string> = {}): Exchange {
  return {
    request: { method, url, headers: {} },
    response: { status, headers, body: json === undefined ? '' : JSON.stringify(json) },
    json,
    durationMs: 1,
  };
}

const JOBS = 'http://127.0.0.1:4010/acme/api/jobs';
const HOOKS = 'http://127.0.0.1:4010/acme/api/hooks';

describe('the write ledger: the run\'s own creations and deletions, per collection, in order', () => {
  it('notes a 2xx POST\'s id (body or Location) and a 2xx DELETE of <collection>/<id>, each before the marks after it', () => {
    const ledger = new WriteLedger();
    expect(ledger.mark()).toBe(0);
    ledger.observe(exchange('POST', JOBS, 201, { id: 10, status: 'queued' }));
    ledger.observe(exchange('POST', `${HOOKS}/`, 201, undefined, { location: '/acme/api/hooks/417' }));
    ledger.observe(exchange('DELETE', `${HOOKS}/416`, 200, { id: 416 }));
    const since = ledger.mark();
    expect(since).toBe(3);
    expect(ledger.createdBefore(JOBS, 10, since)).toBe(true);
    // The collection as a list read names it: a query and a trailing slash do not matter.
    expect(ledger.createdBefore(`${HOOKS}?limit=100&offset=0`, 417, since)).toBe(true);
    expect(ledger.deletedBefore(`${HOOKS}/`, 416, since)).toBe(true);
    // Not in another collection, not the other way round, not before its own mark.
    expect(ledger.createdBefore(HOOKS, 10, since)).toBe(false);
    expect(ledger.deletedBefore(HOOKS, 417, since)).toBe(false);
    expect(ledger.createdBefore(JOBS, 10, 0)).toBe(false);
  });

  it('keeps nothing of refused or other writes, nor of a DELETE of a non-integer path', () => {
    const ledger = new WriteLedger();
    ledger.observe(exchange('POST', JOBS, 401, { id: 11 }));
    ledger.observe(exchange('PUT', `${HOOKS}/5`, 200, { id: 5 }));
    ledger.observe(exchange('GET', JOBS, 200, [{ id: 1 }]));
    ledger.observe(exchange('DELETE', `${HOOKS}/abc`, 204, undefined));
    ledger.observe(exchange('DELETE', `${HOOKS}/6`, 404, { message: 'Item not found.' }));
    expect(ledger.mark()).toBe(0);
    expect(ledger.createdBefore(JOBS, 11, 10)).toBe(false);
    expect(ledger.deletedBefore(HOOKS, 6, 10)).toBe(false);
  });

  it('counts a write after a mark as after it, also for an id made again (ids reused)', () => {
    const ledger = new WriteLedger();
    ledger.observe(exchange('POST', JOBS, 201, { id: 7 }));
    const since = ledger.mark();
    ledger.observe(exchange('POST', JOBS, 201, { id: 8 }));
    ledger.observe(exchange('DELETE', `${JOBS}/7`, 204, undefined));
    ledger.observe(exchange('POST', JOBS, 201, { id: 7 }));
    expect(ledger.createdBefore(JOBS, 8, since)).toBe(false);
    expect(ledger.deletedBefore(JOBS, 7, since)).toBe(false);
    expect(ledger.createdBefore(JOBS, 7, since)).toBe(false);
    expect(ledger.createdBefore(JOBS, 7, ledger.mark())).toBe(true);
  });

  it('takes an id beyond 2^53 in a DELETE path as its stand-in, as answers carry it', () => {
    const ledger = new WriteLedger();
    ledger.observe(exchange('DELETE', `${HOOKS}/123456789012345678901`, 204, undefined));
    expect(ledger.deletedBefore(HOOKS, standInFor('123456789012345678901'), ledger.mark())).toBe(true);
  });

  it('with typed, counts a write one non-id segment below the list: a connection made at /connections/{type} is listed at /connections', () => {
    const ledger = new WriteLedger();
    const CONNECTIONS = 'http://127.0.0.1:4010/acme/api/connections';
    ledger.observe(exchange('POST', `${CONNECTIONS}/mysql`, 201, { id: 31 }));
    ledger.observe(exchange('DELETE', `${CONNECTIONS}/s3/30`, 204, undefined));
    ledger.observe(exchange('POST', `${JOBS}/5/watchers`, 201, { id: 32 }));
    const since = ledger.mark();
    expect(ledger.createdBefore(CONNECTIONS, 31, since, { typed: true })).toBe(true);
    expect(ledger.deletedBefore(`${CONNECTIONS}?limit=100`, 30, since, { typed: true })).toBe(true);
    // Only where asked, only one segment down, never below an id (a job's watchers are no jobs).
    expect(ledger.createdBefore(CONNECTIONS, 31, since)).toBe(false);
    expect(ledger.deletedBefore(CONNECTIONS, 30, since)).toBe(false);
    expect(ledger.createdBefore(JOBS, 32, since, { typed: true })).toBe(false);
    expect(ledger.createdBefore('http://127.0.0.1:4010/acme/api', 31, since, { typed: true })).toBe(false);
    expect(ledger.createdBefore(CONNECTIONS, 31, 0, { typed: true })).toBe(false);
  });
});
