import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import type { Job } from './types.ts';
import { isTerminal, jobStatusAt, type JobState } from './lifecycle.ts';
import { endedLongAgo, makerOf, presentJob } from './present.ts';
import { creatorName as creatorNameOf } from '../shared/creator.ts';
import { jsonArrayBytes, recentJsonArraysBy } from '../../http/json-array.ts';

/**
 * A job's JSON bytes, kept for `GET /jobs` and `GET /jobs/{id}`: a page of 100 finished jobs is
 * 145 KB, and presenting and serialising it per request made the list the slowest read (0.03 x a
 * bare server), and a client polls a job until it finishes. Kept bytes are reused only when everything `presentJob` reads is as it was: where the
 * job stands now (a running job moves on with the clock; a finished one stays, but for whether it
 * ended a day ago, which a fault reads), the names of its
 * package, cluster and creator (a user or a schedule; all renameable), the links of the request (its Host) and the
 * active faults. The job's own fields and the simulator's conventions are fixed once made, but
 * for a stop request (compared, with the state it changes). wire.test.ts holds the bytes equal to a
 * fresh serialisation through random renames, faults, clock moves, stops and hosts.
 */
interface Kept {
  state: JobState;
  /** The job's stop request when `state` was worked out: a later one changes the state. */
  stopRequestedAt: number | null;
  packageName: string | undefined;
  /** The package's status: an archived package's job reads otherwise under two faults (present.ts). */
  packageStatus: string | undefined;
  clusterName: string | undefined;
  creatorName: string;
  /** Whether the job had ended more than a day before (present.ts endedLongAgo): a finished job's bytes change once, when it turns. */
  longEnded: boolean;
  api: string;
  html: string;
  faultsVersion: number;
  bytes: Buffer;
}

/** Per account, at most this many jobs' bytes (about 1.5 KB each for a finished job with outputs); the bytes made longest ago go first. */
export const KEPT_JOBS_PER_ACCOUNT = 4096;

const keptByAccount = new WeakMap<AccountState, Map<Job, Kept>>(); // account -> job -> its kept bytes

const recentPages = recentJsonArraysBy<AccountState>();

/** A page of jobs as the JSON array `GET /jobs` answers, from each job's kept bytes. */
export function jobsPageBytes(sim: Sim, account: AccountState, jobs: readonly Job[], links: Links): Buffer {
  // b-job-list-progress-percent: the list's own view of a job, its progress in percent as a
  // dashboard's job table shows it; a job read alone keeps its kept bytes, 0 to 1.
  // b-job-list-status-label: the same view with each status as a display label ("Pending
  // stoppage"), as a job table's column shows it.
  const percent = sim.faults.has('b-job-list-progress-percent');
  // b-job-list-later-accounts-status-label: every account but the first made is listed from the reporting shard, whose status column holds the labels.
  const labels = sim.faults.has('b-job-list-status-label') || (sim.faults.has('b-job-list-later-accounts-status-label') && account !== sim.store.firstAccount());
  if (percent || labels) {
    return jsonArrayBytes(jobs.map((job) => {
      const shown = presentJob(sim, account, job, links);
      return Buffer.from(JSON.stringify({ ...shown, ...(percent ? { progress: Number(shown.progress) * 100 } : {}), ...(labels ? { status: statusLabel(String(shown.status)) } : {}) }));
    }));
  }
  return recentPages(account).bytes(jobs.map((job) => jobJsonBytes(sim, account, job, links)));
}

export function jobJsonBytes(sim: Sim, account: AccountState, job: Job, links: Links): Buffer {
  let kept = keptByAccount.get(account);
  if (!kept) keptByAccount.set(account, (kept = new Map()));
  const old = kept.get(job);
  const now = sim.clock.now();
  // A finished job stays as it finished, so its kept state holds from that moment on (working it
  // out again was about half of what a page of finished jobs cost). Unless it was stopped since:
  // a clock that stepped back (the host's can) made it unfinished again for a while.
  const finished = old && isTerminal(old.state.status) && now >= old.state.updatedAt && old.stopRequestedAt === job.stopRequestedAt;
  const state = finished ? old.state : jobStatusAt(job, now);
  const packageName = account.packages.get(job.packageId)?.name;
  const packageStatus = account.packages.get(job.packageId)?.status;
  const clusterName = account.clusters.get(job.clusterId)?.name;
  const creatorName = creatorNameOf(account, makerOf(job));
  const longEnded = endedLongAgo(state, now);
  if (
    old &&
    sameState(old.state, state) &&
    old.packageName === packageName &&
    old.packageStatus === packageStatus &&
    old.clusterName === clusterName &&
    old.creatorName === creatorName &&
    old.longEnded === longEnded &&
    old.api === links.api &&
    old.html === links.html &&
    old.faultsVersion === sim.faults.version
  ) {
    return old.bytes;
  }
  const bytes = Buffer.from(JSON.stringify(presentJob(sim, account, job, links, state)));
  // Made again, it goes to the back of the line: the first out are the bytes made longest ago.
  kept.delete(job);
  if (kept.size >= KEPT_JOBS_PER_ACCOUNT) kept.delete(kept.keys().next().value!);
  kept.set(job, { state, stopRequestedAt: job.stopRequestedAt, packageName, packageStatus, clusterName, creatorName, longEnded, api: links.api, html: links.html, faultsVersion: sim.faults.version, bytes });
  return bytes;
}

const STATE_FIELDS = ['status', 'progress', 'startedAt', 'completedAt', 'failedAt', 'stoppedAt', 'updatedAt', 'runtimeSeconds'] as const;
// A field added to JobState and not to STATE_FIELDS fails to compile here, instead of serving stale bytes.
const everyStateField: [Exclude<keyof JobState, (typeof STATE_FIELDS)[number]>] extends [never] ? true : never = true;
void everyStateField;

function sameState(a: JobState, b: JobState): boolean {
  return STATE_FIELDS.every((field) => a[field] === b[field]);
}

/** How many jobs' bytes the account keeps (for the tests of the bound). */
export function keptJobCount(account: AccountState): number {
  return keptByAccount.get(account)?.size ?? 0;
}

/** "pending_stoppage" as a table's column shows it: "Pending stoppage". */
function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
