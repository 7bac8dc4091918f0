import { clauseVerdicts, exitCodeFor, exitCodeOfSignal, runOutcome, summarize } from '../suites/lib/aggregate.ts';
import type { CheckDefinition, CheckResult, Profile } from '../suites/lib/types.ts';
import { selectionText, type RunReport } from './model.ts';
import { packageVersion } from './suite-version.ts';

/** Everything a run produced, and what it was asked to do: the input of `buildRunReport`. */
export interface RunFacts {
  target: RunReport['target'];
  profile: Profile;
  seed: number;
  runs: number;
  options: RunReport['options'];
  checks: CheckResult[];
  /** Checks left out by `--only`: a clause only they cover is "not selected", not "not covered". */
  unselected: readonly Pick<CheckDefinition, 'id' | 'clauses'>[];
  leftovers: string[];
  runId: string;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  /** The signal that cut the run short, if one did. */
  interrupted?: 'SIGINT' | 'SIGTERM' | undefined;
  /** Why the run stopped sending requests before its checks were done, if it did. */
  halted?: string | undefined;
}

/**
 * The report model every reporter renders: clause verdicts aggregated from the checks, the
 * outcome, the summary counts and the exit code. An interrupted run ends as the process does, 130
 * (SIGINT) or 143 (SIGTERM), whatever it found, so every report says the exit code CI saw.
 */
export function buildRunReport(facts: RunFacts): RunReport {
  const clauses = clauseVerdicts(facts.checks, {
    profile: facts.profile,
    unselected: facts.unselected,
    unselectedReason: `not selected for this run (${selectionText(facts.options)})`,
  });
  const outcome = runOutcome(clauses, facts.checks);
  const subset = facts.options.only.length > 0 || (facts.options.skip?.length ?? 0) > 0;
  const exitCode = facts.interrupted ? exitCodeOfSignal(facts.interrupted) : exitCodeFor(outcome, { allowIncomplete: facts.options.allowIncomplete, subset }, clauses);
  return {
    tool: { name: 'disco', version: packageVersion() },
    target: facts.target,
    profile: facts.profile,
    seed: facts.seed,
    runs: facts.runs,
    runId: facts.runId,
    startedAt: facts.startedAt.toISOString(),
    finishedAt: facts.finishedAt.toISOString(),
    durationMs: facts.durationMs,
    options: facts.options,
    checks: facts.checks,
    clauses,
    leftovers: facts.leftovers,
    outcome,
    exitCode,
    summary: summarize(clauses),
    ...(facts.interrupted ? { interrupted: facts.interrupted } : {}),
    ...(facts.halted ? { halted: facts.halted } : {}),
  };
}
