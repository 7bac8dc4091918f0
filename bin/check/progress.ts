import type { CheckDefinition, CheckResult, Verdict } from '../../suites/lib/types.ts';
import { familyOf } from '../../suites/lib/registry.ts';

type Counts = Record<Verdict, number>;
const zero = (): Counts => ({ pass: 0, fail: 0, error: 0, skip: 0 });

export interface ProgressEvent {
  kind: 'start' | 'end';
  check: CheckDefinition;
  result?: CheckResult;
  index: number;
  total: number;
}

/**
 * Live progress for a terminal: one line that updates in place while checks run, then a
 * permanent line per family with its counts once its last check ended. Only used when stdout is a TTY.
 */
export class TerminalProgress {
  private readonly totals = zero();
  private readonly family = new Map<string, { counts: Counts; ms: number }>(); // family -> tallies
  private readonly left = new Map<string, number>(); // family -> checks not yet ended
  private readonly color: boolean;

  constructor(
    checks: readonly CheckDefinition[],
    private readonly write: (text: string) => void,
    private readonly clean: (text: string) => string,
    options: { color: boolean },
  ) {
    for (const c of checks) this.left.set(familyOf(c), (this.left.get(familyOf(c)) ?? 0) + 1);
    this.color = options.color;
  }

  handle(event: ProgressEvent): void {
    const fam = familyOf(event.check);
    if (event.kind === 'start') {
      const t = this.totals;
      // Plain text: the line is cut to the terminal width, which must not split a colour code.
      const line = `  [${event.index + 1}/${event.total}] ${fam}  ${t.pass}✓ ${t.fail}✗ ${t.error}! ${t.skip}–  ${event.check.id}`;
      this.write(`\r\x1b[2K${this.clean(line).slice(0, (process.stdout.columns || 100) - 1)}`);
      return;
    }
    if (!event.result) return;
    const v = event.result.verdict;
    this.totals[v]++;
    const f = this.family.get(fam) ?? { counts: zero(), ms: 0 };
    f.counts[v]++;
    f.ms += event.result.durationMs;
    this.family.set(fam, f);
    // Checks of a family may end out of order (lanes run side by side): the line comes with its last.
    const left = (this.left.get(fam) ?? 1) - 1;
    this.left.set(fam, left);
    if (left === 0) this.write(`\r\x1b[2K${this.clean(this.familyLine(fam, f))}\n`);
  }

  /** Clears the updating line (before the summary, or on interruption). */
  finish(): void {
    this.write('\r\x1b[2K');
  }

  private familyLine(fam: string, f: { counts: Counts; ms: number }): string {
    const c = f.counts;
    const mark = c.fail ? this.tint('fail', '✗') : c.error ? this.tint('error', '!') : c.pass ? this.tint('pass', '✓') : '–';
    const parts = [
      c.pass ? `${c.pass} passed` : '',
      c.fail ? this.tint('fail', `${c.fail} failed`) : '',
      c.error ? this.tint('error', `${c.error} errored`) : '',
      c.skip ? `${c.skip} skipped` : '',
    ].filter(Boolean);
    return `  ${mark} ${fam.padEnd(14)} ${parts.join(', ')}  (${(f.ms / 1000).toFixed(1)} s)`;
  }

  private tint(v: Verdict, text: string): string {
    if (!this.color) return text;
    const code = { pass: 32, fail: 31, error: 33, skip: 90 }[v];
    return `\x1b[${code}m${text}\x1b[0m`;
  }
}
