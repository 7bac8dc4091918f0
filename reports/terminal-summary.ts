import { relative } from 'node:path';
import { advisoryClauses } from '../suites/lib/aggregate.ts';
import { formatDuration, notVerifiedLines, oneLine, outcomeSentence, outcomeWord, problemClauses, type RunReport } from './model.ts';

/** Longest reason shown on one terminal line. */
const TERMINAL_LINE = 160;
const MAX_LISTED = 20;

/**
 * The closing lines of `disco check`: the outcome and what it means, the counts (advisories
 * apart from failures), each failed, errored and not-verified binding clause in one line, the
 * advisory clauses, seed, reproduce command, report paths.
 */
export function summaryText(report: RunReport, reproduce: string, paths: Record<string, string>): string {
  const s = report.summary;
  const checks = (v: string) => report.checks.filter((c) => c.verdict === v).length;
  const lines = [
    `disco check: ${outcomeWord(report)}: ${report.checks.length} checks against ${report.target.name} in ${formatDuration(report.durationMs)} (profile ${report.profile}): ${outcomeSentence(report)}`,
    `  checks:  ${checks('pass')} passed, ${checks('fail')} failed, ${checks('error')} errored, ${checks('skip')} skipped`,
    `  clauses: ${s.pass} passed, ${s.fail} failed, ${s.error} errored, ${s.notVerified} not verified, ${s.advisory} advisory`,
  ];
  const listed = [
    ...problemClauses(report.clauses).map((c) => ({ tag: c.verdict === 'fail' ? 'FAILED      ' : 'ERROR       ', id: c.id, reason: c.reasons[0] ?? '' })),
    ...notVerifiedLines(report).map((c) => ({ tag: 'NOT VERIFIED', id: c.id, reason: c.reason })),
  ];
  for (const c of listed.slice(0, MAX_LISTED)) lines.push(`  ${c.tag} ${c.id.padEnd(11)} ${oneLine(c.reason, TERMINAL_LINE)}`);
  if (listed.length > MAX_LISTED) lines.push(`  ... and ${listed.length - MAX_LISTED} more: see the report`);
  const advisory = advisoryClauses(report.clauses);
  if (advisory.length) lines.push(`  advisory (differ from the simulator's conventions; gap clauses, never failures in the ${report.profile} profile): ${advisory.map((c) => c.id).join(', ')}`);
  if (report.leftovers.length) {
    lines.push(`  LEFT OVER on the target (created by this run, could not be removed): ${report.leftovers.length}`);
    for (const l of report.leftovers.slice(0, MAX_LISTED)) lines.push(`    ${oneLine(l, TERMINAL_LINE)}`);
  }
  lines.push(`  seed ${report.seed}, ${report.runs} runs per property, run id ${report.runId}`);
  lines.push(`  reproduce: ${reproduce}`);
  const cwd = process.cwd();
  const shown = (p: string) => (relative(cwd, p).startsWith('..') ? p : relative(cwd, p));
  lines.push(`  reports: ${shown(paths.html ?? '')}`);
  for (const key of ['junit', 'json', 'markdown', 'certification']) if (paths[key]) lines.push(`           ${shown(paths[key])}`);
  return `${lines.join('\n')}\n`;
}

