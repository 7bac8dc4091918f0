import { describe, expect, it } from 'vitest';
import type { Clause } from '../clauses.ts';
import { CLAUSES } from '../clauses.ts';
import { advisoryClauses, clauseVerdicts, exitCodeFor, notVerifiedBinding, runOutcome, summarize, uncoveredClauses, unknownClauseIds } from './aggregate.ts';
import type { CheckResult, Verdict } from './types.ts';
import { identity } from './run.ts';

const catalog: Clause[] = [
  { id: 'B-AUTH-1', kind: 'must', section: '5B.1', statement: 'auth one' },
  { id: 'B-AUTH-2', kind: 'must', section: '5B.2', statement: 'auth two' },
  { id: 'B-GAP-1', kind: 'gap', section: '4B', statement: 'gap one' },
  { id: 'B-LIM-1', kind: 'must', section: '8', statement: 'paging' },
];

function result(id: string, clauses: string[], verdict: Verdict, extra: Partial<CheckResult> = {}): CheckResult {
  return { id, title: id, clauses, verdict, failures: [], properties: [], durationMs: 1, requests: 1, notes: [], ...extra };
}

function verdicts(checks: CheckResult[], profile: 'spec' | 'simulator' = 'spec', unselected: { id: string; clauses: string[] }[] = []) {
  return clauseVerdicts(checks, { profile, clauses: catalog, unselected, unselectedReason: 'not selected' });
}

function verdictOf(checks: CheckResult[], id: string, profile: 'spec' | 'simulator' = 'spec') {
  const v = verdicts(checks, profile).find((c) => c.id === id);
  if (!v) throw new Error(`no verdict for ${id}`);
  return v;
}

const failed = (id: string, clause: string, message: string, clauses = [clause]) => result(id, clauses, 'fail', { reason: message, failures: [{ clause, message }] });

describe('clause verdicts: a clause passes only when its verifying checks ran and passed', () => {
  it('passes when every verifier passed', () => {
    const v = verdictOf([result('b/1', ['B-AUTH-1'], 'pass'), result('b/2', ['B-AUTH-1'], 'pass')], 'B-AUTH-1');
    expect(v.verdict).toBe('pass');
    expect(v.checks).toEqual(['b/1', 'b/2']);
  });

  it('is not verified when a verifier was skipped, whatever the others did, with the skip reason', () => {
    const v = verdictOf([result('b/1', ['B-AUTH-1'], 'pass'), result('b/2', ['B-AUTH-1'], 'skip', { reason: 'needs fixtures.package_id' })], 'B-AUTH-1');
    expect(v.verdict).toBe('not-verified');
    expect(v.reasons).toEqual(['b/2: needs fixtures.package_id']);
  });

  it('cannot be carried by a check that only supports it: not verified, saying so', () => {
    const v = verdictOf([result('b/absent-ids', ['B-AUTH-2'], 'pass', { supports: ['B-AUTH-1'] })], 'B-AUTH-1');
    expect(v.verdict).toBe('not-verified');
    expect(v.supporters).toEqual(['b/absent-ids']);
    expect(v.reasons[0]).toMatch(/only checks that support it ran \(b\/absent-ids\)/);
  });

  it('fails when a supporting check recorded a failure naming it', () => {
    const supporter = result('b/s', ['B-AUTH-2'], 'fail', { supports: ['B-AUTH-1'], failures: [{ clause: 'B-AUTH-1', message: 'an absent id answered 200' }] });
    expect(verdictOf([supporter, result('b/v', ['B-AUTH-1'], 'pass')], 'B-AUTH-1').verdict).toBe('fail');
  });

  it('fails every clause a failure names, its own and those it also breaks (also)', () => {
    const supporter = result('b/s', ['B-AUTH-1'], 'fail', { supports: ['B-AUTH-2'], failures: [{ clause: 'B-AUTH-1', also: ['B-AUTH-2'], message: 'a 401 without the error object' }] });
    const checks = [supporter, result('b/v', ['B-AUTH-2'], 'pass')];
    expect(verdictOf(checks, 'B-AUTH-1').verdict).toBe('fail');
    const v = verdictOf(checks, 'B-AUTH-2');
    expect(v.verdict).toBe('fail');
    expect(v.reasons).toEqual(['b/s: a 401 without the error object']);
  });

  it('is not verified when a verifier covered it only in part (t.partial)', () => {
    const v = verdictOf([result('b/groups', ['B-AUTH-1'], 'pass', { partial: [{ clause: 'B-AUTH-1', reason: 'membership not exercised' }] })], 'B-AUTH-1');
    expect(v.verdict).toBe('not-verified');
    expect(v.reasons).toEqual(['b/groups: covered in part: membership not exercised']);
  });

  it('leaves a clause to its real-time verifier when the accelerator (control API) was skipped, but never to nobody', () => {
    const accelerator = result('b/clock', ['B-AUTH-1'], 'skip', { reason: 'needs the simulator control API', accelerator: true });
    expect(verdictOf([accelerator, result('b/poll', ['B-AUTH-1'], 'pass')], 'B-AUTH-1').verdict).toBe('pass');
    const alone = verdictOf([accelerator], 'B-AUTH-1');
    expect(alone.verdict).toBe('not-verified');
    expect(alone.reasons).toEqual(['b/clock: needs the simulator control API']);
  });

  it('marks a check that needs the control API, or only deepens another verifier (deepens), as one whose skip leaves its must clauses to the others', () => {
    const base = { id: 'a/x', title: 'T', clauses: ['A-ENUM-1'], run: async () => {} };
    expect(identity({ ...base, needs: ['a'] }).accelerator).toBeUndefined();
    expect(identity({ ...base, needs: ['a', 'control'] }).accelerator).toBe(true);
    expect(identity({ ...base, needs: ['a'], deepens: 'a/y covers the first state' }).accelerator).toBe(true);
  });

  it('never leaves a gap clause to the other verifiers: nothing guarantees they cover what the accelerator would have', () => {
    const accelerator = result('b/clock', ['B-GAP-1'], 'skip', { reason: 'needs the simulator control API', accelerator: true });
    const v = verdictOf([accelerator, result('b/names', ['B-GAP-1'], 'pass')], 'B-GAP-1');
    expect(v.verdict).toBe('not-verified');
    expect(v.reasons).toEqual(['b/clock: needs the simulator control API']);
  });

  it('fails the clauses a failed check recorded failures for; the others it verifies are not verified (it stopped first)', () => {
    const check = { ...failed('b/x', 'B-AUTH-1', 'unknown key got 200', ['B-AUTH-1', 'B-AUTH-2']) };
    check.failures.push({ clause: 'B-LIM-1', message: 'page overlap seen on the way' });
    const all = verdicts([check]);
    expect(all.find((c) => c.id === 'B-AUTH-1')?.verdict).toBe('fail');
    expect(all.find((c) => c.id === 'B-LIM-1')?.verdict).toBe('fail');
    const two = all.find((c) => c.id === 'B-AUTH-2');
    expect(two?.verdict).toBe('not-verified');
    expect(two?.reasons).toEqual(['b/x: stopped at a B-AUTH-1, B-LIM-1 failure first']);
  });

  it('fails every clause a check verifies when its failure names a clause the catalog does not have', () => {
    const all = verdicts([failed('b/typo', 'B-AUTH-9', 'typo', ['B-AUTH-1', 'B-AUTH-2'])]);
    expect(all.filter((c) => c.verdict === 'fail').map((c) => c.id)).toEqual(['B-AUTH-1', 'B-AUTH-2']);
  });

  it('is error when a verifier hit a transport error and nothing failed', () => {
    const v = verdictOf([result('b/1', ['B-AUTH-1'], 'pass'), result('b/2', ['B-AUTH-1'], 'error', { reason: 'timeout' })], 'B-AUTH-1');
    expect(v.verdict).toBe('error');
    expect(v.reasons).toEqual(['b/2: timeout']);
  });

  it('is not verified, "not selected", when a verifier was left out by --only', () => {
    const v = verdicts([result('b/1', ['B-AUTH-1'], 'pass')], 'spec', [{ id: 'b/2', clauses: ['B-AUTH-1'] }]).find((c) => c.id === 'B-AUTH-1');
    expect(v?.verdict).toBe('not-verified');
    expect(v?.reasons).toEqual(['b/2: not selected']);
  });

  it('is not verified, "no check covers it", when nothing names it', () => {
    const v = verdictOf([], 'B-LIM-1');
    expect(v.verdict).toBe('not-verified');
    expect(v.reasons).toEqual(['no check covers it']);
  });
});

describe('gap clauses', () => {
  const differs = result('b/gap', ['B-GAP-1'], 'pass', { advisories: [{ clause: 'B-GAP-1', message: 'answered 200, the simulator 201' }] });

  it('are advisory in the spec profile when a check recorded a difference, never binding', () => {
    const v = verdictOf([differs], 'B-GAP-1');
    expect(v).toMatchObject({ verdict: 'advisory', binding: false, reasons: ['b/gap: answered 200, the simulator 201'] });
    expect(advisoryClauses(verdicts([differs])).map((c) => c.id)).toEqual(['B-GAP-1']);
  });

  it('bind in the simulator profile, where a difference is a failure', () => {
    expect(verdictOf([failed('b/gap', 'B-GAP-1', 'answered 200')], 'B-GAP-1', 'simulator')).toMatchObject({ verdict: 'fail', binding: true });
  });
});

describe('the outcome and the exit code', () => {
  const pass = (clause: string) => result(`c/${clause}`, [clause], 'pass');
  const everything = ['B-AUTH-1', 'B-AUTH-2', 'B-LIM-1'].map(pass);

  it('is conformant (0) when every must clause is verified and passed, advisories aside', () => {
    const checks = [...everything, result('b/gap', ['B-GAP-1'], 'pass', { advisories: [{ clause: 'B-GAP-1', message: 'differs' }] })];
    const v = verdicts(checks);
    expect(runOutcome(v, checks)).toBe('conformant');
    expect(exitCodeFor('conformant', { allowIncomplete: false })).toBe(0);
  });

  it('is fail (1) when a must clause failed, even when others were not verified', () => {
    const checks = [failed('c/x', 'B-AUTH-1', 'no'), result('c/y', ['B-AUTH-2'], 'skip', { reason: 'read-only' })];
    expect(runOutcome(verdicts(checks), checks)).toBe('fail');
    expect(exitCodeFor('fail', { allowIncomplete: true })).toBe(1);
  });

  it('is error (2) when a must clause errored and none failed, or when no check produced evidence', () => {
    const checks = [...everything.slice(1), result('c/e', ['B-AUTH-1'], 'error', { reason: 'reset' })];
    expect(runOutcome(verdicts(checks), checks)).toBe('error');
    const nothing = [result('c/e', ['B-GAP-1'], 'error', { reason: 'refused' })];
    expect(runOutcome(verdicts(nothing), nothing)).toBe('error');
    expect(exitCodeFor('error', { allowIncomplete: true })).toBe(2);
  });

  it('is incomplete (3, or 0 with --allow-incomplete) when no must clause failed but some were not verified', () => {
    const checks = everything.slice(0, 2);
    const v = verdicts(checks);
    expect(runOutcome(v, checks)).toBe('incomplete');
    expect(notVerifiedBinding(v).map((c) => c.id)).toEqual(['B-LIM-1']);
    expect(exitCodeFor('incomplete', { allowIncomplete: false })).toBe(3);
    expect(exitCodeFor('incomplete', { allowIncomplete: true })).toBe(0);
  });

  it('a subset (--only, --skip, --last-failed) ends 0 only when what it left out is all it did not verify', () => {
    const leftOut = [{ id: 'b/paging', clauses: ['B-LIM-1'] }, { id: 'b/auth-two', clauses: ['B-AUTH-2'] }];
    // What ran passed in full: B-LIM-1 (its only verifier left out) and B-AUTH-2 (one verifier ran and passed, one left out).
    const ran = [result('b/1', ['B-AUTH-1'], 'pass'), result('b/2', ['B-AUTH-2'], 'pass')];
    const v = verdicts(ran, 'spec', leftOut);
    expect(v.filter((c) => c.binding && c.verdict === 'not-verified').map((c) => [c.id, c.onlyLeftOut])).toEqual([['B-AUTH-2', true], ['B-LIM-1', true]]);
    expect(exitCodeFor(runOutcome(v, ran), { allowIncomplete: false, subset: true }, v)).toBe(0);
    // A check it ran was skipped (--read-only, a fixture gone): that clause was selected and not verified.
    const skipped = [result('b/1', ['B-AUTH-1'], 'skip', { reason: 'read-only' }), result('b/2', ['B-AUTH-2'], 'pass')];
    const w = verdicts(skipped, 'spec', leftOut);
    expect(w.find((c) => c.id === 'B-AUTH-1')?.onlyLeftOut).toBeUndefined();
    expect(exitCodeFor(runOutcome(w, skipped), { allowIncomplete: false, subset: true }, w)).toBe(3);
    expect(exitCodeFor(runOutcome(w, skipped), { allowIncomplete: true, subset: true }, w)).toBe(0);
    // Or covered its clause in part, beside a verifier left out.
    const partial = [result('b/1', ['B-AUTH-1'], 'pass'), result('b/2', ['B-AUTH-2'], 'pass', { partial: [{ clause: 'B-AUTH-2', reason: 'no key to rotate' }] })];
    const x = verdicts(partial, 'spec', leftOut);
    expect(x.find((c) => c.id === 'B-AUTH-2')?.onlyLeftOut).toBeUndefined();
    expect(exitCodeFor(runOutcome(x, partial), { allowIncomplete: false, subset: true }, x)).toBe(3);
    // Not a subset: 3 as before.
    expect(exitCodeFor(runOutcome(v, ran), { allowIncomplete: false }, v)).toBe(3);
  });

  it('counts clauses by verdict', () => {
    const checks = [pass('B-AUTH-1'), failed('c/f', 'B-AUTH-2', 'no'), result('b/gap', ['B-GAP-1'], 'pass', { advisories: [{ clause: 'B-GAP-1', message: 'x' }] })];
    expect(summarize(verdicts(checks))).toEqual({ pass: 1, fail: 1, error: 0, notVerified: 1, advisory: 1 });
  });
});

describe('catalog helpers', () => {
  it('finds clause ids a check names (verified or supported) that the catalog lacks', () => {
    expect(unknownClauseIds([{ id: 'x/1', clauses: ['B-AUTH-1', 'B-NOPE-1'], supports: ['X-NOPE-2'] }])).toEqual([
      { check: 'x/1', clause: 'B-NOPE-1' },
      { check: 'x/1', clause: 'X-NOPE-2' },
    ]);
  });

  it('lists catalog clauses no check verifies', () => {
    expect(uncoveredClauses([{ clauses: ['B-AUTH-1'] }], catalog).map((c) => c.id)).toEqual(['B-AUTH-2', 'B-GAP-1', 'B-LIM-1']);
    expect(uncoveredClauses([], CLAUSES).length).toBe(CLAUSES.length);
  });
});
