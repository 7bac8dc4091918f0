import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { identity, runChecks } from '../../suites/lib/run.ts';
import { discoUserAgent } from '../../reports/suite-version.ts';
import type { CheckDefinition, CheckResult, Profile, ResolvedTarget, RunResult } from '../../suites/lib/types.ts';
import { createAnnouncementRecorder } from './announcement.ts';
import { shownUrl } from './probe.ts';
import { waitForTarget } from './wait.ts';
import { TerminalProgress } from './progress.ts';
import { selectChecks } from './select.ts';
import type { CheckOptions } from './options.ts';
import type { Interruption } from './signals.ts';
import { RunStopped } from './stop.ts';
import { routesOf } from '../../suites/lib/proxy.ts';
import { HarFile } from '../../reports/har.ts';
import { packageVersion } from '../../reports/suite-version.ts';

const PROBE_TIMEOUT_MS = 5_000;
/** What the HAR keeps of a body: the robustness checks send bodies of megabytes, dozens of times. */
const HAR_BODY_CAP = 64 * 1024;

/** What the run stage hands to the report stage. */
export interface CompletedRun {
  checks: CheckResult[];
  /** Checks that exist but `--only` left out. */
  unselected: CheckDefinition[];
  leftovers: string[];
  runId: string;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  /** What the target said about itself (Server, API version), for the certificate. */
  announced?: NonNullable<RunResult['target']['announced']>;
  /** Why the run stopped sending requests early, if it did (`RunOutput.halted`). */
  halted?: string;
}

/** Every check of the suites, loaded on demand (the CLI's other commands need none). */
export async function loadAllChecks(): Promise<CheckDefinition[]> {
  try {
    const { loadChecks } = await import('../../suites/index.ts');
    return await loadChecks();
  } catch (e) {
    throw new RunStopped(2, `cannot load the checks (suites/index.ts): ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Stage 4 of `disco check`: select the checks, make sure the target answers at all (else exit 2
 * before hundreds of checks error one by one) and the report directory can be made, then run.
 * `io.out` writes to the terminal as it is; `io.redact` takes secrets out first.
 */
export async function runSelectedChecks(options: CheckOptions, target: ResolvedTarget, profile: Profile, interruption: Interruption, io: { out: (text: string) => void; redact: (text: string) => string; tty: boolean; color: boolean }): Promise<CompletedRun> {
  const { selected, unselected } = selectChecks(await loadAllChecks(), options.only, options.skip);
  const problem = await waitForTarget(target, Math.min(PROBE_TIMEOUT_MS, options.timeoutMs), (options.waitSeconds ?? 0) * 1000, interruption.signal, (line) => process.stderr.write(`${io.redact(line)}\n`));
  // Interrupted before any check ran: nothing to report.
  const code = interruption.exitCode();
  if (code !== undefined) throw new RunStopped(code);
  if (problem) throw new RunStopped(2, io.redact(problem));
  await ensureReportDir(options.reportDir);

  if (io.tty) {
    io.out(io.redact(`disco check: ${selected.length} checks against ${target.name} (${urlsOf(target)}), profile ${profile}, seed ${options.seed}, ${options.runs} runs per property\n`));
  }
  const progress = io.tty ? new TerminalProgress(selected, io.out, io.redact, { color: io.color }) : undefined;
  const finished: CheckResult[] = [];
  const announcements = createAnnouncementRecorder(target);
  const startedAt = new Date();
  const started = performance.now();
  const har = options.har === undefined ? undefined : openHar(options.har, io.redact(`disco check against ${target.name}, seed ${options.seed}, started ${startedAt.toISOString()}`));
  let run: { checks: CheckResult[]; leftovers: string[]; runId: string; halted?: string };
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
      userAgent: discoUserAgent(),
      schedule: options.serial ? 'serial' : 'lanes',
      ...(options.maxFailures !== undefined ? { maxFailures: options.maxFailures } : {}),
      ...(options.shrink ? {} : { shrink: false }),
      signal: interruption.signal,
      onExchange: (exchange) => announcements.add(exchange),
      ...(har ? { record: { bodyCap: HAR_BODY_CAP, add: (exchange, check) => har.add(exchange, check) } } : {}),
      onProgress: (event) => {
        if (event.kind === 'end' && event.result) finished.push(event.result);
        progress?.handle(event);
      },
    });
  } catch (e) {
    progress?.finish();
    const why = io.redact(e instanceof Error ? e.message : String(e));
    process.stderr.write(`disco check: the run stopped: ${why}\n`);
    run = { checks: unfinishedAsErrors(selected, finished, why), leftovers: [], runId: 'unknown' };
  }
  progress?.finish();
  har?.close();
  if (har && options.har !== undefined) io.out(`disco check: ${har.count} exchanges written to ${options.har}${har.unansweredCount ? ` (${har.unansweredCount} without an answer)` : ''}\n`);
  const announced = announcements.result();
  return { ...run, unselected, startedAt, finishedAt: new Date(), durationMs: Math.round(performance.now() - started), ...(announced ? { announced } : {}) };
}

/**
 * When the runner itself broke (not a check): what finished stays, and every other selected
 * check is `error`, never verified, so the run cannot pass.
 */
export function unfinishedAsErrors(selected: readonly CheckDefinition[], finished: readonly CheckResult[], why: string): CheckResult[] {
  const done = new Set(finished.map((c) => c.id));
  const unfinished = selected
    .filter((c) => !done.has(c.id))
    .map((c): CheckResult => ({ ...identity(c), verdict: 'error', reason: `the run stopped before this check finished: ${why}`, failures: [], properties: [], durationMs: 0, requests: 0, notes: [] }));
  // A partial waiting for a later check's control (`until`) waits for good now: it stays, unmarked (the report's schema has no marker).
  const settled = finished.map((c) => (c.partial ? { ...c, partial: c.partial.map(({ until: _until, ...entry }) => entry) } : c));
  return [...settled, ...unfinished];
}

/** The HAR file, open before the first request; a path that cannot be written stops the run (exit 2) before it starts. */
function openHar(path: string, comment: string): HarFile {
  try {
    return HarFile.open(resolve(path), { name: 'disco', version: packageVersion() }, comment);
  } catch (e) {
    throw new RunStopped(2, `cannot write the HAR file ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

async function ensureReportDir(dir: string): Promise<void> {
  try {
    await mkdir(resolve(dir), { recursive: true });
  } catch (e) {
    throw new RunStopped(2, `cannot create the report directory ${dir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

/** The target's base URLs (interface B's, interface A's), those it has. */
export function baseUrlsOf(target: ResolvedTarget): string[] {
  return [target.baseUrl, target.cdcBaseUrl].filter((u): u is string => !!u);
}

/** The target's base URLs, each with the proxy its requests go through (suites/lib/proxy.ts), if any. */
export function urlsOf(target: ResolvedTarget): string {
  return routesOf([...new Set(baseUrlsOf(target).map(shownUrl))]).join(', ');
}
