import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ERR-2 on a deployed pipeline (audit26 a): a deployment that hands a running pipeline's new
 * definition to the running deployment (a hot reload) answers a broken rule with the runtime's
 * own 400, naming no field. The check's own pipeline was never deployed, so it passed; it now
 * starts it and sends it a few broken definitions by replace and update.
 */

const CHECK = 'a-err/invalid-definition-400';

describe('a-err/invalid-definition-400 on a deployed pipeline', () => {
  it.each(['standard', 'alt'] as const)('fails A-ERR-2 with a-deployed-change-400-no-field (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-deployed-change-400-no-field'], exactly: [CHECK], conventions, seed: 7, runs: 10 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ERR-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/the pipeline deployed, does not name the field/);
  });

  it.each(['standard', 'alt'] as const)('passes the simulator without the fault (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], conventions, seed: 7, runs: 10 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
