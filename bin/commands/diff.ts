import { parseArgs } from 'node:util';
import { diffMarkdown, diffRuns, diffText } from '../../reports/diff.ts';
import { readRunResult } from '../../reports/read-result.ts';
import type { RunResult } from '../../suites/lib/types.ts';
import { UsageError } from './usage-error.ts';

export const diffHelp = `disco diff BASELINE CURRENT: what changed, clause by clause, between two runs

BASELINE and CURRENT are result.json files of disco check (the reports folder keeps one).
A binding clause (every must clause; every clause in the simulator profile) regressed when its
verdict got worse: passed, then not verified, then error, then failed. A gap clause's advisory
verdict changing is listed, never a regression. Notes say when the runs are not like for like
(another target, profile, disco version or selection of checks).

  --json        the diff as JSON
  --markdown    the diff as Markdown (for $GITHUB_STEP_SUMMARY)

Exit codes: 0 no clause regressed; 1 one did (a CI gate for a deployment not yet conformant:
no worse than the baseline); 2 a file cannot be read or is not a result.json.
`;

export async function diff(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { json: { type: 'boolean', default: false }, markdown: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: true, strict: true });
  if (values.help) {
    process.stdout.write(diffHelp);
    return 0;
  }
  if (positionals.length !== 2) throw new UsageError('diff takes two result.json files: BASELINE CURRENT');
  if (values.json && values.markdown) throw new UsageError('give --json or --markdown, not both');
  const runs: RunResult[] = [];
  for (const file of positionals) {
    const read = await readRunResult(file);
    if ('problem' in read) {
      process.stderr.write(`disco diff: ${read.problem}\n`);
      return 2;
    }
    runs.push(read.result);
  }
  const result = diffRuns(runs[0]!, runs[1]!);
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : values.markdown ? diffMarkdown(result) : diffText(result));
  return result.regressed.length ? 1 : 0;
}
