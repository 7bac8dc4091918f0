import { describe, expect, it } from 'vitest';
import type { Clause } from '../clauses.ts';
import { CLAUSES } from '../clauses.ts';
import { advisoryProblems, clauseVerdicts, exitCodeFor, summarize, uncoveredClauses, unknownClauseIds } from './aggregate.ts';
import type { CheckResult, Verdict } from './types.ts';

const catalog: Clause[] = [
  { id: 'B-AUTH-1', kind: 'must', section: '5B.1', statement: 'auth one' },
  { id: 'B-AUTH-2', kind: 'must', section: '5B.2', statement: 'auth two' },
  { id: 'B-GAP-1', kind: 'gap', section: '4B', statement: 'gap one' },
  { id: 'B-LIM-1', kind: 'must', section: '8', statement: 'paging' },
];

function result(id: string, clauses: string[], verdict: Verdict, reason?: string): CheckResult {
  return { id, title: id, clauses, verdict, ...(reason ? { reason } : {}), failures: [], properties: [], durationMs: 1, requests: 1, notes: [] };
}

function verdictOf(checks: CheckResult[], id: string, profile: 'spec' | 'simulator' = 'spec') {
  const v = clauseVerdicts(checks, { profile, clauses: catalog }).find((c) => c.id === id);
  if (!v) throw new Error(`no verdict for ${id}`);
  return v;
}

describe('clause verdicts', () => {
  it('is fail when any check naming the clause failed, whatever the others did', () => {
    const v = verdictOf([result('b/1', ['B-AUTH-1'], 'pass'), result('b/2', ['B-AUTH-1'], 'error', 'timeout'), result('b/3', ['B-AUTH-1'], 'fail', 'got 200')], 'B-AUTH-1');
    expect(v.verdict).toBe('fail');
    expect(v.checks).toEqual(['b/1', 'b/2', 'b/3']);
    expect(v.reasons).toEqual(['b/3: got 200']);
  });

  it('fails only the clauses a failed check recorded failures for; the others it names are not verified', () => {
    const failed: CheckResult = {
      ...result('b/x', ['B-AUTH-1', 'B-AUTH-2'], 'fail', 'B-AUTH-1: got 200'),
      failures: [
        { clause: 'B-AUTH-1', message: 'unknown key got 200' },
        { clause: 'B-LIM-1', message: 'page overlap seen on the way' },
      ],
    };
    const v = clauseVerdicts([failed], { profile: 'spec', clauses: catalog });
    expect(v.find((c) => c.id === 'B-AUTH-1')).toMatchObject({ verdict: 'fail', reasons: ['b/x: unknown key got 200'] });
    expect(v.find((c) => c.id === 'B-LIM-1')).toMatchObject({ verdict: 'fail', checks: ['b/x'] });
    expect(v.find((c) => c.id === 'B-AUTH-2')).toMatchObject({ verdict: 'skip', reasons: ['b/x: not verified: the check stopped at a B-AUTH-1, B-LIM-1 failure first'] });
    // Another check that passed B-AUTH-2 gives it a pass.
    expect(verdictOf([failed, result('b/y', ['B-AUTH-2'], 'pass')], 'B-AUTH-2').verdict).toBe('pass');
  });

  it('is error over pass and skip, pass over skip', () => {
    expect(verdictOf([result('b/1', ['B-AUTH-1'], 'pass'), result('b/2', ['B-AUTH-1'], 'error', 'reset')], 'B-AUTH-1').verdict).toBe('error');
    expect(verdictOf([result('b/1', ['B-AUTH-1'], 'skip', 'no key'), result('b/2', ['B-AUTH-1'], 'pass')], 'B-AUTH-1').verdict).toBe('pass');
  });

  it('is skip with every distinct skip reason when all its checks skipped', () => {
    const v = verdictOf([result('b/1', ['B-AUTH-1'], 'skip', 'needs b2'), result('b/2', ['B-AUTH-1'], 'skip', 'read-only')], 'B-AUTH-1');
    expect(v.verdict).toBe('skip');
    expect(v.reasons).toEqual(['b/1: needs b2', 'b/2: read-only']);
  });

  it('is not-covered when no check names it, and skip when only left-out checks do', () => {
    expect(verdictOf([], 'B-LIM-1').verdict).toBe('not-covered');
    const v = clauseVerdicts([], { profile: 'spec', clauses: catalog, unselected: [{ id: 'b-lim/x', clauses: ['B-LIM-1'] }], unselectedReason: 'not selected by --only b-auth' });
    expect(v.find((c) => c.id === 'B-LIM-1')).toMatchObject({ verdict: 'skip', checks: ['b-lim/x'], reasons: ['not selected by --only b-auth'] });
  });

  it('makes gap clauses binding in the simulator profile only', () => {
    expect(verdictOf([], 'B-GAP-1', 'spec').binding).toBe(false);
    expect(verdictOf([], 'B-GAP-1', 'simulator').binding).toBe(true);
    expect(verdictOf([], 'B-AUTH-1', 'spec').binding).toBe(true);
  });

  it('counts clauses by verdict', () => {
    const v = clauseVerdicts([result('a', ['B-AUTH-1'], 'pass'), result('b', ['B-AUTH-2'], 'fail'), result('c', ['B-GAP-1'], 'skip', 'x')], { profile: 'spec', clauses: catalog });
    expect(summarize(v)).toEqual({ pass: 1, fail: 1, error: 0, skip: 1, notCovered: 1 });
  });
});

describe('exit code', () => {
  const run = (checks: CheckResult[], profile: 'spec' | 'simulator' = 'spec') => exitCodeFor(clauseVerdicts(checks, { profile, clauses: catalog }), checks);

  it('is 0 when every binding clause that ran passed, skips and gaps aside', () => {
    expect(run([result('a', ['B-AUTH-1'], 'pass'), result('b', ['B-AUTH-2'], 'skip', 'x')])).toBe(0);
  });

  it('is 1 when a binding clause failed', () => {
    expect(run([result('a', ['B-AUTH-1'], 'fail')])).toBe(1);
  });

  it('is 1 when a failure names a clause the catalog lacks: it fails the clauses the check lists', () => {
    const typo: CheckResult = { ...result('a', ['B-AUTH-1'], 'fail', 'B-AUTH-01: got 200'), failures: [{ clause: 'B-AUTH-01', message: 'got 200' }] };
    expect(run([typo])).toBe(1);
    expect(verdictOf([typo], 'B-AUTH-1')).toMatchObject({ verdict: 'fail', reasons: ['a: B-AUTH-01: got 200'] });
  });

  it('is 1 when a binding clause errored but the run produced evidence elsewhere', () => {
    expect(run([result('a', ['B-AUTH-1'], 'pass'), result('b', ['B-AUTH-2'], 'error', 'timeout')])).toBe(1);
  });

  it('is 2 when nothing passed or failed and something errored (no evidence at all)', () => {
    expect(run([result('a', ['B-AUTH-1'], 'error', 'ECONNREFUSED'), result('b', ['B-AUTH-2'], 'skip', 'x')])).toBe(2);
  });

  it('never fails the run for an advisory (gap, spec profile) failure, but does in the simulator profile', () => {
    const checks = [result('a', ['B-AUTH-1'], 'pass'), result('g', ['B-GAP-1'], 'fail', '200 not 201')];
    expect(run(checks, 'spec')).toBe(0);
    expect(advisoryProblems(clauseVerdicts(checks, { profile: 'spec', clauses: catalog })).map((v) => v.id)).toEqual(['B-GAP-1']);
    expect(run(checks, 'simulator')).toBe(1);
  });
});

describe('self-test helpers', () => {
  it('lists clause ids that are not in the catalog, with the check naming them', () => {
    expect(unknownClauseIds([{ id: 'b-auth/x', clauses: ['B-AUTH-1', 'B-AUTH-42'] }])).toEqual([{ check: 'b-auth/x', clause: 'B-AUTH-42' }]);
  });

  it('lists catalog clauses no check names', () => {
    const uncovered = uncoveredClauses([{ clauses: CLAUSES.filter((c) => c.id !== 'X-ISO-1').map((c) => c.id) }]);
    expect(uncovered.map((c) => c.id)).toEqual(['X-ISO-1']);
  });
});
