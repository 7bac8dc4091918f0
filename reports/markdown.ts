import type { ClauseVerdict } from '../suites/lib/types.ts';
import type { Certification } from './certification.ts';
import { formatDuration, oneLine, outcomeSentence, runOutcome, type RunReport } from './model.ts';

/** Longest reason shown on one line of the job summary. */
const SUMMARY_LINE = 240;

/**
 * The CI job summary (GitHub's $GITHUB_STEP_SUMMARY and the like): counts, each failed clause
 * in one line, skipped clauses with their reasons, the certification digest. Link-free: URLs
 * appear in code spans only, so nothing in it points anywhere.
 */
export function renderMarkdown(report: RunReport, cert: Certification, reproduce?: string): string {
  const out: string[] = [];
  const outcome = runOutcome(report);
  const headline = { pass: 'PASS', fail: 'FAIL', incomplete: 'INCOMPLETE' }[outcome];
  out.push(`## disco conformance: ${headline} (exit ${report.exitCode})`, '');
  out.push(`${md(outcomeSentence(report))}.`, '');
  out.push(`- Target: ${md(report.target.name)}${urls(report)}`);
  out.push(`- Profile \`${report.profile}\`, seed \`${report.seed}\`, ${report.runs} runs per property${report.options.readOnly ? ', read-only' : ''}${report.options.only.length ? `, only ${code(report.options.only.join(','))}` : ''}`);
  out.push(`- ${report.startedAt}, ${formatDuration(report.durationMs)}, run \`${report.runId}\``);
  if (reproduce) out.push(`- Reproduce: ${code(reproduce)}`);
  out.push('');

  const s = report.summary;
  const checkCount = (v: string) => report.checks.filter((c) => c.verdict === v).length;
  out.push('| | pass | fail | error | skip | not covered |', '|---|---:|---:|---:|---:|---:|');
  out.push(`| clauses | ${s.pass} | ${s.fail} | ${s.error} | ${s.skip} | ${s.notCovered} |`);
  out.push(`| checks | ${checkCount('pass')} | ${checkCount('fail')} | ${checkCount('error')} | ${checkCount('skip')} | |`, '');

  const section = (title: string, clauses: ClauseVerdict[], line: (c: ClauseVerdict) => string) => {
    if (!clauses.length) return;
    out.push(`### ${title} (${clauses.length})`, '');
    for (const c of clauses) out.push(`- ${line(c)}`);
    out.push('');
  };
  const firstReason = (c: ClauseVerdict) => (c.reasons[0] ? `: ${code(oneLine(c.reasons[0], SUMMARY_LINE))}` : '');
  const moreReasons = (c: ClauseVerdict) => (c.reasons.length > 1 ? ` (+${c.reasons.length - 1} more)` : '');
  section('Failed clauses', report.clauses.filter((c) => c.binding && c.verdict === 'fail'), (c) => `\`${c.id}\` (${c.kind})${firstReason(c)}${moreReasons(c)}`);
  section('Could not be verified (error)', report.clauses.filter((c) => c.binding && c.verdict === 'error'), (c) => `\`${c.id}\` (${c.kind})${firstReason(c)}${moreReasons(c)}`);
  section(
    'Advisory: gap clauses that differ (not binding in this profile)',
    report.clauses.filter((c) => !c.binding && (c.verdict === 'fail' || c.verdict === 'error')),
    (c) => `\`${c.id}\` ${c.verdict}${firstReason(c)}`,
  );
  section('Skipped', report.clauses.filter((c) => c.verdict === 'skip'), (c) => `\`${c.id}\`: ${code(oneLine(c.reasons.join('; ') || 'skipped', SUMMARY_LINE))}`);
  const uncovered = report.clauses.filter((c) => c.verdict === 'not-covered');
  if (uncovered.length) out.push(`### Not covered (${uncovered.length})`, '', uncovered.map((c) => `\`${c.id}\``).join(', '), '');
  if (report.leftovers.length) {
    out.push(`### Left over on the target (${report.leftovers.length})`, '', 'The run created these and could not remove them:', '');
    for (const l of report.leftovers) out.push(`- ${code(oneLine(l, SUMMARY_LINE))}`);
    out.push('');
  }

  out.push('### Certification', '');
  out.push(`- Outcome: **${cert.outcome}**${cert.complete ? '' : ' (partial or interrupted run)'}`);
  out.push(`- Suite: disco ${cert.suite.version}${cert.suite.commit ? ` at \`${cert.suite.commit.slice(0, 12)}\`${cert.suite.dirty ? ' (with local changes)' : ''}` : ''}`);
  out.push(`- Digest (SHA-256 over canonical JSON of certification.json without \`digest\`): \`${cert.digest.value}\``);
  out.push('');
  return out.join('\n');
}

function urls(report: RunReport): string {
  const list = [report.target.baseUrl, report.target.cdcBaseUrl].filter((u): u is string => !!u);
  const unique = [...new Set(list)];
  return unique.length ? ` (${unique.map(code).join(', ')})` : '';
}

/** Plain text in Markdown: every character that could start markup is escaped. */
export function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+!|~&]/g, (ch) => `\\${ch}`);
}

/**
 * Text from the target (reasons, URLs) as a code span: shown verbatim, never markup, never
 * autolinked. The fence is longer than any run of backticks inside.
 */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
