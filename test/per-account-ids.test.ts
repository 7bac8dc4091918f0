import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { faultCatalog, type FaultName } from '../simulator/faults.ts';
import { WHOLE_RUN_TIMEOUT_MS, describeChecks, perAccountRunProblems, runOneCheck, runSuitesAgainstSimulator, withEmbeddedTarget } from './support/run-suites.ts';
import { PROOF, runCatching } from './fault-proofs/prove.ts';

/*
 * The spec does not say ids are unique across accounts. A deployment that numbers each account's
 * records from the same first id (the simulator with --id-numbering account) gives account 2 ids
 * that also name account 1's own things: a check taking "account 2's id" for one account 1 must
 * not find would see its own record, report a leak, and archive or change it. Against such a
 * deployment, conformant, a run must raise no alarm and leave nothing behind; where it cannot find
 * an id of account 2 that is not also account 1's, it says so (not verified), never pass or fail.
 */

describe('ids numbered per account: no false alarm, and not verified only where no foreign id can be told apart', () => {
  // A fresh seed per run (printed, to replay), as the faultless tests do; `npm run soak` runs many,
  // the conventions alternating. The standard conventions here, the alt ones in the fault runs
  // below: a second whole run here (it ran both) cost CI about 25 s of a worker's time.
  const fresh = Number(process.env.DISCO_RANDOM_SEED_PER_ACCOUNT ?? randomInt(0, 2 ** 31 - 1));
  it(`standard conventions, a fresh random seed (${fresh})`, { timeout: WHOLE_RUN_TIMEOUT_MS }, async () => {
    process.stdout.write(`ids numbered per account: fresh random seed ${fresh} (replay: DISCO_RANDOM_SEED_PER_ACCOUNT=${fresh})\n`);
    const run = await runSuitesAgainstSimulator({ conventions: 'standard', idNumbering: 'account', seed: fresh, runs: 10, profile: 'spec' });
    expect(perAccountRunProblems(run), `seed ${fresh}`).toEqual([]);
  });
});

describe('ids numbered per account: a leak across accounts is still caught, naming its clause', () => {
  // Where account 1 has its own record of account 2's id, the leak shows only in what is unique
  // to account 2's: the run-made pipeline's name, the hook's, a job's watchers. A name refused
  // for being account 2's is told by no id at all.
  const leaks: FaultName[] = ['a-cross-account-pipelines', 'a-list-shows-foreign', 'a-pipeline-names-unique-across-accounts', 'b-cross-account-access', 'b-foreign-watch-allowed'];
  it.concurrent.for(leaks)('%s', async (fault, { expect }) => {
    const { clause } = faultCatalog[fault];
    const run = await runCatching(fault, { conventions: 'alt', idNumbering: 'account', ...PROOF, profile: 'spec' });
    expect([...run.failedClauses], describeChecks(run.checks)).toContain(clause);
  });
});

describe('screening account 2\'s ids does not hide a leak of its fixtures', () => {
  it('on a target that makes no pipelines, account 1\'s list showing account 2\'s fixture pipelines fails X-ISO-1', async () => {
    await withEmbeddedTarget({ faults: ['a-list-shows-foreign'] }, async (embedded) => {
      const operations = { ...embedded.target.interfaceA.operations, 'pipelines.create': null };
      const target = { ...embedded.target, interfaceA: { ...embedded.target.interfaceA, operations } };
      const { check, verdict } = await runOneCheck(target, 'a-enum/foreign-pipeline-same-404', 'X-ISO-1');
      expect(verdict?.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures[0]?.message).toMatch(/account 1's pipeline list shows account 2's pipelines \d+ \(fixture\)/);
    });
  });

  it('without a key of account 2 to read its pipelines back, what account 1 finds under their ids cannot be told apart: not verified, saying so', async () => {
    await withEmbeddedTarget({ faults: ['a-cross-account-pipelines'] }, async (embedded) => {
      const [one, two] = embedded.target.a;
      const target = { ...embedded.target, a: [one!, { fixtures: two!.fixtures }] };
      const { check, verdict } = await runOneCheck(target, 'a-enum/foreign-pipeline-same-404', 'A-ENUM-1');
      expect(verdict?.verdict, describeChecks([check])).toBe('not-verified');
      expect(check.reason).toMatch(/account 1's key also finds pipelines of those ids, not told apart from account 2's/);
    });
  });
});
