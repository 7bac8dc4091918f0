import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { slowFirstSequencer } from './test/support/slow-first-sequencer.ts';

// The project's own tests only. `suites/**/*.spec.ts` are conformance checks that take a
// target and run under `disco check`, so they are deliberately not collected here.
const include = ['api/**/*.test.ts', 'simulator/**/*.test.ts', 'suites/**/*.test.ts', 'reports/**/*.test.ts', 'test/**/*.test.ts', 'bin/**/*.test.ts', 'examples/**/*.test.ts'];

// Files that hold real time to a bound (an exit within 0.3 s, a key within 40 ms, a check
// ended within 0.5 s of its abort, latency samples for the timing oracle, a job within a second
// of real time, a --rate schedule). They run after everything else, one file at a time, so no
// other test's processes share the cores with them: run beside the rest, a Ctrl-C drill measured
// 334 ms against its 300 ms bound. A new test that measures wall time against a tight bound
// belongs here (docs/extending.md). Not here: a lower bound, which load only makes easier
// (bench-baselines' "no sooner than the work takes"), or a hang's limit far above the time taken
// (key-pairs: 40 s against 4.5 s): run alone, they held the second core idle for about 16 s of
// every run.
export const timed = [
  'test/drills.test.ts',
  'test/serve.test.ts',
  'test/suites/interruption.test.ts',
  'test/suites/a-timing.test.ts',
  'test/suites/schedule.test.ts',
  'suites/lib/arbitraries/rsa-keys.test.ts',
];

// Files whose bounds leave five times or more the time taken (a run bounded at 6 s that takes
// about 1.2; a 300 ms timeout reported within 1.5 to 2 s; a hook within 2.5 to 5 s of a stop;
// an exit within 6 s that takes 1.3): they too run after everything else, but two at a time,
// one per core, each the only load of its core. One at a time with the files above, the
// timed files took about 57 s of a run with the second core all but idle.
export const timedWithRoom = [
  'test/suites/degenerate-targets.test.ts',
  'test/embedded-close.test.ts',
  'simulator/domains/settle-timer.test.ts',
  'test/proxy.test.ts',
  'test/chaos.test.ts',
  'test/shutdown.test.ts',
];

// Files that replace modules (vi.mock): they need a module cache of their own. Every other file
// shares its worker's cache with the files run before it (isolate: false): each file importing
// the simulator, the suites and their dependencies afresh cost 105 to 142 s of the workers' time
// per run, and the parallel group took 320 s without it against about 410 s with it on this
// 2-core machine. So a test file must leave no state behind in a module (docs/extending.md).
export const ownModules = ['simulator/domains/jobs/settle.test.ts'];

// The files that take longest, longest first (measured on a 2-core machine, in the parallel
// group): they start first (test/support/slow-first-sequencer.ts). Started last, as on a fresh
// checkout vitest starts them (it knows durations only from a cache under node_modules), they
// left one worker busy after the others were done: 478 s against 432 s for all of npm test's
// tests, three workers each time (and 512 s with two workers in vitest's order, as before this
// list). A file that runs the whole suite, or takes more than about 10 s, belongs in one of the
// two lists below (docs/extending.md); the order needs no precision.
//
// Those that keep a core busy (whole runs, fault proofs, processes, tsc):
const computing = [
  'test/spec-neutral-gateway.test.ts',
  'test/alt-conventions.test.ts',
  'test/cli.test.ts',
  'test/report-consistency.test.ts',
  'test/mutated-bodies.test.ts',
  'test/faults-b.test.ts',
  'test/faults-a.test.ts',
  'test/package.test.ts',
  'test/faultless.test.ts',
  'test/mutated-queries.test.ts',
  'test/typecheck.test.ts',
  'test/serve-tls.test.ts',
  'test/persistence.test.ts',
  'test/har.test.ts',
  'test/per-account-ids.test.ts',
  'test/check-plan.test.ts',
  'test/serve-command.test.ts',
  'test/bench-baselines.test.ts',
  'test/journal.test.ts',
  'test/cli-bad-input.test.ts',
  'test/openapi.test.ts',
  'test/mutual-tls.test.ts',
  'test/simulator-robustness.test.ts',
  'suites/lib/arbitraries/key-pairs.test.ts',
  'test/suites/a-err-every-level.test.ts',
];

// Those that mostly wait in real time (jobs paced in real time on the alt conventions, keys
// expiring, a jittery target's delays for the timing oracle): a core's worth of them at a time
// costs the computing files almost nothing. Listed after all of those, they ran together, three
// workers waiting at once, and the cores sat 70 to 90 % idle for about 65 s of a 442 s run; so
// the two lists are interleaved, these spread evenly over the computing ones (388 s).
const waiting = [
  'test/suites/a-minimal-target.test.ts',
  'test/suites/b-job-watch-notified.test.ts',
  'test/suites/b-job-watch-worded.test.ts',
  'test/suites/b-job-watcher-shapes.test.ts',
  'test/suites/a-enum-same-name-stop.test.ts',
  'test/suites/b-spec-only-target.test.ts',
  'test/suites/b-job-include-wrapped.test.ts',
  'test/suites/b-job-poll-alone.test.ts',
  'test/suites/b-job-watch-failing-ended-unseen.test.ts',
  'test/suites/a-spec-profile.test.ts',
  'test/suites/b-job-beyond-fixtures.test.ts',
  'test/suites/a-enum-later-states.test.ts',
  'test/suites/a-keys-dead-key-pipeline-writes.test.ts',
  'test/suites/b-ntf-mark.test.ts',
  'test/suites/a-keys-expiry-offsets.test.ts',
  'test/suites/a-keys-expiry-every-account.test.ts',
  'test/suites/b-job-watch-digest.test.ts',
  'bin/check/wait.test.ts',
  'test/suites/b-dlv-deletion.test.ts',
  'test/suites/b-dlv-delete-freedoms.test.ts',
  'test/suites/b-job-second-account-progress.test.ts',
  'test/suites/b-job-other-packages-start.test.ts',
  'test/suites/b-iso.test.ts',
  'test/suites/lagging-lists.test.ts',
  'test/suites/b-job-stopped.test.ts',
  'test/suites/a-keys-unused-key-lagging-list.test.ts',
  'test/suites/b-job-watch-scheduled-notices.test.ts',
  'test/suites/b-job-stop-while-running.test.ts',
  'test/suites/b-hdr-mark-other-spellings.test.ts',
  'test/suites/a-key-expiry-field.test.ts',
  'test/suites/a-keys-minimal-create.test.ts',
  'test/suites/a-keys-past-expiry-shown-otherwise.test.ts',
  'test/suites/b-job-watch-ended.test.ts',
  'test/suites/b-extension-list-items.test.ts',
  'test/suites/b-hdr-mark-control.test.ts',
  'test/suites/b-job-terminated-cluster.test.ts',
  'test/suites/b-ntf-member-mark.test.ts',
  'test/suites/b-job-watch-twice.test.ts',
  'test/suites/b-schema-member-job.test.ts',
];

/** `first` and `then` merged, each list's files spread evenly over the other's, in their own order, `first`'s first. */
function interleaved(first: readonly string[], then: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < then.length) {
    // The list further behind, as a fraction of its length, goes next.
    if (j >= then.length || (i < first.length && i / first.length <= j / then.length)) out.push(first[i++]!);
    else out.push(then[j++]!);
  }
  return out;
}

/**
 * The two longest computing files first (one per core), then the rest of `computing` and
 * `waiting` interleaved (the workers after the first two start on waiting files), then the timed files with
 * room, the longest first, two at a time.
 */
export const slowest = [
  ...computing.slice(0, 2),
  ...interleaved(computing.slice(2), waiting),
  'test/suites/degenerate-targets.test.ts',
  'test/embedded-close.test.ts',
];

// Two workers more than there are cores. Vitest's default is cores - 1, one on a 2-core machine,
// which left the second core to the child processes alone: 414 s of tests against 263 s with two.
// The files wait too (for child processes, sockets, a target's delays, the run's own timers),
// and the extra workers fill those waits. Measured on 2 cores, the whole npm test, slow files
// first (2026-12-03): 533 s with three workers (cores + 1, the CPU about 70 % busy), 455 s with
// four, 517 s with five (and one file's burst, bounded in wall time, then fell short under the
// load). Earlier, with fewer files that wait in real time, four had been slower than three.
// Again on a machine about 1.3 times slower (2026-12-03, 3,955 tests): 556 and 596 s with four,
// 563 s with five, no gain beyond the spread of one machine's runs: four kept.
const PARALLEL_WORKERS = availableParallelism() + 2;

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The checkout compiled once for the disco processes tests start (test/support/test-build.ts).
    globalSetup: ['./test/support/test-build-setup.ts'],
    sequence: { sequencer: slowFirstSequencer(slowest) },
    reporters: ['default', './test/support/plain-summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'parallel', include, exclude: [...timed, ...timedWithRoom, ...ownModules], isolate: false, maxWorkers: PARALLEL_WORKERS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'own-modules', include: ownModules, maxWorkers: PARALLEL_WORKERS, sequence: { groupOrder: 0 } } },
      // The timed files share a module cache too (isolate: false): a fresh one per file cost the
      // tail about 3 s of its 43 (a fork and its imports per file), one core idle meanwhile.
      { extends: true, test: { name: 'timed-with-room', include: timedWithRoom, isolate: false, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'timed', include: timed, isolate: false, fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});
