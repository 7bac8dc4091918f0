import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * Mutation audit 17 m04 (B-AUTH-1): a gateway whose map of protected routes lists paths without a
 * trailing slash, in front of a router that serves both, passes `GET /{account}/api/invoices/` on
 * as the account's owner with an unknown key or none. The unknown-key and missing-key checks sent
 * every read as the catalog writes it, so they passed it.
 */
const CHECKS = ['b-auth/unknown-keys-refused', 'b-auth/malformed-authorization-refused'];

describe('b-auth: a read of the spec with a trailing slash', () => {
  it('served without the key check (b-trailing-slash-skips-key): both the unknown-key and the missing-key check fail B-AUTH-1', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, faults: ['b-trailing-slash-skips-key'], profile: 'spec', seed: 7, runs: 3 });
    expect(run.checks.map((c) => [c.id, c.verdict]).sort()).toEqual(CHECKS.map((id) => [id, 'fail']).sort());
    for (const check of run.checks) expect(check.failures.map((f) => [f.clause, f.message])).toContainEqual(['B-AUTH-1', expect.stringMatching(/^GET \/[^ ]+\/ \(a read of the spec with a trailing slash\) with Authorization .* was served \(200\)/)]);
  });

  it('refused (the simulator as it is, any 4xx, a 404 too): both checks pass', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, profile: 'spec', seed: 7, runs: 3 });
    expect(run.checks.map((c) => [c.id, c.verdict]).sort()).toEqual(CHECKS.map((id) => [id, 'pass']).sort());
  });
});
