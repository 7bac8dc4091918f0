import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * A-ENUM-2 on the operations other than DELETE and the read (audit26 a): a deployment whose
 * replace and update lock the row by id (any account) before comparing its owner answers their
 * 404 for another account's pipeline 20 ms later. The check timed only the read and DELETE, so it
 * passed; it now times the other operations too, each compared alone.
 */

const CHECK = 'a-timing/foreign-404-latency';

describe('a-timing/foreign-404-latency on replace and update', () => {
  it.each(['standard', 'alt'] as const)('fails A-ENUM-2 with a-foreign-update-404-slower (%s conventions)', { timeout: 120_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-foreign-update-404-slower'], exactly: [CHECK], conventions, seed: 7, runs: 5 });
    const [check] = run.checks;
    expect(check?.verdict, check?.reason).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ENUM-2');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/another account's pipeline on (PUT|PATCH) \/pipelines\/\{id\} answers its 404 slower/);
  });

  it('passes the simulator without the fault', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], seed: 7, runs: 5 });
    const [check] = run.checks;
    expect(check?.verdict, check?.reason).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/on POST \/pipelines\/\{id\}\/start after/);
  });
});
