import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The project's own tests only. `suites/**/*.spec.ts` are conformance checks that take a
// target and run under `disco check`, so they are deliberately not collected here.
const include = ['api/**/*.test.ts', 'simulator/**/*.test.ts', 'suites/**/*.test.ts', 'reports/**/*.test.ts', 'test/**/*.test.ts', 'bin/**/*.test.ts', 'examples/**/*.test.ts'];

// Files that hold real time to a bound (an exit within 0.3 s, a hook within a second, a run
// within 10 x its timeout, latency samples for the timing oracle). They run after everything
// else, one file at a time, so no other test's processes share the cores with them: run beside
// the rest, a Ctrl-C drill measured 334 ms against its 300 ms bound. A new test that measures
// wall time against a bound belongs here (docs/extending.md).
export const timed = [
  'test/drills.test.ts',
  'test/chaos.test.ts',
  'test/shutdown.test.ts',
  'test/serve.test.ts',
  'test/embedded-close.test.ts',
  'test/bench-baselines.test.ts',
  'test/suites/interruption.test.ts',
  'test/suites/degenerate-targets.test.ts',
  'test/suites/a-timing.test.ts',
  'test/suites/schedule.test.ts',
  'test/proxy.test.ts',
  'suites/lib/arbitraries/rsa-keys.test.ts',
  'suites/lib/arbitraries/key-pairs.test.ts',
  'simulator/domains/settle-timer.test.ts',
];

// Files that replace modules (vi.mock): they need a module cache of their own. Every other file
// shares its worker's cache with the files run before it (isolate: false): each file importing
// the simulator, the suites and their dependencies afresh cost 105 to 142 s of the workers' time
// per run, and the parallel group took 320 s without it against about 410 s with it on this
// 2-core machine. So a test file must leave no state behind in a module (docs/extending.md).
export const ownModules = ['simulator/domains/jobs/settle.test.ts'];

// At least two workers. Vitest's default is cores - 1, one on a 2-core machine, which left the
// second core to the child processes alone: 414 s of tests against 263 s with two.
const PARALLEL_WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/support/plain-summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'parallel', include, exclude: [...timed, ...ownModules], isolate: false, maxWorkers: PARALLEL_WORKERS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'own-modules', include: ownModules, maxWorkers: PARALLEL_WORKERS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'timed', include: timed, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
