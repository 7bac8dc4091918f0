import type { CheckContext } from './types.ts';
import { isObject, show, type ListPaging } from './answers.ts';
import { walkCatalogList } from '../catalog/b-lists.ts';
import { JOB_STATUSES } from './job-statuses.ts';

/**
 * Pages of the job list one read takes at most (pages of 100): a deployment lists an account's
 * jobs in an order of its own, and the jobs a check has just made are among the newest, so two
 * pages show them on a list ordered either way unless the account has more than 200 jobs; older
 * ones are judged as they come.
 */
const PAGES_PER_READ = 2;

/**
 * B-JOB-4 ("a job's progress is a number from 0 to 1") and B-JOB-3 (its status is always one of
 * the nine) hold for every job a target shows, and a job list (GET /jobs, an extension of the
 * real service) shows them through a view of its own: a list presenter may report progress or
 * status otherwise than the single-job answer does (in percent, as display labels, as dashboards
 * do). Every job of every page read is held to 0..1 and to the nine statuses, walked with the
 * target's paging names. The spec gives the list no shape, so a listed job without `progress` or
 * `status` is not judged on it (B-SCHEMA-1 judges the list whole in the simulator profile).
 *
 * A percent list shows 0 as 0: the list part is verified only once a listed job showed progress
 * above 0 (a running job, a finished one at 1). `report` says otherwise.
 */
export class JobListReads {
  /** False once the first read finds the list not served (`unserved`: its status); undefined before it. */
  private served: boolean | undefined;
  private unserved: number | undefined;
  private paging: ListPaging | undefined;
  private reads = 0;
  private judged = 0;
  private statusesJudged = 0;
  private withoutProgress = 0;
  /** Listings seen with a progress above 0 (and within 0..1: one outside has failed the check). */
  private aboveZero = 0;
  /** A listed job seen strictly between 0 and 1 (one running): more reads while a job runs add nothing. */
  private between = false;
  private readonly statuses = new Map<string, number>();
  private refusedLater: number | undefined;

  constructor(private readonly t: CheckContext) {}

  /** Whether a read while a job runs can still show what the list has not shown yet (a job strictly between 0 and 1). */
  get wantsRunning(): boolean {
    return this.served !== false && !this.between;
  }

  /** Reads the list (up to PAGES_PER_READ pages) and judges every job on every page. */
  async read(): Promise<void> {
    const t = this.t;
    if (this.served === false) return;
    const walked = await walkCatalogList(t.b(), t.target, '/jobs', { maxPages: PAGES_PER_READ, ...(this.paging === undefined ? {} : { paging: this.paging }) });
    if ('refused' in walked) {
      // Not served at all (the first read), or refused once served: nothing to judge either way.
      if (this.served === undefined) {
        this.served = false;
        this.unserved = walked.refused.response.status;
      } else this.refusedLater ??= walked.refused.response.status;
      return;
    }
    this.served = true;
    this.paging = walked.paging;
    this.reads++;
    walked.exchanges.forEach((ex, page) => {
      if (!Array.isArray(ex.json)) return;
      for (const job of ex.json) {
        if (!isObject(job)) continue;
        const status = typeof job.status === 'string' ? job.status : show(job.status);
        this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
        // B-JOB-3 ("always one of" the nine) holds for a listed job as for one read alone; the
        // list's shape is not the spec's, so a listed job without a status is not judged.
        if (Object.hasOwn(job, 'status')) {
          this.statusesJudged++;
          t.expect.that(typeof job.status === 'string' && JOB_STATUSES.includes(job.status), {
            clause: 'B-JOB-3',
            message: `the job list (GET /jobs, an extension; page ${page + 1} of a read) shows job ${String(job.id)} with the status ${show(job.status)}, not one of the nine`,
            expected: JOB_STATUSES.join(' | '),
            received: show(job.status),
            exchange: ex,
          });
        }
        if (!Object.hasOwn(job, 'progress')) {
          this.withoutProgress++;
          continue;
        }
        this.judged++;
        const { progress } = job;
        t.expect.that(typeof progress === 'number' && Number.isFinite(progress) && progress >= 0 && progress <= 1, {
          clause: 'B-JOB-4',
          message: `the job list (GET /jobs, an extension; page ${page + 1} of a read) shows job ${String(job.id)}${typeof job.status === 'string' ? ` (${job.status})` : ''} with progress ${show(progress)}, outside 0 to 1`,
          expected: 'a number from 0 to 1 inclusive',
          received: show(progress),
          exchange: ex,
        });
        if ((progress as number) > 0) this.aboveZero++;
        if ((progress as number) > 0 && (progress as number) < 1) this.between = true;
      }
    });
  }

  /** A note of what the reads judged, and B-JOB-4 covered in part where no listed job showed progress above 0. */
  report(): void {
    const t = this.t;
    if (this.served === false) {
      const status = this.unserved ?? 0;
      t.note(`the job list (GET /jobs, an extension) is not served: it answered ${status}${status >= 200 && status < 300 ? ' without a JSON array' : ''}, so no listed job was judged`);
      return;
    }
    if (this.served === undefined) return;
    const statuses = [...this.statuses].map(([status, n]) => `${status} ×${n}`).join(', ') || 'none';
    t.note(
      `the job list (GET /jobs, an extension): ${this.reads} read(s) of up to ${PAGES_PER_READ} pages held every listed job's progress to 0..1 (${this.judged} listings) and its status to the nine (${this.statusesJudged} listings; statuses listed: ${statuses})` +
        `${this.withoutProgress ? `; ${this.withoutProgress} listed without progress, not judged` : ''}${this.refusedLater === undefined ? '' : `; a later read was refused (${this.refusedLater})`}`,
    );
    if (this.aboveZero === 0) {
      t.partial(
        'B-JOB-4',
        this.judged === 0
          ? `the job list (GET /jobs, an extension) showed no job with a progress in ${this.reads} read(s), so the progress of listed jobs was not judged`
          : `the job list (GET /jobs, an extension) showed no job with progress above 0 in ${this.reads} read(s) (${this.judged} judged): a list reporting progress on another scale (in percent, say) shows 0 as 0, so its scale was not seen`,
      );
    }
  }
}
