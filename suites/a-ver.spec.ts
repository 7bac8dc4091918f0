import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { describeResponse } from './lib/expect.ts';
import { absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { createdId, errorObjectA, is2xx, isObject, pathOf, requestLine, routeMissing } from './lib/answers.ts';
import type { ARoute, CheckContext, Exchange, InterfaceClient, RequestOptions } from './lib/types.ts';
import { A_ENDPOINTS, aEndpoint } from './catalog/a-endpoints.ts';
import type { AEndpoint } from './catalog/types.ts';
import { aRoute, aSend, definitionFormat, malformedBody, routePath, validOptions } from './catalog/a-requests.ts';
import type { AOperation } from './lib/target-types.ts';
import { documentBody } from './lib/documents.ts';
import { makePipeline } from './lib/factories/pipelines.ts';
import { keyValueIn, revokeIfCreated } from './lib/factories/api-keys.ts';
import { plainDefinition } from './lib/arbitraries/definitions.ts';
import { uniqueName } from './lib/unique-names.ts';
import { withKey } from './lib/clients.ts';
import { aTargetFindsPipelines } from './lib/controls.ts';
import { firstPageQuery } from './catalog/a-lists.ts';

/*
 * A-VER-1: interface A is served under `{cdc_base_url}/api/public/v1`: every operation of it, not
 * only the one the spec spells out. The one endpoint the spec fixes is `DELETE /pipelines/{id}`;
 * the others are where the target document says (or the real service's conventions), all of them
 * under the same root. Each operation the target serves is sent there without a key, so nothing
 * can change whatever the target makes of it: ids that name nothing, bodies no parser takes.
 *
 * What shows that an operation is served at its route is an answer no unknown path gets: the
 * same request (method, headers, body) to a path beside the route that names nothing
 * (`<route>/disco-no-such-route/...`) is the control. Interface A must ask for a key on every
 * route it serves (401, A-AUTH-7); a target that routes before it authenticates answers the
 * unknown path 404 without a key, so the route's 401 proves the route. A target that asks every
 * anonymous request for a key, unknown paths too, proves nothing by its 401s: then the reads are
 * sent with the key (a list, a fixture pipeline) and compared the same way, and what still cannot
 * be told apart (with a key, an absent id's 404 is a missing route's 404, and a write to an id
 * that exists would change it) is covered in part, saying which operations were not seen.
 *
 * An operation whose route answers as an unknown path does (404, 405, 501) without a key is not
 * served there as interface A (or does not ask for a key, A-AUTH-7): a failure where the route
 * is the spec's, the target document's, or (simulator profile) the simulator's convention; where
 * only the real service's convention names it, the target may not serve it at all (it is not in
 * the spec), so the operation is not verified and the reason says what would settle it.
 *
 * The root is every account's: account 2's admin key is sent there too (its fixture pipeline's
 * read, else the spec's DELETE of an absent pipeline or the pipeline list), and answered as an
 * unknown path where account 1's is served fails (secondAccountUnderV1).
 *
 * Other versions are not in the spec: what `/api/public/v2` answers is noted, never judged.
 */

function notServed(t: CheckContext, ex: Exchange, why: string): never {
  t.fail({
    clause: 'A-VER-1',
    message: `interface A does not answer under /api/public/v1: ${requestLine(ex)} ${why}`,
    expected: 'interface A at {cdc_base_url}/api/public/v1',
    received: describeResponse(ex),
    exchange: ex,
  });
}

/** The last segments of a control's path: no route of any interface A ends so. */
const NO_SUCH_ROUTE = 'disco-no-such-route/disco-no-such-route';

/** A request along an operation's route and the same request to an unknown path beside it. */
interface Probe {
  endpoint: AEndpoint;
  route: ARoute;
  answer: Exchange;
  control: Exchange;
}

/** Sends `endpoint` along its route (for `id` where it names one) and the same request to the unknown path beside it. */
async function probe(t: CheckContext, client: InterfaceClient, endpoint: AEndpoint, route: ARoute, id: number, options: RequestOptions): Promise<Probe> {
  const at = endpoint.id === undefined ? undefined : id;
  const answer = at === undefined ? await aSend(t, client, endpoint.operation, options) : await aSend(t, client, endpoint.operation, at, options);
  const control = await client.request(route.method, `${routePath(route, at)}/${NO_SUCH_ROUTE}`, options);
  return { endpoint, route, answer, control };
}

/**
 * Whether the answer shows the route: the route's own answer (a success or a refusal, not a
 * routing miss, a redirect or a server error) that the unknown path beside it did not get.
 */
function routed({ answer, control }: Probe): boolean {
  const status = answer.response.status;
  if (routeMissing(answer) || status >= 500 || (status >= 300 && status < 400)) return false;
  return status !== control.response.status;
}

/** What the request carries: nothing, or a body no parser takes (the key is not sent: nothing can change). */
function anonymousOptions(t: CheckContext, endpoint: AEndpoint): RequestOptions {
  return endpoint.body === 'none' ? {} : malformedBody(t, endpoint.body, 'disco-version-probe');
}

/** Whether a route this target does not serve at all (only the real service's convention names it) fails the clause. */
function bound(t: CheckContext, endpoint: AEndpoint): boolean {
  return endpoint.source === 'spec' || t.profile === 'simulator' || t.target.interfaceA.operations[endpoint.operation] !== undefined;
}

/**
 * The path each request went to carries `/api/public/v1` right after the target's base URL: a
 * route of the target document is a path under that root (A-VER-1 puts all of interface A there).
 */
function expectUnderV1(t: CheckContext, ex: Exchange, root: string): void {
  if (pathOf(ex).startsWith(`${root}/`)) return;
  t.fail({
    clause: 'A-VER-1',
    message: `${requestLine(ex)} is not under ${root}: every interface A route (interface_a.operations of the target document) is a path under /api/public/v1`,
    expected: `a path under ${root}`,
    received: pathOf(ex),
    exchange: ex,
  });
}

/**
 * With the key, reads that change nothing and that an unknown path cannot answer alike: the lists
 * and the validation (a body no parser takes), and the reads of account 1's first fixture pipeline.
 * Undefined where no such read exists (an absent id's 404 is a missing route's).
 */
async function keyedProbe(t: CheckContext, endpoint: AEndpoint, route: ARoute): Promise<Probe | undefined> {
  if (endpoint.effect !== 'read' || t.target.a[0]?.adminKey === undefined) return undefined;
  if (endpoint.id === undefined) return probe(t, t.a(), endpoint, route, 0, anonymousOptions(t, endpoint));
  const fixture = endpoint.id === 'pipeline' ? t.target.a[0].fixtures.pipeline_ids?.[0] : undefined;
  return fixture === undefined ? undefined : probe(t, t.a(), endpoint, route, fixture, {});
}

/** A write, or the read of one key (no fixture names a key): with the key only the check's own things tell its route. */
function needsOwnThing(endpoint: AEndpoint): boolean {
  return endpoint.effect === 'write' || endpoint.id === 'key';
}

/** The order the check's own pipeline and key go through (each kept until its last operation). */
const OWN_THINGS_ORDER: readonly string[] = ['pipelines.create', 'pipelines.replace', 'pipelines.update', 'pipelines.start', 'pipelines.stop', 'pipelines.archive', 'keys.create', 'keys.read', 'keys.revoke'];

/**
 * The writes (and the read of one key) at their routes under /api/public/v1, where the target asks
 * for a key before it routes, so that a-ver/served-under-v1's anonymous requests answered as an
 * unknown path beside them does. Each is sent again without a key first (a target that routes
 * first is settled there); the others with the key: a create with a body no parser takes (refused
 * by the route: nothing is made), the rest to the check's own pipeline and key, made for it and
 * gone with it (replaced, changed, started, stopped and archived; read and revoked). An answer an
 * unknown path beside the route, asked the same with the key, does not get shows the route. One
 * answered as that unknown path fails where the route is the spec's, the document's or the
 * simulator's (as in a-ver/served-under-v1); where no own thing could be made, or the answers do
 * not differ, the operation is not verified, saying which.
 */
async function ownThingsUnderV1(t: CheckContext): Promise<Set<AOperation>> {
  const anonymous = t.aWithAuthorization(null);
  const absent = absentIdFrom(t.target, 20_260_915);
  const pending: { endpoint: AEndpoint; route: ARoute }[] = [];
  for (const endpoint of A_ENDPOINTS.filter(needsOwnThing).sort((a, b) => OWN_THINGS_ORDER.indexOf(a.operation) - OWN_THINGS_ORDER.indexOf(b.operation))) {
    const route = aRoute(t, endpoint.operation);
    if (route === null) continue;
    if (!routed(await probe(t, anonymous, endpoint, route, absent, anonymousOptions(t, endpoint)))) pending.push({ endpoint, route });
  }
  const sentWithKey = new Set<AOperation>();
  if (pending.length === 0) return sentWithKey;
  const own: { pipeline?: number; key?: number; why: Record<'pipeline' | 'key', string> } = { why: { pipeline: 'no pipeline of its own was made', key: 'no key of its own was made' } };
  if (pending.some((p) => p.endpoint.id === 'pipeline')) {
    const made = await makePipeline(t, 0, plainDefinition(t.name('ver-own')));
    if ('id' in made) own.pipeline = made.id;
    else own.why.pipeline = `no pipeline of its own could be made (${made.tried}: ${made.answer.response.status})`;
  }
  if (pending.some((p) => p.endpoint.id === 'key') && aRoute(t, 'keys.create')) {
    const made = await aSend(t, t.a(), 'keys.create', { body: { name: t.name('ver-own') } });
    revokeIfCreated(t, made);
    if (is2xx(made) && isObject(made.json) && typeof made.json.id === 'number') own.key = made.json.id;
    else own.why.key = `no key of its own could be made (POST of a key answered ${made.response.status})`;
  }
  const seen: string[] = [];
  const unseen: string[] = [];
  const missing: { ex: Exchange; why: string }[] = [];
  for (const { endpoint, route } of pending) {
    const id = endpoint.id === undefined ? 0 : endpoint.id === 'pipeline' ? own.pipeline : own.key;
    const line = `${endpoint.operation} (${route.method} ${route.path})`;
    if (id === undefined) {
      unseen.push(`${line}: ${endpoint.id === 'pipeline' ? own.why.pipeline : own.why.key}`);
      continue;
    }
    const options = endpoint.id === undefined ? anonymousOptions(t, endpoint) : validOptions(t, endpoint, 'ver-own');
    const keyed = await probe(t, t.a(), endpoint, route, id, options);
    if (endpoint.id !== undefined) sentWithKey.add(endpoint.operation);
    if (routed(keyed)) {
      seen.push(`${endpoint.operation} (${keyed.answer.response.status}; the unknown path ${keyed.control.response.status})`);
      continue;
    }
    const answered = `${requestLine(keyed.answer)} (${endpoint.operation}${endpoint.id === undefined ? ', a body no parser takes' : ', the check\'s own'}) answered ${keyed.answer.response.status} with the key, as the unknown path beside it did`;
    if (routeMissing(keyed.answer) && bound(t, endpoint)) missing.push({ ex: keyed.answer, why: answered });
    else unseen.push(`${line}: ${answered}`);
  }
  const [first] = missing;
  if (first) {
    t.fail({
      clause: 'A-VER-1',
      message: `interface A does not answer these routes under /api/public/v1 with the key: ${missing.map((m) => m.why).join('; ')}`,
      expected: 'every operation the target serves, at its route under {cdc_base_url}/api/public/v1',
      received: describeResponse(first.ex),
      exchange: first.ex,
    });
  }
  if (seen.length) t.note(`served under /api/public/v1, seen with the key on the check's own pipeline and key (the target asks for a key before it routes): ${seen.join(', ')}`);
  if (unseen.length) t.partial('A-VER-1', `these routes were not seen served under /api/public/v1: without a key they answered as an unknown path beside them does (the target asks for a key before it routes), and with the key: ${unseen.join('; ')}`);
  return sentWithKey;
}

/** Whether an answer says the operation is not served at its route: an unknown path's (404, 405, 501), or gone (410). */
function notServedHere(ex: Exchange): boolean {
  return routeMissing(ex) || ex.response.status === 410;
}

/** The redirects that say a resource moved (RFC 9110 15.4): 303 See Other is an answer about a request that was served, not one. */
const MOVED = new Set([301, 302, 307, 308]);

/**
 * Where a keyed request under the root was sent on to a path outside it (`root`: the path of
 * the interface A base URL, `/api/public/v1` after any prefix of the target's), the path it was
 * sent to; else undefined. An operation answered so is served elsewhere (another version), not
 * under /api/public/v1. A redirect that stays under the root (a trailing slash, another host
 * serving the same path) is the deployment's own business and not judged, nor is a 303; so is one
 * to another /api/public/v1 root (a gateway's `{cdc_base_url}/api/public/v1` sending a request on
 * to the service's own host, without the gateway's prefix): the same version serves it.
 */
function movedOutOfRoot(ex: Exchange, root: string): string | undefined {
  if (!MOVED.has(ex.response.status)) return undefined;
  const location = ex.response.headers.location;
  if (location === undefined || location === '') return undefined;
  let to: string;
  try {
    to = new URL(location, ex.request.url).pathname;
  } catch {
    return undefined;
  }
  return to === root || to.startsWith(`${root}/`) || UNDER_A_V1_ROOT.test(to) ? undefined : to;
}

/** A path under an /api/public/v1 root after any prefix of its own: the version the spec roots interface A at. */
const UNDER_A_V1_ROOT = /(^|\/)api\/public\/v1(\/|$)/;

/** The path of the interface A base URL (`.../api/public/v1`): every route of the target is under it. */
function v1Root(t: CheckContext): string {
  return new URL(t.aWithAuthorization(null).base).pathname.replace(/\/$/, '');
}

/**
 * Each operation the target routes, sent once with the admin key and a request it must take: the
 * list, a valid definition to create (the check's own pipeline, archived last) and then to
 * validate (the definition the create took) and to replace it, a small change, the start and
 * stop and reads of that pipeline, and a key of its own made, read and revoked. An operation
 * served at its route under /api/public/v1 does not answer such a request as an unknown path
 * does (404, 405, 501) or as one gone (410), but that a 404 to an operation on the check's own
 * pipeline or key is noted, not judged (it may be the operation's own answer about that resource:
 * a definition read meaning "as deployed" has none for a pipeline never started); a target may route, and ask for the key (401),
 * before it finds the operation moved elsewhere (another version), so a-ver/served-under-v1's
 * 401s without a key do not show it served. Such an answer fails where the route is the spec's,
 * the document's or (simulator profile) the simulator's, as in a-ver/served-under-v1; where only
 * the real service's conventions name it, the target may not serve it at all (it is not in the
 * spec): a note. Any other refusal is other checks' to judge (a validation that refuses the
 * definition the create took is noted). `alreadySent`: operations ownThingsUnderV1 sent so
 * already, not sent again. Requests: one per routed operation, 14 on the simulator.
 */
async function keyedValidRequests(t: CheckContext, alreadySent: ReadonlySet<AOperation>): Promise<void> {
  const missing: { ex: Exchange; why: string }[] = [];
  const unbound: string[] = [];
  const unsent: string[] = [];
  const notes: string[] = [];
  const wanted = (operation: AOperation): boolean => aRoute(t, operation) !== null && !alreadySent.has(operation);
  const resourceRefusals: string[] = [];
  const root = v1Root(t);
  const judge = (operation: AOperation, ex: Exchange, sent: string): void => {
    const moved = movedOutOfRoot(ex, root);
    if (moved !== undefined) {
      // Sent on outside the root: the operation is served there, not under /api/public/v1.
      const why = `${requestLine(ex)} (${operation}, ${sent}) answered ${ex.response.status} to ${moved}, outside ${root}`;
      if (bound(t, aEndpoint(operation))) missing.push({ ex, why });
      else unbound.push(why);
      return;
    }
    if (!notServedHere(ex)) return;
    const why = `${requestLine(ex)} (${operation}, ${sent}) answered ${ex.response.status}`;
    const endpoint = aEndpoint(operation);
    // A 404 to an operation on a resource may be the operation's own answer for this resource
    // (a definition read meaning "as deployed" has none for a pipeline never started): not
    // taken for a route not served. 405, 410 and 501 are, and a 404 where no resource is named.
    if (ex.response.status === 404 && endpoint.id !== undefined) resourceRefusals.push(why);
    else if (bound(t, endpoint)) missing.push({ ex, why });
    else unbound.push(why);
  };

  if (wanted('pipelines.list')) judge('pipelines.list', await aSend(t, t.a(), 'pipelines.list'), 'the list');
  let own: { id: number; document: unknown } | undefined;
  if (aRoute(t, 'pipelines.create') !== null) {
    const made = await makePipeline(t, 0, plainDefinition(uniqueName(t, 'ver-keyed')));
    if ('id' in made) own = made;
    else {
      judge('pipelines.create', made.answer, 'a valid definition');
      unsent.push(`no pipeline of its own could be made (${made.tried}: ${made.answer.response.status}), so the operations on one pipeline and the validation were not sent`);
    }
  }
  // The create's definition, which the target took; where it creates nothing, the generated one.
  const document = own?.document ?? (aRoute(t, 'pipelines.create') === null ? plainDefinition(uniqueName(t, 'ver-keyed')) : undefined);
  if (wanted('pipelines.validate') && document !== undefined) {
    const ex = await aSend(t, t.a(), 'pipelines.validate', documentBody(document, definitionFormat(t)));
    judge('pipelines.validate', ex, own ? 'the definition the create took' : 'a valid definition');
    if (!is2xx(ex) && !notServedHere(ex)) notes.push(`${requestLine(ex)} answered ${ex.response.status} to ${own ? 'the definition the create took' : 'a valid definition'}`);
  }
  if (own !== undefined) {
    const id = own.id;
    const sends: [AOperation, RequestOptions, string][] = [
      ['pipelines.read', {}, "the check's own pipeline"],
      ['pipelines.definition', {}, "the check's own pipeline"],
      ['pipelines.replace', documentBody(own.document, definitionFormat(t)), "the check's own pipeline, its definition as created"],
      ['pipelines.update', { body: { description: 'changed by a-ver' } }, "the check's own pipeline, a new description"],
      ['pipelines.start', {}, "the check's own pipeline"],
      ['pipelines.stop', {}, "the check's own pipeline"],
      ['pipelines.archive', {}, "the check's own pipeline"],
    ];
    for (const [operation, options, sent] of sends) if (wanted(operation)) judge(operation, await aSend(t, t.a(), operation, id, options), sent);
  }

  if (wanted('keys.list')) judge('keys.list', await aSend(t, t.a(), 'keys.list'), 'the list');
  if (aRoute(t, 'keys.create') !== null) {
    const created = await aSend(t, t.a(), 'keys.create', { body: { name: uniqueName(t, 'ver-keyed') } });
    revokeIfCreated(t, created);
    judge('keys.create', created, 'a new key');
    const keyId = is2xx(created) ? createdId(created) : undefined;
    if (keyId === undefined) unsent.push(`no key of its own could be made (${requestLine(created)} answered ${created.response.status}), so its read and revocation were not sent`);
    else {
      const madeKeyMissing = await madeKeyUnderV1(t, created);
      if (typeof madeKeyMissing === 'string') unsent.push(madeKeyMissing);
      else if (madeKeyMissing !== undefined) missing.push(madeKeyMissing);
      for (const operation of ['keys.read', 'keys.revoke'] as const) if (wanted(operation)) judge(operation, await aSend(t, t.a(), operation, keyId), "the check's own key");
    }
  }

  const [first] = missing;
  if (first) {
    t.fail({
      clause: 'A-VER-1',
      message: `interface A does not serve these operations under /api/public/v1: with the key and a request each must take, they answered as an unknown path, or gone, or sent the request on outside the root (a redirect): ${missing.map((m) => m.why).join('; ')}`,
      expected: 'every operation the target serves, at its route under {cdc_base_url}/api/public/v1',
      received: describeResponse(first.ex),
      exchange: first.ex,
    });
  }
  if (resourceRefusals.length) t.note(`these operations answered 404 for the check's own pipeline or key (an answer of the operation about that resource, or a route not served: not told apart, not judged): ${resourceRefusals.join('; ')}`);
  if (unbound.length) t.note(`these operations of the real service's conventions (not in the spec) answered with the key as an unknown path, or gone; the target may not serve them there: ${unbound.join('; ')}`);
  if (notes.length) t.note(`a validation the target routes refused a valid definition (not judged here): ${notes.join('; ')}`);
  if (unsent.length) t.note(`not every operation was sent with the key and a request it must take: ${unsent.join('; ')}`);
}

/**
 * A-VER-1 for a key made through the API (`created`, the answer that holds it), before it is
 * revoked: it is sent under /api/public/v1 beside the admin key on the pipeline list (no resource
 * named, so its 404 is a route's), else account 1's first fixture pipeline's read. Where the
 * admin key's is served, the made key's answered as an unknown path (404, 405, 501) or gone (410)
 * is returned, for the check to fail: the interface is served elsewhere for such keys (keys made
 * after a new gateway's launch routed to it). A text says why nothing was sent; undefined
 * otherwise (other refusals are other clauses'). Requests: 2.
 */
async function madeKeyUnderV1(t: CheckContext, created: Exchange): Promise<{ ex: Exchange; why: string } | string | undefined> {
  const key = keyValueIn(created.json, t.target.keyPrefix);
  if (key === undefined) return `the key the check made was not found whole in the create answer, so it was not sent under /api/public/v1`;
  const fixture = t.target.a[0]?.fixtures.pipeline_ids?.[0];
  const read = aRoute(t, 'pipelines.list') === null && fixture !== undefined && aRoute(t, 'pipelines.read') !== null ? fixture : undefined;
  if (aRoute(t, 'pipelines.list') === null && read === undefined) return 'the key the check made was not sent under /api/public/v1: the pipeline list is not served and no fixture pipeline is named to read';
  const send = (client: InterfaceClient) => (read === undefined ? aSend(t, client, 'pipelines.list') : aSend(t, client, 'pipelines.read', read));
  const operation = read === undefined ? 'pipelines.list' : "pipelines.read, account 1's first fixture pipeline";
  const admin = await send(t.a());
  const made = await send(withKey(t, key));
  if (notServedHere(admin) || !notServedHere(made)) return undefined;
  return { ex: made, why: `${requestLine(made)} (${operation}) with the key the check made answered ${made.response.status}, as an unknown path, where the admin key's answered ${admin.response.status}` };
}

/**
 * A-VER-1 for account 2 too: interface A is one root for every account, so account 2's admin key
 * (the target document's second account) is sent under /api/public/v1 beside account 1's on a
 * request that changes nothing (secondAccountProbe): each account's first fixture pipeline read,
 * else, `keyAccepted` (a check that may write), the spec's DELETE of an absent pipeline
 * (secondAccountDelete), else the pipeline list. Key management is not in the spec: a deployment
 * may have it off for an account, so account 2's key list is not read. Where account 1's is
 * served, account 2's answered as an unknown path (404, 405, 501) or gone (410) says the interface
 * is served elsewhere for that account (another version, another cluster); with `keyAccepted`, so
 * does account 2's key refused (401, 403) where account 1's is taken. Without account 2's key, a
 * note: only account 1 was seen. Without a request to send, A-VER-1 is not verified (partial),
 * unless the run saw account 2 served on key-accepted-under-v1's DELETE (the partial is then
 * lifted). Requests: 2 (4 for the DELETE).
 */
async function secondAccountUnderV1(t: CheckContext, keyAccepted: boolean): Promise<void> {
  if (t.target.a[1]?.adminKey === undefined) return t.note("the target document gives no interface A key of account 2 (pipeline_admin_key): only account 1's key was seen served under /api/public/v1");
  const fixtures = [t.target.a[0]?.fixtures.pipeline_ids?.[0], t.target.a[1].fixtures.pipeline_ids?.[0]];
  const [own, theirs] = fixtures;
  const read = aRoute(t, 'pipelines.read') !== null && own !== undefined && theirs !== undefined;
  if (!read && keyAccepted && aRoute(t, 'pipelines.archive') !== null) return secondAccountDelete(t);
  if (!read && aRoute(t, 'pipelines.list') === null) {
    // Not verified here; lifted where a-ver/key-accepted-under-v1 saw account 2 served on its
    // DELETE later in the run (not at all under --read-only, where that check does not run).
    return t.partial('A-VER-1', `account 2's key was not sent under /api/public/v1: the target document names no fixture pipeline of ${own === undefined ? 'account 1' : 'account 2'} (accounts[].fixtures.pipeline_ids) and says the pipeline list is not served (interface_a.operations.pipelines.list is null)${keyAccepted ? '' : "; a-ver/key-accepted-under-v1 sends it the spec's DELETE of an absent pipeline"}`, { until: 'aSecondAccountServedUnderV1' });
  }
  const first = read ? await aSend(t, t.a(), 'pipelines.read', own) : await aSend(t, t.a(), 'pipelines.list');
  const second = read ? await aSend(t, t.a(1), 'pipelines.read', theirs) : await aSend(t, t.a(1), 'pipelines.list');
  const operation = read ? "pipelines.read, each account's first fixture pipeline" : 'pipelines.list';
  const refused = (ex: Exchange) => ex.response.status === 401 || ex.response.status === 403;
  if (notServedHere(first) || (keyAccepted && refused(first))) return t.note(`account 2's key was not judged under /api/public/v1: account 1's ${requestLine(first)} (${operation}) answered ${first.response.status}`);
  if (notServedHere(second)) notServed(t, second, `(${operation}) with account 2's admin key answered ${second.response.status}, as an unknown path, where account 1's same read answered ${first.response.status}: account 2 is not served there`);
  if (keyAccepted && refused(second)) notServed(t, second, `(${operation}) refused account 2's configured admin key (${second.response.status}) where account 1's same read answered ${first.response.status}`);
}

/**
 * A-VER-1 for every key of the account: account 1's non-admin key (the target document's
 * pipeline_key) is sent under /api/public/v1 beside its admin key on a read that changes nothing:
 * the pipeline list, which names no resource (its 404 is a route's), else account 1's first
 * fixture pipeline. Where the admin key's is served, the non-admin key's answered as an unknown
 * path (404, 405, 501) or gone (410) says the interface is served elsewhere for such keys (a
 * gateway of scoped keys serving another version). Any other answer is other clauses' to judge
 * (a refusal of a configured key is A-AUTH-1's). Without a non-admin key or a read to send, a
 * note: only admin keys were seen. Requests: 2.
 */
async function nonAdminKeyUnderV1(t: CheckContext): Promise<void> {
  const key = t.target.a[0]?.nonAdminKey;
  if (key === undefined) return t.note("the target document gives no non-admin interface A key of account 1 (pipeline_key): only admin keys were seen served under /api/public/v1");
  const fixture = t.target.a[0]?.fixtures.pipeline_ids?.[0];
  const list = aRoute(t, 'pipelines.list') !== null;
  const read = !list && fixture !== undefined && aRoute(t, 'pipelines.read') !== null ? fixture : undefined;
  if (!list && read === undefined) return t.note("account 1's non-admin key was not sent under /api/public/v1: the target document says the pipeline list is not served and names no fixture pipeline to read (accounts[0].fixtures.pipeline_ids)");
  const send = (client: InterfaceClient) => (read === undefined ? aSend(t, client, 'pipelines.list') : aSend(t, client, 'pipelines.read', read));
  const operation = list ? 'pipelines.list' : "pipelines.read, account 1's first fixture pipeline";
  const admin = await send(t.a());
  const nonAdmin = await send(withKey(t, key));
  if (notServedHere(admin)) return t.note(`account 1's non-admin key was not judged under /api/public/v1: the admin key's ${requestLine(admin)} (${operation}) answered ${admin.response.status}`);
  if (notServedHere(nonAdmin)) notServed(t, nonAdmin, `(${operation}) with account 1's non-admin key answered ${nonAdmin.response.status}, as an unknown path, where the admin key's same read answered ${admin.response.status}: that key is not served there`);
}

/**
 * A-VER-1 for the lists as a client pages them: the other requests read each list without
 * paging parameters, and a gateway that routes by query (paging reworked in a newer version)
 * sends a paged request elsewhere. Each list the target routes (the pipelines, the keys) is read
 * with the admin key as it is and then with the query of its first page (`firstPageQuery`: page
 * 1, or offset 0, as the target document pages it; never past the end, which a deployment may
 * refuse): where the plain read is a 2xx, the paged one answered as an unknown path (404, 405,
 * 501) or gone (410) fails. A list that does not page is not sent. Requests: up to 4.
 */
async function pagedListsUnderV1(t: CheckContext): Promise<void> {
  const query = firstPageQuery(t);
  if (Object.keys(query).length === 0) return t.note('the lists were not read paged under /api/public/v1: the target document says they do not page (interface_a.list_paging)');
  for (const operation of ['pipelines.list', 'keys.list'] as const) {
    if (aRoute(t, operation) === null) continue;
    const plain = await aSend(t, t.a(), operation);
    if (!is2xx(plain)) continue;
    const paged = await aSend(t, t.a(), operation, { query });
    if (notServedHere(paged)) notServed(t, paged, `(${operation}, its first page) with the admin key answered ${paged.response.status}, as an unknown path, where the same list without paging parameters answered ${plain.response.status}: paged requests are not served there`);
  }
}

/** Accept headers that pin no media type: curl's and most HTTP libraries' default, a range of one type, none at all. */
const UNPINNED_ACCEPTS: readonly { accept: string | null; shown: string }[] = [
  { accept: '*/*', shown: 'Accept: */*' },
  { accept: 'application/*', shown: 'Accept: application/*' },
  { accept: null, shown: 'no Accept' },
];

/**
 * A-VER-1 whatever the client accepts: the version is carried in the path, and the spec asks
 * clients of interface A for no Accept header, so a client that sends none, or only wildcards
 * (curl's `*\/*`), is served under /api/public/v1 as one asking for JSON is. A gateway that
 * negotiates the version from Accept and gives such a client the newest answers it as an unknown
 * path there. Each unpinned Accept goes with the spec's DELETE of an absent pipeline without a
 * key (nothing can change) and, with the admin key, with the pipeline list where served (a read):
 * where the same request asking for JSON was served (401 without a key, a 2xx with it), an
 * answer as an unknown path (404, 405, 501) or gone (410) fails; any other (a 406, say) is
 * other clauses' to judge. Requests: 2 to 8.
 */
async function unpinnedAcceptUnderV1(t: CheckContext): Promise<void> {
  const absent = absentIdFrom(t.target, 20_260_917);
  const sends: { what: string; send: (accept: string | null) => Promise<Exchange>; served: (ex: Exchange) => boolean }[] = [];
  if (aRoute(t, 'pipelines.archive') !== null) sends.push({ what: "the spec's DELETE of an absent pipeline without a key", send: (accept) => aSend(t, t.aWithAuthorization(null), 'pipelines.archive', absent, { headers: { accept } }), served: (ex) => ex.response.status === 401 });
  if (aRoute(t, 'pipelines.list') !== null) sends.push({ what: 'the pipeline list with the admin key', send: (accept) => aSend(t, t.a(), 'pipelines.list', { headers: { accept } }), served: is2xx });
  for (const { what, send, served } of sends) {
    const json = await send('application/json');
    if (!served(json)) {
      t.note(`${what} was not sent without an Accept that asks for JSON: asking for JSON, ${requestLine(json)} answered ${json.response.status}`);
      continue;
    }
    for (const { accept, shown } of UNPINNED_ACCEPTS) {
      const ex = await send(accept);
      if (notServedHere(ex)) notServed(t, ex, `(${what}) with ${shown} answered ${ex.response.status}, as an unknown path, where the same request with Accept: application/json answered ${json.response.status}: the path carries the version, whatever the client accepts`);
    }
  }
}

/**
 * Account 2 under /api/public/v1 on the spec's one operation, for a target that names no fixture
 * pipeline to read: DELETE of an absent pipeline with account 1's admin key, with account 2's,
 * and the same DELETE to the unknown path beside the route with account 2's key and with account
 * 1's (nothing is changed: the id names nothing). An absent pipeline's 404 and an unknown path's
 * are told apart by their error objects: account 2's answered as account 1's and not as its own
 * unknown path is served; as the deployment's unknown path answers account 1 (404, 405, 501, 410)
 * and not as account 1's DELETE, it is not (A-VER-1), as is account 2's configured key refused
 * (401, 403) where account 1's got its answer. Account 2's answer like its own unknown path only
 * is no proof: the spec fixes no error text, and an account served by another build or cell may
 * word every 404 alike. Anything not told apart is not verified, saying what each answered.
 * 4 requests.
 */
async function secondAccountDelete(t: CheckContext): Promise<void> {
  const absent = absentIdFrom(t.target, 20_260_916);
  const route = aRoute(t, 'pipelines.archive')!;
  const unknownPath = `${routePath(route, absent)}/${NO_SUCH_ROUTE}`;
  const first = await aSend(t, t.a(), 'pipelines.archive', absent);
  const second = await aSend(t, t.a(1), 'pipelines.archive', absent);
  const control = await t.a(1).request(route.method, unknownPath);
  const firstControl = await t.a().request(route.method, unknownPath);
  const answered = (ex: Exchange) => `${ex.response.status}${errorText(ex) === undefined ? '' : ` ${JSON.stringify(errorText(ex))}`}`;
  const refused = (ex: Exchange) => ex.response.status === 401 || ex.response.status === 403;
  if (notServedHere(first) && refused(second)) notServed(t, second, `(the spec's DELETE of an absent pipeline) refused account 2's configured admin key (${second.response.status}) where account 1's same DELETE answered ${first.response.status}`);
  const likeFirst = sameAnswer(second, first);
  if (likeFirst && !sameAnswer(second, control)) {
    const served = `${requestLine(second)} of an absent pipeline answered ${answered(second)} with account 2's key as account 1's did, the unknown path beside it ${answered(control)}`;
    t.evidence.aSecondAccountServedUnderV1 ??= served;
    return t.note(`account 2's key served under /api/public/v1: ${served}`);
  }
  if (sameAnswer(second, firstControl) && !likeFirst && notServedHere(second)) notServed(t, second, `(the spec's DELETE of an absent pipeline) with account 2's admin key answered ${answered(second)} as the unknown path beside it does, where account 1's same DELETE answered ${answered(first)} and its unknown path ${answered(firstControl)}: account 2 is not served there`);
  t.partial('A-VER-1', `account 2's key was not seen served under /api/public/v1: ${requestLine(second)} of an absent pipeline answered ${answered(second)} with its admin key, ${answered(first)} with account 1's; the unknown path beside it ${answered(control)} with account 2's key, ${answered(firstControl)} with account 1's, which does not tell an absent pipeline from a route not served there (account 2's answers may be worded apart from account 1's)`);
}

/** The message of an interface A error object (its `error`), where the answer has one. */
function errorText(ex: Exchange): string | undefined {
  const err = errorObjectA(ex)?.error;
  return typeof err === 'string' ? err : undefined;
}

/** Whether two answers are alike: the same status and the same error object message (none in both, or the same). */
function sameAnswer(a: Exchange, b: Exchange): boolean {
  return a.response.status === b.response.status && errorText(a) === errorText(b);
}

check({
  id: 'a-ver/served-under-v1',
  clauses: ['A-VER-1'],
  title: 'A-VER-1: every interface A operation the target serves answers under /api/public/v1 (without a key: 401 where an unknown path beside its route is a 404), DELETE /pipelines/{id} for absent ids first; account 2\'s key is served there as account 1\'s is (its fixture pipeline read, else the pipeline list)',
  needs: ['a'],
  async run(t) {
    // Without credentials, and for ids no system holds: nothing can be deleted, even by a
    // target that got authentication wrong, so this runs under --read-only too.
    await t.property('DELETE /api/public/v1/pipelines/{absent id} without a key', fc.integer({ min: 0, max: 89_999_999 }), async (seed) => {
      const anonymous = await aSend(t, t.aWithAuthorization(null), 'pipelines.archive', absentIdFrom(t.target, seed));
      if (anonymous.response.status === 404) notServed(t, anonymous, 'answered 404 without a key, as for a path that does not exist, instead of asking for a key (401)');
      t.expect.status(anonymous, 401, 'A-AUTH-7', `${requestLine(anonymous)} without a key answered ${anonymous.response.status}`);
    }, { runs: 5 });

    // Every operation the target serves, each beside an unknown path.
    const anonymous = t.aWithAuthorization(null);
    const root = new URL(anonymous.base).pathname;
    const absent = absentIdFrom(t.target, 20_260_914);
    // How each operation was seen served, grouped by what told it: the note stays one line.
    const seen = new Map<string, string[]>();
    const saw = (how: string, operation: string) => seen.set(how, [...(seen.get(how) ?? []), operation]);
    const notSeparated: string[] = [];
    const leftToOwnThings: string[] = [];
    const notFound: string[] = [];
    const declaredAbsent: string[] = [];
    const missing: { ex: Exchange; why: string }[] = [];
    for (const endpoint of A_ENDPOINTS) {
      const route = aRoute(t, endpoint.operation);
      if (route === null) {
        declaredAbsent.push(endpoint.operation);
        continue;
      }
      const line = `${endpoint.operation} (${route.method} ${route.path})`;
      const bare = await probe(t, anonymous, endpoint, route, absent, anonymousOptions(t, endpoint));
      expectUnderV1(t, bare.answer, root);
      if (routed(bare)) {
        saw(`${bare.answer.response.status} without a key where the unknown path beside the route is ${bare.control.response.status}`, endpoint.operation);
        continue;
      }
      // Asked for a key everywhere (or hidden from anonymous callers): the writes, and the read
      // of one key, are then sent with the key to the check's own things by
      // a-ver/key-accepted-under-v1, a check that may write (ownThingsUnderV1).
      if (!routeMissing(bare.answer) && needsOwnThing(endpoint)) {
        leftToOwnThings.push(endpoint.operation);
        continue;
      }
      const keyed = await keyedProbe(t, endpoint, route);
      if (keyed && routed(keyed)) {
        saw(`${keyed.answer.response.status} with the key where the unknown path beside the route is ${keyed.control.response.status}`, endpoint.operation);
        continue;
      }
      if (!routeMissing(bare.answer)) {
        notSeparated.push(`${line} answered ${bare.answer.response.status} without a key (the unknown path beside it ${bare.control.response.status})${keyed ? ` and ${keyed.answer.response.status} with the key (the unknown path ${keyed.control.response.status})` : ''}`);
        continue;
      }
      const answered = `${requestLine(bare.answer)} (${endpoint.operation}) answered ${bare.answer.response.status} without a key${keyed ? ` and ${keyed.answer.response.status} with it` : ''}`;
      if (bound(t, endpoint)) missing.push({ ex: bare.answer, why: answered });
      else notFound.push(`${line} answered ${bare.answer.response.status} without a key`);
    }
    const [first] = missing;
    if (first) {
      t.fail({
        clause: 'A-VER-1',
        message: `interface A does not answer these routes under /api/public/v1, each answered as a path that does not exist where interface A asks for a key (401), or it serves them without asking for one (A-AUTH-7): ${missing.map((m) => m.why).join('; ')}`,
        expected: 'every operation the target serves, at its route under {cdc_base_url}/api/public/v1: 401 without a key',
        received: describeResponse(first.ex),
        exchange: first.ex,
      });
    }
    for (const [how, operations] of seen) t.note(`served under /api/public/v1 (${how}): ${operations.join(', ')}`);
    if (declaredAbsent.length) t.note(`not served, as the target document says (interface_a.operations ... null): ${declaredAbsent.join(', ')}`);
    if (leftToOwnThings.length) t.note(`without a key these answered as an unknown path beside them does (the target asks for a key before it routes): a-ver/key-accepted-under-v1 sends them with the key to its own pipeline and key: ${leftToOwnThings.join(', ')}`);
    if (notSeparated.length) {
      t.partial('A-VER-1', `these routes were not seen served under /api/public/v1: without a key they answered as an unknown path beside them does (the target asks for a key before it routes) or with what shows no route (a redirect, a server error), and with the key an absent id's 404 is a missing route's while an id that exists would be changed: ${notSeparated.join('; ')}`);
    }
    if (notFound.length) {
      t.partial('A-VER-1', `these operations of the real service's conventions (not in the spec) answer as unknown paths under /api/public/v1; the target may not serve them, or serve them on other routes: ${notFound.join('; ')}. Name the route of each it serves under /api/public/v1 in interface_a.operations of the target document, or null for one it does not serve`);
    }

    // The simulator also lists pipelines there (A-GAP-1); a real target may not.
    if (t.profile === 'simulator') {
      const list = await aSend(t, t.a(), 'pipelines.list');
      if (list.response.status === 404) notServed(t, list, 'answered 404 with the admin key');
      t.expect.status(list, 200, 'A-VER-1', `GET /api/public/v1/pipelines answered ${list.response.status}`);
    }

    await secondAccountUnderV1(t, false);
    await nonAdminKeyUnderV1(t);
    await unpinnedAcceptUnderV1(t);
    await pagedListsUnderV1(t);

    // Not in the spec: only a note for the reader of the report.
    const base = t.target.cdcBaseUrl ?? '';
    const v2 = await t.http.request('DELETE', `${base}/api/public/v2/pipelines/${absentIdFrom(t.target, 7)}`, { headers: { accept: 'application/json' } });
    const err = errorObjectA(v2);
    t.note(`/api/public/v2 (not in the spec) answers DELETE /pipelines/{absent id} without a key with ${v2.response.status}${err ? ` ${JSON.stringify(err.error)}` : isObject(v2.json) ? ' (a JSON object)' : ''}`);
  },
});

check({
  id: 'a-ver/key-accepted-under-v1',
  clauses: ['A-VER-1'],
  title: 'A-VER-1: under /api/public/v1 the admin key is accepted and an absent pipeline is a 404 with the error object (DELETE of absent ids); every operation the target routes, sent once with the key and a request it must take (a valid definition to create and validate, the check\'s own pipeline and key), is not answered as an unknown path or gone (404, 405, 410, 501), nor sent on outside /api/public/v1 (301, 302, 307, 308); where the target asks for a key before it routes, every write is seen at its route with the key beside an unknown path; account 2\'s admin key is accepted and served there as account 1\'s is (its fixture pipeline read, else the DELETE of an absent pipeline beside an unknown path)',
  needs: ['a', 'write'],
  async run(t) {
    // 401 without a key and 404 with it is also what a gateway answers that asks every anonymous
    // request for a key and finds nothing anywhere: the interface must be seen finding a pipeline
    // under /api/public/v1 (the routes of the control are all under it).
    await aTargetFindsPipelines(t, 'A-VER-1');
    await keyedValidRequests(t, await ownThingsUnderV1(t));
    await secondAccountUnderV1(t, true);
    await t.property('DELETE /api/public/v1/pipelines/{absent id} with the key', fc.integer({ min: 0, max: 89_999_999 }), async (seed) => {
      const keyed = await aSend(t, t.a(), 'pipelines.archive', absentIdFrom(t.target, seed));
      if (keyed.response.status === 401 || keyed.response.status === 403) notServed(t, keyed, `refused the configured admin key (${keyed.response.status})`);
      const moved = movedOutOfRoot(keyed, v1Root(t));
      if (moved !== undefined) notServed(t, keyed, `with the admin key was sent on to ${moved} (${keyed.response.status}): the spec's operation is served there, not under /api/public/v1`);
      t.expect.status(keyed, 404, 'A-ENUM-1', `${requestLine(keyed)} of an absent pipeline answered ${keyed.response.status}, expected 404`);
      t.expect.errorObjectA(keyed, 'A-ERR-1');
    }, { runs: 5 });
  },
});
