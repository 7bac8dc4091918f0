import { describe, expect, it } from 'vitest';
import { clauseChecks, controlScope, proofScope, tripsOnTheirOwn } from './prove.ts';
import { allTrips } from './trips.ts';
import { tripsAgree, UNSTEADY_TRIPS, withUnsteady } from './unsteady.ts';

describe('the checks a fault proof runs', () => {
  it('are exactly those its record names, none picked by prefix (b-ntf/mark is not b-ntf/mark-aged)', async () => {
    expect(await proofScope('B-NTF-1', ['b-ntf/mark'])).toEqual(['b-ntf/mark']);
  });

  it('are every check naming the clause for a fault with no record yet, those that only support it too (as disco check --only selects them), so the record can be made', async () => {
    expect(await proofScope('X-ROB-1', undefined)).toEqual(await clauseChecks('X-ROB-1'));
    expect(await proofScope('X-ROB-1', [])).toEqual(await clauseChecks('X-ROB-1'));
    // A-PIPE-2: a-pipe/delete-not-deployed carries it; a-keys/value-shown-once only supports it.
    expect(await clauseChecks('A-PIPE-2')).toEqual(expect.arrayContaining(['a-pipe/delete-not-deployed', 'a-keys/value-shown-once']));
  });

  it('leave the timing oracle out of other clauses\' runs, which go side by side, and keep it in its own', async () => {
    expect(await clauseChecks('A-ENUM-1')).not.toContain('a-timing/foreign-404-latency');
    expect(await clauseChecks('A-ENUM-2')).toContain('a-timing/foreign-404-latency');
  });
});

describe('the faultless control run of a clause', () => {
  it("holds the checks its faults' proofs hold, each once", async () => {
    expect(await controlScope('X-ISO-1', [['b-iso/foreign-hooks-hear-nothing', 'b-iso/foreign-account-path'], ['b-iso/foreign-account-path']])).toEqual(['b-iso/foreign-account-path', 'b-iso/foreign-hooks-hear-nothing']);
  });

  it('holds every check naming the clause where a fault has no record yet, or the records are being rewritten, as those proofs run them all', async () => {
    expect(await controlScope('X-ISO-1', [['b-iso/foreign-account-path'], undefined])).toEqual(await clauseChecks('X-ISO-1'));
    expect(await controlScope('X-ISO-1', [['b-iso/foreign-account-path'], []])).toEqual(await clauseChecks('X-ISO-1'));
    expect(await controlScope('X-ISO-1', undefined)).toEqual(await clauseChecks('X-ISO-1'));
  });
});

describe('a trip record', () => {
  // A fake run: `b-schema/read-resources` fails only where `b-job/create-starts` ran first (it
  // lists the job that check made); `b-schema/written-resources` fails on its own.
  const runWith = async (exactly: readonly string[]) => ({
    checks: exactly.map((id) => ({
      id,
      verdict: id === 'b-schema/written-resources' || (id === 'b-schema/read-resources' && exactly.includes('b-job/create-starts')) ? 'fail' : 'pass',
    })),
  });

  it('keeps only the checks that trip the fault run alone, as the default proof runs them', async () => {
    const scope = ['b-job/create-starts', 'b-schema/read-resources', 'b-schema/written-resources'];
    expect((await runWith(scope)).checks.filter((c) => c.verdict === 'fail').map((c) => c.id)).toEqual(['b-schema/read-resources', 'b-schema/written-resources']);
    expect((await tripsOnTheirOwn(scope, runWith)).tripped).toEqual(['b-schema/written-resources']);
  });

  it('runs once more only when the first run tripped some of its checks, not all or none', async () => {
    const calls: (readonly string[])[] = [];
    const counting = async (exactly: readonly string[]) => {
      calls.push(exactly);
      return runWith(exactly);
    };
    await tripsOnTheirOwn(['b-schema/written-resources'], counting);
    await tripsOnTheirOwn(['b-job/create-starts'], counting);
    expect(calls).toEqual([['b-schema/written-resources'], ['b-job/create-starts']]);
  });
});

describe('a fault run agrees with its record', () => {
  it('when it tripped exactly the recorded checks', () => {
    expect(tripsAgree('b-limit-uncapped', ['b-lim/page-size'], ['b-lim/page-size'])).toBe(true);
    expect(tripsAgree('b-limit-uncapped', ['b-inv/page-size', 'b-lim/page-size'], ['b-lim/page-size'])).toBe(false);
    expect(tripsAgree('b-limit-uncapped', ['b-lim/page-size'], ['b-inv/page-size', 'b-lim/page-size'])).toBe(false);
  });

  it('when only a check listed as unsteady for that fault did not trip, and never when one outside the record did', () => {
    const recorded = ['b-job/ended-long-ago', 'b-job/lifecycle-clock', 'b-job/lifecycle-poll'];
    expect(tripsAgree('b-job-stopped-run-progress-percent', recorded, ['b-job/lifecycle-poll'])).toBe(true);
    expect(tripsAgree('b-job-stopped-run-progress-percent', recorded, ['b-job/ended-long-ago', 'b-job/lifecycle-clock'])).toBe(false);
    expect(tripsAgree('b-job-stopped-run-progress-percent', ['b-job/lifecycle-poll'], ['b-job/lifecycle-clock', 'b-job/lifecycle-poll'])).toBe(false);
    for (const [fault, { checks }] of Object.entries(UNSTEADY_TRIPS)) expect(checks.every((id) => (allTrips()[fault] ?? []).includes(id)), fault).toBe(true);
  });

  it('a recording keeps a check listed as unsteady for the fault even where it did not trip this time', () => {
    expect(withUnsteady('b-job-stopped-run-progress-percent', ['b-job/lifecycle-poll'])).toEqual(['b-job/ended-long-ago', 'b-job/lifecycle-clock', 'b-job/lifecycle-poll']);
    expect(withUnsteady('b-limit-uncapped', ['b-lim/page-size'])).toEqual(['b-lim/page-size']);
  });
});
