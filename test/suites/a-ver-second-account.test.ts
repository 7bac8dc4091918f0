import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * A-VER-1: interface A is served under /api/public/v1 for every account. The seventeenth mutation
 * audit's m11 found both a-ver checks passing a deployment that serves every account but the
 * first under /api/public/v2 only (tenants moved to a new cluster: under v1 their keys get 404,
 * an unknown path, on everything): they sent account 1's admin key only. Both now also read a
 * list with account 2's admin key there.
 */
const CHECKS = ['a-ver/served-under-v1', 'a-ver/key-accepted-under-v1'];

async function run(only: string, faults: FaultName[] = []) {
  const result = await runSuitesAgainstSimulator({ only: [only], profile: 'spec', seed: 7, runs: 3, faults });
  return result.checks.find((c) => c.id === only)!;
}

describe('a-ver against a deployment serving account 2 under another version only', () => {
  for (const only of CHECKS) {
    it(`every account but the first under /api/public/v2 only (a-later-accounts-v2-only): ${only} fails A-VER-1 on account 2's 404`, { timeout: 90_000 }, async () => {
      const check = await run(only, ['a-later-accounts-v2-only']);
      expect(check.verdict).toBe('fail');
      expect(check.failures.map((f) => `${f.clause} ${f.message}`).join('\n')).toMatch(/A-VER-1 .*with account 2's admin key answered 404, as an unknown path, where account 1's same read answered 200/);
    });

    it(`every account served under /api/public/v1: ${only} passes, account 2's key sent there`, { timeout: 90_000 }, async () => {
      const check = await run(only);
      expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
      expect(check.verdict).toBe('pass');
    });
  }
});
