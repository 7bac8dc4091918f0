import type { Context, Middleware, Next } from 'koa';
import type { Sim } from '../../context.ts';
import type { BState } from './types.ts';
import { callerTimeZone } from '../../http/time.ts';
import { accountOwner, type AccountState } from '../../store.ts';
import type { User } from '../../domains/users/types.ts';
import { ApiError } from '../../http/errors.ts';
import { parsePositiveId } from '../../http/path-id.ts';
import { AcceptVerdictCache, parsesAsMediaType, VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { basicKey, KeyDigestCache } from '../../http/credentials.ts';
import { linksAt, linksFor } from '../../http/links.ts';
import { settleAccount } from '../../domains/settle.ts';
import { allowLeniently, shownValue } from '../../http/leniency.ts';
import { enveloped, type Page } from '../../http/paging.ts';

/** The writes the fault `b-hdr-case-sensitive-elsewhere` reaches: mark, group creation, SSH key creation, connection rename. */
const CASE_SENSITIVE_JSON_ROUTES = /^(POST \/[^/]+\/api\/(notifications\/mark|connection_groups|user\/keys)|PUT \/[^/]+\/api\/connections\/[^/]+\/[^/]+)\/?$/;

/** The connection metadata reads (domains/connections/metadata-routes.ts), which the fault `b-metadata-without-credentials` serves without a key. */
const METADATA_READS = /^\/[^/]+\/api\/connections\/[^/]+\/(salesforce\/fields|bingads\/accounts|bingads\/columns)\/?$/;

/** The vendor media type without its version parameter: the label of the fault `b-extension-lists-unversioned`. */
const UNVERSIONED_VENDOR_TYPE = 'application/vnd.service+json';

/** `GET /{account}/api/rate_limit_status` (domains/limits/routes.ts). */
const RATE_LIMIT_QUERY = /^\/[^/]+\/api\/rate_limit_status\/?$/;

/**
 * What runs before every interface B route, in this order: the faults on error handling and
 * request bodies, the versioned Accept header, the key. `accountless`: a route outside
 * `/{account_id}/api` (the real service's `/timezones`, `/hook_events`), which any valid key may
 * call; the key's own account is the request's.
 */
export function bGate(sim: Sim, options: { accountless?: boolean } = {}): Middleware {
  const keyDigests = new KeyDigestCache(sim.conventions.schemeCase);
  const acceptVerdicts = new AcceptVerdictCache(sim.faults);
  return async (ctx: Context, next: Next): Promise<void> => {
    const contentType = ctx.get('content-type');
    if (sim.faults.has('b-json-charset-refused') && contentType !== '' && contentType !== 'application/json') {
      throw new ApiError('unsupported_media_type', { message: 'Unsupported media type: send application/json.' });
    }
    // b-hdr-case-sensitive-elsewhere: a check added with the later write routes matches the media type by a case-sensitive pattern.
    if (sim.faults.has('b-hdr-case-sensitive-elsewhere') && contentType !== '' && CASE_SENSITIVE_JSON_ROUTES.test(`${ctx.method} ${ctx.path}`) && !/^application\/json\s*(;.*)?$/.test(contentType)) {
      throw new ApiError('unsupported_media_type', { message: 'Unsupported media type: send application/json.' });
    }
    // b-chunked-body-ignored: a front layer sizes bodies by Content-Length alone and drops the
    // framing of one sent chunked, so the body reader finds none.
    if (sim.faults.has('b-chunked-body-ignored') && ctx.get('content-length') === '') delete ctx.req.headers['transfer-encoding'];
    try {
      if (sim.faults.has('b-repeated-query-500') && Object.values(ctx.query).some(Array.isArray)) throw new TypeError('value.trim is not a function');
      if (sim.faults.has('b-broken-escape-500')) decodePathByHand(ctx.path);
      // b-root-routes-skip-accept: the API-root router, mounted apart, has no version negotiation.
      if (!(options.accountless === true && sim.faults.has('b-root-routes-skip-accept'))) checkVersion(sim, ctx, acceptVerdicts);
      authenticate(sim, ctx, keyDigests, options.accountless === true);
      // b-path-id-parse-int: the id parameters normalised with parseInt before the handlers read them.
      if (sim.faults.has('b-path-id-parse-int')) parseIntIdParams(ctx);
      // b-int32-path-id-500: the data layer binds every id parameter as a 32-bit integer.
      if (sim.faults.has('b-int32-path-id-500')) bindIdParamsAsInt32(ctx);
      // b-times-in-caller-zone: the request runs in its caller's time zone, which presentTime then writes.
      const callerZone = sim.faults.has('b-times-in-caller-zone') ? (ctx.state as Partial<BState>).user?.time_zone : undefined;
      await (callerZone ? callerTimeZone.run(callerZone, next) : next());
      // The extension lists' envelope, where the conventions have one (readPage marked the page).
      const page = ctx.state.extensionPage as Page | undefined;
      if (page !== undefined && ctx.status === 200) ctx.body = enveloped(ctx.body, sim.conventions.b.extensionListItems, page);
      // B-VER-2: every successful body is labelled with the versioned vendor media type.
      // b-empty-list-plain-json: an empty list taken for no content, left as its handler labelled it.
      if (ctx.status >= 200 && ctx.status < 300 && ctx.body !== undefined && ctx.body !== null && !(sim.faults.has('b-empty-list-plain-json') && isEmptyList(ctx.body))) {
        // b-root-routes-plain-json: the API-root router, mounted apart, labels its answers plain JSON.
        const plainJson = sim.faults.has('b-wrong-success-content-type') || labelledJsonByFault(sim, ctx) || (sim.faults.has('b-plain-json-first-labels-json') && prefersPlainJson(ctx.get('accept'))) || (sim.faults.has('b-wildcard-accept-plain-json') && takesAnything(ctx.get('accept'))) || (options.accountless === true && sim.faults.has('b-root-routes-plain-json'));
        // b-extension-lists-unversioned: the shared pager marked a list its controllers' serializer labels without the version.
        ctx.set('Content-Type', plainJson ? 'application/json; charset=utf-8' : (ctx.state as Partial<BState>).unversionedList === true ? UNVERSIONED_VENDOR_TYPE : VENDOR_MEDIA_TYPE);
      }
    } catch (err) {
      faultyErrorHandling(sim, ctx, err);
    }
  };
}

/**
 * Faults that change how interface B answers errors. Off by default; each imitates a real
 * mistake: a string comparison of Content-Type (above), a hand-written 404 body, a JSON parse
 * error that escapes to the framework's default 500 page. Anything else is rethrown.
 */
function faultyErrorHandling(sim: Sim, ctx: Context, err: unknown): void {
  if (!(err instanceof ApiError)) throw err;
  if (err.code === 'not_found' && sim.faults.has('b-404-without-message')) {
    ctx.status = 404;
    ctx.body = { error: 'not found' };
    ctx.type = 'application/json';
    return;
  }
  if (err.code === 'payload_too_large' && sim.faults.has('b-large-body-500')) throw new Error('request entity too large');
  if (err.code === 'malformed_body' && sim.faults.has('b-malformed-json-500')) {
    ctx.status = 500;
    ctx.type = 'text/plain';
    ctx.body = `SyntaxError: ${err.message}\n    at JSON.parse (<anonymous>)\n    at parseJsonBody (/srv/app/lib/body.js:42:17)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n`;
    return;
  }
  throw err;
}

/** What the fault `b-broken-escape-500` does with the path: decode it, and let a broken escape throw past the error handling. */
function decodePathByHand(path: string): void {
  try {
    decodeURIComponent(path);
  } catch {
    throw new Error('URI malformed');
  }
}

function checkVersion(sim: Sim, ctx: Context, acceptVerdicts: AcceptVerdictCache): void {
  // b-accept-checked-on-get-and-post-only: the version negotiation hangs on the reading and
  // creating routes only, so updates and deletions never meet it.
  if (sim.faults.has('b-accept-checked-on-get-and-post-only') && ctx.method !== 'GET' && ctx.method !== 'POST') return;
  // b-conn-rename-skips-accept: the connection rename is served by the connectors' own
  // controller, mounted before the version negotiation.
  if (sim.faults.has('b-conn-rename-skips-accept') && ctx.method === 'PUT' && /\/connections\/[^/]+\/[^/]+\/?$/.test(ctx.path)) return;
  // b-xhr-skips-version: the dashboard's own calls (XHR) taken to speak the current version.
  if (sim.faults.has('b-xhr-skips-version') && ctx.get('x-requested-with').toLowerCase() === 'xmlhttprequest') return;
  // b-head-skips-accept: the negotiation lives in the body renderer, which a HEAD answer skips.
  if (sim.faults.has('b-head-skips-accept') && ctx.method === 'HEAD') return;
  // b-later-accounts-accept-optional: the check is an account flag the v2 migration set on the accounts of its day only.
  if (sim.faults.has('b-later-accounts-accept-optional')) {
    const account = sim.store.account(String(ctx.params?.account ?? ''));
    if (account && account !== sim.store.firstAccount()) return;
  }
  // b-accept-version-major-only: the version parameter read with parseInt, its leading digits.
  const accept = sim.faults.has('b-accept-version-major-only') ? majorVersionsOnly(ctx.get('accept')) : ctx.get('accept');
  // b-accept-unparseable-served: the parser throws on a range it cannot read, and the catch serves the default version.
  if (sim.faults.has('b-accept-unparseable-served') && accept !== '' && !accept.split(',').every((range) => parsesAsMediaType(range.trim()))) return;
  const served = sim.faults.has('b-missing-accept-served') && !accept;
  const acceptable = sim.faults.has('b-accept-compared-as-string') ? accept === VENDOR_MEDIA_TYPE : acceptVerdicts.accepts(accept, sim.options.profile === 'lenient');
  if (!served && !acceptable) {
    throw new ApiError('not_acceptable', {
      message: `Not acceptable: send Accept: ${VENDOR_MEDIA_TYPE}.`,
      problems: [{ field: 'Accept', message: `must be ${VENDOR_MEDIA_TYPE}` }],
    });
  }
  if (sim.options.profile === 'lenient' && acceptable && !acceptVerdicts.accepts(accept, false)) {
    allowLeniently(ctx, 'B-VER-1', `Accept: ${shownValue(accept)} does not ask for ${VENDOR_MEDIA_TYPE}`);
  }
}

/**
 * The fault `b-accept-version-major-only`: each `version` parameter of an Accept header cut to
 * what parseInt makes of it (`2.1`, `2beta`, `2-preview` become `2`), as a reader of the major
 * version alone does.
 */
function majorVersionsOnly(accept: string): string {
  return accept.replace(/(\bversion\s*=\s*"?)(\d+)[^";,\s]*/gi, (_, lead: string, digits: string) => `${lead}${parseInt(digits, 10)}`);
}

function authenticate(sim: Sim, ctx: Context, keyDigests: KeyDigestCache, accountless: boolean): void {
  const lenient = sim.options.profile === 'lenient';
  // b-basic-trailing-junk-accepted: the credentials pattern not anchored at the end.
  const junkTail = sim.faults.has('b-basic-trailing-junk-accepted');
  const digest = keyDigests.get(ctx.get('authorization'), lenient, junkTail);
  const slug = accountless ? undefined : String(ctx.params?.account ?? '');
  let found = digest === null ? null : sim.store.findUserKeyByDigest(digest, sim.clock.now());
  if (digest !== null && sim.faults.has('b-replaced-key-writes-cached')) found = throughWriteGrantCache(sim, ctx, digest, found);
  // b-replaced-key-deletes-cached: the DELETE routes' own grant cache, which remembers each key it saw authenticate.
  if (digest !== null && sim.faults.has('b-replaced-key-deletes-cached')) found = throughRememberedGrants(deleteGrants, sim, digest, found, ctx.method === 'DELETE');
  // b-replaced-key-reads-by-id: the reads of one record authorize through the account's key history, which keeps replaced keys.
  if (digest !== null && sim.faults.has('b-replaced-key-reads-by-id')) found = throughKeyHistory(sim, ctx, digest, found);
  // b-key-lookup-like-pattern: the key looked up with LIKE, unescaped; b-key-cut-at-nul: compared up to its first NUL.
  if (!found && digest !== null && slug !== undefined && sim.faults.has('b-key-lookup-like-pattern')) found = likePatternGrant(sim, slug, basicKey(ctx.get('authorization'), lenient, junkTail, sim.conventions.schemeCase));
  if (!found && digest !== null && sim.faults.has('b-key-cut-at-nul')) found = cutAtNulGrant(sim, basicKey(ctx.get('authorization'), lenient, junkTail, sim.conventions.schemeCase));
  // b-replaced-key-other-spellings-cached: an authorizer cache keyed by the raw header, which the regeneration clears for the header it was sent with only.
  if (digest !== null && sim.faults.has('b-replaced-key-other-spellings-cached')) found = throughHeaderGrantCache(sim, ctx, found);
  // b-root-grants-keep-replaced-keys: the root routes' own authorizer, which remembers each key's grant.
  if (digest !== null && accountless && sim.faults.has('b-root-grants-keep-replaced-keys')) found = throughRootGrantCache(sim, digest, found);
  if (digest === null && ctx.method !== 'GET' && sim.faults.has('b-bearer-accepted-on-writes')) found = bearerGrant(sim, ctx.get('authorization'));
  if (!found && digest !== null && ctx.method === 'DELETE' && slug !== undefined && sim.faults.has('b-unknown-key-deletes-as-first-user')) found = firstUserOf(sim, slug);
  // b-metadata-without-credentials: the connector workers read connection metadata without a key, let through as the account's owner.
  if (!found && ctx.get('authorization') === '' && slug !== undefined && sim.faults.has('b-metadata-without-credentials') && METADATA_READS.test(ctx.path)) found = firstUserOf(sim, slug);
  // b-head-without-credentials: HEAD waved through for load balancers' probes, as the account's first user.
  if (!found && ctx.method === 'HEAD' && ctx.get('authorization') === '' && slug !== undefined && sim.faults.has('b-head-without-credentials')) found = firstUserOf(sim, slug);
  // b-trailing-slash-skips-key: the map of protected routes lists paths without a trailing slash; one with it is passed on as the account's owner.
  if (!found && slug !== undefined && ctx.path.length > 1 && ctx.path.endsWith('/') && sim.faults.has('b-trailing-slash-skips-key')) found = firstUserOf(sim, slug);
  if (found && sim.faults.has('b-other-accounts-keys-refused') && found.account !== sim.store.firstAccount()) found = null;
  if (!found && digest !== null && sim.faults.has('b-unknown-key-accepted')) {
    const account = slug === undefined ? sim.store.firstAccount() : sim.store.account(slug);
    const user = account && accountOwner(account);
    if (account && user) found = { account, user };
  }
  if (!found) {
    throw new ApiError('unauthorized', {
      message: 'Unauthorized: send the API key as the username of HTTP Basic authentication, with an empty password.',
      headers: { 'WWW-Authenticate': 'Basic realm="service"' },
    });
  }
  let account = found.account;
  // b-head-account-path-unguarded: the guard below lists the methods it checks, and HEAD is not among them.
  if (slug !== undefined && account.slug !== slug && sim.faults.has('b-head-account-path-unguarded') && ctx.method === 'HEAD') account = sim.store.account(slug) ?? account;
  if (slug !== undefined && account.slug !== slug) {
    const other = sim.store.account(slug);
    // b-member-key-any-account-path: only the owner's key is held to its account; members may belong to several, and their membership is not looked up.
    const memberAnywhere = sim.faults.has('b-member-key-any-account-path') && found.user.id !== accountOwner(found.account)?.id;
    if (!(other && (sim.faults.has('b-cross-account-access') || memberAnywhere))) {
      // b-foreign-account-own-404-text: the membership miss of an account that exists is told apart, in words of its own.
      if (other && sim.faults.has('b-foreign-account-own-404-text')) throw new ApiError('not_found', { message: `Item not found: you are not a member of ${other.slug}.` });
      throw new ApiError('not_found');
    }
    account = other;
  }
  // The header named a key only because the lenient profile reads Basic without the ':'.
  if (lenient && keyDigests.get(ctx.get('authorization'), false, junkTail) === null) {
    allowLeniently(ctx, 'B-AUTH-1', 'Authorization: Basic holds the key without the ":" before its empty password (RFC 7617 user-pass)');
  }
  // "All API methods are rate-limited except for querying the rate limit" (the real docs' README):
  // that query counts nothing, and answers a caller whose window is used up.
  // b-rate-limit-per-key: the window kept by the credential the gateway saw, not by its user.
  const who = sim.faults.has('b-rate-limit-per-key') ? `${found.account.slug}:${digest ?? found.user.id}` : `${found.account.slug}:${found.user.id}`;
  const quota = RATE_LIMIT_QUERY.test(ctx.path) ? sim.rateLimiter.peek(who) : sim.rateLimiter.take(who);
  if (quota) ctx.set(sim.rateLimiter.headers(quota));
  // b-forwarded-host-links-500: links built for the host a proxy says the client asked for, parsed
  // with new URL(), which throws (a 500) on a forwarded host that is no host ('a b', 'x:99999').
  const links = sim.faults.has('b-forwarded-host-links-500') && ctx.get('x-forwarded-host') !== '' ? linksAt(new URL(`${ctx.protocol}://${ctx.get('x-forwarded-host').split(',')[0]!.trim()}`).origin, account.slug) : linksFor(ctx, account.slug);
  settleAccount(sim, account, links);
  const state = ctx.state as BState;
  state.account = account;
  state.user = found.user;
  state.links = links;
  if (quota) state.quota = quota;
  if (lenient) state.lenientBodies = true;
  // b-body-chunk-decoding: the body reader of a careless build, which decodes buffer by buffer.
  if (sim.faults.has('b-body-chunk-decoding')) state.bodyDecodedByBuffer = true;
  // b-hdr-charset-spelling-latin1: a body reader that trusts only one spelling of the UTF-8 charset.
  if (sim.faults.has('b-hdr-charset-spelling-latin1')) state.charsetBySpelling = true;
}

/**
 * The fault `b-path-id-parse-int`: every id parameter (`id`, `hook_id`, ...; not the account's)
 * read with parseInt, which keeps the leading digits and drops the rest: `/hooks/7abc`, `7.5`,
 * `7%20x` name hook 7.
 */
function parseIntIdParams(ctx: Context): void {
  const params = routeParams(ctx);
  for (const name of idParamNames(params)) {
    const id = parseInt(params[name] ?? '', 10);
    if (id > 0) params[name] = String(id);
  }
}

/**
 * The fault `b-int32-path-id-500`: every id parameter (as parseIntIdParams picks them) bound to a
 * 32-bit query parameter, which an id above 2^31-1 overflows: a RangeError, so a 500. Ids that are
 * no positive safe integer still reach the handlers, which answer them 404 as before.
 */
function bindIdParamsAsInt32(ctx: Context): void {
  const params = routeParams(ctx);
  for (const name of idParamNames(params)) {
    const id = parsePositiveId(params[name]);
    if (id !== null && id > 2_147_483_647) throw new RangeError(`value ${id} is out of range for type integer`);
  }
}

function routeParams(ctx: Context): Record<string, string> {
  return (ctx as Context & { params?: Record<string, string> }).params ?? {};
}

/** The route's id parameters, as the two id faults read them: `id`, `hook_id`, ...; not the account's. */
function idParamNames(params: Record<string, string>): string[] {
  return Object.keys(params).filter((name) => (name === 'id' || name.endsWith('_id')) && name !== 'account_id');
}

/** Whom a request authenticates as; and a grant as an authorizer remembers it, resolved again on use. */
type Grant = { account: AccountState; user: User };
type RememberedGrant = { slug: string; userId: number };

/** The map a fault's authorizer keeps for `sim` (made on first use): each simulator its own. */
function mapOf<V>(perSimulator: WeakMap<Sim, Map<string, V>>, sim: Sim): Map<string, V> {
  let map = perSimulator.get(sim);
  if (!map) perSimulator.set(sim, (map = new Map<string, V>()));
  return map;
}

/** The fault `b-bearer-accepted-on-writes`: `Bearer <key>` read as the key (a token path added for another client). */
function bearerGrant(sim: Sim, authorization: string): Grant | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  return token === undefined ? null : sim.store.findUserKey(token, sim.clock.now());
}

/** The fault `b-unknown-key-deletes-as-first-user`: the account owner, whom a key check that falls back takes an unknown key for. */
function firstUserOf(sim: Sim, slug: string): Grant | null {
  const account = sim.store.account(slug);
  const user = account && accountOwner(account);
  return account && user ? { account, user } : null;
}

/**
 * The fault `b-replaced-key-writes-cached`: an authorizer cache in front of the write routes that
 * remembers whose every key it has seen was, and that the key regeneration (a route mounted apart)
 * never clears. Reads ask the store each time, so a replaced key is refused there and goes on
 * writing. Per simulator; a grant is resolved again on use, so one of a removed user grants nothing.
 */
const writeGrants = new WeakMap<Sim, Map<string, RememberedGrant>>();

/** The fault `b-replaced-key-deletes-cached`: the DELETE routes' grants, remembered as the write routes' are above. Per simulator. */
const deleteGrants = new WeakMap<Sim, Map<string, RememberedGrant>>();

function throughWriteGrantCache(sim: Sim, ctx: Context, digest: string, found: Grant | null): Grant | null {
  return throughRememberedGrants(writeGrants, sim, digest, found, ctx.method !== 'GET' && !/\/user\/tokens\/?$/.test(ctx.path));
}

/**
 * Grants remembered by key digest (`remembered`, per simulator) for the faults whose authorizer
 * keeps every key it saw authenticate: `found` is remembered and returned; a key the store no
 * longer finds is granted from memory where `applies` (the requests that authorizer serves),
 * resolved again, so a removed user's grants nothing.
 */
function throughRememberedGrants(remembered: WeakMap<Sim, Map<string, RememberedGrant>>, sim: Sim, digest: string, found: Grant | null, applies: boolean): Grant | null {
  const grants = mapOf(remembered, sim);
  if (found) {
    grants.set(digest, { slug: found.account.slug, userId: found.user.id });
    return found;
  }
  if (!applies) return null;
  const grant = grants.get(digest);
  const account = grant && sim.store.account(grant.slug);
  const user = grant && account?.users.get(grant.userId);
  return account && user ? { account, user } : null;
}

/**
 * The fault `b-replaced-key-other-spellings-cached`: an authorizer cache keyed by the raw
 * Authorization header (no decoding on a hit), whose entry POST /user/tokens evicts for the header
 * it was sent with only: the same key sent before under another spelling (`basic <b64>`, two
 * spaces after the scheme) keeps its grant after the regeneration. Per simulator.
 */
const headerGrants = new WeakMap<Sim, Map<string, Grant>>();

function throughHeaderGrantCache(sim: Sim, ctx: Context, found: Grant | null): Grant | null {
  const grants = mapOf(headerGrants, sim);
  const header = ctx.get('authorization');
  const granted = grants.get(header) ?? found;
  if (granted) grants.set(header, granted);
  if (ctx.method === 'POST' && /\/user\/tokens\/?$/.test(ctx.path)) grants.delete(header);
  return granted;
}

/**
 * The fault `b-root-grants-keep-replaced-keys`: the API-root routes (`/user`, `/user/tokens`,
 * `/timezones`, `/accounts`, ...) sit behind a small authorizer of their own that remembers the
 * grant of every key it has seen, so that clients polling them do not hit the key index, and that
 * the key regeneration never clears: a replaced key is refused under `/{account_id}/api` and still
 * authenticates at the root (as its user, whose new key GET /user there shows). Per simulator.
 */
const rootGrants = new WeakMap<Sim, Map<string, Grant>>();

function throughRootGrantCache(sim: Sim, digest: string, found: Grant | null): Grant | null {
  const grants = mapOf(rootGrants, sim);
  const granted = grants.get(digest);
  if (granted) return granted;
  if (found) grants.set(digest, found);
  return found;
}

/**
 * The fault `b-replaced-key-reads-by-id`: the reads of one record by its id (a GET whose path ends
 * in an integer) authorize through the account's key history, every key a user has held (kept for
 * the audit log), not the live index: a replaced key still reads records by id. The history is
 * filled here by every key seen to authenticate, as the keys the run used. Per simulator.
 */
const keyHistory = new WeakMap<Sim, Map<string, RememberedGrant>>();

function throughKeyHistory(sim: Sim, ctx: Context, digest: string, found: Grant | null): Grant | null {
  return throughRememberedGrants(keyHistory, sim, digest, found, ctx.method === 'GET' && /\/\d+\/?$/.test(ctx.path));
}

/** The fault `b-key-lookup-like-pattern`: `key` as a LIKE pattern (`%` any run, `_` any one character) over the keys of the path's account; its first user matched. */
function likePatternGrant(sim: Sim, slug: string, key: string | null): Grant | null {
  if (key === null || !/[%_]/.test(key)) return null;
  const pattern = new RegExp(`^${[...key].map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`, 's');
  const account = sim.store.account(slug);
  const user = account && [...account.users.values()].find((u) => (u.removedAt ?? null) === null && pattern.test(u.apiKey));
  return account && user ? { account, user } : null;
}

/** The fault `b-key-cut-at-nul`: the key read up to its first NUL. */
function cutAtNulGrant(sim: Sim, key: string | null): Grant | null {
  const nul = key?.indexOf('\0') ?? -1;
  return key && nul >= 0 ? sim.store.findUserKey(key.slice(0, nul), sim.clock.now()) : null;
}

/** Whether a body is an empty JSON array: `[]` as a value, or as the bytes a list route serves. */
function isEmptyList(body: unknown): boolean {
  if (Array.isArray(body)) return body.length === 0;
  return Buffer.isBuffer(body) && body.toString('utf8').trim() === '[]';
}

/**
 * Successful answers labelled application/json by a fault: `b-later-accounts-plain-json`, every
 * account's but the first made; `b-group-and-token-labelled-json`, two writes whose handlers set
 * their own type (a connection group made, a key regenerated), as handlers written apart from the
 * rest do; `b-sorted-invoices-plain-json`, the invoice list in a sort of the real service's.
 */
function labelledJsonByFault(sim: Sim, ctx: Context): boolean {
  // b-later-accounts-plain-json: the vendor media type rolled out to the first account only.
  if (sim.faults.has('b-later-accounts-plain-json') && (ctx.state as BState).account !== sim.store.firstAccount()) return true;
  // b-large-body-plain-json: byte bodies over 16 KiB go out through a streaming writer, which labels them itself.
  if (sim.faults.has('b-large-body-plain-json') && Buffer.isBuffer(ctx.body) && ctx.body.length > 16_384) return true;
  // b-sorted-invoices-plain-json: the invoice list in a sort of the real service's goes through the reporting query's serializer.
  if (sim.faults.has('b-sorted-invoices-plain-json') && ctx.method === 'GET' && /\/invoices$/.test(ctx.path) && ctx.query.sort !== undefined) return true;
  // b-job-poll-plain-json: job polls, the hot path served from kept bytes, go out as their handler labelled them.
  if (sim.faults.has('b-job-poll-plain-json') && ctx.method === 'GET' && /\/jobs\/\d+$/.test(ctx.path)) return true;
  return sim.faults.has('b-group-and-token-labelled-json') && ctx.method === 'POST' && /\/(connection_groups|user\/tokens)$/.test(ctx.path);
}

// b-wildcard-accept-plain-json: a client that takes anything (the range */* at full weight,
// whatever else it lists) is served the serializer's first type, plain JSON: the vendor type is
// kept for clients that take nothing else. A */* of lower weight than the vendor type does not count.
function takesAnything(accept: string): boolean {
  return acceptRanges(accept).some((r) => r.type === '*/*' && r.q >= 1);
}

/** The two faults' reading of Accept: each range's type and weight (1 unless given), in the client's order. */
function acceptRanges(accept: string): { type: string; q: number }[] {
  return accept.split(',').map((range) => {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return { type, q: q === undefined ? 1 : Number(q.slice(2)) };
  });
}

/**
 * b-plain-json-first-labels-json: the answer's type negotiated among the two a serializer offers
 * (the vendor type, and plain JSON for older clients), the client's first range of the highest
 * weight winning: a plain application/json listed before the vendor type at the same weight
 * labels the answer with it.
 */
function prefersPlainJson(accept: string): boolean {
  // A stable sort: at the same weight the client's order stands.
  const best = acceptRanges(accept).filter((r) => r.type === 'application/json' || r.type === 'application/vnd.service+json').sort((a, b) => b.q - a.q)[0];
  return best?.type === 'application/json';
}
