import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ENUM-2 past the initial sync (audit26 a): a deployment that asks the runtime's registry of
 * streaming deployments (global ids, a remote call) about a miss answers 20 ms later for another
 * account's pipeline once it is past its initial sync. The check timed account 2's pipelines
 * seconds after their start (the standard conventions' sync lasts 60 s), so it passed there, and
 * in the alt conventions (5 s) only when the provisioned fixture happened to be past it. It now
 * lets one of account 2's pipelines live on first: the control API's clock moved, or a wait in
 * real time as long as the declared initial sync and a half.
 */

const CHECK = 'a-timing/foreign-404-latency';

describe('a-timing/foreign-404-latency past the initial sync', () => {
  it.each(['standard', 'alt'] as const)('fails A-ENUM-2 with a-foreign-streaming-404-slower (%s conventions)', { timeout: 120_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-foreign-streaming-404-slower'], exactly: [CHECK], conventions, seed: 7, runs: 5 });
    const [check] = run.checks;
    expect(check?.verdict, check?.reason).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ENUM-2');
    expect(check?.notes.join('\n')).toMatch(/past its initial sync: it reads (state "continuous_sync"|phase "streaming"); timed as deployed and lived on/);
  });

  it('passes the simulator without the fault', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 5 });
    const [check] = run.checks;
    expect(check?.verdict, check?.reason).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/latency of another account's deployed and lived on pipeline/);
  });
});
