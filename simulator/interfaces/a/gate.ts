import type { Context } from 'koa';
import type { Sim } from '../../context.ts';
import { originOf } from '../../http/links.ts';
import { authenticatePipelineKey, presentedKeyId } from '../../domains/apikeys/authenticate.ts';
import type { AState } from './types.ts';
import type { AccountState } from '../../store.ts';

/**
 * What runs before every interface A route: the Bearer key (401, A-AUTH-1..7). It fills the
 * request state the routes read. Unknown paths and wrong methods are answered before it (the
 * router), so they never depend on a key.
 */
export function aGate(sim: Sim, ctx: Context): void {
  const { account, key } = headProbeGrant(sim, ctx) ?? teardownCacheGrant(sim, ctx) ?? authenticatePipelineKey(sim, presentedAuthorization(sim, ctx), {
      ignoreRevocation: revocationUnchecked(sim, ctx),
      ignoreExpiry: expiryUnchecked(sim, ctx),
      addMissingPrefix: prefixAdded(sim, ctx),
    });
  const state = ctx.state as AState;
  state.account = sim.faults.has('a-account-header-switches-account') ? switchedAccount(sim, ctx, key.admin) ?? account : account;
  // The fault: keys with an expiry come from a TTL cache holding account and expiry, no role;
  // the role missing there reads as the dashboard's default, admin.
  state.apiKey = sim.faults.has('a-expiring-key-role-admin') && key.expiresAt !== null ? { ...key, admin: true } : key;
  state.origin = sim.faults.has('a-forwarded-host-links-500') ? forwardedOrigin(ctx) : originOf(ctx);
}

/**
 * The fault `a-forwarded-host-links-500`: behind a load balancer, links (a pipeline's `url`, the
 * create's `Location`, a key's `url`) name the host the client asked for, the first
 * X-Forwarded-Host, parsed with `new URL()` unguarded: a value that is no host ('a b', 'x:99999',
 * '[::1') throws before any route runs, a 500 for every keyed request that carries it.
 */
function forwardedOrigin(ctx: Context): string {
  const forwarded = ctx.get('x-forwarded-host').split(',')[0]?.trim() ?? '';
  return forwarded !== '' ? new URL(`${ctx.protocol}://${forwarded}`).origin : originOf(ctx);
}

/**
 * The `Authorization` header: the one place the spec takes the key (A-AUTH-1). The fault
 * `a-key-outside-authorization-accepted` is a gate that, when no such header is sent, also takes
 * the key where other APIs put it (an `X-API-Key` header, an `api_key` query parameter) and reads
 * it as if it had come as Bearer. The fault `a-key-from-cookie` is one that takes it from an
 * `api_key` cookie (the dashboard's session calling the same API); `a-key-from-proxy-authorization`
 * one that, behind a corporate proxy, reads the credentials from `Proxy-Authorization` when
 * `Authorization` is absent; `a-api-key-header-beside-basic` one that reads `X-API-Key` whenever
 * `Authorization` carries no Bearer (an SSO proxy's Basic login beside a legacy SDK's key).
 */
function presentedAuthorization(sim: Sim, ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  // a-api-key-header-beside-basic: legacy SDKs send the key as X-API-Key and, behind the SSO proxy,
  // carry the proxy's own Basic login in Authorization, so X-API-Key is read whenever that is no Bearer.
  if (header !== '' && sim.faults.has('a-api-key-header-beside-basic')) {
    const legacy = ctx.get('x-api-key');
    if (legacy !== '' && !/^bearer[ ]/i.test(header)) return `Bearer ${legacy}`;
  }
  if (header !== '') return header;
  if (sim.faults.has('a-key-from-proxy-authorization')) {
    const proxied = ctx.get('proxy-authorization');
    if (proxied !== '') return proxied;
  }
  if (sim.faults.has('a-key-from-cookie')) {
    const session = ctx.cookies.get('api_key');
    if (session) return `Bearer ${session}`;
  }
  if (!sim.faults.has('a-key-outside-authorization-accepted')) return undefined;
  const elsewhere = ctx.get('x-api-key') || ctx.query.api_key;
  return typeof elsewhere === 'string' && elsewhere !== '' ? `Bearer ${elsewhere}` : undefined;
}

/** GET of one pipeline, under the served version prefix (or the fault's other one). */
const PIPELINE_READ = /^\/api\/public\/v\d+\/pipelines\/[^/]+$/;

/**
 * Every request's key is checked for revocation (A-AUTH-6). The fault `a-revoked-key-reads` is a
 * deployment whose pipeline read (GET /pipelines/{id}) authenticates through a path of its own
 * that looks the key up but never asks whether it was revoked; `a-revoked-key-manages-keys` one
 * whose key-management writes (a key's create, a revocation) do so, so a revoked admin key
 * still mints keys; `a-revoked-key-writes-pipelines` one whose pipeline writes (create, replace,
 * update, start, stop) are queued to a deployment worker that authenticates from a key cache
 * holding the key's digest and account, not its revocation; `a-dead-key-head-served` one whose
 * HEAD probes are answered from an edge's key cache (digest to account) that never learns of a
 * revocation or an expiry; `a-revoked-key-later-list-pages` one whose list pages past the first
 * are read from a replica whose key table the revocations never reach;
 * `a-revoked-key-archived-list` one whose pipeline list with archived pipelines
 * (`include_archived=true`) is served by the archive service, which authenticates from a key
 * cache of its own (digest to account) that no revocation reaches.
 */
function revocationUnchecked(sim: Sim, ctx: Context): boolean {
  // The faults are asked first: writesKeys builds its patterns, which no request should pay for
  // unless a fault needs them. (A key write is never a GET, so the two cases cannot both hold.)
  if (sim.faults.has('a-revoked-key-manages-keys') && writesKeys(sim, ctx)) return true;
  if (sim.faults.has('a-revoked-key-writes-pipelines') && writesPipelines(sim, ctx, true)) return true;
  if (ctx.method === 'HEAD' && sim.faults.has('a-dead-key-head-served')) return true;
  if (ctx.method === 'GET' && sim.faults.has('a-revoked-key-later-list-pages') && laterListPage(sim, ctx)) return true;
  if (ctx.method === 'GET' && sim.faults.has('a-revoked-key-archived-list') && archivedPipelineList(ctx)) return true;
  return ctx.method === 'GET' && PIPELINE_READ.test(ctx.path) && sim.faults.has('a-revoked-key-reads');
}

/**
 * Every request's key is checked for expiry (A-AUTH-4). The fault `a-expired-key-manages-keys` is
 * a deployment whose key-management writes authenticate through a lookup of their own that never
 * compares the key's expiry with now, so an expired admin key still mints keys;
 * `a-expired-key-writes-pipelines` one whose changes of an existing pipeline (replace, update,
 * start, stop) are authorised by the deployment service's own key check, which knows revocation
 * but not expiry; `a-dead-key-head-served` is the HEAD probes' edge cache (above);
 * `a-expired-key-archived-list` the archive service's key cache (digest to account), which never
 * learns of an expiry; `a-expired-key-revokes-itself` one for which "an expired key may always be
 * cleaned up": the revocation of a key by itself skips the expiry test.
 */
function expiryUnchecked(sim: Sim, ctx: Context): boolean {
  if (sim.faults.has('a-expired-key-revokes-itself') && revokesItself(sim, ctx)) return true;
  if (sim.faults.has('a-expired-key-writes-pipelines') && writesPipelines(sim, ctx, false)) return true;
  if (ctx.method === 'GET' && sim.faults.has('a-expired-key-archived-list') && archivedPipelineList(ctx)) return true;
  if (ctx.method === 'HEAD' && sim.faults.has('a-dead-key-head-served')) return true;
  return sim.faults.has('a-expired-key-manages-keys') && writesKeys(sim, ctx);
}

/**
 * A pipeline write at the paths of the served conventions: a replace or an update of one
 * pipeline, its start or its stop, and with `create` the create of one (`POST /pipelines`).
 * The validation of a definition and the spec's DELETE are not among them.
 */
function writesPipelines(sim: Sim, ctx: Context, create: boolean): boolean {
  const { start, stop } = sim.conventions.a.paths;
  const at = (path: string): RegExp => new RegExp(`^/api/public/v\\d+${path.replace(/:id/g, '[^/]+')}/?$`);
  if (ctx.method === 'PUT' || ctx.method === 'PATCH') return at('/pipelines/:id').test(ctx.path);
  if (ctx.method !== 'POST') return false;
  return (create && at('/pipelines').test(ctx.path)) || at(start).test(ctx.path) || at(stop).test(ctx.path);
}

/**
 * A list page past the first (`page` > 1) of the pipeline list or the key list, at the paths of
 * the served conventions: what the fault `a-revoked-key-later-list-pages` reads from a replica.
 */
function laterListPage(sim: Sim, ctx: Context): boolean {
  const at = (path: string): RegExp => new RegExp(`^/api/public/v\\d+${path}/?$`);
  const page = ctx.query.page;
  return typeof page === 'string' && Number(page) > 1 && (at('/pipelines').test(ctx.path) || at(sim.conventions.a.paths.keys).test(ctx.path));
}

/** The pipeline list asked for archived pipelines too (`include_archived=true`): what the faults `a-revoked-key-archived-list` and `a-expired-key-archived-list` serve from the archive service. */
function archivedPipelineList(ctx: Context): boolean {
  return ctx.query.include_archived === 'true' && /^\/api\/public\/v\d+\/pipelines\/?$/.test(ctx.path);
}

/** A key's create or a revocation, at the paths of the served conventions (under any version prefix the router serves). */
function writesKeys(sim: Sim, ctx: Context): boolean {
  const { keys, revoke } = sim.conventions.a.paths;
  // The conventions' paths are letters, '-', '_' and '/' with ':id' segments: no escaping needed.
  const at = (path: string): RegExp => new RegExp(`^/api/public/v\\d+${path.replace(/:id/g, '[^/]+')}/?$`);
  return (ctx.method === 'POST' && at(keys).test(ctx.path)) || (ctx.method === revoke.method && at(revoke.path).test(ctx.path));
}

/** The revocation of the very key the request presents (its id in the conventions' revoke path). */
function revokesItself(sim: Sim, ctx: Context): boolean {
  const { revoke } = sim.conventions.a.paths;
  if (ctx.method !== revoke.method) return false;
  const id = new RegExp(`^/api/public/v\\d+${revoke.path.replace(/:id/g, '([^/]+)')}/?$`).exec(ctx.path)?.[1];
  return id !== undefined && String(presentedKeyId(sim, ctx.get('authorization') || undefined)) === id;
}

/** GET of one pipeline or of its definition, under the served version prefix (or the fault's other one). */
const PIPELINE_OR_DEFINITION_READ = /^\/api\/public\/v\d+\/pipelines\/[^/]+(\/definition)?$/;

/**
 * A value without the prefix never authenticates (A-AUTH-2). The fault
 * `a-unprefixed-key-on-pipeline-reads` is a deployment whose single-pipeline reads (the pipeline,
 * its definition) look the key up through a helper of their own that, to be forgiving, puts a
 * missing prefix in front; every other request refuses such a value. The fault
 * `a-unprefixed-key-on-head` is a gate that puts the prefix back on every HEAD (uptime monitors
 * configured with the bare secret).
 */
function prefixAdded(sim: Sim, ctx: Context): boolean {
  if (ctx.method === 'HEAD' && sim.faults.has('a-unprefixed-key-on-head')) return true;
  return ctx.method === 'GET' && PIPELINE_OR_DEFINITION_READ.test(ctx.path) && sim.faults.has('a-unprefixed-key-on-pipeline-reads');
}

/**
 * The fault `a-head-without-key`: a gate that waves a HEAD without an Authorization header
 * through (for load balancers' probes) as the first account and its first key, so a live pipeline
 * answers 200 and an absent one 404 to anyone. Without the fault every HEAD needs the key.
 */
function headProbeGrant(sim: Sim, ctx: Context): ReturnType<typeof authenticatePipelineKey> | null {
  if (ctx.method !== 'HEAD' || ctx.get('authorization') !== '' || !sim.faults.has('a-head-without-key')) return null;
  const account = sim.store.firstAccount();
  const key = account ? account.pipelineKeys.values().next().value : undefined;
  return account && key ? { account, key } : null;
}

/** DELETE of one pipeline by a numeric id, under any version prefix the router serves. */
const PIPELINE_ARCHIVE = /^\/api\/public\/v\d+\/pipelines\/(\d+)$/;

/**
 * The faults `a-revoked-key-archives-own` and `a-expired-key-archives-own`: DELETE of a pipeline
 * the runtime runs for the account goes to its teardown worker, which authenticates from its own
 * key cache (digest to account) that never learns of revocations (or never compares an expiry
 * with now); an id the key's account does not hold falls back to the gate, so a dead key's DELETE
 * of an absent id is 401 as it should be.
 */
function teardownCacheGrant(sim: Sim, ctx: Context): ReturnType<typeof authenticatePipelineKey> | null {
  const revocationBlind = sim.faults.has('a-revoked-key-archives-own');
  const expiryBlind = sim.faults.has('a-expired-key-archives-own');
  if ((!revocationBlind && !expiryBlind) || ctx.method !== 'DELETE') return null;
  const archived = PIPELINE_ARCHIVE.exec(ctx.path);
  if (!archived) return null;
  try {
    const cached = authenticatePipelineKey(sim, presentedAuthorization(sim, ctx), { ignoreRevocation: revocationBlind, ignoreExpiry: expiryBlind });
    return cached.account.pipelines.has(Number(archived[1])) ? cached : null;
  } catch {
    // Unknown to the worker's cache too: the gate answers.
    return null;
  }
}

/**
 * The fault `a-account-header-switches-account`: an organisation's admins switch accounts with
 * `X-Account: <account_id>` (the dashboard's account switcher calls the same API), and the gate
 * takes any admin key's word for it, never asking whether the key's owner belongs there.
 */
function switchedAccount(sim: Sim, ctx: Context, admin: boolean): AccountState | undefined {
  const asked = ctx.get('x-account');
  return admin && asked !== '' ? sim.store.accounts.get(asked) : undefined;
}
