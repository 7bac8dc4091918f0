import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { slowFirstSequencer, type TestOrder, type Timed } from './test/support/slow-first-sequencer.ts';

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

// The order files start in, within each project (test/support/slow-first-sequencer.ts), with
// about the seconds each took in a whole npm test on a 2-core machine (2026-12-03; only the
// proportions matter, the order needs no precision). Vitest knows durations only from a cache
// under node_modules, which a fresh checkout (CI) has not: it then starts the largest files
// first, and the whole-suite runs, small files, started last and left one worker busy after the
// others were done (478 s against 432 s for all of npm test's tests, three workers each time).
// A file that runs the whole suite, or takes more than about 5 s, belongs in `computing` or
// `waiting` (docs/extending.md).
//
// The two longest start first, one per core; in the timed-with-room group, its two longest.
const first = ['test/alt-conventions.test.ts', 'test/spec-neutral-gateway.test.ts', 'test/suites/degenerate-targets.test.ts', 'test/embedded-close.test.ts'];

// Those that keep a core busy (whole runs, fault proofs, processes, tsc), longest first: after
// `first`, before the files named nowhere.
const computing: Timed[] = [
  ['test/mutated-bodies.test.ts', 75],
  ['test/faults-a.test.ts', 72],
  ['test/cli.test.ts', 71],
  ['test/faults-b.test.ts', 66],
  ['test/faultless.test.ts', 63],
  ['test/report-consistency.test.ts', 57],
  ['test/mutated-queries.test.ts', 31],
  ['test/per-account-ids.test.ts', 24],
  ['test/package.test.ts', 24],
  ['test/serve-tls.test.ts', 16],
  ['test/har.test.ts', 16],
  ['test/check-plan.test.ts', 15],
  ['test/persistence.test.ts', 14],
  ['test/bench-baselines.test.ts', 11],
  ['suites/lib/arbitraries/key-pairs.test.ts', 11],
  ['test/typecheck.test.ts', 10],
  ['test/openapi.test.ts', 10],
  ['test/suites/a-err-every-level.test.ts', 10],
  ['test/mutual-tls.test.ts', 8],
  ['test/serve-command.test.ts', 5],
  ['test/simulator-robustness.test.ts', 5],
  ['test/journal.test.ts', 4],
  ['test/cli-bad-input.test.ts', 4],
];

// Those that mostly wait in real time (jobs paced in real time on the alt conventions, keys
// expiring, a jittery target's delays for the timing oracle), longest first: a core's worth of
// them at a time costs the computing files almost nothing. Listed after all of those, they ran
// together, three workers waiting at once, and the cores sat 70 to 90 % idle for about 65 s of a
// 442 s run. Spread evenly over the computing files by count (388 s then), they outnumbered the
// computing files' last ones and ran together again, with the files they were not spread over
// after them: two stretches of 15 to 45 s at 10 to 60 % of the cores (504 s, 2026-12-03). Now
// they are spread over every other file by their seconds.
const waiting: Timed[] = [
  ['test/suites/b-job-watch-notified.test.ts', 54],
  ['test/suites/b-dlv-delete-freedoms.test.ts', 35],
  ['test/suites/a-minimal-target.test.ts', 33],
  ['test/suites/a-keys-past-expiry-shown-otherwise.test.ts', 24],
  ['test/suites/b-job-watch-worded.test.ts', 22],
  ['test/suites/a-keys-expiry-offsets.test.ts', 21],
  ['test/suites/b-job-second-account-progress.test.ts', 19],
  ['test/suites/a-spec-profile.test.ts', 17],
  ['test/suites/b-job-watch-failing-ended-unseen.test.ts', 17],
  ['test/suites/b-spec-only-target.test.ts', 14],
  ['test/suites/a-enum-later-states.test.ts', 14],
  ['test/suites/b-job-watch-second-account.test.ts', 14],
  ['test/suites/a-timing-other-operations.test.ts', 13],
  ['test/suites/audit28-freedoms.test.ts', 13],
  ['test/suites/a-timing-non-admin-key.test.ts', 13],
  ['test/suites/a-keys-lapsed-refusal-names-key.test.ts', 12],
  ['test/suites/a-keys-past-expiry.test.ts', 12],
  ['test/suites/b-job-watcher-shapes.test.ts', 12],
  ['test/suites/b-iso.test.ts', 12],
  ['test/suites/a-enum-same-name-stop.test.ts', 11],
  ['test/suites/b-ntf-mark.test.ts', 11],
  ['test/suites/audit29-freedoms.test.ts', 10],
  ['test/suites/b-job-include-wrapped.test.ts', 10],
  ['test/suites/b-dlv-read-after-delete.test.ts', 10],
  ['test/suites/a-timing-lived-on.test.ts', 10],
  ['test/suites/b-job-poll-alone.test.ts', 9],
  ['test/suites/b-job-beyond-fixtures.test.ts', 9],
  ['test/suites/a-keys-dead-key-pipeline-writes.test.ts', 9],
  ['test/suites/b-job-watch-digest.test.ts', 9],
  ['bin/check/wait.test.ts', 9],
  ['test/suites/a-keys-expiry-every-account.test.ts', 9],
  ['test/suites/b-ntf-member-mark.test.ts', 9],
  ['test/suites/b-job-member-and-include-reads.test.ts', 8],
  ['test/suites/b-job-lifecycle-poll-freedoms.test.ts', 7],
  ['test/suites/b-job-create-starts-narrow-views.test.ts', 7],
  ['test/suites/lagging-lists.test.ts', 7],
  ['test/suites/b-job-watch-second-account-freedoms.test.ts', 7],
  ['test/suites/b-job-member-started-progress.test.ts', 6],
  ['test/suites/b-job-second-account-starts.test.ts', 6],
  ['test/suites/b-job-other-packages-start.test.ts', 6],
  ['test/suites/b-job-stopped.test.ts', 6],
  ['test/suites/b-dlv-deletion.test.ts', 6],
  ['test/suites/b-hdr-mark-other-spellings.test.ts', 6],
  ['test/suites/b-conn-group-same-name-member.test.ts', 6],
  ['test/suites/a-keys-unused-key-lagging-list.test.ts', 5],
  ['test/suites/b-job-watch-scheduled-notices.test.ts', 5],
  ['test/suites/b-auth-rotation-unnamed-user-and-role-reads.test.ts', 5],
  ['test/suites/b-extension-list-items.test.ts', 5],
  ['test/suites/b-schema-completed-job-outputs.test.ts', 5],
  ['test/suites/b-job-second-account-refused.test.ts', 5],
  ['test/suites/b-auth-rotation-by-id-and-formats.test.ts', 5],
  ['test/suites/a-err-deployed-refuses-changes.test.ts', 5],
  ['test/suites/b-job-stop-while-running.test.ts', 5],
  ['test/suites/b-hook-reset-salt-freedoms.test.ts', 5],
  ['test/suites/a-key-expiry-field.test.ts', 4],
  ['test/suites/a-keys-minimal-create.test.ts', 4],
  ['test/suites/b-hdr-mark-control.test.ts', 4],
  ['test/suites/b-job-watch-ended.test.ts', 4],
  ['test/suites/b-job-terminated-cluster.test.ts', 3],
  ['test/suites/b-schema-member-job.test.ts', 3],
  ['test/suites/b-job-watch-twice.test.ts', 3],
];

/** The order of every project's files: see test/support/slow-first-sequencer.ts. A file named nowhere takes about a second. */
export const testOrder: TestOrder = { first, computing, waiting, unlistedSeconds: 1 };

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
    sequence: { sequencer: slowFirstSequencer(testOrder) },
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
