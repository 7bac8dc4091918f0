import { CLAUSES, isClauseId, type Clause } from '../clauses.ts';
import type { CheckResult, ClauseVerdict, Profile, RunResult } from './types.ts';

/**
 * From check results to clause verdicts and the exit code.
 *
 * A clause's verdict, over the checks that name it: `fail` if any failed, else `error` if any
 * errored, else `pass` if any passed, else `skip` (with every skip reason), else `not-covered`.
 * One refinement, so that a report never blames a clause without evidence: a failed check fails
 * the clauses its recorded failures name (also one it does not list); a clause it lists but
 * never reached (it stopped at another clause's failure first) counts as a skip of that check,
 * "not verified". The run still fails through the clause that did fail, if that one is binding.
 *
 * Binding: a `must` clause always; a `gap` clause only in the `simulator` profile (against any
 * other target a gap check is advisory: reported, never failing the run).
 *
 * Exit code:
 * - 2 when the run could not be done (decided before aggregation: bad options, bad target file,
 *   unreachable target), and also when no check produced evidence at all: nothing passed or
 *   failed and something errored (the target went away, or answered nothing usable).
 * - 1 when a binding clause failed, or errored. An `error` means the clause could not be
 *   verified (no answer, a timeout, a broken check). The run as a whole did produce evidence,
 *   so this is not "could not run" (2); but an unverified binding clause cannot be certified,
 *   so CI must go red: 1.
 * - 0 otherwise: every binding clause that ran passed (skipped and not-covered clauses do not
 *   fail a run; the reports list them).
 */

export interface AggregateOptions {
  profile: Profile;
  /** The clause catalog; the registry's by default. */
  clauses?: readonly Clause[];
  /**
   * Checks that exist but were left out of this run (`--only`): a clause only they cover is
   * `skip` with `unselectedReason`, not `not-covered`, which would misstate the suite.
   */
  unselected?: readonly { id: string; clauses: readonly string[] }[];
  unselectedReason?: string;
}

export function isBinding(kind: Clause['kind'], profile: Profile): boolean {
  return kind === 'must' || profile === 'simulator';
}

export function clauseVerdicts(checks: readonly CheckResult[], options: AggregateOptions): ClauseVerdict[] {
  const catalog = options.clauses ?? CLAUSES;
  const known = new Set(catalog.map((c) => c.id));
  const byClause = new Map<string, Contribution[]>(); // clause id -> what each check says of it
  for (const check of checks) {
    for (const c of contributions(check, known)) byClause.set(c.clause, [...(byClause.get(c.clause) ?? []), c]);
  }
  const unselectedByClause = new Map<string, string[]>(); // clause id -> ids of left-out checks
  for (const check of options.unselected ?? []) {
    for (const id of new Set(check.clauses)) unselectedByClause.set(id, [...(unselectedByClause.get(id) ?? []), check.id]);
  }

  return catalog.map((clause) => {
    const said = byClause.get(clause.id) ?? [];
    const base = {
      id: clause.id,
      kind: clause.kind,
      section: clause.section,
      statement: clause.statement,
      binding: isBinding(clause.kind, options.profile),
    };
    if (said.length === 0) {
      const leftOut = unselectedByClause.get(clause.id);
      if (leftOut?.length) {
        return { ...base, verdict: 'skip', checks: leftOut, reasons: [options.unselectedReason ?? 'not selected for this run'] };
      }
      return { ...base, verdict: 'not-covered', checks: [], reasons: [] };
    }
    const verdict = combine(said.map((c) => c.verdict));
    // The reasons that explain the verdict: those of the checks that produced it.
    const reasons = unique(said.filter((c) => c.verdict === verdict).flatMap((c) => c.reasons));
    return { ...base, verdict, checks: unique(said.map((c) => c.check)), reasons };
  });
}

interface Contribution {
  clause: string;
  check: string;
  verdict: CheckResult['verdict'];
  reasons: string[];
}

/**
 * What one check result says about each clause. A failure that names a clause the catalog does
 * not have (a typo in a check) cannot vanish with that id: it fails every clause the check lists.
 */
function contributions(check: CheckResult, known: ReadonlySet<string>): Contribution[] {
  const listed = [...new Set(check.clauses)];
  const reason = check.reason ? [`${check.id}: ${check.reason}`] : check.verdict === 'pass' ? [] : [`${check.id}: ${check.verdict}`];
  const failures = check.failures.flatMap((f) => (known.has(f.clause) ? [f] : listed.map((clause) => ({ ...f, clause, message: `${f.clause}: ${f.message}` }))));
  if (check.verdict !== 'fail' || failures.length === 0) {
    return listed.map((clause) => ({ clause, check: check.id, verdict: check.verdict, reasons: reason }));
  }
  const failed = unique(failures.map((f) => f.clause));
  const out: Contribution[] = failed.map((clause) => ({
    clause,
    check: check.id,
    verdict: 'fail',
    reasons: unique(failures.filter((f) => f.clause === clause).map((f) => `${check.id}: ${f.message}`)),
  }));
  for (const clause of listed) {
    if (failed.includes(clause)) continue;
    out.push({ clause, check: check.id, verdict: 'skip', reasons: [`${check.id}: not verified: the check stopped at a ${failed.join(', ')} failure first`] });
  }
  return out;
}

function combine(verdicts: readonly CheckResult['verdict'][]): CheckResult['verdict'] {
  for (const v of ['fail', 'error', 'pass'] as const) if (verdicts.includes(v)) return v;
  return 'skip';
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

export type ExitCode = 0 | 1 | 2;

export function exitCodeFor(verdicts: readonly ClauseVerdict[], checks: readonly CheckResult[]): ExitCode {
  const evidence = checks.some((c) => c.verdict === 'pass' || c.verdict === 'fail');
  if (!evidence && checks.some((c) => c.verdict === 'error')) return 2;
  return verdicts.some((v) => v.binding && (v.verdict === 'fail' || v.verdict === 'error')) ? 1 : 0;
}

export function summarize(verdicts: readonly ClauseVerdict[]): RunResult['summary'] {
  const summary = { pass: 0, fail: 0, error: 0, skip: 0, notCovered: 0 };
  for (const v of verdicts) {
    if (v.verdict === 'not-covered') summary.notCovered++;
    else summary[v.verdict]++;
  }
  return summary;
}

/** Advisory clauses (non-binding) that failed or errored: reported, never failing the run. */
export function advisoryProblems(verdicts: readonly ClauseVerdict[]): ClauseVerdict[] {
  return verdicts.filter((v) => !v.binding && (v.verdict === 'fail' || v.verdict === 'error'));
}

/** Clause ids that checks name but the catalog does not have (a self-test fails on any). */
export function unknownClauseIds(checks: readonly { id: string; clauses: readonly string[] }[]): { check: string; clause: string }[] {
  const unknown: { check: string; clause: string }[] = [];
  for (const check of checks) for (const clause of check.clauses) if (!isClauseId(clause)) unknown.push({ check: check.id, clause });
  return unknown;
}

/** Catalog clauses that no check names. */
export function uncoveredClauses(checks: readonly { clauses: readonly string[] }[], catalog: readonly Clause[] = CLAUSES): Clause[] {
  const named = new Set(checks.flatMap((c) => c.clauses));
  return catalog.filter((c) => !named.has(c.id));
}
