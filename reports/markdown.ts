import type { ClauseVerdict } from '../suites/lib/types.ts';
import { certificateState, type Certification } from './certification.ts';
import { advisoryClauses, notVerifiedBinding } from '../suites/lib/aggregate.ts';
import { formatDuration, oneLine, outcomeSentence, outcomeWord, selectionText, stopText, type RunReport } from './model.ts';
import { declaredLines } from './declared.ts';

/** Longest reason shown on one line of the job summary. */
const SUMMARY_LINE = 240;

/**
 * The CI job summary (GitHub's $GITHUB_STEP_SUMMARY and the like): counts, each failed clause
 * in one line, skipped clauses with their reasons, the certification digest. Link-free: URLs
 * appear in code spans only, so nothing in it points anywhere.
 */
export function renderMarkdown(report: RunReport, cert: Certification, reproduce?: string): string {
  const out: string[] = [];
  out.push(`## disco conformance: ${outcomeWord(report)} (exit ${report.exitCode})`, '');
  out.push(`${md(outcomeSentence(report))}.`, '');
  out.push(`- Target: ${md(report.target.name)}${urls(report)}`);
  if (report.target.proxy) out.push(`- Through the proxy: ${code(report.target.proxy)}`);
  if (report.target.clientCertificate) out.push(`- Client certificate: ${code(report.target.clientCertificate)}`);
  if (report.target.headers) out.push(`- Headers added to every request: ${report.target.headers.map(code).join(', ')} (values not shown)`);
  if (report.target.declared) out.push(`- The target document declared: ${declaredLines(report.target.declared).map(code).join(', ')}`);
  out.push(`- Profile \`${report.profile}\`, seed \`${report.seed}\`, ${report.runs} runs per property${report.options.readOnly ? ', read-only' : ''}${selectionText(report.options) ? `, ${code(selectionText(report.options))}` : ''}${stopText(report.options) ? `, ${code(stopText(report.options))}` : ''}${report.options.allowIncomplete ? ', incomplete allowed' : ''}`);
  out.push(`- ${report.startedAt}, ${formatDuration(report.durationMs)}, run \`${report.runId}\``);
  if (reproduce) out.push(`- Reproduce: ${code(reproduce)}`);
  out.push('');

  const s = report.summary;
  const checkCount = (v: string) => report.checks.filter((c) => c.verdict === v).length;
  out.push('| | pass | fail | error | not verified | advisory | skip |', '|---|---:|---:|---:|---:|---:|---:|');
  out.push(`| clauses | ${s.pass} | ${s.fail} | ${s.error} | ${s.notVerified} | ${s.advisory} | |`);
  out.push(`| checks | ${checkCount('pass')} | ${checkCount('fail')} | ${checkCount('error')} | | ${report.checks.filter((c) => c.advisories?.length).length} | ${checkCount('skip')} |`, '');

  const section = (title: string, clauses: ClauseVerdict[], line: (c: ClauseVerdict) => string) => {
    if (!clauses.length) return;
    out.push(`### ${title} (${clauses.length})`, '');
    for (const c of clauses) out.push(`- ${line(c)}`);
    out.push('');
  };
  const firstReason = (c: ClauseVerdict) => (c.reasons[0] ? `: ${code(oneLine(c.reasons[0], SUMMARY_LINE))}` : '');
  const moreReasons = (c: ClauseVerdict) => (c.reasons.length > 1 ? ` (+${c.reasons.length - 1} more)` : '');
  section('Failed clauses', report.clauses.filter((c) => c.binding && c.verdict === 'fail'), (c) => `\`${c.id}\` (${c.kind})${firstReason(c)}${moreReasons(c)}`);
  section('Could not be verified: errors', report.clauses.filter((c) => c.binding && c.verdict === 'error'), (c) => `\`${c.id}\` (${c.kind})${firstReason(c)}${moreReasons(c)}`);
  section('Not verified', notVerifiedBinding(report.clauses), (c) => `\`${c.id}\` (${c.kind}): ${code(oneLine(c.reasons.join('; ') || 'not verified', SUMMARY_LINE))}`);
  section("Advisory: differences from the simulator's conventions (gap clauses, never failures here)", advisoryClauses(report.clauses), (c) => `\`${c.id}\`${firstReason(c)}${moreReasons(c)}`);
  const unbound = report.clauses.filter((c) => !c.binding && c.verdict === 'not-verified');
  if (unbound.length) out.push(`### Gap clauses not verified (${unbound.length})`, '', unbound.map((c) => `\`${c.id}\``).join(', '), '');
  if (report.leftovers.length) {
    out.push(`### Left over on the target (${report.leftovers.length})`, '', 'The run created these and could not remove them:', '');
    for (const l of report.leftovers) out.push(`- ${code(oneLine(l, SUMMARY_LINE))}`);
    out.push('');
  }

  out.push('### Certification', '');
  out.push(`- Certificate: ${certificateState(cert)}`);
  if (cert.casesCutShort?.length) out.push(`- Cases cut short by a property's time limit (a slow target): ${cert.casesCutShort.map((c) => `${code(c.check)} ran ${c.ran} of ${c.asked}`).join(', ')}`);
  out.push(`- Outcome: **${cert.outcome}**${cert.complete ? '' : ' (partial or interrupted run)'}`);
  out.push(`- Suite: disco ${cert.suite.version}${cert.suite.commit ? ` at \`${cert.suite.commit.slice(0, 12)}\`${cert.suite.dirty ? ' (with local changes)' : ''}` : ''}`);
  out.push(`- Digest (SHA-256 over canonical JSON of certification.json without \`digest\` and \`signature\`): \`${cert.digest.value}\``);
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
