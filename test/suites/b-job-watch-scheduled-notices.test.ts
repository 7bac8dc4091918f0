import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * b-job/watch-scheduled-run (control API only) against a deployment whose scheduler notifies a
 * run's watchers in its own way: wording the notice by the schedule, with no job id, or posting it
 * a moment (2 s real time) after the run ended, from a queue. Both are conformant (the spec gives
 * notifications no fields and sets no delay) and both failed B-JOB-5 (the twentieth freedom
 * audit's v5 and v6): the check read the inbox once, and took "no notice names the run" for
 * "none reached the watcher". It now polls the inbox for as long as the target document gives
 * (job_start_seconds), and leaves the run unjudged, with the reason, where a new notice names no
 * job. A watcher who gets nothing still fails (b-scheduled-run-notifies-schedule-owner-only).
 */

type N = Record<string, unknown>;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const jobOf = (n: N) => (typeof n.message === 'string' ? Number(/^Job (\d+) /.exec(n.message)?.[1] ?? NaN) : NaN);

function scheduledFront(mode: 'unnamed' | 'late') {
  const state = { member: undefined as string | undefined, scheduled: new Set<number>(), firstSeen: new Map<number, number>() };
  const front = rewriting((req, reply) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && /\/api\/jobs(\?|$)/.test(url) && reply.status === 200) {
      for (const j of JSON.parse(reply.body) as N[]) if (String((j.creator as N | undefined)?.type).toLowerCase() === 'schedule') state.scheduled.add(Number(j.id));
      return undefined;
    }
    if (req.method !== 'GET' || reply.status !== 200 || !/\/api\/notifications(\?|$)/.test(url) || req.headers.authorization !== state.member) return undefined;
    const items = JSON.parse(reply.body) as N[];
    const ofRun = (n: N) => state.scheduled.has(jobOf(n));
    if (mode === 'unnamed') {
      // "The scheduled run of orders-daily completed".
      return { body: JSON.stringify(items.map((n) => (ofRun(n) ? { ...n, message: String(n.message).replace(/^Job \d+ \(([^)]*)\)/, 'The scheduled run of $1') } : n))) };
    }
    // A run's notices shown 2 s (real time) after they were first there.
    const now = Date.now();
    return {
      body: JSON.stringify(items.filter((n) => {
        if (!ofRun(n)) return true;
        const id = Number(n.id);
        if (!state.firstSeen.has(id)) state.firstSeen.set(id, now);
        return now - state.firstSeen.get(id)! >= 2_000;
      })),
    };
  });
  const retarget = (target: ResolvedTarget) => {
    const key = target.b[0]?.memberApiKey;
    if (key !== undefined) state.member = basic(key);
    return target;
  };
  return { front, retarget };
}

async function scheduledCheck(mode: 'unnamed' | 'late') {
  const { front, retarget } = scheduledFront(mode);
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/watch-scheduled-run'], profile: 'spec', seed: 7, runs: 3, front, retarget });
  return run.checks.find((c) => c.id === 'b-job/watch-scheduled-run')!;
}

describe.concurrent('b-job/watch-scheduled-run against a scheduler notifying a run\'s watchers its own way', () => {
  it('the run\'s notice worded by its schedule, with no job id: not failed, left unjudged with the reason', { timeout: 120_000 }, async () => {
    const check = await scheduledCheck('unnamed');
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`), describeChecks([check])).toEqual([]);
    expect(`${check.reason ?? ''}\n${check.notes.join('\n')}`).toMatch(/new notification\(s\) naming no job/);
  });

  it('the run\'s notice shown 2 s (real time) after the run ended: the inbox is read again until it shows, and the watch verified', { timeout: 120_000 }, async () => {
    const check = await scheduledCheck('late');
    expect([check.verdict, check.failures.map((f) => `${f.clause}: ${f.message}`)], describeChecks([check])).toEqual(['pass', []]);
    expect(check.notes.join('\n')).toMatch(/member_api_key's user was notified about job \d+, which schedule \d+ started/);
  });
});
