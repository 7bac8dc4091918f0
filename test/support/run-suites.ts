import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmbeddedTarget, type EmbeddedTarget } from '../../bin/embedded-target.ts';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { IdNumbering } from '../../simulator/store.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import { CLAUSES } from '../../suites/clauses.ts';
import type { CheckResult, ClauseVerdict, Profile, ResolvedTarget } from '../../suites/lib/types.ts';

export interface SuiteRun {
  checks: CheckResult[];
  leftovers: string[];
  /** Clause ids named by a failed check. */
  failedClauses: Set<string>;
}

/**
 * The time a test holding one whole run of the suite (every check, 10 cases per property) may
 * take before it is taken for hung: a guard, not a bound. Such a run takes 25 to 45 s on a 2-core
 * machine beside the rest of npm test, and 60 s (vitest's default here) ran out once with two more
 * whole runs and three other processes on the same two cores.
 */
export const WHOLE_RUN_TIMEOUT_MS = 180_000;

/**
 * Runs the conformance checks (all, those whose id starts with one of `only` or that carry a clause
 * it names, or `exactly` the checks it names) against a fresh
 * embedded simulator with the given faults and conventions (the alt ones are checked in the
 * spec profile, without the control API, as `disco check --conventions alt` does). For the
 * project's self-tests.
 */
export async function runSuitesAgainstSimulator(options: { faults?: FaultName[]; conventions?: ConventionsName; idNumbering?: IdNumbering; clockOffsetMs?: number; only?: string[]; exactly?: readonly string[]; seed?: number; runs?: number; shrink?: boolean; profile?: Profile; front?: Front; retarget?: (target: ResolvedTarget) => ResolvedTarget } = {}): Promise<SuiteRun> {
  const conventions = options.conventions ?? 'standard';
  const embedded = await startEmbeddedTarget({ faults: options.faults ?? [], conventions, ...(options.idNumbering ? { idNumbering: options.idNumbering } : {}), ...(options.clockOffsetMs ? { clockOffsetMs: options.clockOffsetMs } : {}) });
  const front = options.front ? await options.front(embedded.target.baseUrl!) : undefined;
  try {
    const all = await loadChecks();
    const only = options.only;
    // `exactly`: these check ids and no other (`only` takes prefixes: b-ntf/mark is also b-ntf/mark-aged's).
    const exactly = options.exactly;
    const checks = exactly ? all.filter((c) => exactly.includes(c.id)) : only ? all.filter((c) => only.some((p) => c.id.startsWith(p) || c.clauses.includes(p))) : all;
    const out = await runChecks({
      target: (options.retarget ?? ((t: ResolvedTarget) => t))(front ? behind(embedded.target, front.origin) : embedded.target),
      checks,
      profile: options.profile ?? (conventions === 'standard' ? 'simulator' : 'spec'),
      seed: options.seed ?? 1234,
      runs: options.runs ?? 10,
      ...(options.shrink === false ? { shrink: false } : {}),
      readOnly: false,
      timeoutMs: 10_000,
    });
    const failedClauses = new Set(out.checks.filter((c) => c.verdict === 'fail').flatMap((c) => c.failures.flatMap((f) => [f.clause, ...(f.also ?? [])])));
    return { checks: out.checks, leftovers: out.leftovers, failedClauses };
  } finally {
    await front?.close();
    await embedded.close();
  }
}

/** Something the checks reach the simulator through (a gateway): started on its origin. `retarget` describes the target as the front shows it. */
export type Front = (origin: string) => Promise<{ origin: string; close(): Promise<void> }>;

/** `target` reached at `origin` instead of its own: both interfaces there, the control API where it was. */
function behind(target: ResolvedTarget, origin: string): ResolvedTarget {
  const own = target.baseUrl!;
  const moved = JSON.parse(JSON.stringify(target).split(own).join(origin)) as ResolvedTarget;
  return target.controlUrl === undefined ? moved : { ...moved, controlUrl: target.controlUrl };
}

/** One line per check: id, verdict and the reason of a skip or error. */
export function describeCheck(c: CheckResult): string {
  return `${c.id}: ${c.verdict}${c.reason ? ` (${c.reason})` : ''}`;
}

/** The checks with their failures (clause, message, expected, received): an assertion message. */
export function describeChecks(checks: readonly CheckResult[]): string {
  return checks
    .map((c) => `${describeCheck(c)}${c.failures.map((f) => `\n  ${f.clause} ${f.message}\n  expected ${f.expected ?? '-'}\n  received ${f.received ?? '-'}`).join('')}`)
    .join('\n');
}

/**
 * What a whole run against the faultless simulator must show, whatever its seed: no check failed
 * or errored (a false alarm), nothing left behind, and every must clause verified and passed in
 * the run's profile. A must clause that a seed leaves unverified on a conformant deployment is
 * the other half of the kit's promise broken (a run that cannot say "pass" where it should), so
 * it counts as much as a false alarm. Under the standard conventions no check may skip either:
 * the embedded target offers everything (but a gap check the spec profile stopped at a choice of
 * a deployment in front of it, which is an advisory). One line per problem; none for a good run.
 */
export function faultlessRunProblems(run: SuiteRun, conventions: ConventionsName, profile: Profile = conventions === 'standard' ? 'simulator' : 'spec'): string[] {
  const problems = falseAlarmsAndLeftovers(run);
  for (const v of clauseVerdicts(run.checks, { profile })) {
    if (v.kind === 'must' && v.verdict !== 'pass') problems.push(`${v.id} not passed: ${v.verdict} (${v.reasons.join('; ')})`);
  }
  // In the spec profile a gap check may stop at the deployment's own choice (a gateway's, say): an advisory, not a gap in the run.
  const ownChoice = (c: CheckResult) => profile === 'spec' && c.clauses.every((id) => CLAUSES.find((k) => k.id === id)?.kind === 'gap') && (c.reason ?? '').startsWith('stopped at a difference from the simulator\'s convention');
  if (conventions === 'standard') for (const c of run.checks.filter((c) => c.verdict === 'skip' && !ownChoice(c))) problems.push(`skipped: ${describeCheck(c)}`);
  return problems;
}

/** What no run against the faultless simulator may show: a check that failed or errored, something left behind. */
function falseAlarmsAndLeftovers(run: SuiteRun): string[] {
  const problems: string[] = [];
  const bad = run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error');
  if (bad.length) problems.push(`false alarm: ${describeChecks(bad)}`);
  if (run.leftovers.length) problems.push(`left behind: ${run.leftovers.join(', ')}`);
  return problems;
}

/**
 * What a whole run against the faultless simulator with ids numbered per account must show: no
 * check failed or errored, nothing left behind, and a must clause not passed only where no id of
 * account 2 could be told apart from account 1's own (not verified, saying so). Isolation itself
 * (A-ENUM-1, B-AUTH-3, X-ISO-1) never depends on the numbering. One line per problem.
 */
export function perAccountRunProblems(run: SuiteRun): string[] {
  const problems = falseAlarmsAndLeftovers(run);
  for (const v of clauseVerdicts(run.checks, { profile: 'spec' })) {
    if (v.kind !== 'must' || v.verdict === 'pass') continue;
    const excused = v.verdict === 'not-verified' && /ids numbered per account/.test(v.reasons.join('; ')) && !ISOLATION.includes(v.id);
    if (!excused) problems.push(`${v.id} not passed: ${v.verdict} (${v.reasons.join('; ')})`);
  }
  return problems;
}

const ISOLATION = ['A-ENUM-1', 'B-AUTH-3', 'X-ISO-1'];

/**
 * One check against a target the test built (described as the test likes, in the spec profile):
 * its result and the verdict of `clause` over it. For self-tests of what one check covers.
 */
export async function runOneCheck(target: ResolvedTarget, id: string, clause: string, options: { seed?: number; runs?: number; readOnly?: boolean } = {}): Promise<{ check: CheckResult; verdict: ClauseVerdict | undefined }> {
  const checks = (await loadChecks()).filter((c) => c.id === id);
  if (checks.length !== 1) throw new Error(`no check ${id}`);
  const out = await runChecks({ target, checks, profile: 'spec', seed: options.seed ?? 3, runs: options.runs ?? 5, readOnly: options.readOnly ?? false, timeoutMs: 5_000 });
  return { check: out.checks[0]!, verdict: clauseVerdicts(out.checks, { profile: 'spec' }).find((v) => v.id === clause) };
}

/**
 * b-job/lifecycle-poll alone (spec profile, seed 3, one run) against a hand-written interface B
 * target already listening on `server`: one account (`acme`, interface B key `key`) with the job
 * fixtures (cluster 1, package 2). For the self-tests of what the poll makes of a deployment's jobs.
 */
export async function runLifecyclePoll(server: http.Server, name: string, key: string, interfaceB: ResolvedTarget['interfaceB'] = {}): Promise<{ checks: CheckResult[]; verdicts: ClauseVerdict[] }> {
  const { port } = server.address() as AddressInfo;
  const target: ResolvedTarget = { name, baseUrl: `http://127.0.0.1:${port}`, keyPrefix: 'fdk', b: [{ accountId: 'acme', apiKey: key, fixtures: { cluster_id: 1, package_id: 2 } }], a: [], interfaceA: { operations: {}, listItems: {}, definitions: [] }, interfaceB, permissions: [] };
  const checks = (await loadChecks()).filter((c) => c.id === 'b-job/lifecycle-poll');
  const out = await runChecks({ target, checks, profile: 'spec', seed: 3, runs: 1, readOnly: false, timeoutMs: 5_000 });
  return { checks: out.checks, verdicts: clauseVerdicts(out.checks, { profile: 'spec' }) };
}

/** `use` with a fresh embedded simulator, closed afterwards whatever happens. */
export async function withEmbeddedTarget<T>(options: { faults?: FaultName[]; conventions?: ConventionsName }, use: (embedded: EmbeddedTarget) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedTarget(options);
  try {
    return await use(embedded);
  } finally {
    await embedded.close();
  }
}
