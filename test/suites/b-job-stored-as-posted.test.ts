import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-JOB-1 on what POST /jobs stores, not only what it answers: a job posted on another cluster of
 * the account is read back on that cluster (a deployment that saves every job on its default
 * cluster answers the one posted), and variable values that read as numbers come back as the
 * strings posted (section 4B: name to string value), not cast by a typed parser.
 */
function createStarts(conventions: ConventionsName, faults: FaultName[] = []) {
  return runSuitesAgainstSimulator({ exactly: ['b-job/create-starts'], conventions, faults, seed: 7, runs: 3 });
}

function b1Failures(run: Awaited<ReturnType<typeof createStarts>>): string[] {
  const check = run.checks.find((c) => c.id === 'b-job/create-starts')!;
  expect(check.verdict, describeChecks(run.checks)).toBe('fail');
  return check.failures.filter((f) => f.clause === 'B-JOB-1').map((f) => f.message);
}

describe('b-job/create-starts: the job is stored as posted', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a job answered on the cluster posted but saved on the default cluster fails B-JOB-1 (${conventions})`, { timeout: 30_000 }, async () => {
      const messages = b1Failures(await createStarts(conventions, ['b-job-other-cluster-stored-on-default']));
      expect(messages).toEqual([expect.stringMatching(/^job \d+, posted on cluster \d+ \(not the fixture cluster\), read back \(GET \/jobs\/\d+\), does not run the cluster and package it was created with$/)]);
    });

    it(`variable values that read as numbers stored as numbers fail B-JOB-1 (${conventions})`, { timeout: 30_000 }, async () => {
      const messages = b1Failures(await createStarts(conventions, ['b-job-numeric-variables-cast']));
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.every((m) => /does not carry the/.test(m)), messages.join('\n')).toBe(true);
      expect(messages.some((m) => /beside values that read as numbers/.test(m)), messages.join('\n')).toBe(true);
    });

    it(`faultless: B-JOB-1 passes (${conventions})`, { timeout: 30_000 }, async () => {
      const run = await createStarts(conventions);
      expect(run.checks.find((c) => c.id === 'b-job/create-starts')?.verdict, describeChecks(run.checks)).toBe('pass');
    });
  }
});

// Variable names in camelCase and capitals snake-cased by a body key transform that walks into
// variables (`startDate`, `TABLE_NAME` stored as `start_date`, `table_name`).
describeCheckCatches('b-job/create-starts: variables keep the names posted, capitals and all', {
  check: 'b-job/create-starts',
  fault: 'b-job-variable-names-snake-cased',
  clause: 'B-JOB-1',
  message: /^job \d+, posted with variables named with a dot or with capitals, does not carry them under the names posted$/,
});
