import type { Sim } from '../../context.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import type { User } from '../users/types.ts';
import type { Job } from './types.ts';
import type { NewJobInput } from './input.ts';
import { ApiError, invalidField, notFound } from '../../http/errors.ts';
import { inOtherAccount, readOwn } from '../shared/foreign.ts';
import { isTerminal, jobStatusAt, type JobState } from './lifecycle.ts';
import { trackJob } from './unsettled.ts';
import { noteJobCreated } from './order.ts';

/**
 * `POST /jobs`: creates the job and starts it (B-JOB-1); the creator watches it. A cluster or
 * package that is not the caller's is not found (B-JOB-2). Simulator convention: an archived
 * package cannot run (422 naming `package_id`).
 */
export function createJob(sim: Sim, account: AccountState, creator: User, input: NewJobInput): Job {
  // b-job-cluster-id-zero-first-cluster: a falsy test takes cluster 0 for "none named", and the account's first cluster runs the job.
  if (sim.faults.has('b-job-cluster-id-zero-first-cluster') && !input.clusterId) input = { ...input, clusterId: account.clusters.keys().next().value ?? 0 };
  // b-job-negative-cluster-first-cluster: the dashboard's "any available cluster" choice is sent as -1, and a negative id is taken for it: the account's first cluster runs the job.
  if (sim.faults.has('b-job-negative-cluster-first-cluster') && input.clusterId < 0) input = { ...input, clusterId: account.clusters.keys().next().value ?? input.clusterId };
  // b-member-job-default-cluster: members do not pick clusters, so a job any user but the owner posts runs on the account's default (first) cluster, whatever cluster_id says, without looking it up.
  if (sim.faults.has('b-member-job-default-cluster') && creator.id !== accountOwner(account)?.id) input = { ...input, clusterId: account.clusters.keys().next().value ?? input.clusterId };
  // b-job-cluster-id-int32-truncated: the parsed id is cast to a 32-bit integer before the lookup.
  if (sim.faults.has('b-job-cluster-id-int32-truncated')) input = { ...input, clusterId: input.clusterId | 0 };
  // b-job-double-submit-answers-earlier-job: a double-submit guard, keyed by package and variables, runs before any lookup.
  if (sim.faults.has('b-job-double-submit-answers-earlier-job')) {
    const earlier = recentSameJob(sim, account, input);
    if (earlier) return earlier;
  }
  const pkg = account.packages.get(input.packageId);
  // b-job-inserted-before-cluster-check: the cluster is checked by the scheduler once the job is queued, so a runnable package on a missing cluster is inserted (and fails) before the request is answered not found.
  if (sim.faults.has('b-job-inserted-before-cluster-check') && pkg && pkg.status !== 'archived' && !account.clusters.has(input.clusterId)) {
    startJob(sim, account, { ownerId: creator.id, clusterId: input.clusterId, packageId: input.packageId, variables: input.variables, dynamicVariables: input.dynamicVariables, outcome: 'failed' }, sim.clock.now());
    throw notFound();
  }
  // b-job-missing-cluster-accepted-after-first-account: the cluster lookup sits behind a feature flag switched on for the first account only.
  // b-job-first-account-clusters-found-everywhere: the old shared pool (the first account's clusters) is looked in without the account.
  const pooled = sim.faults.has('b-job-first-account-clusters-found-everywhere') && account !== sim.store.firstAccount() && sim.store.firstAccount()?.clusters.has(input.clusterId) === true;
  if (!account.clusters.has(input.clusterId) && !pooled && !sim.faults.has('b-job-missing-cluster-accepted') && !(sim.faults.has('b-job-missing-cluster-accepted-after-first-account') && account !== sim.store.firstAccount())) throw notFound();
  // b-job2-dynvars-skip-lookup: dynamic variables take a template path that creates the job first and resolves the package later (the job then fails).
  if (!pkg && sim.faults.has('b-job2-dynvars-skip-lookup') && Object.keys(input.dynamicVariables).length > 0) {
    return startJob(sim, account, { ownerId: creator.id, clusterId: input.clusterId, packageId: input.packageId, variables: input.variables, dynamicVariables: input.dynamicVariables, outcome: 'failed' }, sim.clock.now());
  }
  if (!pkg) throw notFound();
  if (pkg.status === 'archived') throw invalidField('package_id', 'names an archived package, which cannot run');
  // b-job-last-run-variables-win: the package's last run's variables are merged over the posted ones (the spread order slipped).
  // b-job-variable-names-snake-cased: the body's key transform for camelCase clients walks into variables.
  const posted = sim.faults.has('b-job-variable-names-snake-cased') ? Object.fromEntries(Object.entries(input.variables).map(([name, value]) => [underscored(name), value])) : input.variables;
  const merged = sim.faults.has('b-job-last-run-variables-win') ? { ...posted, ...lastRunVariables(account, input.packageId) } : posted;
  // b-job-dotted-variables-nested: the variables written through the workflow engine's path setter.
  const expanded = sim.faults.has('b-job-dotted-variables-nested') ? expandDotted(merged) : merged;
  // b-job-variables-dropped-without-declared: the posted variables taken as overrides of the package's own, and a package that declares none has nothing to override.
  const kept = sim.faults.has('b-job-variables-dropped-without-declared') && Object.keys(pkg.variables).length === 0 ? {} : expanded;
  // b-job-numeric-variables-cast: each value through a typed parser, so one that reads as a number becomes it.
  const variables = sim.faults.has('b-job-numeric-variables-cast') ? castNumeric(kept) : kept;
  return startJob(sim, account, { ownerId: creator.id, clusterId: input.clusterId, packageId: input.packageId, variables, dynamicVariables: input.dynamicVariables, outcome: pkg.outcome }, sim.clock.now());
}

/** How far back the double-submit guard looks (b-job-double-submit-answers-earlier-job). */
const DOUBLE_SUBMIT_MS = 10_000;

/** b-job-double-submit-answers-earlier-job: the account's job of the same package and variables made in the last DOUBLE_SUBMIT_MS, if any (the cluster is not part of the key). */
function recentSameJob(sim: Sim, account: AccountState, input: NewJobInput): Job | undefined {
  const since = sim.clock.now() - DOUBLE_SUBMIT_MS;
  const same = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);
  for (const job of account.jobs.values()) {
    if (job.createdBy === undefined && job.createdAt >= since && job.packageId === input.packageId && same(job.variables, input.variables) && same(job.dynamicVariables, input.dynamicVariables)) return job;
  }
  return undefined;
}

/** b-job-last-run-variables-win: the variables of the package's latest job in the account, read from the jobs it has (no state of its own). */
function lastRunVariables(account: AccountState, packageId: number): Record<string, string> {
  let last: Job | undefined;
  for (const job of account.jobs.values()) if (job.packageId === packageId && (!last || job.createdAt >= last.createdAt)) last = job;
  return last?.variables ?? {};
}

/** b-job-numeric-variables-cast: a value of digits (an optional sign, a fraction) as the number it reads as. */
function castNumeric(variables: Record<string, string>): Record<string, string> {
  const cast = Object.entries(variables).map(([name, value]) => [name, /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value] as const);
  // The job's type says strings; the fault stores what a typed parser makes of them.
  return Object.fromEntries(cast) as unknown as Record<string, string>;
}

/** What a job is started with: by `POST /jobs`, or by a schedule's run (which also says so). */
export type JobStart = Pick<Job, 'ownerId' | 'clusterId' | 'packageId' | 'variables' | 'dynamicVariables' | 'outcome' | 'createdBy'>;

/**
 * Makes the job, started at `at` (now, or the slot a schedule ran at), its owner watching it, and
 * queues its events. A cluster a schedule made keeps the ids of the jobs put on it, so it can
 * tell when it is idle (schedules/runs.ts).
 */
export function startJob(sim: Sim, account: AccountState, start: JobStart, at: number): Job {
  const job: Job = {
    id: sim.store.nextId('job', account),
    ...start,
    createdAt: at,
    // b-job-other-cluster-not-started: only the account's first (default) cluster has a queue consumer; a POST /jobs job on another waits idle.
    // b-job-member-not-started: a POST /jobs job of any user but the account's owner waits idle for an approval that never comes.
    // b-job-later-accounts-not-started: the queue consumer is subscribed to the first account's queue only; a POST /jobs job of any other account waits idle.
    // b-job-later-package-not-started: only the account's first package has a compiled workflow; a POST /jobs job of another waits idle.
    submittedAt: sim.faults.has('b-job-not-started') || (sim.faults.has('b-job-later-package-not-started') && start.createdBy === undefined && start.packageId !== account.packages.keys().next().value) || (sim.faults.has('b-job-other-cluster-not-started') && start.createdBy === undefined && start.clusterId !== account.clusters.keys().next().value) || (sim.faults.has('b-job-member-not-started') && start.createdBy === undefined && start.ownerId !== accountOwner(account)?.id) || (sim.faults.has('b-job-later-accounts-not-started') && start.createdBy === undefined && account !== sim.store.firstAccount()) ? null : at,
    pace: sim.options.jobPace,
    stopRequestedAt: null,
    watcherIds: new Set([start.ownerId]),
    settled: false,
    announcedUntil: null,
  };
  // b-job-variables-not-stored: the record saved lost them; the job handed back (the answer) has them.
  // b-job-other-cluster-stored-on-default: the saved record takes the account's default (first) cluster; the job handed back keeps the one posted.
  const stored = sim.faults.has('b-job-other-cluster-stored-on-default') && start.createdBy === undefined ? { ...job, clusterId: account.clusters.keys().next().value ?? job.clusterId } : job;
  account.jobs.set(job.id, sim.faults.has('b-job-variables-not-stored') ? { ...stored, variables: {}, dynamicVariables: {} } : stored);
  noteJobCreated(account, job);
  const cluster = account.clusters.get(job.clusterId);
  if (cluster?.scheduleId !== undefined) (cluster.jobIds ??= []).push(job.id);
  sim.eventQueued?.(trackJob(account, job.id));
  return job;
}

/**
 * `GET /jobs/{id}/variables`: the variables the job runs with, as the real service lists them:
 * its package's defaults, overridden by the job's own variables, then by its dynamic variables,
 * as given (the simulator evaluates no expression).
 */
export function jobVariables(account: AccountState, job: Job): Record<string, string> {
  return { ...(account.packages.get(job.packageId)?.variables ?? {}), ...job.variables, ...job.dynamicVariables };
}

export function jobStateNow(sim: Sim, job: Job): JobState {
  return jobStatusAt(job, sim.clock.now());
}

/** A job read (`GET /jobs/{id}`, its watchers): the caller's job, or null. */
export function readJob(sim: Sim, account: AccountState, id: number): Job | null {
  return readOwn(sim, account, (holder) => holder.jobs.get(id));
}

/**
 * `DELETE /jobs/{id}`: asks a running job to stop. A job already terminal, or already stopping,
 * stays exactly as it is (the request is accepted and changes nothing).
 */
export function stopJob(sim: Sim, account: AccountState, id: number): Job {
  const job = account.jobs.get(id);
  if (!job) throw notFound();
  const now = sim.clock.now();
  if (job.stopRequestedAt === null && !isTerminal(jobStatusAt(job, now).status)) {
    job.stopRequestedAt = now;
    // The stop moves the job's end: queue it again at its new moment.
    sim.eventQueued?.(trackJob(account, job.id));
  }
  return job;
}

/** `POST /jobs/{id}/watchers`: subscribes the user; watching twice is watching once. */
export function watchJob(sim: Sim, account: AccountState, user: User, id: number): Job {
  const job = account.jobs.get(id) ?? foreignJobUnderFault(sim, account, id);
  if (!job) throw notFound();
  // b-watch-finished-job-refused: a job that has ended is taken to have nothing left to watch.
  if (sim.faults.has('b-watch-finished-job-refused') && isTerminal(jobStatusAt(job, sim.clock.now()).status)) throw invalidField('job_id', 'names a job that has finished: there is nothing left to watch');
  if (sim.faults.has('b-watch-subscribes-nobody')) return job;
  // b-watch-later-accounts-subscribes-nobody: the subscription is written to the first account's notification store.
  if (sim.faults.has('b-watch-later-accounts-subscribes-nobody') && account !== sim.store.firstAccount()) return job;
  // b-watch-stopping-job-refused: a stop tears down the run's notification channel first, so a job on its way to stopped takes no new watcher.
  if (sim.faults.has('b-watch-stopping-job-refused')) {
    const status = jobStatusAt(job, sim.clock.now()).status;
    if (status === 'pending_stoppage' || status === 'stopping') throw new ApiError('conflict', { message: 'The job is stopping: it takes no new watchers.' });
  }
  // b-watch-subscribes-owner: the watch is keyed to the account's owner, not to the key's user.
  const subscriber = sim.faults.has('b-watch-subscribes-owner') ? (account.ownerUserId ?? user.id) : user.id;
  job.watcherIds.add(subscriber);
  // b-watch-listed-not-notified: the watch is written with its notify flag off.
  if (sim.faults.has('b-watch-listed-not-notified')) (job.silentWatcherIds ??= new Set()).add(subscriber);
  return job;
}

/** `DELETE /jobs/{id}/watchers`: the user stops watching (not watching is no error). */
export function unwatchJob(account: AccountState, user: User, id: number): Job {
  const job = account.jobs.get(id);
  if (!job) throw notFound();
  job.watcherIds.delete(user.id);
  job.silentWatcherIds?.delete(user.id);
  return job;
}

/** The `b-foreign-watch-allowed` fault: another account's job is found by id alone (X-ISO-1). */
function foreignJobUnderFault(sim: Sim, caller: AccountState, id: number): Job | undefined {
  if (!sim.faults.has('b-foreign-watch-allowed')) return undefined;
  return inOtherAccount(sim, caller, (other) => other.jobs.get(id));
}

export interface Watcher {
  user: User;
  /** The account the user belongs to, where their notifications live. */
  home: AccountState;
}

/** The job's watchers in subscription order (the creator first). */
export function jobWatchers(sim: Sim, account: AccountState, job: Job): Watcher[] {
  const watchers: Watcher[] = [];
  for (const userId of job.watcherIds) {
    const watcher = homeOf(sim, account, userId);
    if (watcher) watchers.push(watcher);
  }
  return watchers;
}

/**
 * The watchers the job's end notifies: every one but those whose watch has notifications off, and
 * where the run took a list along when it started, only those on it (only faults write either).
 */
export function notifiedWatchers(sim: Sim, account: AccountState, job: Job): Watcher[] {
  const silent = job.silentWatcherIds;
  const taken = job.runRecipientIds;
  const watchers = silent?.size ? jobWatchers(sim, account, job).filter((w) => !silent.has(w.user.id)) : jobWatchers(sim, account, job);
  return taken ? watchers.filter((w) => taken.has(w.user.id)) : watchers;
}

function homeOf(sim: Sim, account: AccountState, userId: number): Watcher | null {
  const own = account.users.get(userId);
  if (own) return { user: own, home: account };
  // Only a foreign watcher (b-foreign-watch-allowed) lives elsewhere.
  return inOtherAccount(sim, account, (other): Watcher | undefined => {
    const user = other.users.get(userId);
    return user ? { user, home: other } : undefined;
  }) ?? null;
}

/**
 * b-job-dotted-variables-nested: variables written through a path setter (`a.b` sets b inside
 * a), as a workflow engine reads them. The nested objects are not strings: the cast is the fault's
 * (the stored job then holds what the Job type says it cannot).
 */
function expandDotted(vars: Record<string, string>): Record<string, string> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(vars)) {
    const parts = name.split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) {
      const next = at[part];
      at = (at[part] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
    }
    at[parts[parts.length - 1]!] = value;
  }
  return out as Record<string, string>;
}

/** A name as Rails' String#underscore makes it (b-job-variable-names-snake-cased): `startDate` and `TABLE_NAME` become `start_date` and `table_name`. */
function underscored(name: string): string {
  return name.replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').replace(/([a-z\d])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase();
}
