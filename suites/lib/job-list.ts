import type { CheckContext, Exchange } from './types.ts';
import { isObject, show, walkList, type JsonObject, type ListPaging } from './answers.ts';
import { walkCatalogList } from '../catalog/b-lists.ts';
import { listPagingFor } from './paging.ts';
import { JOB_STATUSES } from './job-statuses.ts';
import { B_ENDPOINTS } from '../catalog/b-endpoints.ts';

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
 *
 * The real service's list also takes filters and an order (`status`, `package_id`, `sort`: its
 * extensions, `REAL_SERVICE_LIST_FILTERS`), and a deployment may answer those from another store
 * (a search index) with a view of its own; its search (`GET /jobs/search`) answers hits as such an
 * index keeps them. So each read also asks the first page of a few such views and of the search
 * (`filteredViews`), each until it has shown a job with progress above 0: a target that
 * refuses one (a 4xx) is not asked it again, one that ignores it shows the plain list, judged the
 * same way.
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
  /** The filtered and ordered views still asked, and what each showed. */
  private readonly views: FilteredView[];

  constructor(private readonly t: CheckContext) {
    const packageId = t.fixtures().package_id;
    this.views = filteredViews(packageId).map(({ path, query }) => ({ path, query, refused: undefined, judged: 0, aboveZero: 0 }));
  }

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
      for (const job of walked.pages[page] ?? []) {
        if (!isObject(job)) continue;
        const status = typeof job.status === 'string' ? job.status : show(job.status);
        this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
        if (Object.hasOwn(job, 'status')) this.statusesJudged++;
        const progress = this.judge(ex, job, `the job list (GET /jobs, an extension; page ${page + 1} of a read)`);
        if (progress === undefined) {
          this.withoutProgress++;
          continue;
        }
        this.judged++;
        if (progress > 0) this.aboveZero++;
        if (progress > 0 && progress < 1) this.between = true;
      }
    });
    await this.readViews();
  }

  /** The first page of each filtered or ordered view not yet seen to show progress above 0, judged as the plain list. */
  private async readViews(): Promise<void> {
    const t = this.t;
    for (const view of this.views) {
      if (view.refused !== undefined || view.aboveZero > 0) continue;
      const asked = describeView(view);
      // The plain list's paging is known for its filtered views; the search is another list, probed on its own.
      const known = view.path === '/jobs' && this.paging !== undefined ? { paging: this.paging } : {};
      const walked = await walkList(t.b(), view.path, listPagingFor(t.target, view.path), { maxPages: 1, query: view.query, ...known });
      if ('refused' in walked) {
        view.refused = walked.refused.response.status;
        continue;
      }
      walked.exchanges.forEach((ex, page) => {
        for (const job of walked.pages[page] ?? []) {
          if (!isObject(job)) continue;
          const progress = this.judge(ex, job, view.path === '/jobs' ? `the job list asked with ${asked.slice(view.path.length + 1)} (GET ${asked}, the real service's extension)` : `the job search (GET ${asked}, the real service's extension)`);
          if (progress === undefined) continue;
          view.judged++;
          if (progress > 0) view.aboveZero++;
        }
      });
    }
  }

  /**
   * B-JOB-3 and B-JOB-4 on one listed job: its status one of the nine ("always", as for a job read
   * alone), its progress within 0..1. The list's shape is not the spec's, so a listed job without
   * a status or a progress is not judged on it. The progress judged, or undefined where none is shown.
   */
  private judge(ex: Exchange, job: JsonObject, where: string): number | undefined {
    const t = this.t;
    if (Object.hasOwn(job, 'status')) {
      t.expect.that(typeof job.status === 'string' && JOB_STATUSES.includes(job.status), {
        clause: 'B-JOB-3',
        message: `${where} shows job ${String(job.id)} with the status ${show(job.status)}, not one of the nine`,
        expected: JOB_STATUSES.join(' | '),
        received: show(job.status),
        exchange: ex,
      });
    }
    if (!Object.hasOwn(job, 'progress')) return undefined;
    const { progress } = job;
    t.expect.that(typeof progress === 'number' && Number.isFinite(progress) && progress >= 0 && progress <= 1, {
      clause: 'B-JOB-4',
      message: `${where} shows job ${String(job.id)}${typeof job.status === 'string' ? ` (${job.status})` : ''} with progress ${show(progress)}, outside 0 to 1`,
      expected: 'a number from 0 to 1 inclusive',
      received: show(progress),
      exchange: ex,
    });
    return typeof progress === 'number' ? progress : undefined;
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
    this.reportViews();
  }

  /** A note of the filtered and ordered views, and B-JOB-4 covered in part where those served showed no progress above 0. */
  private reportViews(): void {
    const t = this.t;
    const asked = describeView;
    const served = this.views.filter((view) => view.refused === undefined);
    const refused = this.views.filter((view) => view.refused !== undefined).map((view) => `${asked(view)} (${String(view.refused)})`);
    t.note(
      `the job list asked with a filter or an order, and its search (the real service's extensions): ${served.map((view) => `${asked(view)}: ${view.judged} listing(s) judged, ${view.aboveZero > 0 ? 'progress above 0 seen' : 'none above 0'}`).join('; ') || 'none served'}` +
        `${refused.length ? `; refused or answered without a list ${refused.join(', ')}, not judged` : ''}`,
    );
    if (served.length > 0 && served.every((view) => view.aboveZero === 0)) {
      t.partial('B-JOB-4', `the job list asked with a filter or an order, and its search (${served.map(asked).join(', ')}) showed no job with progress above 0: a view reporting progress on another scale shows 0 as 0, so its scale was not seen`);
    }
  }
}

/** One filtered or ordered view of the job list (or its search), and what its reads showed. */
interface FilteredView {
  /** `/jobs`, or `/jobs/search`. */
  path: string;
  query: Readonly<Record<string, string>>;
  /** The status that refused it (not asked again), or undefined. */
  refused: number | undefined;
  judged: number;
  aboveZero: number;
}

/**
 * The views asked beside the plain list: a status (running: the jobs in progress; completed: those
 * at 1), the fixture package's jobs, the list ordered by last update (the real service's sort; it
 * also sorts by `created`), and the real service's job search (`GET /jobs/search` with the
 * catalog's query matching every job: a search index's documents may keep a status in the index's
 * own words, "in_progress", "succeeded"). Statuses are the spec's nine; the parameter names the
 * real service's.
 */
function filteredViews(packageId: number | undefined): { path: string; query: Readonly<Record<string, string>> }[] {
  const onList = (query: Readonly<Record<string, string>>) => ({ path: '/jobs', query });
  const search = B_ENDPOINTS.find((e) => e.key === 'GET /jobs/search');
  return [
    onList({ status: 'running' }),
    onList({ status: 'completed' }),
    ...(packageId === undefined ? [] : [onList({ package_id: String(packageId) })]),
    onList({ sort: 'updated' }),
    ...(search ? [{ path: search.path, query: { ...search.query } }] : []),
  ];
}

/** A view as messages name it: its path and query. */
function describeView(view: Pick<FilteredView, 'path' | 'query'>): string {
  return `${view.path}?${Object.entries(view.query).map(([name, value]) => `${name}=${value}`).join('&')}`;
}
