import { relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A test file and about how many seconds it takes in a whole npm test (shared cores): only the proportions matter. */
export type Timed = readonly [file: string, seconds: number];

/**
 * The order the files of each test project start in (`vitest.config.ts` says why for each list):
 *
 * - `first`: these, in this order;
 * - then the files that keep a core busy: `computing` in the order given (longest first), then
 *   the files named nowhere, in vitest's order;
 * - with the files that mostly wait (`waiting`, in the order given) spread over those by time:
 *   each is started when the share of the waiting files' seconds already started falls behind
 *   the share of the others', so about the same part of the workers waits all along instead of
 *   all of them at once.
 *
 * A file named nowhere counts `unlistedSeconds`.
 */
export interface TestOrder {
  first: readonly string[];
  computing: readonly Timed[];
  waiting: readonly Timed[];
  unlistedSeconds: number;
}

/** Every file a `TestOrder` names. */
export function namedFiles(order: TestOrder): string[] {
  return [...order.first, ...order.computing.map(([file]) => file), ...order.waiting.map(([file]) => file)];
}

/**
 * Vitest's sequencer with the order above within each project. Vitest starts the files that took
 * longest in its last run first, but it learns that from a cache under node_modules, which a fresh
 * checkout (CI) has not: it then starts the largest files first, and the whole-suite runs are
 * small files that ran last, leaving one worker busy for a minute after the others were done.
 * Nor does it know which files wait: those it happened to start together left the cores idle.
 */
export function slowFirstSequencer(order: TestOrder): new (...args: ConstructorParameters<typeof BaseSequencer>) => BaseSequencer {
  const seconds = new Map<string, number>([...order.computing, ...order.waiting]);
  const named = new Set(namedFiles(order));
  const computing = order.computing.map(([file]) => file);
  const waiting = order.waiting.map(([file]) => file);
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const name = (file: TestSpecification): string => relative(this.ctx.config.root, file.moduleId).split(sep).join('/');
      // Vitest's order keeps each project's files together, in the order the projects run.
      const projects: TestSpecification[][] = [];
      for (const file of sorted) {
        const last = projects.at(-1);
        if (last && last[0]!.project.name === file.project.name) last.push(file);
        else projects.push([file]);
      }
      const ranked = (files: readonly TestSpecification[], list: readonly string[]): TestSpecification[] =>
        files.filter((f) => list.includes(name(f))).sort((a, b) => list.indexOf(name(a)) - list.indexOf(name(b)));
      return projects.flatMap((files) => {
        // Array.prototype.filter keeps vitest's order for the files named nowhere.
        const busy = [...ranked(files, computing), ...files.filter((f) => !named.has(name(f)))];
        const secondsOf = (f: TestSpecification) => seconds.get(name(f)) ?? order.unlistedSeconds;
        return [...ranked(files, order.first), ...spreadByTime(busy, ranked(files, waiting), secondsOf)];
      });
    }
  };
}

/** `main` and `spread` merged, each in its own order, `spread`'s files placed evenly over `main`'s by their seconds. */
export function spreadByTime<T>(main: readonly T[], spread: readonly T[], secondsOf: (item: T) => number): T[] {
  const total = (items: readonly T[]) => items.reduce((sum, item) => sum + secondsOf(item), 0);
  const mainTotal = total(main) || 1;
  const spreadTotal = total(spread) || 1;
  const out: T[] = [];
  let i = 0;
  let j = 0;
  let mainDone = 0;
  let spreadDone = 0;
  while (i < main.length || j < spread.length) {
    // The list further behind, as a share of its seconds, goes next; main on a tie.
    if (j >= spread.length || (i < main.length && mainDone / mainTotal <= spreadDone / spreadTotal)) {
      mainDone += secondsOf(main[i]!);
      out.push(main[i++]!);
    } else {
      spreadDone += secondsOf(spread[j]!);
      out.push(spread[j++]!);
    }
  }
  return out;
}
