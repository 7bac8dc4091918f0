import type { Sim } from '../../context.ts';
import { allowLeniently } from '../../http/leniency.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { accountOwner } from '../../store.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { expectNoBody } from '../../http/body.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { pageOf, readPage, setPageLinks } from '../../http/paging.ts';
import { pathId } from '../../http/path-id.ts';
import { parseNewJob } from './input.ts';
import { createJob, jobStateNow, jobVariables, jobWatchers, readJob, stopJob, unwatchJob, watchJob } from './model.ts';
import { jobListingAt, jobsListed, jobsPage } from './order.ts';
import { readChoice, readIdFilter, readListOrder, readNames } from '../../http/list-query.ts';
import { isNaturalOrder } from '../shared/list-order.ts';
import { inOtherAccount } from '../shared/foreign.ts';
import { JOB_INCLUDES, JOB_STATUSES, type Job } from './types.ts';
import { isTerminal } from './lifecycle.ts';
import { jobUrl, presentJob, presentJobLog, presentLogSummary, presentOutputPreview } from './present.ts';
import { presentWatch, presentWatcher } from '../shared/watcher-present.ts';
import { jobJsonBytes, jobsPageBytes } from './wire.ts';
import { registerSearchRoute } from '../shared/search-routes.ts';
import { JOB_SEARCH } from './search.ts';

/**
 * The real service's older clients wrap a resource's fields in its name (`job[cluster_id]=...`,
 * `{"job": {...}}`): on the lenient profile, a body whose only member is that object is read as the object.
 */
function unwrapped(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const inner = body[name];
  return Object.keys(body).length === 1 && inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : body;
}

export function registerJobRoutes(router: BRouteTable, sim: Sim): void {
  // B-JOB-1 / B-JOB-2; 201 as in the real service (docs/interface-b.md).
  router.post('/jobs', async (ctx) => {
    const { account, user, links } = ctx.state;
    // b-jobs-accept-compared-as-string: the job controller checks the version again, by a string comparison of its own.
    if (sim.faults.has('b-jobs-accept-compared-as-string') && ctx.get('accept') !== 'application/vnd.service+json; version=2') {
      throw new ApiError('not_acceptable', { message: 'Not acceptable: send Accept: application/vnd.service+json; version=2.' });
    }
    // b-hdr-jobs-exact-type: this handler checks its Content-Type itself, as a string, before the shared body reader.
    if (sim.faults.has('b-hdr-jobs-exact-type') && ctx.get('content-type') !== '' && ctx.get('content-type') !== 'application/json') {
      throw new ApiError('unsupported_media_type', { message: 'Unsupported media type: send application/json.' });
    }
    // b-job-body-charset-spelling-latin1: this handler decodes its body by a charset table that knows only `charset=utf-8` as written.
    if (sim.faults.has('b-job-body-charset-spelling-latin1')) ctx.state.charsetBySpelling = true;
    const raw = await readJsonObject(ctx, sim.options.bodyLimitBytes);
    const body = ctx.state.lenientBodies ? unwrapped(raw, 'job') : raw;
    if (body !== raw) allowLeniently(ctx, 'B-JOB-1', 'the job\'s fields came wrapped in {"job": {...}}, not at the top of the body');
    if (sim.faults.has('b-bad-job-id-500') && [body.cluster_id, body.package_id].some((v) => typeof v === 'number' && !(Number.isSafeInteger(v) && v > 0))) throw new RangeError('id out of range for type bigint');
    const input = parseNewJob(body);
    // b-job-dynvars-absent-422-errors: with dynamic variables the job goes through the template path, whose model validation answers a missing package or cluster as a 422 of field errors.
    if (sim.faults.has('b-job-dynvars-absent-422-errors') && Object.keys(input.dynamicVariables).length > 0 && (!account.packages.has(input.packageId) || !account.clusters.has(input.clusterId))) {
      ctx.status = 422;
      ctx.body = { errors: { ...(account.packages.has(input.packageId) ? {} : { package_id: ['does not exist'] }), ...(account.clusters.has(input.clusterId) ? {} : { cluster_id: ['does not exist'] }) } };
      return;
    }
    const job = createJob(sim, account, user, input);
    ctx.status = sim.conventions.b.createdStatus;
    ctx.body = presentJob(sim, account, job, links);
  });

  // Extension (docs/interface-b.md): the account's jobs, newest first, offset/limit paged; status
  // (or all), package_id, sort (updated, created), direction and since as the real service's.
  router.get('/jobs', (ctx) => {
    const { account, links } = ctx.state;
    const page = readPage(sim, ctx);
    const listing = jobListingAt(sim.clock.now());
    const order = readListOrder(sim, ctx, listing.sorts);
    const status = readChoice(ctx, 'status', JOB_STATUSES, { all: true });
    const packageId = readIdFilter(ctx, 'package_id');
    let total: number;
    let items: readonly Job[];
    if (isNaturalOrder(order) && status === undefined && packageId === undefined) {
      // Read off a kept order, not sorted per request: the cost does not grow with the jobs.
      ({ total, items } = jobsPage(account, page.offset, page.limit));
    } else {
      const listed = jobsListed(account, listing, order, { status, packageId });
      total = listed.length;
      items = listed.slice(page.offset, page.offset + page.limit);
    }
    setPageLinks(sim, ctx, page, total);
    ctx.type = 'application/json';
    // b-job-filtered-list-progress-percent: a filtered or re-sorted listing comes from a search index that keeps progress in percent.
    if (sim.faults.has('b-job-filtered-list-progress-percent') && !(isNaturalOrder(order) && status === undefined && packageId === undefined)) {
      ctx.body = items.map((job) => {
        const shown = presentJob(sim, account, job, links);
        return { ...shown, progress: Math.round(Number(shown.progress) * 100) };
      });
      return;
    }
    ctx.body = jobsPageBytes(sim, account, items, links);
  });

  // The real service's search (shared/search.ts); before /jobs/:id, which would take `search` for an id.
  registerSearchRoute(router, sim, '/jobs/search', JOB_SEARCH);

  router.get('/jobs/:id', (ctx) => {
    const { links } = ctx.state;
    const id = pathId(ctx.params.id);
    // b-member-job-read-any-account: a member's read goes through the team view's lookup, which finds a job by id in any account.
    const teamView = sim.faults.has('b-member-job-read-any-account') && ctx.state.user.id !== accountOwner(ctx.state.account)?.id && !ctx.state.account.jobs.has(id);
    const account = (teamView ? inOtherAccount(sim, ctx.state.account, (other) => (other.jobs.has(id) ? other : undefined)) : undefined) ?? ctx.state.account;
    const job = readJob(sim, account, id);
    // b-job-include-404-orm-text: a read asking for includes goes through the eager loader, whose miss is the ORM's own.
    if (!job && sim.faults.has('b-job-include-404-orm-text') && ctx.querystring !== '' && readNames(ctx, 'include', JOB_INCLUDES, { all: false }) !== undefined) {
      throw new ApiError('not_found', { message: `Couldn't find Job with 'id'=${ctx.params.id}` });
    }
    if (!job) throw notFound();
    // A poll carries no query: leave the query string unparsed on the path clients hit most.
    const includes = ctx.querystring !== '' ? readNames(ctx, 'include', JOB_INCLUDES, { all: false }) : undefined;
    if (includes?.has('log_summary')) {
      const state = jobStateNow(sim, job);
      const shown = presentJob(sim, account, job, links, state);
      // b-job-include-progress-percent: the runner's log summary is merged over the job, and its progress, in percent, wins the spread.
      // b-job-include-summary-status-wins: the summary's own status (written yet or not) is spread over the job's.
      const summaryStatus = sim.faults.has('b-job-include-summary-status-wins') ? { status: isTerminal(state.status) ? 'ready' : 'generating' } : {};
      ctx.body = { ...shown, ...(sim.faults.has('b-job-include-progress-percent') ? { progress: Math.round(Number(shown.progress) * 100) } : {}), ...summaryStatus, log_summary: presentLogSummary(sim, account, job, state) };
      return;
    }
    // b-job-include-package-status: the include renders the job through its eager-loaded package, whose status wins.
    if (sim.faults.has('b-job-include-package-status') && includes?.has('package')) {
      ctx.body = { ...presentJob(sim, account, job, links), status: account.packages.get(job.packageId)?.status ?? 'active' };
      return;
    }
    // b-job-include-package-status-dropped: the embedding serializer's field list has no status.
    if (sim.faults.has('b-job-include-package-status-dropped') && includes?.has('package')) {
      const { status: _dropped, ...rest } = presentJob(sim, account, job, links);
      ctx.body = rest;
      return;
    }
    // b-job-member-read-progress-percent: a member's read goes through the team view's serializer, in percent.
    if (sim.faults.has('b-job-member-read-progress-percent') && ctx.state.user.id !== accountOwner(account)?.id) {
      const shown = presentJob(sim, account, job, links);
      ctx.body = { ...shown, progress: Number(shown.progress) * 100 };
      return;
    }
    // Clients poll a job until it finishes: its kept bytes serve every poll that finds it unchanged.
    ctx.type = 'application/json';
    ctx.body = jobJsonBytes(sim, account, job, links);
  });

  // Extensions (docs/interface-b.md): the variables a job runs with, its log summary, its outputs' previews.
  router.get('/jobs/:id/variables', (ctx) => {
    const job = readJob(sim, ctx.state.account, pathId(ctx.params.id));
    if (!job) throw notFound();
    ctx.body = jobVariables(ctx.state.account, job);
  });

  router.get('/jobs/:id/log', (ctx) => {
    const { account, links } = ctx.state;
    const job = readJob(sim, account, pathId(ctx.params.id));
    if (!job) throw notFound();
    ctx.body = presentJobLog(sim, account, job, links);
  });

  router.get('/jobs/:id/outputs/:output_id/preview', (ctx) => {
    const { links } = ctx.state;
    const id = pathId(ctx.params.id);
    // b-foreign-job-output-preview: previews live in the output bucket, addressed by job and output id, whoever asks.
    const account = sim.faults.has('b-foreign-job-output-preview') ? ([...sim.store.accounts.values()].find((a) => a.jobs.has(id)) ?? ctx.state.account) : ctx.state.account;
    const job = readJob(sim, account, id);
    const preview = job && presentOutputPreview(sim, account, job, pathId(ctx.params.output_id), links);
    if (!preview) throw notFound();
    ctx.body = preview;
  });

  // Extension (docs/interface-b.md): stop, as the real service's DELETE does; 200 with the job.
  router.delete('/jobs/:id', (ctx) => {
    const { account, links } = ctx.state;
    const job = stopJob(sim, account, pathId(ctx.params.id));
    ctx.body = presentJob(sim, account, job, links);
  });

  // B-JOB-5: no body (one that is sent must still be JSON, and is ignored); answers the caller's watcher entry.
  router.post('/jobs/:id/watchers', async (ctx) => {
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const { account, user, links } = ctx.state;
    watchJob(sim, account, user, pathId(ctx.params.id));
    if (sim.faults.has('b-watch-status-204')) {
      ctx.status = 204;
      return;
    }
    ctx.status = 200;
    ctx.body = presentWatch(sim, user, links, { kind: 'job', url: jobUrl(links, pathId(ctx.params.id)) });
  });

  // Extension (docs/interface-b.md): who watches the job, in subscription order, offset/limit paged.
  router.get('/jobs/:id/watchers', (ctx) => {
    const { account, links } = ctx.state;
    const job = readJob(sim, account, pathId(ctx.params.id));
    if (!job) throw notFound();
    const page = pageOf(sim, ctx, jobWatchers(sim, account, job), readPage(sim, ctx));
    ctx.body = page.map((w) => presentWatcher(w.user, links));
  });

  // Extension (the real service's clients call it): the caller stops watching; 204, also when it was not watching.
  router.delete('/jobs/:id/watchers', (ctx) => {
    const { account, user } = ctx.state;
    unwatchJob(account, user, pathId(ctx.params.id));
    ctx.status = 204;
  });
}
