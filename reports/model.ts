import { familyOf } from '../suites/lib/registry.ts';
import { notVerifiedBinding } from '../suites/lib/aggregate.ts';
import type { CheckResult, ClauseVerdict, RunResult } from '../suites/lib/types.ts';

/**
 * What the reporters render: the RunResult, plus whether the run was cut short. `interrupted`
 * is an optional extension of the RunResult wire format (the JSON report and its schema carry
 * it), set only when Ctrl-C or SIGTERM stopped the run.
 */
export type RunReport = RunResult & { interrupted?: 'SIGINT' | 'SIGTERM' };

/** The options that chose a run's checks, as typed (`--only b-auth --skip b-auth/unknown-keys-refused`); empty for every check. */
export function selectionText(options: { only: readonly string[]; skip?: readonly string[] }): string {
  return [options.only.length ? `--only ${options.only.join(',')}` : '', options.skip?.length ? `--skip ${options.skip.join(',')}` : ''].filter(Boolean).join(' ');
}

/**
 * `--max-failures N` when the run was told to stop starting checks after N failed, and
 * `--no-shrink` when its counterexamples are first failing cases, for the lines that list a run's options.
 */
export function stopText(options: { maxFailures?: number; shrink?: false }): string {
  return [options.maxFailures === undefined ? '' : `--max-failures ${options.maxFailures}`, options.shrink === false ? '--no-shrink' : ''].filter(Boolean).join(' ');
}

/** Checks grouped by family, in first-seen order. */
export function byFamily(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const families = new Map<string, CheckResult[]>(); // family -> its checks
  for (const c of checks) {
    const f = familyOf(c);
    families.set(f, [...(families.get(f) ?? []), c]);
  }
  return families;
}

const LEADING_CLAUSE_IDS = /^(?:[ABX]-[A-Z]+-\d+(?:,\s*|\s+))*[ABX]-[A-Z]+-\d+/;

/**
 * A check's heading: every clause id it names, then its title. Titles often start with some of
 * those ids already (`B-GAP-1 (simulator convention): ...`); they are not repeated.
 */
export function checkHeading(check: Pick<CheckResult, 'title' | 'clauses'>): string {
  const ids = check.clauses.join(' ');
  const m = LEADING_CLAUSE_IDS.exec(check.title);
  const rest = m ? check.title.slice(m[0].length) : check.title;
  if (m && (rest.startsWith(':') || rest.startsWith(' ('))) return `${ids}${rest}`;
  return `${ids}: ${rest.replace(/^[\s:]+/, '')}`;
}

/** The JUnit / report name of a check: clause ids first, then the title and the id. */
export function checkDisplayName(check: Pick<CheckResult, 'id' | 'title' | 'clauses'>): string {
  return `${checkHeading(check)} [${check.id}]`;
}

/** The one word every report shows for the run, and the class the HTML banner takes. */
export function outcomeWord(report: RunReport): 'CONFORMANT' | 'FAIL' | 'ERROR' | 'INCOMPLETE' | 'INTERRUPTED' {
  if (report.interrupted) return 'INTERRUPTED';
  return ({ conformant: 'CONFORMANT', fail: 'FAIL', error: 'ERROR', incomplete: 'INCOMPLETE' } as const)[report.outcome];
}

/** What the outcome means, in one sentence. */
export function outcomeSentence(report: RunReport): string {
  const binding = report.profile === 'simulator' ? 'clause' : 'must clause';
  if (report.interrupted) return `interrupted by ${report.interrupted}: the results below cover only what ran`;
  switch (report.outcome) {
    case 'conformant':
      return `every ${binding} was verified and passed`;
    case 'fail':
      return `a ${binding} failed`;
    case 'error': {
      // Of the binding clauses: a gap clause that errored outside the simulator profile is not one of "them".
      const errored = report.clauses.filter((c) => c.binding && c.verdict === 'error').length;
      if (report.halted) return `no ${binding} failed, but the run halted before it could verify ${errored ? `${errored} of them` : 'any'}: ${report.halted}`;
      return `no ${binding} failed, but the target did not answer well enough to verify ${errored ? `${errored} of them` : 'any'}`;
    }
    case 'incomplete': {
      const n = notVerifiedBinding(report.clauses).length;
      const allowed = report.exitCode !== 0 ? '' : report.options.allowIncomplete ? ' (allowed: exit 0)' : ' (only those of the checks left out of this run: exit 0)';
      return `no ${binding} failed, but ${n} ${binding}${n === 1 ? ' was' : 's were'} not verified${allowed}`;
    }
  }
}

export function problemClauses(clauses: readonly ClauseVerdict[]): ClauseVerdict[] {
  return clauses.filter((c) => c.binding && (c.verdict === 'fail' || c.verdict === 'error'));
}

/** The binding clauses a run did not verify, each with what would let it run; those only `--only` left out are summed up in one line. */
export function notVerifiedLines(report: RunReport): { id: string; reason: string }[] {
  const all = notVerifiedBinding(report.clauses);
  const lines = all.filter((c) => !c.notSelected).map((c) => ({ id: c.id, reason: c.reasons.join('; ') || 'not verified' }));
  const unselected = all.filter((c) => c.notSelected);
  if (unselected.length) lines.push({ id: `${unselected.length} more`, reason: `not selected for this run (${selectionText(report.options)}): ${unselected.map((c) => c.id).join(', ')}` });
  return lines;
}

/** Text on one line (whitespace runs become one space), cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Text safe for XML 1.0 and HTML: characters XML forbids become a visible `\uXXXX`. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function escapeXml(text: string): string {
  return printable(text).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);
}

export function escapeHtml(text: string): string {
  return printable(text).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

/** A failure's request and response as an HTTP-like transcript (already redacted). */
export function exchangeText(f: { request?: { method: string; url: string; headers: Record<string, string>; body?: string }; response?: { status: number; headers: Record<string, string>; body: string } }): string {
  const parts: string[] = [];
  if (f.request) {
    const head = Object.entries(f.request.headers).map(([k, v]) => `${k}: ${v}`);
    parts.push([`${f.request.method} ${f.request.url}`, ...head, '', f.request.body ?? ''].join('\n').trimEnd());
  }
  if (f.response) {
    const head = Object.entries(f.response.headers).map(([k, v]) => `${k}: ${v}`);
    parts.push([`HTTP ${f.response.status}`, ...head, '', clip(f.response.body, 4000)].join('\n').trimEnd());
  }
  return parts.join('\n\n');
}

/** Long bodies are cut: reports stay readable, and the curl command reproduces the rest. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}
