import { describe, expect, it } from 'vitest';
import { AbsentIdGuard } from './absent-id-guard.ts';
import type { Exchange, ResolvedTarget } from './types.ts';
import type { TargetFixtures } from './target-types.ts';

type GuardTarget = Pick<ResolvedTarget, 'absentIds' | 'a' | 'b'>;

function target(fixtures: TargetFixtures = {}, absentIds?: { min: number; max: number }): GuardTarget {
  return { a: [{ fixtures }], b: [{ accountId: 'acme', apiKey: 'k', fixtures }], ...(absentIds ? { absentIds } : {}) };
}

function exchange(method: string, url: string, status: number, json: unknown, body?: string): Exchange {
  return {
    request: { method, url, headers: {}, ...(body !== undefined ? { body } : {}) },
    response: { status, headers: {}, body: JSON.stringify(json) },
    json,
    durationMs: 1,
  };
}

const BASE = 'http://127.0.0.1:4010';

describe('the absent-id guard: the target showing ids inside the range a run takes for absent ones halts the run', () => {
  it('trips on a 2xx answer carrying an id in the default range, saying where and what to do', () => {
    const guard = new AbsentIdGuard(target());
    guard.observe(exchange('GET', `${BASE}/api/public/v1/pipelines`, 200, { data: [{ id: 12 }, { id: 1_000_000_004, name: 'p' }] }));
    expect(guard.reason).toContain('1,000,000,000 to 2,147,483,647');
    expect(guard.reason).toContain('GET /api/public/v1/pipelines answered data[1].id 1000000004');
    expect(guard.reason).toContain('set absent_ids in the target document');
  });

  it.each([
    ['an `*_id` member', { package_id: 1_500_000_000 }, 'package_id 1500000000'],
    ['an `*_ids` list', { package_ids: [3, 1_500_000_001] }, 'package_ids 1500000001'],
    ['a nested id', { creator: { id: 2_000_000_000 } }, 'creator.id 2000000000'],
    ['an id in the wide range (64-bit ids)', { id: 1_700_000_000_000 }, 'id 1700000000000'],
  ])('trips on %s', (_, json, said) => {
    const guard = new AbsentIdGuard(target());
    guard.observe(exchange('GET', `${BASE}/acme/api/jobs/1`, 200, json));
    expect(guard.reason).toContain(said);
  });

  it.each([
    ['an id below the range', { id: 999_999_999 }],
    ['a number in range under a member that is no id', { bytes: 1_500_000_000, runtime_in_seconds: 1_500_000_000 }],
    ['an id in range as a string (not the spec\'s integer)', { id: '1500000000' }],
    ['an id past 2^53 (not a safe integer)', { id: 2 ** 60 }],
  ])('does not trip on %s', (_, json) => {
    const guard = new AbsentIdGuard(target());
    guard.observe(exchange('GET', `${BASE}/acme/api/jobs/1`, 200, json));
    expect(guard.reason).toBeNull();
  });

  it("does not trip on a source's metadata read through a connection (Bing Ads campaigns in ten digits), and still trips on the connection's own paths", () => {
    const guard = new AbsentIdGuard(target());
    guard.observe(exchange('GET', `${BASE}/acme/api/connections/7/bingads/accounts?force_fetch=true`, 200, [{ account_id: '150000060', campaigns: [{ id: 1_500_000_600 }] }]));
    guard.observe(exchange('GET', `${BASE}/acme/api/connections/1000000000000000007/salesforce/fields?object_name=Account`, 200, [{ id: 1_500_000_601 }]));
    expect(guard.reason).toBeNull();
    // The connection's own paths name its type first: `/connections/{type}/{id}/...`.
    guard.observe(exchange('GET', `${BASE}/acme/api/connections/bingads/12/schema`, 200, [{ id: 1_500_000_602 }]));
    expect(guard.reason).toContain('connections/bingads/12/schema answered [0].id 1500000602');
  });

  it("does not trip on a source's metadata read at the real service's docs' paths (extensions), nor where the target document moves them; other moved extensions still trip", () => {
    const guard = new AbsentIdGuard(target());
    guard.observe(exchange('GET', `${BASE}/acme/api/connections/metadata/bingads/7/accounts?force_fetch=true`, 200, [{ account_id: 1_500_000_060, campaigns: [{ id: 1_500_000_600 }] }]));
    guard.observe(exchange('GET', `${BASE}/acme/api/connections/metadata/adwords/7/customers/`, 200, [{ customer_id: 1_234_567_890 }]));
    expect(guard.reason).toBeNull();
    const moves = { 'GET /connections/metadata/bingads/{id}/accounts': '/sources/bingads/{id}/accounts', 'GET /user': '/me' };
    const moved = new AbsentIdGuard({ ...target(), interfaceB: { extensionPaths: moves } });
    moved.observe(exchange('GET', `${BASE}/acme/api/sources/bingads/7/accounts`, 200, [{ account_id: 1_500_000_060 }]));
    expect(moved.reason).toBeNull();
    // Not a metadata read: the moved GET /user, and a path that only ends like the moved one.
    moved.observe(exchange('GET', `${BASE}/acme/api/me`, 200, { id: 1_500_000_061 }));
    expect(moved.reason).toContain('GET /acme/api/me answered id 1500000061');
    const other = new AbsentIdGuard({ ...target(), interfaceB: { extensionPaths: moves } });
    other.observe(exchange('GET', `${BASE}/acme/api/jobs/sources/bingads/7/accounts`, 200, [{ id: 1_500_000_062 }]));
    expect(other.reason).toContain('answered [0].id 1500000062');
  });

  it('does not trip on an error answer, whatever it names', () => {
    const guard = new AbsentIdGuard(target());
    guard.observe(exchange('GET', `${BASE}/acme/api/packages/5`, 404, { id: 1_500_000_000, message: 'not found' }));
    expect(guard.reason).toBeNull();
  });

  it('an id the run sent first (an absent id a check asked for, a number its body held) is the run\'s: echoing it is for the check to judge', () => {
    const guard = new AbsentIdGuard(target());
    guard.observe(exchange('GET', `${BASE}/acme/api/packages/1234567890`, 200, { id: 1_234_567_890 }));
    guard.observe(exchange('POST', `${BASE}/acme/api/jobs`, 201, { id: 7, package_id: 1_500_000_000 }, '{"package_id":1500000000}'));
    guard.observe(exchange('GET', `${BASE}/acme/api/jobs?package_id=1600000000`, 200, [{ package_id: 1_600_000_000 }]));
    expect(guard.reason).toBeNull();
    // The target's own, shown after: trips.
    guard.observe(exchange('GET', `${BASE}/acme/api/jobs`, 200, [{ id: 1_500_000_002 }]));
    expect(guard.reason).toContain('[0].id 1500000002');
  });

  it('a fixture id the document listed stays the target\'s, even once the run sent it', () => {
    const guard = new AbsentIdGuard(target({ package_id: 1_000_000_005 }));
    guard.observe(exchange('GET', `${BASE}/acme/api/packages/1000000005`, 200, { id: 1_000_000_005 }));
    expect(guard.reason).toContain('id 1000000005');
  });

  it('a declared range that starts low: a small absent id the run sent and the target echoed is still the run\'s', () => {
    const guard = new AbsentIdGuard(target({}, { min: 1, max: 999 }));
    guard.observe(exchange('GET', `${BASE}/acme/api/packages/57`, 200, { id: 57 }));
    expect(guard.reason).toBeNull();
  });

  it('takes a declared range instead of the defaults, and says so', () => {
    const guard = new AbsentIdGuard(target({}, { min: 1_000, max: 999_999_999 }));
    guard.observe(exchange('GET', `${BASE}/acme/api/packages`, 200, [{ id: 1_000_000_001 }, { id: 1_700_000_000_000 }]));
    expect(guard.reason).toBeNull();
    guard.observe(exchange('GET', `${BASE}/acme/api/packages`, 200, [{ id: 5_000 }]));
    expect(guard.reason).toContain('absent_ids names for ones that name nothing (1,000 to 999,999,999)');
  });

  it('keeps the first reason', () => {
    const guard = new AbsentIdGuard(target());
    guard.observe(exchange('GET', `${BASE}/a`, 200, { id: 1_100_000_000 }));
    const first = guard.reason;
    guard.observe(exchange('GET', `${BASE}/b`, 200, { id: 1_200_000_000 }));
    expect(guard.reason).toBe(first);
  });
});
