import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * The spec gives notifications no fields, count or grouping (section 2; section 6 only says the
 * watch subscribes the caller to the job's notifications). A deployment may word a watcher's
 * notice of another user's job without the job ("A job you watch was stopped"), or batch them
 * into one digest naming each job: the watcher was notified. b-job/watch failed B-JOB-5 on both
 * (the twentieth freedom audit's v1 and v2): watchEnds' judge read a watcher's notices naming no
 * job as "none reached it", and readInbox threw away a notice naming more than one of the jobs.
 * A watcher who gets nothing still fails (b-watch-listed-not-notified, b-watch-subscribes-owner).
 */

type N = Record<string, unknown>;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const jobOf = (n: N) => (typeof n.message === 'string' ? Number(/^Job (\d+) /.exec(n.message)?.[1] ?? NaN) : NaN);

/** A front rewriting member_api_key's notices of jobs other users made (`watched`), its own jobs' left as they are. */
function watcherFront(mode: 'unnamed' | 'batched') {
  const state = { member: undefined as string | undefined, memberJobs: new Set<number>() };
  const front = rewriting((req, reply) => {
    const url = req.url ?? '';
    if (req.method === 'POST' && /\/api\/jobs$/.test(url) && req.headers.authorization === state.member && reply.status < 300) {
      state.memberJobs.add(Number((JSON.parse(reply.body) as N).id));
      return undefined;
    }
    if (req.method !== 'GET' || reply.status !== 200 || !/\/api\/notifications(\?|$)/.test(url) || req.headers.authorization !== state.member) return undefined;
    const items = JSON.parse(reply.body) as N[];
    if (!Array.isArray(items)) return undefined;
    const watched = (n: N) => Number.isFinite(jobOf(n)) && !state.memberJobs.has(jobOf(n));
    if (mode === 'unnamed') {
      return { body: JSON.stringify(items.map((n) => (watched(n) ? { ...n, message: `A job you watch ${String(n.message).replace(/^Job \d+ \([^)]*\) /, '')}` } : n))) };
    }
    // Held until there are two, then shown as one digest naming each job.
    const w = items.filter(watched);
    const rest = items.filter((n) => !watched(n));
    if (w.length < 2) return { body: JSON.stringify(rest) };
    const digest = { ...w[0]!, title: 'Jobs you watch', message: `Jobs you watch ended: ${w.map((n) => String(n.message)).join('; ')}` };
    return { body: JSON.stringify([digest, ...rest]) };
  });
  const retarget = (target: ResolvedTarget) => {
    const key = target.b[0]?.memberApiKey;
    if (key !== undefined) state.member = basic(key);
    return target;
  };
  return { front, retarget };
}

async function watchCheck(mode: 'unnamed' | 'batched') {
  const { front, retarget } = watcherFront(mode);
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/watch'], profile: 'spec', seed: 7, runs: 3, front, retarget });
  return run.checks.find((c) => c.id === 'b-job/watch')!;
}

describe.concurrent('b-job/watch against a deployment wording or grouping a watcher\'s notices otherwise', () => {
  it('a watcher\'s notice of another user\'s job names no job ("A job you watch was stopped"): not failed, the end left unjudged and noted', { timeout: 120_000 }, async () => {
    const check = await watchCheck('unnamed');
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`), describeChecks([check])).toEqual([]);
    const told = [...check.notes, ...(check.partial ?? []).map((p) => p.reason)].join('\n');
    expect(told).toMatch(/member_api_key's user \([^)]*\): \d+ new notification\(s\) naming no job came by job \d+'s end/);
  });

  it('watched jobs\' notices batched into one digest naming each job: each job it names is taken as notified', { timeout: 120_000 }, async () => {
    const check = await watchCheck('batched');
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`), describeChecks([check])).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/member_api_key's user \([^)]*\) was notified about job \d+, which it watches through POST \/jobs\/\d+\/watchers while it ran, at its end \(last seen \w+\): a new notification naming it by its text "Jobs you watch ended.*, one notification naming \d+ of the jobs/);
  });
});
