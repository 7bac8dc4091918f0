import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readRunResult } from '../../reports/read-result.ts';
import type { CheckDefinition } from '../../suites/lib/types.ts';
import type { CheckOptions } from './options.ts';
import { tokenMatches } from './select.ts';
import { RunStopped } from './stop.ts';

/**
 * `disco check --last-failed` (pytest's `--lf`, Playwright's `--last-failed`): the checks that
 * failed or errored in the run whose `result.json` is in the report folder, run again with that
 * run's seed and cases per property, so each property draws the same cases (a property's seed
 * comes from the run's seed and its own name, not from what else runs) and a failure comes back
 * as it was, while a deployment is being fixed. `--seed` and `--runs` still win; `--only` and
 * `--skip` narrow the selection further. What this resolves to is plain `--only` ids, so the
 * reports and the reproduce command name the checks themselves, not a file the run overwrites.
 */
export type LastFailed = { options: CheckOptions; said: string } | { nothing: string };

export async function lastFailedSelection(options: CheckOptions, all: readonly CheckDefinition[]): Promise<LastFailed> {
  const file = join(options.reportDir, 'result.json');
  if (!existsSync(file)) throw new RunStopped(2, `--last-failed: no earlier run in ${options.reportDir} (it has no result.json); run disco check there first`);
  const read = await readRunResult(file);
  if ('problem' in read) throw new RunStopped(2, `--last-failed: ${read.problem}`);
  const last = read.result;
  const failed = last.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id);
  const known = new Map(all.map((c) => [c.id, c]));
  // A check renamed or removed since that run cannot run again; the rest still can.
  const gone = failed.filter((id) => !known.has(id));
  const again = failed.filter((id) => known.has(id) && (options.only.length === 0 || options.only.some((t) => tokenMatches(t, known.get(id)!))));
  const when = `the run of ${last.finishedAt} (${file})`;
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
