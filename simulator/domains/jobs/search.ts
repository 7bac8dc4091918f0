import type { AccountState } from '../../store.ts';
import type { Searchable } from '../shared/search-routes.ts';
import type { Job } from './types.ts';
import { endedAt } from './lifecycle.ts';
import { logSummary, presentJob } from './present.ts';
import { jobListingAt } from './order.ts';

/** `GET /jobs/search`: the attributes of the real docs (sections/search-jobs.md), where the jobs stand now. */
export const JOB_SEARCH: Searchable<Job> = {
  items: (account) => account.jobs.values(),
  spec(sim, account) {
    // Where each job stands now, worked out once per job, as the job list does.
    const state = jobListingAt(sim.clock.now()).stateOf;
    const packageName = (job: Job) => account.packages.get(job.packageId)?.name;
    return {
      fields: {
        id: { kind: 'number', value: (j) => j.id },
        started: { kind: 'date', value: (j) => state(j).startedAt },
        finished: { kind: 'date', value: (j) => endedAt(state(j)) },
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
  sorts: (sim) => ({ ...jobListingAt(sim.clock.now()).sorts.keys, id: (j) => j.id }),
  direction: 'asc',
  present: (sim, account, job, links) => {
    const shown = presentJob(sim, account, job, links);
    // b-job-search-index-status-words: hits are the search index's documents, which keep the status in the index's own words.
    if (!sim.faults.has('b-job-search-index-status-words')) return shown;
    const status = String(shown.status);
    return { ...shown, status: Object.hasOwn(INDEX_STATUS_WORDS, status) ? INDEX_STATUS_WORDS[status] : status };
  },
};

/** b-job-search-index-status-words: the search index's words for two of the nine statuses. */
const INDEX_STATUS_WORDS: Readonly<Record<string, string>> = { running: 'in_progress', completed: 'succeeded' };

function ownerOf(account: AccountState, job: Job): (string | undefined)[] {
  const owner = account.users.get(job.ownerId);
  return [owner?.name, owner?.email];
}
