/**
 * The nine job statuses of sections 2 and 3: B-JOB-3 holds every job a target shows, alone or in
 * a list, to one of them.
 */
export const JOB_STATUSES: readonly string[] = ['idle', 'pending', 'queued', 'running', 'completed', 'failed', 'pending_stoppage', 'stopping', 'stopped'];

/** The statuses of a job not yet running (the real service's: idle, pending, queued): a wait for a job to run goes on through them. */
export const STATUSES_BEFORE_RUNNING: ReadonlySet<string> = new Set(['idle', 'pending', 'queued']);

/**
 * The statuses after which a job does nothing more (the real service's; the spec names the
 * statuses, not which of them end a job): a wait for a job's end stops at one of them.
 */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'stopped']);
