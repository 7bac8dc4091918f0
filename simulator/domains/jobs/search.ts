import type { AccountState } from '../../store.ts';
import type { Searchable } from '../shared/search-routes.ts';
import type { Job } from './types.ts';
import { jobStatusAt, type JobState } from './lifecycle.ts';
import { logSummary, presentJob } from './present.ts';

/** `GET /jobs/search`: the attributes of the real docs (sections/search-jobs.md), where the jobs stand now. */
export const JOB_SEARCH: Searchable<Job> = {
  items: (_sim, account) => account.jobs.values(),
  spec(sim, account) {
    const state = statesAt(sim.clock.now());
    const packageName = (job: Job) => account.packages.get(job.packageId)?.name;
    return {
      fields: {
        id: { kind: 'number', value: (j) => j.id },
        started: { kind: 'date', value: (j) => state(j).startedAt },
        finished: { kind: 'date', value: (j) => endOf(state(j)) },
        status: { kind: 'text', exact: true, values: (j) => [state(j).status] },
        duration: { kind: 'number', value: (j) => state(j).runtimeSeconds },
        package: { kind: 'text', values: (j) => [packageName(j), j.packageId] },
        log: { kind: 'text', values: (j) => [logSummary(j, packageName(j) ?? '', state(j))] },
        schedule: { kind: 'text', values: (j) => [j.createdBy ? account.schedules.get(j.createdBy.scheduleId)?.name : null] },
        user: { kind: 'text', values: (j) => ownerOf(account, j) },
      },
      freeText: (j) => [j.id, packageName(j)],
    };
  },
  sorts(sim) {
    const state = statesAt(sim.clock.now());
    return { id: (j) => j.id, updated: (j) => state(j).updatedAt, created: (j) => j.createdAt };
  },
  direction: 'asc',
  present: (sim, account, job, links) => presentJob(sim, account, job, links),
};

/** Where each job stands at `now`, worked out once per job per search. */
function statesAt(now: number): (job: Job) => JobState {
  const states = new Map<Job, JobState>();
  return (job) => {
    let s = states.get(job);
    if (!s) states.set(job, (s = jobStatusAt(job, now)));
    return s;
  };
}

function endOf(state: JobState): number | null {
  return state.completedAt ?? state.failedAt ?? state.stoppedAt;
}

function ownerOf(account: AccountState, job: Job): (string | undefined)[] {
  const owner = account.users.get(job.ownerId);
  return [owner?.name, owner?.email];
}
