import type { RunReport } from '../../reports/model.ts';
import { suiteVersion } from '../../reports/suite-version.ts';
import { summaryText } from '../../reports/terminal-summary.ts';
import { writeReports } from '../../reports/write.ts';
import { RunStopped } from './stop.ts';

/**
 * Stage 5 of `disco check`: the report files, then the closing lines on the terminal (redacted
 * by `say`). A report directory that cannot be written is exit 2: a run nobody can read did not
 * happen for CI.
 */
export async function publishReport(report: RunReport, options: { reportDir: string; secrets: readonly string[]; reproduce: string }, say: (text: string) => void): Promise<void> {
  let paths: Record<string, string>;
  try {
    paths = (await writeReports(report, options.reportDir, { secrets: options.secrets, suite: suiteVersion(), reproduce: options.reproduce })).paths;
  } catch (e) {
    throw new RunStopped(2, `cannot write the reports to ${options.reportDir}: ${e instanceof Error ? e.message : String(e)}`);
  }
  say(summaryText(report, options.reproduce, paths));
}
