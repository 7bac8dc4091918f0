import type { Links, Sim } from '../context.ts';
import type { AccountState } from '../store.ts';
import type { Job, JobStatus } from './jobs/types.ts';
import { emitEvent } from './events.ts';
import { linksAt } from '../http/links.ts';
import { notify } from './notifications/model.ts';
import { jobStatusAt, type JobState } from './jobs/lifecycle.ts';
import { jobWatchers } from './jobs/model.ts';
import { presentJob } from './jobs/present.ts';
import { dueJobs, nextDueAt } from './jobs/unsettled.ts';

/**
 * Runs before every authenticated interface B request on `account`, and without one when a job's
 * end comes (settle-timer.ts): each job that has reached a terminal status since it was last
 * asked notifies its watchers and fires its hook event (`job.completed`, `job.failed` or
 * `job.stopped`), exactly once. Lifecycles are worked out from the clock, so this is where their
 * consequences happen; it takes only the jobs whose end has come, from a queue ordered by that
 * moment (jobs/unsettled.ts), so its cost does not grow with live jobs.
 *
 * `links` gives the hook payload its absolute URLs: a request's, remembered for settling without
 * one; with none seen yet, they are built on a loopback origin. With `limit`, at most that many
 * jobs are settled; returns whether more are due.
 */
export function settleAccount(sim: Sim, account: AccountState, links?: Links, limit = Number.POSITIVE_INFINITY): boolean {
  if (links && linksSeen.get(account)?.origin !== links.origin) linksSeen.set(account, links);
  const used = links ?? linksSeen.get(account) ?? fallbackLinks(account);
  const now = sim.clock.now();
  const due = dueJobs(account, now, limit);
  for (const job of due) {
    const state = jobStatusAt(job, now);
    job.settled = true;
    sim.touched?.add(account);
    announce(sim, account, job, state, used);
  }
  return due.length === limit && nextDueAt(account) <= now;
}

/** The links of the last request that settled each account: a job settled without one uses them. */
const linksSeen = new WeakMap<AccountState, Links>();

function announce(sim: Sim, account: AccountState, job: Job, state: JobState, links: Links): void {
  const event = `job.${state.status}`;
  const packageName = account.packages.get(job.packageId)?.name ?? `package ${job.packageId}`;
  const message = `Job ${job.id} (${packageName}) ${verb(state.status)}`;
  const at = state.completedAt ?? state.failedAt ?? state.stoppedAt ?? sim.clock.now();
  for (const { user, home } of jobWatchers(sim, account, job)) {
    notify(sim, home, user.id, event, message, job.id, at);
    sim.touched?.add(home);
  }
  emitEvent(sim, account, event, presentJob(sim, account, job, links));
}

function verb(status: JobStatus): string {
  return status === 'completed' ? 'completed successfully' : status === 'failed' ? 'failed' : 'was stopped';
}

function fallbackLinks(account: AccountState): Links {
  return linksAt('http://127.0.0.1', account.slug);
}
