import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ERR-3 on a deployed pipeline (audit26 a): a deployment that reads a running pipeline's new
 * definition into the running deployment's config struct drops the keys it does not know and
 * takes the replace or update (200). The check's own pipeline was never deployed, so it passed;
 * it now starts it and sends its definition with a made-up key by replace and update.
 */

const CHECK = 'a-err/wrong-shape-422';

describe('a-err/wrong-shape-422 on a deployed pipeline', () => {
  it.each(['standard', 'alt'] as const)('fails A-ERR-3 with a-deployed-change-unknown-keys-dropped (%s conventions)', { timeout: 90_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-deployed-change-unknown-keys-dropped'], exactly: [CHECK], conventions, seed: 7, runs: 10 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ERR-3');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/of the check's own pipeline, deployed, with its definition and the made-up top-level key/);
  });

  it.each(['standard', 'alt'] as const)('passes the simulator without the fault (%s conventions)', { timeout: 90_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], conventions, seed: 7, runs: 10 });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
});
