import type { Links, Sim } from '../context.ts';
import type { AccountState } from '../store.ts';
import type { Job, JobStatus } from './jobs/types.ts';
import { emitEvent } from './events.ts';
import { linksAt } from '../http/links.ts';
import { notify } from './notifications/model.ts';
import { jobStatusAt, type JobState } from './jobs/lifecycle.ts';
import { jobWatchers } from './jobs/model.ts';
import { presentJob } from './jobs/present.ts';
import { dueJobs } from './jobs/unsettled.ts';

/**
 * Runs before every authenticated interface B request on `account`: each job that has reached a
 * terminal status since the last request notifies its watchers and fires its hook event
 * (`job.completed`, `job.failed` or `job.stopped`), exactly once. Lifecycles have no timers, so
 * this is where their consequences happen; it takes only the jobs whose end has come, from a
 * queue ordered by that moment (jobs/unsettled.ts), so its cost does not grow with live jobs.
 *
 * `links` gives the hook payload its absolute URLs; without it they are built on a loopback
 * origin.
 */
export function settleAccount(sim: Sim, account: AccountState, links: Links = fallbackLinks(account)): void {
  const now = sim.clock.now();
  for (const job of dueJobs(account, now)) {
    const state = jobStatusAt(job, now);
    job.settled = true;
    sim.touched?.add(account);
    announce(sim, account, job, state, links);
  }
}

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
