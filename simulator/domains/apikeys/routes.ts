import type { ParsedUrlQuery } from 'node:querystring';
import type { ARouter } from '../../interfaces/a/types.ts';
import type { Sim } from '../../context.ts';
import { aBase, readABody } from '../../interfaces/a/body.ts';
import { presentList } from '../../interfaces/a/list.ts';
import { listOffset, pageOfList, pagingFacts, readPageQuery } from '../../interfaces/a/paging.ts';
import { readNewKey, readsAsReactivation } from './input.ts';
import { createKey, findKey, listKeys, reactivateKey, requireAdmin, revokeKey, routedToV2, unboundToRuntime } from './model.ts';
import { presentCreatedKey, presentKey, presentRevokedKey } from './present.ts';
import { apiKeyNotFound } from './errors.ts';
import { cachedWithoutTtl, madeThroughKeyManagement } from './authenticate.ts';
import { parsePositiveId } from '../../http/path-id.ts';
import { faultRouteName } from '../../interfaces/a/fault-routes.ts';
import { conflict } from '../../http/a-errors.ts';
import { readText } from '../../http/body.ts';
import { isMediaType } from '../../http/accept.ts';
import { sha256Hex, type AccountState } from '../../store.ts';

/** The largest signed 32-bit integer: the fault `a-int32-key-id-500` overflows above it. */
const INT32_MAX = 2_147_483_647;

/** A malformed id names no key: the same 404 as an absent one, with nothing looked up. */
function keyId(sim: Sim, raw: string | undefined): number {
  const id = parsePositiveId(raw);
  if (id === null) throw apiKeyNotFound();
  // The fault: a key table whose id column is a 32-bit integer; the larger parameter overflows in the query.
  if (sim.faults.has('a-int32-key-id-500') && id > INT32_MAX) throw new RangeError(`value ${id} is out of range for type integer`);
  return id;
}

/** Key management (A-GAP-4), admin keys only (A-AUTH-5). Bodies are JSON. */
export function registerApiKeyRoutes(router: ARouter, sim: Sim, prefix: string): void {
  const { paths } = sim.conventions.a;
  // Pages as the pipeline list does (page, page_size, the paging block): a client asking page 2
  // of an unpaged list would get page 1 again. The admin rule comes first: a non-admin's 403
  // does not depend on its query.
  router.get(paths.keys, (ctx) => {
    requireAdmin(sim, ctx.state.apiKey, ctx.state.account);
    // The fault: paging values trimmed as strings ('dashboard links carry page_size= 20'); a
    // repeated parameter is an array, and `.trim` is no function of it.
    const query = sim.faults.has('a-key-list-paging-trimmed') ? trimmedPaging(ctx.query) : ctx.query;
    const asked = readPageQuery(query, sim.conventions.a.defaultPageSize);
    const page = pageOfList(listKeys(ctx.state.account), asked, sim.faults.has('a-list-offset-32-bit'));
    // The fault: has_more (and next_page) from the key table's row count, a query that lost its
    // account filter (the page query keeps it): every other account's keys count as further pages.
    if (sim.faults.has('a-key-list-has-more-all-accounts')) page.facts = pagingFacts(asked, listOffset(asked) + asked.pageSize < countEveryKey(sim));
    const base = aBase(ctx, prefix);
    ctx.body = presentList(sim, page.items.map((k) => presentKey(sim, k, base)), page.facts);
  });

  router.post(paths.keys, async (ctx) => {
    // The fault checks the caller after the insert: the 403 comes, the key stays.
    const adminCheckedLate = sim.faults.has('a-nonadmin-key-create-inserted');
    // The fault validates the body before the admin rule: a non-admin's bad body is 422/400, not 403.
    const bodyFirst = !adminCheckedLate && sim.faults.has('a-non-admin-bad-body-422');
    // The fault a-admin-rule-exact-paths: the admin rule is the gateway's, over the paths as written.
    const ruleMissed = sim.faults.has('a-admin-rule-exact-paths') && ctx.path.endsWith('/');
    // The fault a-key-create-form-skips-admin-rule: the dashboard's form posts share the create, and
    // the admin rule is the API's, run for JSON requests only (the dashboard's session checked its own).
    const dashboardForm = sim.faults.has('a-key-create-form-skips-admin-rule') && isMediaType(ctx.get('content-type'), ['application/x-www-form-urlencoded']);
    if (!adminCheckedLate && !bodyFirst && !ruleMissed && !dashboardForm) requireAdmin(sim, ctx.state.apiKey, ctx.state.account);
    // The fault: key names may be non-ASCII, so the body is to be decoded in the charset its
    // Content-Type names, and a TextDecoder of a label it does not know throws (a 500).
    if (sim.faults.has('a-key-create-charset-decoder')) charsetDecoder(ctx.get('content-type'));
    // The fault: the create does not ask whether the expiry is still ahead, and the gate's key
    // cache entry is given the TTL expires_at - now only where that is positive (a cache set
    // with a TTL of zero or less is refused, so it is set without one): a key made with an expiry
    // already past is cached for ever and authenticates, its record showing that expiry.
    const pastExpiryTaken = sim.faults.has('a-past-expiry-never-enforced');
    const input = readNewKey(dashboardForm ? Object.fromEntries(new URLSearchParams(await readText(ctx, sim.options.bodyLimitBytes))) : await readABody(ctx, sim, { formats: ['json'] }), sim.clock.now(), { pastExpiryTaken, foldKeyNames: sim.faults.has('a-key-body-keys-case-folded'), expiryYearCapped: sim.faults.has('a-key-expiry-past-year-9999-500'), expiryUnixSeconds: sim.faults.has('a-key-expiry-unix-timestamp'), adminNullAsAbsent: sim.faults.has('a-key-admin-null-as-absent') });
    if (bodyFirst) requireAdmin(sim, ctx.state.apiKey, ctx.state.account);
    // The fault: key names unique across the organisation's other accounts (an account may reuse
    // its own names when it rotates a key), a check that forgot the names are per account.
    if (sim.faults.has('a-key-name-unique-across-accounts')) refuseNameOfAnotherAccount(sim, ctx.state.account, input.name);
    const { record, key } = createKey(sim, ctx.state.account, input);
    if (sim.faults.has('a-made-key-any-prefix')) madeThroughKeyManagement.add(record);
    if (pastExpiryTaken && record.expiresAt !== null && record.expiresAt <= sim.clock.now()) cachedWithoutTtl.add(record);
    // The fault: the gate's key cache reads the expiry with a seconds-only pattern (strptime's
    // %Y-%m-%dT%H:%M:%S%z); one written with a fraction of a second (as toISOString writes it)
    // does not parse, and the entry is set without a TTL: the key never expires, its record showing the expiry.
    if (sim.faults.has('a-key-expiry-fraction-unparsed') && record.expiresAt !== null && /T[0-9:]+[.,][0-9]/.test(input.expiresAt ?? '')) cachedWithoutTtl.add(record);
    // The fault: "key service v2" indexes the secret without its prefix too, for CLIs that store only the secret.
    // The fault a-made-nonadmin-key-bare-secret: read-only keys are for CI runners, whose secret stores drop the prefix.
    const bareIndexed = sim.faults.has('a-made-key-bare-secret-authenticates') || (sim.faults.has('a-made-nonadmin-key-bare-secret') && !record.admin);
    if (bareIndexed) sim.store.indexPipelineKey(ctx.state.account.slug, record.id, sha256Hex(key.slice(sim.options.pipelineKeyPrefix.length + 1)));
    if (sim.faults.has('a-made-key-delete-keeps-running')) unboundToRuntime.add(record);
    if (sim.faults.has('a-api-made-keys-v2-only')) routedToV2.add(record);
    if (adminCheckedLate) requireAdmin(sim, ctx.state.apiKey, ctx.state.account);
    const body = presentCreatedKey(sim, record, key, aBase(ctx, prefix));
    ctx.status = sim.conventions.a.createdStatus;
    ctx.set('Location', String(body.url));
    ctx.body = body;
  });

  router.get(paths.key, (ctx) => {
    requireAdmin(sim, ctx.state.apiKey, ctx.state.account);
    const record = findKey(sim, ctx.state.account, keyId(sim, ctx.params.id));
    const body = presentKey(sim, record, aBase(ctx, prefix));
    // The fault: "which key am I using" (a CLI's `keys whoami`): the caller's own record shows the
    // credential it was read with (the value is the caller's own already).
    if (sim.faults.has('a-own-key-record-shows-value') && record === ctx.state.apiKey) body.key = ctx.get('authorization').replace(/^bearer[ ]+/i, '');
    ctx.body = body;
  });

  // Revokes; the record stays listed with revoked_at. There is no way back (A-AUTH-6).
  router[paths.revoke.method === 'DELETE' ? 'delete' : 'post'](paths.revoke.path, (ctx) => {
    const id = keyId(sim, ctx.params.id);
    if (sim.faults.has('a-revoked-key-revocation-before-admin-rule')) {
      // The fault: a key already revoked is answered as it is, with nothing to do, before the admin rule.
      const already = ctx.state.account.pipelineKeys.get(id);
      if (already && already.revokedAt !== null) {
        ctx.body = presentRevokedKey(sim, already, aBase(ctx, prefix));
        return;
      }
    }
    // The fault `a-key-may-revoke-itself`: "a key may always give itself up" skips the admin rule.
    // The fault loads the record first: an id the caller's account does not hold is 404 before the admin rule.
    if (sim.faults.has('a-revoke-looks-up-before-admin-rule')) findKey(sim, ctx.state.account, id);
    // The fault a-admin-rule-exact-paths: the gateway's admin rule misses the path with a trailing slash.
    const ruleMissed = sim.faults.has('a-admin-rule-exact-paths') && ctx.path.endsWith('/');
    if (!(sim.faults.has('a-key-may-revoke-itself') && ctx.state.apiKey.id === id) && !ruleMissed) requireAdmin(sim, ctx.state.apiKey, ctx.state.account);
    const record = findKey(sim, ctx.state.account, id);
    // The fault `a-revoke-by-name-every-account`: the revocation is pushed to a gateway deny list
    // keyed by the key's name, which every active key of that name, in any account, then hits.
    if (sim.faults.has('a-revoke-by-name-every-account')) {
      for (const account of sim.store.accounts.values()) for (const other of account.pipelineKeys.values()) if (other !== record && other.name === record.name && other.revokedAt === null) revokeKey(sim, other);
    }
    ctx.body = presentRevokedKey(sim, revokeKey(sim, record), aBase(ctx, prefix));
  });

  // A way back, served only while the fault is on (interfaces/a/fault-routes.ts): without it this
  // path and method are 405 like any other method the key record does not allow.
  router.patch(faultRouteName('a-revoked-key-reactivated'), paths.key, async (ctx) => {
    requireAdmin(sim, ctx.state.apiKey, ctx.state.account);
    const record = findKey(sim, ctx.state.account, keyId(sim, ctx.params.id));
    const reactivate = readsAsReactivation(await readABody(ctx, sim, { formats: ['json'] }));
    ctx.body = presentKey(sim, reactivate ? reactivateKey(record) : record, aBase(ctx, prefix));
  });
}

/** The fault `a-key-name-unique-across-accounts`: 409 for a name an active key of another account has. */
function refuseNameOfAnotherAccount(sim: Sim, caller: AccountState, name: string): void {
  for (const account of sim.store.accounts.values()) {
    if (account === caller) continue;
    for (const k of account.pipelineKeys.values()) {
      if (k.name === name && k.revokedAt === null) throw conflict(`An API key named ${JSON.stringify(name)} exists already.`, 'name');
    }
  }
}

/** The fault `a-key-list-paging-trimmed`: `page` and `page_size` trimmed, each taken for a string (a repeated one is an array, and throws). */
function trimmedPaging(query: ParsedUrlQuery): ParsedUrlQuery {
  const out = { ...query };
  for (const name of ['page', 'page_size']) if (out[name] !== undefined) out[name] = (out[name] as string).trim();
  return out;
}

/** The fault `a-key-create-charset-decoder`: a decoder of the Content-Type's charset, made without asking whether the label is known (a RangeError where it is not). */
function charsetDecoder(contentType: string): TextDecoder | undefined {
  const charset = /;\s*charset=("?)([^";]*)\1/i.exec(contentType)?.[2];
  return charset === undefined ? undefined : new TextDecoder(charset);
}

/** The fault `a-key-list-has-more-all-accounts`: the keys of every account, as the key table's count without its account filter holds them. */
function countEveryKey(sim: Sim): number {
  let count = 0;
  for (const account of sim.store.accounts.values()) count += account.pipelineKeys.size;
  return count;
}
