import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-VER-1 holds for every request, not only those that read or create: b-ver/accept-required-on-writes
 * sends every write the spec lists (the endpoint catalog's), the updates on what the run made or
 * can put back (PUT /user with its own fields, a salt reset of a hook the run made, a fixture
 * connection's rename). A deployment that checks Accept on GET and POST only fails on each of
 * them, the others aside; one whose connection rename alone skips the check fails on it.
 */

const NOT_ACCEPTABLE = { status: 406, body: '{"message":"Not acceptable."}' };

/** Answers what `refuse` picks 406 (or 404 for GET /user, which is then not served); the simulator the rest. */
const refusing = (refuse: { userUnserved?: boolean; reset?: boolean }) =>
  answering((req) => {
    const path = req.url ?? '';
    if (refuse.userUnserved && req.method === 'GET' && /^\/[^/]+\/api\/user(\?|$)/.test(path)) return { status: 404, body: '{"message":"Item not found."}' };
    if (refuse.reset && req.method === 'PUT' && /^\/[^/]+\/api\/hooks\/\d+\/reset$/.test(path)) return NOT_ACCEPTABLE;
    return undefined;
  });

async function writesCheck(faults: FaultName[], refuse: Parameters<typeof refusing>[0] = {}) {
  const run = await runSuitesAgainstSimulator({ faults, only: ['b-ver/accept-required-on-writes'], profile: 'spec', front: refusing(refuse) });
  return run.checks.find((c) => c.id === 'b-ver/accept-required-on-writes')!;
}

describe('b-ver/accept-required-on-writes on PUT and DELETE', () => {
  it('passes where every write is refused without the versioned Accept', { timeout: 60_000 }, async () => {
    const check = await writesCheck([]);
    expect(check.verdict, describeChecks([check])).toBe('pass');
  });

  it.each([
    ['PUT /user', {}],
    ['PUT /hooks/{id}/reset', { userUnserved: true }],
    ['PUT /connections/mysql/{id}', { userUnserved: true, reset: true }],
  ] as const)('fails on %s where Accept is checked on GET and POST only', { timeout: 60_000 }, async (key, refuse) => {
    const check = await writesCheck(['b-accept-checked-on-get-and-post-only'], refuse);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.message).toContain(`${key} with no Accept header was not refused`);
  });

  it('fails on the connection rename where it alone skips the Accept check', { timeout: 60_000 }, async () => {
    const check = await writesCheck(['b-conn-rename-skips-accept']);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.message).toContain('PUT /connections/mysql/{id} with no Accept header was not refused');
  });
});
