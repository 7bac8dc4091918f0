import type { Sim } from '../../context.ts';
import type { BRouteTable } from '../../interfaces/b/types.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { pageOf, readPage } from '../../http/paging.ts';
import { readChoice, readListOrder } from '../../http/list-query.ts';
import { FLOW_TYPES, VALIDATION_STATUSES, flowTypeOf, type PackageStatus } from './types.ts';
import { VALIDATION_SORTS, readValidation, runValidation, validationAt, validationsNewestFirst } from './validations.ts';
import { expectNoBody } from '../../http/body.ts';
import { inListOrder } from '../shared/list-order.ts';
import { parsePositiveId, pathId } from '../../http/path-id.ts';
import { PACKAGE_SORTS, archivePackage, createPackage, ownPackage, packagesNewestFirst, readPackage, updatePackage } from './model.ts';
import { presentPackage, presentPackageDetail, presentPackageExport, presentPackageTemplate, presentValidation } from './present.ts';
import { readJsonObject } from '../../http/json-body.ts';
import { parsePackageFields } from './input.ts';
import { PACKAGE_TEMPLATES } from './templates.ts';
import { registerSearchRoute } from '../shared/search-routes.ts';
import { PACKAGE_SEARCH } from './search.ts';

/**
 * b-package-detail-stale-after-update: the detail rendered at a package's first read, kept per
 * package (rendering is costly: flow parsing) and dropped only when its status changes (an
 * archive), not when a PUT changes its fields. Filled only while the fault is on.
 */
const detailCache = new WeakMap<object, { status: string; detail: Record<string, unknown> }>();

function cachedDetail(pkg: { status: string }, render: () => Record<string, unknown>): Record<string, unknown> {
  let cached = detailCache.get(pkg);
  if (!cached || cached.status !== pkg.status) detailCache.set(pkg, (cached = { status: pkg.status, detail: render() }));
  return cached.detail;
}

/** Digits only, at most 30 of them: a segment a careless parse may read as an unsigned integer of any width. */
const DIGITS = /^[0-9]{1,30}$/;
/** A minus sign before a plain positive id. */
const NEGATIVE_ID = /^-[1-9][0-9]{0,15}$/;

/**
 * The id GET /packages/{id} looks up: the path's (pathId: a positive integer, else not found), or,
 * where one of these faults is on, what a careless parse of the segment makes of it.
 */
function askedPackageId(sim: Sim, account: AccountState, raw: string | undefined): number {
  // b-package-zero-reads-newest: `find(id) || latest`, the id tested for truth: 0 reads the newest package.
  if (sim.faults.has('b-package-zero-reads-newest') && raw === '0') return packagesNewestFirst(account)[0]?.id ?? 0;
  // b-package-id-int32-wrapped: the parsed id cast to an unsigned 32-bit integer before the lookup.
  if (sim.faults.has('b-package-id-int32-wrapped') && raw !== undefined && DIGITS.test(raw)) return Number(BigInt.asUintN(32, BigInt(raw)));
  // b-package-negative-id-sign-dropped: the id taken as the digits the segment holds, its sign left out.
  if (sim.faults.has('b-package-negative-id-sign-dropped') && raw !== undefined && NEGATIVE_ID.test(raw)) return pathId(raw.slice(1));
  return pathId(raw);
}

export function registerPackageRoutes(router: BRouteTable, sim: Sim): void {
  // Extension (docs/interface-b.md): the account's packages, newest first, offset/limit paged;
  // as the real service's, the active ones unless asked status=archived (never both at once), and
  // sort (name, updated, created), direction and since.
  router.get('/packages', (ctx) => {
    const { account, links } = ctx.state;
    const order = readListOrder(sim, ctx, PACKAGE_SORTS);
    const names = sim.conventions.b.packageStatusNames;
    const asked = readChoice(ctx, 'status', [names.active, names.archived]);
    const status: PackageStatus = asked === names.archived ? 'archived' : 'active';
    const flowType = readChoice(ctx, 'flow_type', FLOW_TYPES, { all: true });
    const packages = packagesNewestFirst(account).filter((p) => p.status === status && (flowType === undefined || flowTypeOf(p) === flowType));
    const page = pageOf(sim, ctx, inListOrder(packages, order, PACKAGE_SORTS), readPage(sim, ctx));
    ctx.body = page.map((pkg) => presentPackage(sim, pkg, links, account));
  });

  // Extensions (docs/interface-b.md): the real service's package writes, templates and export.
  // The templates are registered before /packages/:id, which would take `templates` for an id.
  const templatesJson = Buffer.from(JSON.stringify(PACKAGE_TEMPLATES.map(presentPackageTemplate)));
  router.get('/packages/templates', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = templatesJson;
  });

  router.post('/packages', async (ctx) => {
    const { account, user, links } = ctx.state;
    const fields = parsePackageFields(await readJsonObject(ctx, sim.options.bodyLimitBytes), true);
    ctx.status = sim.conventions.b.createdStatus;
    ctx.body = presentPackageDetail(sim, createPackage(sim, account, user, fields), links);
  });

  router.put('/packages/:id', async (ctx) => {
    const { account, links } = ctx.state;
    // Another account's or an absent package is a 404 before its body is read, as the other writes.
    const pkg = ownPackage(account, pathId(ctx.params.id));
    const fields = parsePackageFields(await readJsonObject(ctx, sim.options.bodyLimitBytes), false);
    ctx.body = presentPackageDetail(sim, updatePackage(sim, pkg, fields), links);
  });

  router.delete('/packages/:id', (ctx) => {
    const { account, links } = ctx.state;
    ctx.body = presentPackageDetail(sim, archivePackage(sim, ownPackage(account, pathId(ctx.params.id))), links);
  });

  router.get('/packages/:id/export', (ctx) => {
    ctx.body = presentPackageExport(ownPackage(ctx.state.account, pathId(ctx.params.id)));
  });

  // Extensions (docs/interface-b.md): the real service's package validations, on the clock
  // (validations.ts); the list newest first, status (or all), sort (updated, created), direction
  // and since, paged; the synchronous /validate answers the validation finished.
  router.get('/packages/:id/validations', (ctx) => {
    const { account, links } = ctx.state;
    const pkg = ownPackage(account, pathId(ctx.params.id));
    const order = readListOrder(sim, ctx, VALIDATION_SORTS);
    const status = readChoice(ctx, 'status', VALIDATION_STATUSES, { all: true });
    const views = validationsNewestFirst(pkg, sim.clock.now()).filter((v) => status === undefined || v.status === status);
    const page = pageOf(sim, ctx, inListOrder(views, order, VALIDATION_SORTS), readPage(sim, ctx));
    ctx.body = page.map((view) => presentValidation(sim, account, pkg, view, links));
  });

  router.post('/packages/:id/validations', async (ctx) => {
    const { account, user, links } = ctx.state;
    const pkg = ownPackage(account, pathId(ctx.params.id));
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const validation = runValidation(sim, account, pkg, user, { sync: false });
    ctx.status = sim.conventions.b.createdStatus;
    ctx.body = presentValidation(sim, account, pkg, validationAt(validation, sim.clock.now()), links);
  });

  router.post('/packages/:id/validate', async (ctx) => {
    const { account, user, links } = ctx.state;
    const pkg = ownPackage(account, pathId(ctx.params.id));
    await expectNoBody(ctx, sim.options.bodyLimitBytes);
    const validation = runValidation(sim, account, pkg, user, { sync: true });
    ctx.body = presentValidation(sim, account, pkg, validationAt(validation, sim.clock.now()), links);
  });

  router.get('/packages/:id/validations/:validation_id', (ctx) => {
    const { account, links } = ctx.state;
    const pkg = ownPackage(account, pathId(ctx.params.id));
    ctx.body = presentValidation(sim, account, pkg, readValidation(pkg, pathId(ctx.params.validation_id), sim.clock.now()), links);
  });

  // The real service's search (shared/search.ts); before /packages/:id, which would take `search` for an id.
  registerSearchRoute(router, sim, '/packages/search', PACKAGE_SEARCH);

  router.get('/packages/:id', (ctx) => {
    const { account, links } = ctx.state;
    // The fault `b-word-id-404-own-text`: a handler that checks its id itself, with words of its own.
    if (sim.faults.has('b-word-id-404-own-text') && parsePositiveId(ctx.params.id) === null) throw new ApiError('not_found', { message: 'No record with that id.' });
    // The fault `b-wide-id-orm-404-text`: an id past the 32-bit id column reaches the ORM's find, whose own error says not found.
    if (sim.faults.has('b-wide-id-orm-404-text')) {
      const wide = parsePositiveId(ctx.params.id);
      if (wide !== null && wide > 2_147_483_647) throw new ApiError('not_found', { message: `Couldn't find record with 'id'=${wide}` });
    }
    // b-package-read-first-account-only: the detail cache warmed from the first account, a miss answered 404.
    const found = sim.faults.has('b-package-read-first-account-only') && account !== sim.store.firstAccount() ? null : readPackage(sim, account, askedPackageId(sim, account, ctx.params.id));
    // b-package-archived-read-404: the read goes through the active-packages scope (the list's default), like the job runner's lookup.
    // b-package-member-reads-own-only: a caller other than the owner looks among the packages it owns itself.
    const scoped = sim.faults.has('b-package-member-reads-own-only') && ctx.state.user.id !== accountOwner(account)?.id && found?.ownerId !== ctx.state.user.id ? null : found;
    const asked = sim.faults.has('b-package-archived-read-404') && scoped?.status === 'archived' ? null : scoped;
    const pkg = asked && sim.faults.has('b-package-read-another') ? (packagesNewestFirst(account).find((p) => p.id !== asked.id) ?? asked) : asked;
    // b-if-modified-since-500: a conditional read (a client polling a package sends back a date)
    // that parses the header without asking whether it is a date at all.
    if (sim.faults.has('b-if-modified-since-500') && pkg) {
      const since = ctx.get('if-modified-since');
      if (since !== '' && new Date(pkg.updatedAt).toISOString() <= new Date(since).toISOString()) {
        ctx.status = 304;
        return;
      }
    }
    if (pkg) {
      const detail = sim.faults.has('b-package-detail-stale-after-update') ? cachedDetail(pkg, () => presentPackageDetail(sim, pkg, links, account)) : presentPackageDetail(sim, pkg, links, account);
      // b-package-owner-is-caller: owner_id filled from the session's user rather than the package's row.
      const owned = sim.faults.has('b-package-owner-is-caller') ? { ...detail, owner_id: ctx.state.user.id } : detail;
      // b-package-detail-without-variables: the detail query joins the variables through the package's draft version, which has none.
      ctx.body = sim.faults.has('b-package-detail-without-variables') ? { ...owned, variables: {} } : owned;
    } else if (sim.faults.has('b-package-absent-member-403') && ctx.state.user.id !== accountOwner(account)?.id) {
      // b-package-absent-member-403: a member's read authorized on the record before asking whether there is one.
      throw new ApiError('forbidden');
    } else if (sim.faults.has('b-package-absent-200-null')) {
      // A JSON `null` body: Koa would turn a null ctx.body into 204.
      ctx.body = 'null';
      ctx.status = 200;
    } else {
      throw notFound();
    }
  });
}
