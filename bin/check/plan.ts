import { runChecks } from '../../suites/lib/run.ts';
import { discoUserAgent } from '../../reports/suite-version.ts';
import type { CheckResult, Profile, ResolvedTarget } from '../../suites/lib/types.ts';
import { startEmbeddedTarget } from '../embedded-target.ts';
import type { CheckOptions } from './options.ts';
import { rehearsalTarget } from './rehearsal.ts';
import { loadAllChecks, urlsOf } from './run.ts';
import { selectChecks } from './select.ts';
import type { Interruption } from './signals.ts';
import { RunStopped } from './stop.ts';
import { createWriteTally, type WriteRow } from './write-tally.ts';

/**
 * `disco check --plan`: what a run with these options would do to the target, without sending
 * it anything. The selected checks run against an embedded simulator cut down to what the
 * target document provides (`rehearsalTarget`: same interfaces, accounts, fixture kinds,
 * permissions, control API or not), and every write they send is counted by endpoint. Counts are
 * those of a conformant target: one that fails checks gets more requests (fast-check shrinks).
 */

export interface Plan {
  target: string;
  /** The target's base URLs and the way a run would take to each (directly, or through a proxy). */
  routes: string;
  seed: number;
  runs: number;
  rows: WriteRow[];
  reads: number;
  /** Checks that would run and write, run and only read, or be skipped (with the reason). */
  writing: string[];
  readingOnly: string[];
  skipped: { id: string; reason: string }[];
  durationMs: number;
}

export async function rehearse(options: CheckOptions, real: ResolvedTarget, profile: Profile, interruption: Interruption): Promise<Plan> {
  const { selected } = selectChecks(await loadAllChecks(), options.only, options.skip);
  const started = performance.now();
  const embedded = await startEmbeddedTarget({ signal: interruption.signal });
  try {
    const target = rehearsalTarget(embedded.target, real);
    const tally = createWriteTally(target, real);
    const out = await runChecks({
      target,
      checks: selected,
      profile,
      seed: options.seed,
      runs: options.runs,
      readOnly: options.readOnly,
      timeoutMs: options.timeoutMs,
      userAgent: discoUserAgent(),
      signal: interruption.signal,
      onExchange: (exchange, check) => tally.add(exchange, check?.id),
    });
    const code = interruption.exitCode();
    if (code !== undefined) throw new RunStopped(code);
    const ran = out.checks.filter((c: CheckResult) => c.verdict !== 'skip');
    const rows = tally.rows();
    // A check writes when a row of the tally (writes only) names it.
    const writers = new Set(rows.flatMap((r) => r.checks));
    return {
      target: real.name,
      routes: urlsOf(real),
      seed: options.seed,
      runs: options.runs,
      rows,
      reads: tally.reads(),
      writing: ran.filter((c) => writers.has(c.id)).map((c) => c.id),
      readingOnly: ran.filter((c) => !writers.has(c.id)).map((c) => c.id),
      skipped: out.checks.filter((c) => c.verdict === 'skip').map((c) => ({ id: c.id, reason: c.reason ?? '' })),
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    await embedded.close();
  }
}

/** The plan as the terminal shows it. */
export function formatPlan(plan: Plan): string {
  const lines: string[] = [];
  lines.push(`disco check --plan: what this run would do to ${plan.target} (rehearsed on an embedded simulator shaped like its target document; nothing was sent to the target)`);
  if (plan.routes) lines.push(`a run would send its requests to ${plan.routes}`);
  lines.push(`seed ${plan.seed}, ${plan.runs} runs per property; ${plan.writing.length + plan.readingOnly.length} checks would run (${plan.writing.length} of them write), ${plan.skipped.length} would be skipped`);
  lines.push('');
  if (plan.rows.length === 0) {
    lines.push('writes: none');
  } else {
    const width = Math.max(...plan.rows.map((r) => r.endpoint.length), 'endpoint'.length);
    lines.push(`${'endpoint'.padEnd(width)}  ${'sent'.padStart(6)}  ${'2xx'.padStart(6)}  accounts`);
    for (const r of plan.rows) lines.push(`${r.endpoint.padEnd(width)}  ${String(r.sent).padStart(6)}  ${String(r.succeeded).padStart(6)}  ${r.accounts.join(',') || '-'}`);
    const sent = plan.rows.reduce((n, r) => n + r.sent, 0);
    const succeeded = plan.rows.reduce((n, r) => n + r.succeeded, 0);
    lines.push(`${'all writes'.padEnd(width)}  ${String(sent).padStart(6)}  ${String(succeeded).padStart(6)}`);
  }
  lines.push(`reads: ${plan.reads} requests`);
  const irreversible = plan.rows.filter((r) => r.irreversible);
  if (irreversible.length) {
    lines.push('');
    lines.push('cannot be undone through the API:');
    for (const r of irreversible) lines.push(`  ${r.endpoint} (${r.succeeded}): ${r.irreversible}; by ${r.checks.slice(0, 4).join(', ')}${r.checks.length > 4 ? ` and ${r.checks.length - 4} more` : ''}`);
  }
  lines.push('');
  lines.push('Everything else a check creates carries disco-<run id>- in its name and is removed at the end of the check (jobs are stopped with DELETE /jobs/{id}).');
  if (plan.skipped.length) {
    lines.push('');
    lines.push('skipped, and why:');
    const byReason = new Map<string, string[]>();
    for (const s of plan.skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.id]);
    for (const [reason, ids] of byReason) lines.push(`  ${ids.length} ${ids.length === 1 ? 'check' : 'checks'}: ${reason} (${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', ...' : ''})`);
  }
  return `${lines.join('\n')}\n`;
}
