import type { ClauseVerdict, ClauseVerdictValue, RunResult } from '../suites/lib/types.ts';
import { oneLine } from './model.ts';
import { md } from './markdown.ts';

/**
 * `disco diff BASELINE CURRENT`: what changed, clause by clause, between two runs' result.json.
 * A deployment that is not yet conformant cannot gate its CI on CONFORMANT; it can gate on "no
 * clause worse than at the baseline", as Kubernetes conformance users keep a list of known
 * failures. Only binding clauses can regress (a must clause, or any clause in the simulator
 * profile); a gap clause's advisory verdict changing is listed, never a regression.
 */

export interface ClauseChange {
  id: string;
  kind: ClauseVerdict['kind'];
  before: ClauseVerdictValue | 'absent';
  after: ClauseVerdictValue | 'absent';
  /** Why it is as it is now (the current run's reasons), for a clause that got worse. */
  reasons: string[];
}

export interface RunDiff {
  baseline: RunSummary;
  current: RunSummary;
  regressed: ClauseChange[];
  improved: ClauseChange[];
  /** Clauses whose verdict moved without binding either run (gap clauses in the spec profile). */
  advisoryChanges: ClauseChange[];
  unchanged: number;
  /** Why the two runs may not compare like for like (another target, profile, suite version, selection). */
  caveats: string[];
}

export interface RunSummary {
  runId: string;
  startedAt: string;
  outcome: RunResult['outcome'];
  target: string;
  version: string;
}

/** How good a binding clause's verdict is: verified and passed, then not verified, then a transport error, then failed. */
const RANK: Record<ClauseVerdictValue | 'absent', number> = { pass: 3, advisory: 3, 'not-verified': 2, absent: 2, error: 1, fail: 0 };

export function diffRuns(baseline: RunResult, current: RunResult): RunDiff {
  const before = new Map(baseline.clauses.map((c) => [c.id, c]));
  const after = new Map(current.clauses.map((c) => [c.id, c]));
  const ids = [...new Set([...current.clauses.map((c) => c.id), ...baseline.clauses.map((c) => c.id)])];
  const regressed: ClauseChange[] = [];
  const improved: ClauseChange[] = [];
  const advisoryChanges: ClauseChange[] = [];
  let unchanged = 0;
  for (const id of ids) {
    const b = before.get(id);
    const a = after.get(id);
    const change: ClauseChange = { id, kind: (a ?? b)!.kind, before: b?.verdict ?? 'absent', after: a?.verdict ?? 'absent', reasons: a?.reasons ?? [] };
    if (change.before === change.after) {
      unchanged++;
      continue;
    }
    // A clause that binds in neither run (a gap clause checked in the spec profile) only informs.
    const binding = (a?.binding ?? false) || (b?.binding ?? false);
    if (!binding) advisoryChanges.push(change);
    else if (RANK[change.after] < RANK[change.before]) regressed.push(change);
    else if (RANK[change.after] > RANK[change.before]) improved.push(change);
    else unchanged++;
  }
  return { baseline: summaryOf(baseline), current: summaryOf(current), regressed, improved, advisoryChanges, unchanged, caveats: caveats(baseline, current) };
}

function summaryOf(run: RunResult): RunSummary {
  return { runId: run.runId, startedAt: run.startedAt, outcome: run.outcome, target: run.target.baseUrl ?? run.target.cdcBaseUrl ?? run.target.name, version: run.tool.version };
}

function caveats(baseline: RunResult, current: RunResult): string[] {
  const out: string[] = [];
  const where = (r: RunResult) => `${r.target.name} (${[r.target.baseUrl, r.target.cdcBaseUrl].filter(Boolean).join(', ') || 'no base URL'})`;
  if (where(baseline) !== where(current)) out.push(`the runs checked different targets: ${where(baseline)}, then ${where(current)}`);
  if (baseline.profile !== current.profile) out.push(`the runs used different profiles: ${baseline.profile}, then ${current.profile}`);
  if (baseline.tool.version !== current.tool.version) out.push(`the runs used different versions of disco: ${baseline.tool.version}, then ${current.tool.version}`);
  const selection = (r: RunResult) => [r.options.only.join(','), (r.options.skip ?? []).join(','), String(r.options.readOnly)].join(' | ');
  if (selection(baseline) !== selection(current)) out.push('the runs selected different checks (--only, --skip or --read-only)');
  return out;
}

const SHOWN: Record<ClauseVerdictValue | 'absent', string> = { pass: 'pass', fail: 'fail', error: 'error', 'not-verified': 'not verified', advisory: 'advisory', absent: 'absent' };

/** The diff for a terminal or a CI log. */
export function diffText(diff: RunDiff): string {
  const lines = [
    `disco diff: ${diff.regressed.length} clause${diff.regressed.length === 1 ? '' : 's'} regressed, ${diff.improved.length} improved, ${diff.unchanged} unchanged`,
    `  baseline: run ${diff.baseline.runId} of ${diff.baseline.startedAt}, ${diff.baseline.outcome.toUpperCase()} (disco ${diff.baseline.version})`,
    `  current:  run ${diff.current.runId} of ${diff.current.startedAt}, ${diff.current.outcome.toUpperCase()} (disco ${diff.current.version})`,
    ...diff.caveats.map((c) => `  note: ${c}`),
    ...diff.regressed.map((c) => `  REGRESSED ${c.id.padEnd(11)} ${SHOWN[c.before]} -> ${SHOWN[c.after]}${c.reasons[0] ? `: ${oneLine(c.reasons[0], 200)}` : ''}`),
    ...diff.improved.map((c) => `  IMPROVED  ${c.id.padEnd(11)} ${SHOWN[c.before]} -> ${SHOWN[c.after]}`),
    ...diff.advisoryChanges.map((c) => `  advisory  ${c.id.padEnd(11)} ${SHOWN[c.before]} -> ${SHOWN[c.after]}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The diff as Markdown, for `$GITHUB_STEP_SUMMARY` and the like. */
export function diffMarkdown(diff: RunDiff): string {
  const row = (c: ClauseChange, why = true) => `| \`${c.id}\` | ${SHOWN[c.before]} | ${SHOWN[c.after]} |${why ? ` ${md(oneLine(c.reasons[0] ?? '', 200))} |` : ''}`;
  const out = [
    `## disco diff: ${diff.regressed.length} regressed, ${diff.improved.length} improved, ${diff.unchanged} unchanged`,
    '',
    `Baseline: run \`${md(diff.baseline.runId)}\` of ${md(diff.baseline.startedAt)}, **${diff.baseline.outcome}**. Current: run \`${md(diff.current.runId)}\` of ${md(diff.current.startedAt)}, **${diff.current.outcome}**.`,
    ...diff.caveats.map((c) => `\n> Note: ${md(c)}.`),
  ];
  if (diff.regressed.length) out.push('', '### Regressed', '', '| clause | baseline | current | why |', '|---|---|---|---|', ...diff.regressed.map((c) => row(c)));
  if (diff.improved.length) out.push('', '### Improved', '', '| clause | baseline | current |', '|---|---|---|', ...diff.improved.map((c) => row(c, false)));
  if (diff.advisoryChanges.length) out.push('', '### Advisory (gap clauses, never a regression)', '', '| clause | baseline | current |', '|---|---|---|', ...diff.advisoryChanges.map((c) => row(c, false)));
  return `${out.join('\n')}\n`;
}
