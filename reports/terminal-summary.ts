import { relative } from 'node:path';
import { advisoryProblems } from '../suites/lib/aggregate.ts';
import { formatDuration, oneLine, type RunReport } from './model.ts';

/** Longest reason shown on one terminal line. */
const TERMINAL_LINE = 160;
const MAX_LISTED = 20;

/** The closing lines of `disco check`: outcome, failed clauses one per line, seed, reproduce command, report paths. */
export function summaryText(report: RunReport, reproduce: string, paths: Record<string, string>): string {
  const s = report.summary;
  const checks = (v: string) => report.checks.filter((c) => c.verdict === v).length;
  const word = report.interrupted ? 'INTERRUPTED' : report.exitCode === 0 ? 'PASS' : report.exitCode === 1 ? 'FAIL' : 'INCOMPLETE';
  const lines = [
    `disco check: ${word}: ${report.checks.length} checks against ${report.target.name} in ${formatDuration(report.durationMs)} (profile ${report.profile})`,
    `  checks:  ${checks('pass')} passed, ${checks('fail')} failed, ${checks('error')} errored, ${checks('skip')} skipped`,
    `  clauses: ${s.pass} passed, ${s.fail} failed, ${s.error} errored, ${s.skip} skipped, ${s.notCovered} not covered`,
  ];
  const problems = report.clauses.filter((c) => c.binding && (c.verdict === 'fail' || c.verdict === 'error'));
  for (const c of problems.slice(0, MAX_LISTED)) lines.push(`  ${c.verdict === 'fail' ? 'FAILED ' : 'ERROR  '} ${c.id.padEnd(11)} ${oneLine(c.reasons[0] ?? '', TERMINAL_LINE)}`);
  if (problems.length > MAX_LISTED) lines.push(`  ... and ${problems.length - MAX_LISTED} more: see the report`);
  const advisory = advisoryProblems(report.clauses);
  if (advisory.length) lines.push(`  advisory (gap clauses, not binding in the ${report.profile} profile): ${advisory.map((c) => c.id).join(', ')}`);
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

