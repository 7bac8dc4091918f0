import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readRunResult } from '../../reports/read-result.ts';
import type { CheckDefinition, CheckResult, RunResult } from '../../suites/lib/types.ts';
import type { CheckOptions } from './options.ts';
import { tokenMatches } from './select.ts';
import { RunStopped } from './stop.ts';

/**
 * `disco check --last-failed` (pytest's `--lf`, Playwright's `--last-failed`): the checks that
 * failed or errored in the runs of the report folder and have not passed since (`FAILING_FILE`),
 * run again with the last run's seed and cases per property, so each property draws the same cases (a property's seed
 * comes from the run's seed and its own name, not from what else runs) and a failure comes back
 * as it was, while a deployment is being fixed. `--seed` and `--runs` still win; `--only` and
 * `--skip` narrow the selection further. What this resolves to is plain `--only` ids, so the
 * reports and the reproduce command name the checks themselves, not a file the run overwrites.
 */
export type LastFailed = { options: CheckOptions; said: string } | { nothing: string };

/**
 * The checks still failing in a report folder, across runs (pytest's cache of the last failed):
 * each run takes out what it ran and passed, adds what failed or errored, and leaves the rest as
 * it was, so a narrower rerun (`--last-failed --only ...`), an interrupted one or a plain `--only`
 * run does not forget a failure it did not run again. A check that ran and was skipped is not
 * fixed either: it stays.
 */
export const FAILING_FILE = 'last-failed.json';

interface FailingState {
  format: 'disco-last-failed/1';
  failing: string[];
  updatedAt: string;
}

/** The failing checks a folder's last-failed.json keeps; undefined without one, `unreadable` for one that is not such a file. */
async function failingState(dir: string): Promise<string[] | 'unreadable' | undefined> {
  const state = join(dir, FAILING_FILE);
  if (!existsSync(state)) return undefined;
  try {
    const doc = JSON.parse(await readFile(state, 'utf8')) as Partial<FailingState>;
    if (doc.format === 'disco-last-failed/1' && Array.isArray(doc.failing) && doc.failing.every((id) => typeof id === 'string')) return doc.failing;
  } catch {
    // Said below.
  }
  return 'unreadable';
}

/** The folder's failing checks: from its last-failed.json, else (a folder of an older disco) from `last`, its result.json. */
async function failingIn(dir: string, last: RunResult): Promise<{ failing: string[]; fromState: boolean }> {
  const kept = await failingState(dir);
  // Read as "nothing failed", a damaged file would end --last-failed with "nothing to run", exit 0.
  if (kept === 'unreadable') throw new RunStopped(2, `--last-failed: ${join(dir, FAILING_FILE)} is not a last-failed.json of disco check; remove it to start from the folder's result.json`);
  if (kept) return { failing: kept, fromState: true };
  return { failing: last.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id), fromState: false };
}

/**
 * Writes the folder's failing checks after a run. Its result.json is this run's by then, so only
 * the state file says what failed before; a folder without one starts from this run.
 */
export async function recordFailing(dir: string, checks: readonly CheckResult[], now: Date): Promise<void> {
  const kept = await failingState(dir);
  // A damaged file is started over from this run (it was refused to --last-failed, with its name).
  const before = kept === undefined || kept === 'unreadable' ? [] : kept;
  const passed = new Set(checks.filter((c) => c.verdict === 'pass').map((c) => c.id));
  const failedNow = checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id);
  const failing = [...new Set([...before.filter((id) => !passed.has(id)), ...failedNow])];
  const state: FailingState = { format: 'disco-last-failed/1', failing, updatedAt: now.toISOString() };
  await writeFile(join(dir, FAILING_FILE), `${JSON.stringify(state, null, 2)}\n`, 'utf8');
}

export async function lastFailedSelection(options: CheckOptions, all: readonly CheckDefinition[]): Promise<LastFailed> {
  const file = join(options.reportDir, 'result.json');
  if (!existsSync(file)) throw new RunStopped(2, `--last-failed: no earlier run in ${options.reportDir} (it has no result.json); run disco check there first`);
  const read = await readRunResult(file);
  if ('problem' in read) throw new RunStopped(2, `--last-failed: ${read.problem}`);
  const last = read.result;
  const found = await failingIn(options.reportDir, last);
  const failed = found.failing;
  const known = new Map(all.map((c) => [c.id, c]));
  // A check renamed or removed since that run cannot run again; the rest still can.
  const gone = failed.filter((id) => !known.has(id));
  const again = failed.filter((id) => known.has(id) && (options.only.length === 0 || options.only.some((t) => tokenMatches(t, known.get(id)!, true))));
  const when = found.fromState ? `the runs in ${options.reportDir} (${join(options.reportDir, FAILING_FILE)}; the last of ${last.finishedAt})` : `the run of ${last.finishedAt} (${file})`;
  const goneNote = gone.length ? `; no longer a check: ${gone.join(', ')}` : '';
  if (again.length === 0) {
    const among = options.only.length ? ` among --only ${options.only.join(',')}` : '';
    return { nothing: `--last-failed: no check failed or errored in ${when}${among}${goneNote}: nothing to run` };
  }
  const seed = options.seedGiven ? options.seed : last.seed;
  const runs = options.runsGiven ? options.runs : last.runs;
  return {
    options: { ...options, only: again, seed, seedGiven: true, runs, runsGiven: true },
    said: `--last-failed: ${again.length} check${again.length === 1 ? '' : 's'} that failed or errored in ${when}: ${again.join(', ')}; seed ${seed}${options.seedGiven ? ' (--seed)' : ' as then'}, ${runs} runs per property${options.runsGiven ? ' (--runs)' : ' as then'}${goneNote}`,
  };
}
