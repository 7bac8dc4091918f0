import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FAILURE_POINT, PHASE_MS, TRANSITIONS, isTerminal, jobStatusAt, jobTimeline, type LifecycleInput } from './lifecycle.ts';
import { JOB_STATUSES, type JobStatus } from './types.ts';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const S = 1000;

function job(overrides: Partial<LifecycleInput> = {}): LifecycleInput {
  return { createdAt: T0, submittedAt: T0, outcome: 'completed', stopRequestedAt: null, ...overrides };
}

/** Every status reachable from `from` in zero or more moves. */
function reachable(from: JobStatus): Set<JobStatus> {
  const seen = new Set<JobStatus>([from]);
  const queue: JobStatus[] = [from];
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    for (const next of TRANSITIONS[s]) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

describe('job lifecycle (derived from timestamps)', () => {
  it('moves pending -> queued -> running -> completed on the documented phase durations', () => {
    const at = (seconds: number) => jobStatusAt(job(), T0 + seconds * S);
    expect(at(0)).toEqual({ status: 'pending', progress: 0, startedAt: null, completedAt: null, failedAt: null, stoppedAt: null, updatedAt: T0, runtimeSeconds: 0 });
    expect(at(1.999).status).toBe('pending');
    expect(at(2)).toMatchObject({ status: 'queued', updatedAt: T0 + 2 * S, progress: 0 });
    expect(at(5)).toMatchObject({ status: 'running', startedAt: T0 + 5 * S, progress: 0, runtimeSeconds: 0 });
    expect(at(20)).toMatchObject({ status: 'running', progress: 0.5, runtimeSeconds: 15, updatedAt: T0 + 5 * S });
    expect(at(34.999).progress).toBeLessThan(1);
    expect(at(35)).toEqual({
      status: 'completed',
      progress: 1,
      startedAt: T0 + 5 * S,
      completedAt: T0 + 35 * S,
      failedAt: null,
      stoppedAt: null,
      updatedAt: T0 + 35 * S,
      runtimeSeconds: 30,
    });
    expect(at(3600)).toEqual(at(35));
  });

  it('fails a failing package partway through its run and freezes progress there', () => {
    const failing = job({ outcome: 'failed' });
    const failAt = 5 + (PHASE_MS.running / S) * FAILURE_POINT;
    expect(jobStatusAt(failing, T0 + (failAt - 0.001) * S).status).toBe('running');
    const failed = jobStatusAt(failing, T0 + failAt * S);
    expect(failed).toMatchObject({ status: 'failed', progress: FAILURE_POINT, failedAt: T0 + failAt * S, completedAt: null, runtimeSeconds: 18 });
    expect(jobStatusAt(failing, T0 + 999 * S)).toEqual(failed);
  });

  it('stops through pending_stoppage and stopping, freezing progress at the stop request', () => {
    const stopped = job({ stopRequestedAt: T0 + 11 * S });
    expect(jobStatusAt(stopped, T0 + 10 * S)).toMatchObject({ status: 'running', progress: 0.166 });
    expect(jobStatusAt(stopped, T0 + 11 * S)).toMatchObject({ status: 'pending_stoppage', progress: 0.2, updatedAt: T0 + 11 * S });
    expect(jobStatusAt(stopped, T0 + 13 * S)).toMatchObject({ status: 'stopping', progress: 0.2 });
    expect(jobStatusAt(stopped, T0 + 16 * S)).toMatchObject({ status: 'stopped', progress: 0.2, stoppedAt: T0 + 16 * S, runtimeSeconds: 6, startedAt: T0 + 5 * S });
    expect(jobStatusAt(stopped, T0 + 100 * S).status).toBe('stopped');
  });

  it('stops a job that never ran without a start time', () => {
    const early = job({ stopRequestedAt: T0 + 1 * S });
    expect(jobStatusAt(early, T0 + 60 * S)).toMatchObject({ status: 'stopped', progress: 0, startedAt: null, runtimeSeconds: 0 });
  });

  it('keeps a job that was never started idle until stopped', () => {
    const idle = job({ submittedAt: null });
    expect(jobStatusAt(idle, T0 + 3600 * S)).toMatchObject({ status: 'idle', progress: 0, updatedAt: T0 });
    expect(jobStatusAt({ ...idle, stopRequestedAt: T0 + 10 * S }, T0 + 20 * S).status).toBe('stopped');
  });

  it('ignores a stop recorded after the run ended', () => {
    const late = job({ stopRequestedAt: T0 + 50 * S });
    expect(jobStatusAt(late, T0 + 60 * S)).toEqual(jobStatusAt(job(), T0 + 60 * S));
  });

  it('a pace scales every phase: at 0.1 the whole run takes 3.5 s and progress moves ten times faster', () => {
    const fast = job({ pace: 0.1 });
    expect(jobStatusAt(fast, T0 + 0.4 * S).status).toBe('queued');
    expect(jobStatusAt(fast, T0 + 2 * S)).toMatchObject({ status: 'running', progress: 0.5, startedAt: T0 + 0.5 * S, runtimeSeconds: 1 });
    expect(jobStatusAt(fast, T0 + 3.5 * S)).toMatchObject({ status: 'completed', progress: 1, completedAt: T0 + 3.5 * S });
    const stopped = job({ pace: 0.1, stopRequestedAt: T0 + 1 * S });
    expect(jobStatusAt(stopped, T0 + 1.5 * S).status).toBe('stopped');
    expect(jobStatusAt(job(), T0 + 3.5 * S).status).toBe('queued');
  });

  it('lists only allowed moves in every timeline', () => {
    for (const outcome of ['completed', 'failed'] as const) {
      for (const stopAt of [null, 0, 3, 5, 12, 40]) {
        const timeline = jobTimeline(job({ outcome, stopRequestedAt: stopAt === null ? null : T0 + stopAt * S }));
        expect(timeline.length, `${outcome}, stop at ${String(stopAt)}`).toBeGreaterThan(1);
        for (let i = 1; i < timeline.length; i++) {
          const [a, b] = [timeline[i - 1], timeline[i]];
          expect(TRANSITIONS[a?.status ?? 'idle']).toContain(b?.status);
          expect(b?.at).toBeGreaterThanOrEqual(a?.at ?? 0);
        }
      }
    }
  });

  it('property: under any clock advances and stop requests, status stays in the enum, moves only as allowed, and progress never decreases', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('advance' as const), ms: fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 60_000 })) }),
      fc.record({ kind: fc.constant('stop' as const) }),
    );
    const property = fc.property(
      fc.constantFrom<'completed' | 'failed'>('completed', 'failed'),
      fc.boolean(),
      fc.array(step, { maxLength: 40 }),
      (outcome, started, steps) => {
        const subject: LifecycleInput = job({ outcome, submittedAt: started ? T0 : null });
        let now = T0;
        let previous = jobStatusAt(subject, now);
        for (const s of steps) {
          if (s.kind === 'advance') now += s.ms;
          // What stopJob does: record a stop only on a live job that is not already stopping.
          else if (subject.stopRequestedAt === null && !isTerminal(jobStatusAt(subject, now).status)) subject.stopRequestedAt = now;
          const state = jobStatusAt(subject, now);
          expect(JOB_STATUSES).toContain(state.status);
          expect(reachable(previous.status).has(state.status)).toBe(true);
          expect(state.progress).toBeGreaterThanOrEqual(previous.progress);
          expect(state.progress).toBeGreaterThanOrEqual(0);
          expect(state.progress).toBeLessThanOrEqual(1);
          expect(state.progress === 1).toBe(state.status === 'completed');
          expect(state.runtimeSeconds).toBeGreaterThanOrEqual(previous.runtimeSeconds);
          expect(state.updatedAt).toBeLessThanOrEqual(now);
          if (isTerminal(previous.status)) expect(state).toEqual(previous);
          previous = state;
        }
      },
    );
    fc.assert(property, { seed: 42, numRuns: 300 });
  });
});
