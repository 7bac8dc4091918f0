import { CLAUSES, isClauseId, type Clause } from '../clauses.ts';
import type { CheckResult, ClauseVerdict, ClauseVerdictValue, Outcome, Profile, RunResult } from './types.ts';

/**
 * From check results to clause verdicts, the run's outcome and its exit code.
 *
 * A check *verifies* the clauses it lists (`clauses`) and *supports* others (`supports`). A
 * clause's verdict, over the checks that name it:
 *
 * - fail: a check recorded a failure naming it (a verifier, a supporter, or any other check: a
 *   check may fail a clause it does not list). A failure naming a clause the catalog does not
 *   have (a typo in a check) fails every clause its check verifies.
 * - error: no failure, but a verifier could not complete: the target did not answer, or the run
 *   halted before it could be checked safely (suites/lib/absent-id-guard.ts).
 * - advisory: a gap clause outside the simulator profile on which a check recorded a difference
 *   from the simulator's convention (never a failure: not binding).
 * - pass: at least one verifier ran, and every verifier that had to run passed and covered the
 *   clause in full. A verifier that needs the simulator's control API (an accelerator) and was
 *   skipped for it leaves a must clause to the others (each must clause has a verifier that
 *   needs no control API; a test proves it).
 * - not-verified, with the reasons, otherwise: a verifier skipped (a need, --read-only, not
 *   selected), covered it in part (`t.partial`), stopped at another clause's failure first, only
 *   supporting checks ran, or no check covers it at all. Whatever else passed.
 *
 * Binding: a `must` clause always; a `gap` clause only in the `simulator` profile.
 *
 * The outcome: fail when a binding clause failed; else error when one errored, or when nothing at
 * all produced evidence and something errored (the target went away); else incomplete when a
 * binding clause is not verified; else conformant. Exit codes: 0 conformant, 1 fail, 2 error
 * (the run could not be done), 3 incomplete (0 with `allowIncomplete`; for a subset on purpose,
 * 0 when only the checks it left out are missing: `exitCodeFor`).
 */

export interface AggregateOptions {
  profile: Profile;
  /** The clause catalog; the registry's by default. */
  clauses?: readonly Clause[];
  /**
   * Checks that exist but were left out of this run (`--only`): they count as verifiers that
   * did not run, with `unselectedReason`.
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
  const unselected = options.unselected ?? [];
  const unselectedReason = options.unselectedReason ?? 'not selected for this run';
  return catalog.map((clause) => {
    const verifiers = checks.filter((c) => c.clauses.includes(clause.id));
    const supporters = checks.filter((c) => c.supports?.includes(clause.id) && !c.clauses.includes(clause.id));
    const leftOut = unselected.filter((c) => c.clauses.includes(clause.id)).map((c) => c.id);
    // A failure counts wherever it comes from: a check may fail a clause it does not list.
    const failing = checks.filter((c) => !verifiers.includes(c) && !supporters.includes(c) && c.failures.some((f) => f.clause === clause.id || f.also?.includes(clause.id)));
    const { verdict, reasons, onlyLeftOut } = judge(clause, verifiers, [...supporters, ...failing], leftOut, known, unselectedReason);
    return {
      id: clause.id,
      kind: clause.kind,
      section: clause.section,
      statement: clause.statement,
      verdict,
      binding: isBinding(clause.kind, options.profile),
      checks: unique([...verifiers.map((c) => c.id), ...leftOut]),
      ...(supporters.length ? { supporters: supporters.map((c) => c.id) } : {}),
      ...(verifiers.length === 0 && leftOut.length > 0 ? { notSelected: true } : {}),
      ...(onlyLeftOut ? { onlyLeftOut: true } : {}),
      reasons: unique(reasons),
    };
  });
}

function judge(clause: Clause, verifiers: readonly CheckResult[], supporters: readonly CheckResult[], leftOut: readonly string[], known: ReadonlySet<string>, unselectedReason: string): { verdict: ClauseVerdictValue; reasons: string[]; onlyLeftOut?: true } {
  const naming = [...verifiers, ...supporters];
  const failures = naming.flatMap((c) => failuresNaming(c, clause.id, known).map((message) => `${c.id}: ${message}`));
  if (failures.length) return { verdict: 'fail', reasons: failures };
  const errors = verifiers.filter((c) => c.verdict === 'error');
  if (errors.length) return { verdict: 'error', reasons: errors.map((c) => `${c.id}: ${c.reason ?? 'error'}`) };
  const advisories = naming.flatMap((c) => (c.advisories ?? []).filter((a) => a.clause === clause.id).map((a) => `${c.id}: ${a.message}`));
  if (advisories.length) return { verdict: 'advisory', reasons: advisories };

  const reasons: string[] = leftOut.map((id) => `${id}: ${unselectedReason}`);
  // An accelerator's skip (the control API, or a check that only deepens another's coverage)
  // leaves a must clause to its other verifiers (the registry proves every must clause has one);
  // a gap clause has no such guarantee, so there it counts.
  const required = verifiers.filter((c) => !(c.verdict === 'skip' && c.accelerator && clause.kind === 'must'));
  for (const c of required) {
    const partial = c.partial?.filter((p) => p.clause === clause.id) ?? [];
    if (c.verdict === 'skip') reasons.push(`${c.id}: ${c.reason ?? 'skipped'}`);
    else if (c.verdict === 'fail') reasons.push(`${c.id}: stopped at a ${unique(c.failures.map((f) => f.clause)).join(', ')} failure first`);
    else for (const p of partial) reasons.push(`${c.id}: covered in part: ${p.reason}`);
  }
  if (required.length && reasons.length === 0) return { verdict: 'pass', reasons: [] };
  if (verifiers.length === 0 && leftOut.length === 0) {
    reasons.push(supporters.length ? `only checks that support it ran (${supporters.map((c) => c.id).join(', ')}); none verifies it` : 'no check covers it');
  } else if (required.length === 0 && leftOut.length === 0) {
    reasons.push(...verifiers.map((c) => `${c.id}: ${c.reason ?? 'skipped'}`));
  }
  // Not verified for no other reason than the checks the selection left out: what ran passed in full.
  return { verdict: 'not-verified', reasons, ...(leftOut.length > 0 && reasons.length === leftOut.length ? { onlyLeftOut: true as const } : {}) };
}

/** The messages of a check's failures that name `clause`, as theirs or among the `also` (a failure naming an unknown clause names every clause the check verifies). */
function failuresNaming(check: CheckResult, clause: string, known: ReadonlySet<string>): string[] {
  if (check.verdict !== 'fail') return [];
  return check.failures.filter((f) => f.clause === clause || f.also?.includes(clause) || (!known.has(f.clause) && check.clauses.includes(clause))).map((f) => (f.clause === clause || f.also?.includes(clause) ? f.message : `${f.clause}: ${f.message}`));
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

export type ExitCode = 0 | 1 | 2 | 3;

/** What a run stopped by a signal exits with (the shell's 128 + the signal's number). */
export function exitCodeOfSignal(signal: 'SIGINT' | 'SIGTERM'): 130 | 143 {
  return signal === 'SIGINT' ? 130 : 143;
}

/** What the run proved, from the clause verdicts (and whether any check produced evidence at all). */
export function runOutcome(verdicts: readonly ClauseVerdict[], checks: readonly CheckResult[]): Outcome {
  const binding = verdicts.filter((v) => v.binding);
  if (binding.some((v) => v.verdict === 'fail')) return 'fail';
  const evidence = checks.some((c) => c.verdict === 'pass' || c.verdict === 'fail');
  if (binding.some((v) => v.verdict === 'error') || (!evidence && checks.some((c) => c.verdict === 'error'))) return 'error';
  if (binding.some((v) => v.verdict !== 'pass')) return 'incomplete';
  return 'conformant';
}

/**
 * `allowIncomplete` (--allow-incomplete): any incomplete run ends 0. `subset` (--only, --skip,
 * --last-failed): a run of some checks on purpose ends 0 when the clauses it left unverified
 * are those of the checks it left out, and 3 when a check it ran was skipped or covered its
 * clause in part: a selection that verified nothing is no success.
 */
export function exitCodeFor(outcome: Outcome, options: { allowIncomplete: boolean; subset?: boolean }, verdicts: readonly ClauseVerdict[] = []): ExitCode {
  switch (outcome) {
    case 'conformant':
      return 0;
    case 'fail':
      return 1;
    case 'error':
      return 2;
    case 'incomplete':
      if (options.allowIncomplete) return 0;
      return options.subset && notVerifiedBinding(verdicts).every((v) => v.onlyLeftOut) ? 0 : 3;
  }
}

export function summarize(verdicts: readonly ClauseVerdict[]): RunResult['summary'] {
  const summary = { pass: 0, fail: 0, error: 0, notVerified: 0, advisory: 0 };
  for (const v of verdicts) {
    if (v.verdict === 'not-verified') summary.notVerified++;
    else summary[v.verdict]++;
  }
  return summary;
}

/** Binding clauses not verified: what makes a run incomplete. */
export function notVerifiedBinding(verdicts: readonly ClauseVerdict[]): ClauseVerdict[] {
  return verdicts.filter((v) => v.binding && v.verdict === 'not-verified');
}

/** Advisory clauses: gap clauses that differ from the simulator's convention, outside its profile. */
export function advisoryClauses(verdicts: readonly ClauseVerdict[]): ClauseVerdict[] {
  return verdicts.filter((v) => v.verdict === 'advisory');
}

/** Clause ids that checks name but the catalog does not have (a self-test fails on any). */
export function unknownClauseIds(checks: readonly { id: string; clauses: readonly string[]; supports?: readonly string[] }[]): { check: string; clause: string }[] {
  const unknown: { check: string; clause: string }[] = [];
  for (const check of checks) for (const clause of [...check.clauses, ...(check.supports ?? [])]) if (!isClauseId(clause)) unknown.push({ check: check.id, clause });
  return unknown;
}

/** Catalog clauses that no check verifies. */
export function uncoveredClauses(checks: readonly { clauses: readonly string[] }[], catalog: readonly Clause[] = CLAUSES): Clause[] {
  const named = new Set(checks.flatMap((c) => c.clauses));
  return catalog.filter((c) => !named.has(c.id));
}
