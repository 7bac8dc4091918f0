import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-1's "creates and starts" for a job of another package than the fixture's: the jobs
 * b-job/create-starts posts of the account's other listed packages are watched until they leave
 * idle, as the fixture package's are, so a deployment that starts jobs of its first package only
 * fails, in both conventions.
 */
function createStarts(conventions: ConventionsName, faults: FaultName[] = []) {
  return runSuitesAgainstSimulator({ exactly: ['b-job/create-starts'], conventions, faults, seed: 7, runs: 3 });
}

describe('b-job/create-starts watches the jobs of other packages start', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`jobs of later packages left idle fail B-JOB-1 (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await createStarts(conventions, ['b-job-later-package-not-started']);
      const check = run.checks.find((c) => c.id === 'b-job/create-starts')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      const messages = check.failures.map((f) => `${f.clause} ${f.message}`);
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.every((m) => /^B-JOB-1 job \d+, of package \d+ \(not the fixture package\), was created but not started/.test(m)), messages.join('\n')).toBe(true);
    });
  }
});
