import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FAULT_NAMES, isFaultName, type FaultName } from '../../simulator/faults.ts';
import { advisoryProblems, clauseVerdicts, exitCodeFor, summarize } from '../../suites/lib/aggregate.ts';
import { shellQuote } from '../../suites/lib/curl.ts';
import { Redactor } from '../../suites/lib/redact.ts';
import { familyOf } from '../../suites/lib/registry.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { ConfigError, loadTargetFile, targetSecrets } from '../../suites/lib/target.ts';
import type { CheckDefinition, CheckResult, Profile, ResolvedTarget } from '../../suites/lib/types.ts';
import { formatDuration, oneLine, type RunReport } from '../../reports/model.ts';

/** Longest reason shown on the terminal summary. */
const TERMINAL_LINE = 160;
import { packageVersion, suiteVersion } from '../../reports/suite-version.ts';
import { writeReports } from '../../reports/write.ts';
import { probeTarget, shownUrl } from '../check/probe.ts';
import { TerminalProgress } from '../check/progress.ts';
import { parseOnly, selectChecks } from '../check/select.ts';
import { startEmbeddedTarget, type EmbeddedTarget } from '../embedded-target.ts';
import { UsageError } from './usage-error.ts';

export const DEFAULT_RUNS = 25;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_REPORT_DIR = 'disco-reports';
const PROBE_TIMEOUT_MS = 5_000;

export const checkHelp = `disco check: run the conformance checks against a target, write reports

  --target FILE       target document (JSON or YAML: base URLs, accounts, keys, fixture ids);
                      without it, an embedded simulator is started and provisioned
  --only LIST         comma-separated (repeatable): clause ids (B-AUTH-1), clause families
                      (B-AUTH, A), check families (b-auth) or check ids (b-auth/invalid-keys)
  --seed N            fast-check seed (default: random, printed; the same seed reproduces a run)
  --runs N            cases per property (default ${DEFAULT_RUNS})
  --read-only         run no check that creates, changes or deletes anything
  --rate N            at most N requests per second
  --timeout MS        per-request timeout (default ${DEFAULT_TIMEOUT_MS})
  --report-dir DIR    where reports go (default ${DEFAULT_REPORT_DIR}/): report.html, junit.xml,
                      result.json, summary.md, certification.json
  --profile P         spec (gap clauses advisory; default with --target) | simulator (gap
                      clauses binding; default for the embedded simulator)
  --fault NAME        embedded simulator only: switch on a fault (repeatable; self-tests)
  --list              print the checks (with --only: the selected ones) and their clauses

Exit codes: 0 every binding clause that ran passed; 1 a binding clause failed or could not be
verified (error); 2 the run could not be done (bad options or target file, target unreachable,
no check produced evidence); 130 / 143 interrupted by Ctrl-C / SIGTERM (reports still written).
`;

export interface CheckOptions {
  target?: string;
  only: string[];
  seed: number;
  seedGiven: boolean;
  runs: number;
  readOnly: boolean;
  rate?: number;
  timeoutMs: number;
  reportDir: string;
  profile?: Profile;
  faults: FaultName[];
  list: boolean;
  help: boolean;
}

export function parseCheckArgs(argv: string[]): CheckOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      target: { type: 'string' },
      only: { type: 'string', multiple: true, default: [] },
      seed: { type: 'string' },
      runs: { type: 'string' },
      'read-only': { type: 'boolean', default: false },
      rate: { type: 'string' },
      timeout: { type: 'string' },
      'report-dir': { type: 'string', default: DEFAULT_REPORT_DIR },
      profile: { type: 'string' },
      fault: { type: 'string', multiple: true, default: [] },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(`check takes no positional arguments (got ${positionals.join(' ')}); see disco check --help`);
  const integer = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
    if (raw === undefined) return undefined;
    const n = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got ${raw}`);
    return n;
  };
  let rate: number | undefined;
  if (values.rate !== undefined) {
    rate = Number(values.rate);
    if (!Number.isFinite(rate) || rate <= 0 || rate > 10_000) throw new UsageError(`--rate must be a number of requests per second above 0, got ${values.rate}`);
  }
  const profile = values.profile;
  if (profile !== undefined && profile !== 'spec' && profile !== 'simulator') throw new UsageError(`--profile must be spec or simulator, got ${profile}`);
  const faults: FaultName[] = [];
  for (const name of values.fault) {
    if (!isFaultName(name)) throw new UsageError(`unknown fault ${name}; see disco serve --list-faults`);
    faults.push(name);
  }
  if (faults.length && values.target) throw new UsageError('--fault applies to the embedded simulator only; it cannot be combined with --target');
  if (values['report-dir'].trim() === '') throw new UsageError('--report-dir must not be empty');
  const seed = integer('seed', values.seed, -2147483648, 4294967295);
  return {
    ...(values.target !== undefined ? { target: values.target } : {}),
    only: parseOnly(values.only),
    seed: seed ?? randomInt(0, 2 ** 31 - 1),
    seedGiven: seed !== undefined,
    runs: integer('runs', values.runs, 1, 100_000) ?? DEFAULT_RUNS,
    readOnly: values['read-only'],
    ...(rate !== undefined ? { rate } : {}),
    timeoutMs: integer('timeout', values.timeout, 100, 600_000) ?? DEFAULT_TIMEOUT_MS,
    reportDir: values['report-dir'],
    ...(profile ? { profile } : {}),
    faults,
    list: values.list,
    help: values.help,
  };
}

/** The one-line command that repeats this run exactly (same checks, seed, runs, target). */
export function reproduceCommand(o: CheckOptions, profile: Profile): string {
  const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : shellQuote(s));
  const parts = ['disco', 'check'];
  if (o.target) parts.push('--target', q(o.target));
  if (o.only.length) parts.push('--only', q(o.only.join(',')));
  parts.push('--seed', String(o.seed), '--runs', String(o.runs));
  if (o.profile && o.profile !== (o.target ? 'spec' : 'simulator')) parts.push('--profile', profile);
  if (o.readOnly) parts.push('--read-only');
  for (const f of o.faults) parts.push('--fault', f);
  return parts.join(' ');
}

async function loadAllChecks(): Promise<CheckDefinition[]> {
  const { loadChecks } = await import('../../suites/index.ts');
  return loadChecks();
}

export async function check(argv: string[]): Promise<number> {
  const options = parseCheckArgs(argv);
  const out = (s: string) => process.stdout.write(s);
  const err = (s: string) => process.stderr.write(s);
  if (options.help) {
    out(checkHelp);
    return 0;
  }
  if (options.list) return listChecks(options);

  // Ctrl-C / SIGTERM: abort (the runner stops starting requests and runs the cleanups), then the
  // reports are still written. A second signal exits at once.
  const controller = new AbortController();
  let interrupted: 'SIGINT' | 'SIGTERM' | undefined;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => () => {
    if (interrupted) {
      err('\ndisco check: interrupted again, exiting without cleanup\n');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
    interrupted = signal;
    err(`\ndisco check: ${signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'}: stopping, cleaning up and writing reports (again to exit at once)\n`);
    controller.abort(new Error(`interrupted by ${signal}`));
  };
  const sigint = onSignal('SIGINT');
  const sigterm = onSignal('SIGTERM');
  process.on('SIGINT', sigint);
  process.on('SIGTERM', sigterm);

  let embedded: EmbeddedTarget | undefined;
  try {
    let target: ResolvedTarget;
    try {
      if (options.target) {
        target = await loadTargetFile(options.target);
      } else {
        embedded = await startEmbeddedTarget({ faults: options.faults, signal: controller.signal });
        target = embedded.target;
      }
    } catch (e) {
      if (interrupted) return interrupted === 'SIGINT' ? 130 : 143;
      if (e instanceof ConfigError) {
        err(`disco check: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
    const secrets = targetSecrets(target);
    const redactor = new Redactor(secrets);
    const say = (s: string) => out(redactor.text(s));
    const profile: Profile = options.profile ?? (options.target ? 'spec' : 'simulator');

    let all: CheckDefinition[];
    try {
      all = await loadAllChecks();
    } catch (e) {
      err(`disco check: cannot load the checks (suites/index.ts): ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
    const { selected, unselected } = selectChecks(all, options.only);

    const problem = await probeTarget(target, Math.min(PROBE_TIMEOUT_MS, options.timeoutMs), controller.signal);
    // Interrupted before any check ran: nothing to report.
    if (interrupted) return interrupted === 'SIGINT' ? 130 : 143;
    if (problem) {
      err(`disco check: ${redactor.text(problem)}\n`);
      return 2;
    }
    try {
      await mkdir(resolve(options.reportDir), { recursive: true });
    } catch (e) {
      err(`disco check: cannot create the report directory ${options.reportDir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
      return 2;
    }

    const tty = process.stdout.isTTY === true;
    const reproduce = reproduceCommand(options, profile);
    if (tty) {
      say(`disco check: ${selected.length} checks against ${target.name} (${urlsOf(target)}), profile ${profile}, seed ${options.seed}, ${options.runs} runs per property\n`);
    }
    const progress = tty ? new TerminalProgress(selected, out, (s) => redactor.text(s), { color: !process.env.NO_COLOR }) : undefined;
    const finished: CheckResult[] = [];
    const startedAt = new Date();
    const started = performance.now();
    let run: { checks: CheckResult[]; leftovers: string[]; runId: string };
    try {
      run = await runChecks({
        target,
        checks: selected,
        profile,
        seed: options.seed,
        runs: options.runs,
        readOnly: options.readOnly,
        ...(options.rate !== undefined ? { rate: options.rate } : {}),
        timeoutMs: options.timeoutMs,
        signal: controller.signal,
        onProgress: (event) => {
          if (event.kind === 'end' && event.result) finished.push(event.result);
          progress?.handle(event);
        },
      });
    } catch (e) {
      // The runner itself broke (not a check): keep what finished, so the reports still say it,
      // and the rest is `error` (never verified), so the run cannot pass.
      progress?.finish();
      const why = redactor.text(e instanceof Error ? e.message : String(e));
      err(`disco check: the run stopped: ${why}\n`);
      const done = new Set(finished.map((c) => c.id));
      const unfinished = selected.filter((c) => !done.has(c.id)).map((c): CheckResult => ({ id: c.id, title: c.title, clauses: c.clauses, verdict: 'error', reason: `the run stopped before this check finished: ${why}`, failures: [], properties: [], durationMs: 0, requests: 0, notes: [] }));
      run = { checks: [...finished, ...unfinished], leftovers: [], runId: 'unknown' };
    }
    progress?.finish();
    const finishedAt = new Date();

    const clauses = clauseVerdicts(run.checks, {
      profile,
      unselected,
      unselectedReason: `not selected for this run (--only ${options.only.join(',')})`,
    });
    let exitCode = exitCodeFor(clauses, run.checks);
    // An interrupted run that found no failure proves nothing: "could not be done".
    if (interrupted && exitCode === 0) exitCode = 2;
    const report: RunReport = {
      tool: { name: 'disco', version: packageVersion() },
      target: { name: target.name, ...(target.baseUrl ? { baseUrl: shownUrl(target.baseUrl) } : {}), ...(target.cdcBaseUrl ? { cdcBaseUrl: shownUrl(target.cdcBaseUrl) } : {}) },
      profile,
      seed: options.seed,
      runs: options.runs,
      runId: run.runId,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
      options: { only: options.only, readOnly: options.readOnly, ...(options.rate !== undefined ? { rate: options.rate } : {}), timeoutMs: options.timeoutMs },
      checks: run.checks,
      clauses,
      leftovers: run.leftovers,
      exitCode,
      summary: summarize(clauses),
      ...(interrupted ? { interrupted } : {}),
    };

    let paths: Record<string, string>;
    try {
      paths = (await writeReports(report, options.reportDir, { secrets, suite: suiteVersion(), reproduce })).paths;
    } catch (e) {
      err(`disco check: cannot write the reports to ${options.reportDir}: ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
    say(summaryText(report, reproduce, paths));
    if (interrupted) return interrupted === 'SIGINT' ? 130 : 143;
    return exitCode;
  } finally {
    process.off('SIGINT', sigint);
    process.off('SIGTERM', sigterm);
    await embedded?.close();
  }
}

function urlsOf(target: ResolvedTarget): string {
  return [...new Set([target.baseUrl, target.cdcBaseUrl].filter((u): u is string => !!u).map(shownUrl))].join(', ');
}

const MAX_LISTED = 20;

/** The closing lines: outcome, failed clauses one per line, seed, reproduce command, report paths. */
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

async function listChecks(options: CheckOptions): Promise<number> {
  let all: CheckDefinition[];
  try {
    all = await loadAllChecks();
  } catch (e) {
    process.stderr.write(`disco check: cannot load the checks (suites/index.ts): ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const { selected } = selectChecks(all, options.only);
  const width = Math.max(10, ...selected.map((c) => c.id.length));
  let family = '';
  for (const c of selected) {
    if (familyOf(c) !== family) {
      family = familyOf(c);
      process.stdout.write(`${family}\n`);
    }
    process.stdout.write(`  ${c.id.padEnd(width)}  ${c.clauses.join(' ').padEnd(20)}  ${c.title}${c.needs.length ? ` (needs ${c.needs.join(', ')})` : ''}\n`);
  }
  process.stdout.write(`${selected.length} checks${options.only.length ? ` selected by --only ${options.only.join(',')}` : ''}; faults for --fault: ${FAULT_NAMES.length} (disco serve --list-faults)\n`);
  return 0;
}
