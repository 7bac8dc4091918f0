import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { colonSuffixed, compatibilityTwins, described, invisiblyPadded, keyAsBasicPassword, keyAsBasicPasswordDrawn, letterCaseSwaps, LOOK_ALIKE_SETS, lookAlikeSwaps, mutatedKey, NON_BEARER_AUTHORIZATIONS, percentEncodedKeys, punctuated, randomKey, type Described } from './lib/arbitraries/credentials.ts';
import { randomCase } from './lib/arbitraries/media-types.ts';
import { absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { expectUnauthenticated, noteSchemeCaseRefusals } from './lib/refusals.ts';
import { is2xx, requestLine, routeMissing } from './lib/answers.ts';
import { withKey } from './lib/clients.ts';
import { describeResponse } from './lib/expect.ts';
import type { CheckContext, Exchange, RequestOptions } from './lib/types.ts';
import { aRoute, aSend, malformedBody, routePath, validOptions } from './catalog/a-requests.ts';
import { A_ENDPOINTS } from './catalog/a-endpoints.ts';
import { laterPageQuery } from './catalog/a-lists.ts';
import { createKey, createKeyUnlessRefused, createKeyWithExpiry, type CreatedKey } from './lib/factories/api-keys.ts';
import { requireKeyManagement } from './lib/target-features.ts';
import { uniqueName } from './lib/unique-names.ts';

/*
 * A-AUTH-1, A-AUTH-2, A-AUTH-7: only `Authorization: Bearer <key>` with a real key authenticates;
 * everything else is 401 with the error object. The scheme's letter case is not judged either
 * way (RFC 9110 section 11.1 makes it case-insensitive; the spec writes `Bearer`): a bad key
 * under `bearer` is refused all the same, and the real key under `bearer`, `BEARER` and `bEaReR`
 * is sent by a-auth/bearer-key-authenticates, which notes a refusal and never fails it. Nor are
 * extra spaces between scheme and key judged (the grammar allows them): the spec does not settle
 * those.
 *
 * Whether a request authenticated is read off probes whose authenticated answer differs from
 * the anonymous one (401), on every operation the target routes (authProbes): DELETE
 * /pipelines/{absent id}, the spec's endpoint, and every other operation on an absent id are 404
 * for an authenticated caller; the lists and a fixture pipeline's reads are what the real key
 * gets; create, validate and key creation, sent a body no parser takes, must be 401 all the
 * same (the key comes before the body). Bad credentials are refused before anything is done,
 * the ids are absent and the bodies malformed, so the write probes change nothing even on a
 * target that gets authentication wrong: these checks run under --read-only too. Only the check
 * that the key itself works on DELETE, and the one that makes keys to send without their prefix
 * (a-auth/made-key-prefix-required), need 'write'.
 */

const KEY = '<key>';
const PRINTABLE = /^[\x21-\x7e]+$/;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.split('');

interface Probe {
  label: string;
  /** `elsewhere`: more of the request (headers, query), for a key sent outside Authorization. */
  send(t: CheckContext, authorization: string | null, elsewhere?: RequestOptions): Promise<Exchange>;
  /** Whether an answer is what an authenticated caller gets. */
  authenticated(ex: Exchange): boolean;
  /** A method that may carry a body (not GET or HEAD): where a form-encoded body is sent. */
  write: boolean;
  /** The probe sends a (malformed) body of its own: a body sent in its place gets the operation's 400 when let in, not a sign of success. */
  bodied: boolean;
  /** The status the probe got without a key (authProbes sets it): an answer of another status that a key also gets shows that key read. */
  anonymousStatus?: number;
  /** A key-management operation: one a non-admin key taken is refused (403), not served. */
  keyManagement: boolean;
}

function makeProbe(label: string, method: string, send: Probe['send'], authenticated: Probe['authenticated'], bodied = false, keyManagement = false): Probe {
  // Counterexamples print the probe by its label, not its code.
  return { label, send, authenticated, write: method !== 'GET' && method !== 'HEAD', bodied, keyManagement, [fc.toStringMethod]: () => label } as Probe;
}

/**
 * Probes whose anonymous answer is 401, so that a refusal can be told from a success: every
 * operation the target routes (its document, else the convention), each sent so that it changes
 * nothing whoever it authenticates. The lists and the reads of account 1's first fixture pipeline
 * (the pipeline, its definition) count where the real key is seen to get a 2xx there: that is
 * what an authenticated caller gets. Every operation that names a pipeline or a key is also sent
 * for an absent id, where an authenticated caller gets 404 (the key is not sent to the writes:
 * these checks run under --read-only). A deployment may authenticate one route otherwise than
 * the rest (a read with a key lookup of its own), so none is left out.
 */
async function authProbes(t: CheckContext): Promise<Probe[]> {
  const absent = absentIdFrom(t.target, Date.now());
  const fixture = t.target.a[0]?.fixtures.pipeline_ids?.[0];
  const candidates: { probe: Probe; servedToKey?: boolean; refusedWhereServed?: boolean }[] = [];
  for (const endpoint of A_ENDPOINTS) {
    const { operation } = endpoint;
    const route = aRoute(t, operation);
    if (route === null) continue;
    const keyManagement = operation.startsWith('keys.');
    const options = validOptions(t, endpoint, 'auth-probe');
    if (endpoint.id === undefined) {
      if (endpoint.body !== 'none') {
        // Create, validate and key creation, with a body no parser takes: nothing can be made
        // whatever key is taken. The key is checked first (A-AUTH-7: a missing or invalid key is
        // 401), so a 400 or 422 of the body to a request without a valid key is a refusal of the
        // wrong kind; only a route the target does not serve (404, 405, 501) leaves it out.
        const malformed = malformedBody(t, endpoint.body, 'disco-auth-probe');
        candidates.push({ probe: makeProbe(`${route.method} ${route.path} with a malformed body`, route.method, (t2, auth, elsewhere) => aSend(t, t2.aWithAuthorization(auth), operation, withElsewhere(malformed, elsewhere)), is2xx, true, keyManagement), refusedWhereServed: true });
        continue;
      }
      if (endpoint.effect !== 'read') continue;
      candidates.push({ probe: makeProbe(`${route.method} ${route.path}`, route.method, (t2, auth, elsewhere) => aSend(t, t2.aWithAuthorization(auth), operation, withElsewhere(options, elsewhere)), is2xx, false, keyManagement), servedToKey: true });
      continue;
    }
    if (endpoint.id === 'pipeline' && endpoint.effect === 'read' && fixture !== undefined) {
      candidates.push({ probe: makeProbe(`${route.method} ${routePath(route, fixture)} (a fixture pipeline)`, route.method, (t2, auth, elsewhere) => aSend(t, t2.aWithAuthorization(auth), operation, fixture, withElsewhere(options, elsewhere)), is2xx), servedToKey: true });
    }
    const atAbsent = makeProbe(`${route.method} ${routePath(route, absent)}`, route.method, (t2, auth, elsewhere) => aSend(t, t2.aWithAuthorization(auth), operation, absent, withElsewhere(options, elsewhere)), (ex) => ex.response.status === 404 || is2xx(ex), false, keyManagement);
    candidates.push({ probe: atAbsent });
  }
  const probes: Probe[] = [];
  for (const { probe, servedToKey, refusedWhereServed } of candidates) {
    // A read tells an authenticated caller only where the real key is seen to be served.
    if (servedToKey && !is2xx(await probe.send(t, `Bearer ${adminKey(t)}`))) continue;
    const anonymous = await probe.send(t, null);
    probe.anonymousStatus = anonymous.response.status;
    if (anonymous.response.status === 401 || (refusedWhereServed && !routeMissing(anonymous))) probes.push(probe);
  }
  if (probes.length === 0) t.skip('no request tells an authenticated caller from an anonymous one (none of the operations this target routes answered 401 without a key)');
  return probes;
}

/** A probe's own request with the key sent elsewhere added (its headers beside the probe's; a body of its own in place of the probe's). */
function withElsewhere(options: RequestOptions, elsewhere: RequestOptions | undefined): RequestOptions {
  if (!elsewhere) return options;
  return { ...options, headers: { ...options.headers, ...elsewhere.headers }, query: { ...options.query, ...elsewhere.query }, ...(elsewhere.body !== undefined ? { body: elsewhere.body } : {}) };
}

function adminKey(t: CheckContext): string {
  const key = t.target.a[0]?.adminKey;
  if (!key) t.skip('the target has no interface A admin key');
  return key;
}

/** Sends `authorization` to the probe; it must not authenticate (else `clause`) and must be 401. */
async function expectRefused(t: CheckContext, target: Probe, authorization: Described<string | null>, clause: string): Promise<void> {
  const ex = await target.send(t, authorization.value);
  expectUnauthenticated(t, ex, `Authorization ${authorization.description}`, clause, target.authenticated);
}

/**
 * The key where other APIs take it: A-AUTH-1 names the Authorization header as the one place, so
 * with no Authorization header each of these is a request without a key (401, A-AUTH-7), and
 * beside an Authorization that carries no Bearer (NON_BEARER_AUTHORIZATIONS) a request with
 * credentials that are not a key (401 too).
 */
const KEY_OUTSIDE_AUTHORIZATION: readonly { description: string; options(key: string): RequestOptions; query?: true }[] = [
  { description: `"X-API-Key: ${KEY}"`, options: (key) => ({ headers: { 'x-api-key': key } }) },
  { description: `"?api_key=${KEY}"`, options: (key) => ({ query: { api_key: key } }), query: true },
  { description: `"?access_token=${KEY}"`, options: (key) => ({ query: { access_token: key } }), query: true },
  // A gate behind a corporate proxy may read the proxy's credentials header when Authorization is
  // absent; gateways copy Authorization to X-Authorization or take it in the query string (where a
  // browser cannot set headers): each is the key outside the one header the spec names.
  { description: `"Proxy-Authorization: Bearer ${KEY}"`, options: (key) => ({ headers: { 'proxy-authorization': `Bearer ${key}` } }) },
  { description: `"X-Authorization: Bearer ${KEY}" and "?authorization=Bearer ${KEY}"`, options: (key) => ({ headers: { 'x-authorization': `Bearer ${key}` }, query: { authorization: `Bearer ${key}` } }), query: true },
  // A web dashboard's session often calls the same API with the key in a cookie: one header
  // with the names such sessions use, so a gate that reads any of them is seen in one request.
  { description: `"Cookie: api_key=${KEY}; access_token=${KEY}; token=${KEY}; session=${KEY}"`, options: (key) => ({ headers: { cookie: `api_key=${key}; access_token=${key}; token=${key}; session=${key}` } }) },
];

function expectAccepted(t: CheckContext, ex: Exchange, accepted: boolean): void {
  t.expect.that(accepted, {
    clause: 'A-AUTH-1',
    message: `${requestLine(ex)} with "Bearer ${KEY}" was refused (${ex.response.status})`,
    expected: 'the key authenticates',
    received: describeResponse(ex),
    exchange: ex,
  });
}

function configuredKeys(t: CheckContext): string[] {
  return [adminKey(t), t.target.a[0]?.nonAdminKey].filter((k): k is string => !!k);
}

check({
  id: 'a-auth/bearer-key-authenticates',
  clauses: ['A-AUTH-1'],
  supports: ['X-ROB-1', 'A-AUTH-7', 'A-ERR-1'],
  title: 'A-AUTH-1: `Authorization: Bearer <key>` with the configured keys authenticates (GET /pipelines, where served, and the reads of a fixture pipeline the target routes: the pipeline, its definition; the admin key under `bearer`, `BEARER` and `bEaReR`, RFC 9110 section 11.1, is sent too: a refusal is noted, not failed, and must be the 401 with the error object of a key not read, A-AUTH-7)',
  needs: ['a'],
  async run(t) {
    const first = await aSend(t, t.a(), 'pipelines.list');
    if (first.response.status === 404 || first.response.status === 405) t.skip(`the target does not serve GET /pipelines (${first.response.status}); a-auth/bearer-key-on-delete checks the key on the spec's DELETE`);
    const admin = adminKey(t);
    for (const key of configuredKeys(t)) {
      const ex = await aSend(t, withKey(t, key), 'pipelines.list');
      expectAccepted(t, ex, is2xx(ex));
      // The scheme in other letter cases, with the admin key, where `Bearer` was just served.
      if (key === admin && is2xx(ex)) await noteSchemeCaseRefusals(t, { scheme: 'Bearer', token: key, shown: KEY }, (authorization) => aSend(t, t.aWithAuthorization(authorization), 'pipelines.list'), (ex, what) => expectUnauthenticated(t, ex, what, 'A-AUTH-1'));
    }
    await expectKeysReadFixture(t, admin);
  },
});

/**
 * A-AUTH-1 on the reads of one pipeline, not only the list: a deployment may serve a route
 * through a service with a key lookup of its own (a definitions service that knows the admin keys
 * only, say), and a configured key it does not find there is refused as a key not read. Account
 * 1's first fixture pipeline is read through each such operation the target routes (the pipeline,
 * its definition) with the admin key; where that is served (2xx), each other configured key
 * (account 1's non-admin key) is sent the same read: a 401 is the key not taken (A-AUTH-5 sets
 * only key management apart for admins). Another refusal (403: a role rule of the deployment's)
 * is noted, not judged. Without a fixture pipeline or another key, a note. Requests: 2 a read.
 */
async function expectKeysReadFixture(t: CheckContext, admin: string): Promise<void> {
  const fixture = t.target.a[0]?.fixtures.pipeline_ids?.[0];
  const others = configuredKeys(t).filter((k) => k !== admin);
  if (fixture === undefined || others.length === 0) return t.note(`the configured keys were sent to the pipeline list only: the target document names ${fixture === undefined ? 'no fixture pipeline of account 1 (accounts[0].fixtures.pipeline_ids)' : 'no key of account 1 but its admin key (pipeline_key)'}`);
  const refused: string[] = [];
  for (const operation of ['pipelines.read', 'pipelines.definition'] as const) {
    if (aRoute(t, operation) === null) continue;
    const served = await aSend(t, t.a(), operation, fixture);
    if (!is2xx(served)) {
      refused.push(`${requestLine(served)} (${operation}) answered ${served.response.status} to the admin key, so the other keys were not sent there`);
      continue;
    }
    for (const key of others) {
      const ex = await aSend(t, withKey(t, key), operation, fixture);
      if (ex.response.status === 401) {
        t.fail({
          clause: 'A-AUTH-1',
          message: `${requestLine(ex)} (${operation}, account 1's fixture pipeline) with "Bearer <account 1's non-admin key>" was refused as a key not read (401), where the admin key's same read answered ${served.response.status}`,
          expected: 'the key authenticates (a 2xx, or a refusal of the role: not 401)',
          received: describeResponse(ex),
          exchange: ex,
        });
      } else if (!is2xx(ex)) refused.push(`${requestLine(ex)} (${operation}) answered ${ex.response.status} to account 1's non-admin key, the admin key's ${served.response.status}`);
    }
  }
  if (refused.length > 0) t.note(`not judged for A-AUTH-1 (not a 401 to a configured key where the admin key was served): ${refused.join('; ')}`);
}

check({
  id: 'a-auth/bearer-key-on-delete',
  clauses: ['A-AUTH-1'],
  title: 'A-AUTH-1: `Authorization: Bearer <key>` with the configured keys authenticates on the spec\'s DELETE /pipelines/{id} (absent ids: 404, not 401)',
  needs: ['a', 'write'],
  async run(t) {
    let seed = Date.now();
    for (const key of configuredKeys(t)) {
      const ex = await aSend(t, withKey(t, key), 'pipelines.archive', absentIdFrom(t.target, seed++));
      // Only the spec's answer for an authenticated DELETE of an absent pipeline shows the key
      // was accepted: a 500 (or any other status) proves nothing about authentication.
      t.expect.that(ex.response.status === 404, {
        clause: 'A-AUTH-1',
        message: `${requestLine(ex)} with "Bearer ${KEY}" answered ${ex.response.status}: an authenticated DELETE of an absent pipeline is 404`,
        expected: 'status 404 (the key authenticates; the pipeline is absent)',
        received: describeResponse(ex),
        exchange: ex,
      });
    }
  },
});

/** Other schemes, no scheme, an empty Bearer, the key in the wrong place. */
function otherSchemes(key: string): fc.Arbitrary<Described<string | null>> {
  const basic = (text: string) => Buffer.from(text).toString('base64');
  const plain = (h: string | null) => described(h, h === null ? 'none' : JSON.stringify(h));
  const scheme = fc.oneof(
    fc.constantFrom('Basic', 'Token', 'Digest', 'ApiKey', 'Api-Key', 'Key', 'OAuth', 'HMAC', 'Negotiate', 'Bearer:', 'Bearer=', 'Bearerr', 'Beare', 'Bear', 'JWT'),
    randomCase('basic'),
    randomCase('token'),
  );
  return fc.oneof(
    fc.constantFrom(plain(null), plain(''), plain('Bearer'), plain('Bearer '), plain('bearer'), plain('BEARER'), plain('Bearer null'), plain('Bearer undefined'), plain('Basic')),
    scheme.map((s) => described(`${s} ${key}`, `"${s} ${KEY}"`)),
    scheme.map((s) => described(`${s} ${basic(`${key}:`)}`, `"${s} base64(${KEY}:)"`)),
    fc.constantFrom(
      described(key, `"${KEY}" (no scheme)`),
      described(`Basic ${basic(`${key}:`)}`, `"Basic base64(${KEY}:)"`),
      described(`Basic ${basic(key)}`, `"Basic base64(${KEY})"`),
      described(`Basic ${basic(`:${key}`)}`, `"Basic base64(:${KEY})"`),
      described(`Bearer ${basic(`${key}:`)}`, `"Bearer base64(${KEY}:)"`),
      described(`${key} Bearer`, `"${KEY} Bearer"`),
      described(`Bearer${key}`, `"Bearer${KEY}" (no space)`),
      described(`Bearer "${key}"`, `"Bearer \\"${KEY}\\"" (quoted)`),
      described(`Bearer ${key} ${key}`, `"Bearer ${KEY} ${KEY}"`),
      described(`Bearer ${key} extra`, `"Bearer ${KEY} extra"`),
      described(`Bearer token=${key}`, `"Bearer token=${KEY}"`),
      described(`Bearer Bearer Bearer ${key}`, `"Bearer Bearer Bearer ${KEY}"`),
      described(`Bearer  Bearer  ${key}`, `"Bearer  Bearer  ${KEY}" (the scheme twice, two spaces each)`),
    ),
    randomCase('bearer').map((s) => described(`Bearer ${s} ${key}`, `"Bearer ${s} ${KEY}" (the scheme twice)`)),
    // The key as the Basic password under a drawn user name, or under itself.
    keyAsBasicPasswordDrawn(key),
    // An empty Bearer in any letter case: there is no key to accept.
    randomCase('bearer').map(plain),
  );
}

check({
  id: 'a-auth/other-schemes-refused',
  clauses: ['A-AUTH-1', 'A-AUTH-7'],
  supports: ['A-ERR-1'],
  title: 'A-AUTH-1, A-AUTH-7: Basic (the key as the user, or as the password under a user name such as `api`), Token and other schemes (the commonest also with the non-admin key and account 2\'s keys), a bare key, an empty Bearer, the Bearer scheme twice, no Authorization at all, the key as X-API-Key, ?api_key=, ?access_token=, Proxy-Authorization, X-Authorization, ?authorization= or a cookie without Authorization and again beside an Authorization that carries no Bearer (another Basic login, `Bearer` alone, `Token x`), or a form-encoded body\'s access_token= without Authorization: 401 with the error object (the form body may be refused for its media type first, the key in the query for an unknown parameter: another 4xx is noted, only what an authenticated caller gets fails)',
  needs: ['a'],
  async run(t) {
    const key = adminKey(t);
    const probes = await authProbes(t);
    // The commonest mistakes, on every probe, before the random ones.
    const fixed = [described(null, 'none'), described('Bearer', '"Bearer" (no key)'), ...commonMistakes(key)];
    for (const probe of probes) for (const auth of fixed) await expectRefused(t, probe, auth, 'A-AUTH-1');
    await expectOtherKeysMistakesRefused(t, probes);
    // The key in the query string is also a query parameter no operation names: a deployment may
    // refuse unknown parameters (400 naming it) before it looks at the key. As for the form body
    // below, the spec does not order the refusals of a request wrong two ways: another 4xx than 401
    // that does not authenticate is noted, not failed (the key was not taken: A-AUTH-1 holds; the
    // missing key's 401 is verified by the probes without a query parameter).
    const queryRefusals: string[] = [];
    for (const probe of probes) {
      for (const place of KEY_OUTSIDE_AUTHORIZATION) {
        const ex = await probe.send(t, null, place.options(key));
        if (place.query && isOtherRefusal(ex, probe)) queryRefusals.push(`${place.description}: ${requestLine(ex)} answered ${describeResponse(ex)}`);
        else expectUnauthenticated(t, ex, `no Authorization, the key as ${place.description}`, 'A-AUTH-1', probe.authenticated);
      }
    }
    // The same places beside an Authorization that carries no Bearer (an SSO proxy's own Basic
    // login, "Bearer" alone, another scheme): a gate that reads a legacy X-API-Key whenever
    // Authorization is there but no Bearer takes the key from it. One such Authorization per place
    // and probe, taken in turn (probe i, place j: the (i + j)th), so each place meets each of them
    // over three probes at the cost of one request per place and probe.
    const besideRefusals: string[] = [];
    for (const [i, probe] of probes.entries()) {
      for (const [j, place] of KEY_OUTSIDE_AUTHORIZATION.entries()) {
        const beside = NON_BEARER_AUTHORIZATIONS[(i + j) % NON_BEARER_AUTHORIZATIONS.length] as Described<string>;
        const ex = await probe.send(t, beside.value, place.options(key));
        if (place.query && isOtherRefusal(ex, probe)) besideRefusals.push(`${place.description} beside Authorization ${beside.description}: ${requestLine(ex)} answered ${describeResponse(ex)}`);
        else expectUnauthenticated(t, ex, `Authorization ${beside.description} and the key as ${place.description}`, 'A-AUTH-1', probe.authenticated);
      }
    }
    if (queryRefusals.length > 0) t.note(`no Authorization, the key in the query string was refused with another 4xx than 401, for the unknown query parameter as well as the missing key (the spec does not order the two; the key was not taken): ${queryRefusals.join('; ')}`);
    if (besideRefusals.length > 0) t.note(`beside an Authorization that carries no Bearer, the key in the query string was refused with another 4xx than 401, for the unknown query parameter as well as the credentials (the spec does not order the two; the key was not taken): ${besideRefusals.join('; ')}`);
    // RFC 6750 2.2's form-encoded body parameter, on the writes (a body on GET is not sent: a
    // front may refuse it for its own reasons): a gate that takes it authenticates a request
    // without the header. The writes' ids are absent, so nothing changes whoever is let in. The
    // writes on an absent id go first: one let in answers 404 (the key was taken), where a
    // create let in answers its body's 400 (only a refusal of the wrong kind).
    const writes = [...probes.filter((probe) => probe.write && !probe.bodied), ...probes.filter((probe) => probe.write && probe.bodied)];
    if (writes.length === 0) t.note('no write answered 401 without a key: the key in a form-encoded body (access_token=, RFC 6750 2.2) was not sent');
    // The probe asks whether the key in the body is taken: what an authenticated caller gets
    // fails A-AUTH-1, a 401 is the answer the spec names. Another 4xx (a 415 for a media type no
    // route takes, a 400 for a body no parser reads) refuses the request for what else is wrong
    // with it: the spec does not order the refusals of a request wrong two ways, so it is noted,
    // not failed (the missing key's 401 is verified by the probes without a body above).
    const otherRefusals: string[] = [];
    for (const probe of writes) {
      const ex = await probe.send(t, null, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `access_token=${encodeURIComponent(key)}` });
      if (isOtherRefusal(ex, probe)) otherRefusals.push(`${requestLine(ex)} answered ${describeResponse(ex)}`);
      else expectUnauthenticated(t, ex, `no Authorization, the key in a form-encoded body "access_token=${KEY}" (RFC 6750 2.2)`, 'A-AUTH-1', probe.authenticated);
    }
    if (otherRefusals.length > 0) t.note(`no Authorization, the key in a form-encoded body "access_token=${KEY}" (RFC 6750 2.2), was refused with another 4xx than 401, for its body as well as its missing key (the spec does not order the two; the key was not taken): ${otherRefusals.join('; ')}`);
    await t.property('other schemes are refused', fc.tuple(otherSchemes(key), fc.constantFrom(...probes)), async ([auth, probe]) => {
      await expectRefused(t, probe, auth, 'A-AUTH-1');
    });
  },
});

/** The commonest mistakes with `key` in them, described with `shown` for the key. */
function commonMistakes(key: string, shown = KEY): Described<string>[] {
  return [
    described(`Basic ${Buffer.from(`${key}:`).toString('base64')}`, `"Basic base64(${KEY}:)"`),
    described(`Basic ${Buffer.from(key).toString('base64')}`, `"Basic base64(${KEY})"`),
    // The key as the password under a user name (Mailgun-style "api:<key>", for clients that
    // only do Basic): a gate may refuse an empty user and read a named one's password as the key.
    ...keyAsBasicPassword(key),
    described(`Token ${key}`, `"Token ${KEY}"`),
    described(key, `"${KEY}" (no scheme)`),
    // The scheme twice, as a client configured with the token "Bearer <key>" sends it: the
    // credentials are then "Bearer <key>", not the key (a gate that forgives it takes them).
    described(`Bearer Bearer ${key}`, `"Bearer Bearer ${KEY}"`),
    described(`Bearer bearer ${key}`, `"Bearer bearer ${KEY}"`),
  ].map((d) => (shown === KEY ? d : described(d.value, d.description.replaceAll(KEY, shown))));
}

/**
 * A-AUTH-1 for every key the target gives, not only the admin key the rest of the check sends: a
 * deployment may take another scheme for one kind of key (Basic for read-only keys handed to CI
 * tools and BI connectors that only do Basic) or one account's keys (migrated from an older
 * platform). commonMistakes with account 1's non-admin key and account 2's keys, where the target
 * document gives them, each to one probe in turn (a gate reads a scheme for every route alike),
 * among those whose authenticated answer does not depend on the key's role (key management is
 * refused to a non-admin key taken: 403 there would be A-AUTH-7's failure, not this one's). About
 * 8 requests a key.
 */
async function expectOtherKeysMistakesRefused(t: CheckContext, probes: readonly Probe[]): Promise<void> {
  const others = t.target.a.flatMap((a, i) => [
    ...(i > 0 && a.adminKey ? [{ value: a.adminKey, name: `account ${i + 1}'s admin key` }] : []),
    ...(a.nonAdminKey ? [{ value: a.nonAdminKey, name: `account ${i + 1}'s non-admin key` }] : []),
  ]);
  const roleFree = probes.filter((p) => !p.keyManagement && !p.bodied);
  const usable = roleFree.length > 0 ? roleFree : probes.filter((p) => !p.keyManagement);
  if (others.length === 0 || usable.length === 0) {
    t.note(others.length === 0 ? 'the target document gives no interface A key but account 1\'s admin key: other schemes were sent with that key only' : 'no probe outside key management answered 401 without a key: other schemes were sent with the admin key only');
    return;
  }
  let turn = 0;
  for (const { value, name } of others) {
    for (const auth of commonMistakes(value, `<${name}>`)) {
      const probe = usable[turn++ % usable.length];
      if (probe !== undefined) await expectRefused(t, probe, auth, 'A-AUTH-1');
    }
  }
}

/** A refusal of the request (a 4xx an authenticated caller does not get) other than the missing key's 401. */
function isOtherRefusal(ex: Exchange, probe: Probe): boolean {
  const status = ex.response.status;
  return status !== 401 && status >= 400 && status < 500 && !probe.authenticated(ex);
}

/** The key with its prefix taken off, changed or misspelt. */
function withoutPrefix(key: string, prefix: string): fc.Arbitrary<Described<string>> {
  const rest = key.startsWith(`${prefix}_`) ? key.slice(prefix.length + 1) : key;
  const wrongPrefix = fc.oneof(
    fc.constantFrom('xyz', 'sk', 'pk', 'api', 'key', prefix.toUpperCase(), prefix.slice(0, -1), `${prefix}x`, `x${prefix}`),
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')), minLength: 1, maxLength: 6 }),
  ).filter((p) => p !== prefix);
  return fc.oneof(
    fc.constant(described(rest, `${KEY} without "${prefix}_"`)),
    wrongPrefix.map((p) => described(`${p}_${rest}`, `${KEY} with the prefix "${p}_" instead of "${prefix}_"`)),
    fc.constantFrom('-', '', '.', '__', ':', '%5F', '%5f', '%255F').map((sep) => described(`${prefix}${sep}${rest}`, `${KEY} with "${prefix}${sep}" instead of "${prefix}_"`)),
    fc.constant(described(`_${rest}`, `${KEY} with "_" but no prefix`)),
  );
}

/**
 * The key with its prefix in other letter cases (upper-cased, the first letter's case flipped),
 * and with another separator in place of its `_` (`-`, a legacy form; `.`; none; `__`): none
 * carries the prefix and `_` (A-AUTH-2). The property draws such values too, but among many, and
 * under a scheme in a random letter case, which a deployment that reads only `Bearer` as written
 * refuses before the key is read: these are sent with `Bearer` exactly as the spec writes it.
 */
function nearPrefixes(rest: string, prefix: string): Described<string>[] {
  const flipped = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
  const cased = [prefix.toUpperCase(), prefix.toLowerCase(), prefix.split('').map(flipped).join(''), flipped(prefix.slice(0, 1)) + prefix.slice(1)];
  return [
    ...[...new Set(cased)].filter((p) => p !== prefix).map((p) => described(`${p}_${rest}`, `${KEY} with the prefix "${p}_" instead of "${prefix}_"`)),
    ...['-', '.', '', '__'].map((sep) => described(`${prefix}${sep}${rest}`, `${KEY} with "${prefix}${sep}" instead of "${prefix}_"`)),
  ];
}

/**
 * nearPrefixes, each sent with `Bearer` as written to three probes in turn (those whose
 * authenticated answer is not a malformed body's refusal first: there a value let in is told
 * from a refusal): a gate that misreads the prefix does so on every route alike.
 */
async function expectNearPrefixesRefused(t: CheckContext, probes: readonly Probe[], rest: string, prefix: string): Promise<void> {
  const ordered = [...probes.filter((p) => !p.bodied), ...probes.filter((p) => p.bodied)];
  let turn = 0;
  for (const candidate of nearPrefixes(rest, prefix)) {
    for (let i = 0; i < Math.min(3, ordered.length); i++) {
      const probe = ordered[turn++ % ordered.length];
      if (probe !== undefined) await expectRefused(t, probe, described(`Bearer ${candidate.value}`, `"Bearer " + ${candidate.description}`), 'A-AUTH-2');
    }
  }
}

check({
  id: 'a-auth/prefix-required',
  clauses: ['A-AUTH-2'],
  supports: ['A-AUTH-7', 'A-ERR-1'],
  title: 'A-AUTH-2: keys carry the service prefix and "_"; the key without it, or with another prefix or separator (the prefix in other letter cases, "-", ".", none or "__" for its "_", sent with "Bearer" as written), or with its "_" or its prefix percent-encoded (an escape inside the secret too: A-AUTH-7), and the target\'s interface B user keys (as they are and prefixed) get 401 with the error object; the key without it by HEAD (the reads the target serves to HEAD) gets 401',
  needs: ['a'],
  async run(t) {
    const prefix = t.target.keyPrefix;
    const key = adminKey(t);
    const configured = [key, t.target.a[0]?.nonAdminKey, t.target.a[1]?.adminKey].filter((k): k is string => !!k);
    // A configured key without the prefix is a mismatch of the target file, not of the service.
    const mismatched = configured.filter((k) => !k.startsWith(`${prefix}_`)).length;
    if (mismatched > 0) {
      t.skip(`configuration error: ${mismatched} of the target's ${configured.length} interface A keys do not start with "${prefix}_"; set key_prefix in the target file to the service's prefix`);
    }
    const probes = await authProbes(t);
    const rest = key.slice(prefix.length + 1);
    for (const probe of probes) await expectRefused(t, probe, described(`Bearer ${rest}`, `"Bearer ${KEY} without ${prefix}_"`), 'A-AUTH-2');
    // The key with percent escapes (a key copied out of a URL): its "_" or its whole prefix
    // escaped carries no prefix (A-AUTH-2), an escape inside the secret is not the key (A-AUTH-7).
    // A gate that percent-decodes the Bearer value before its prefix test takes them all.
    for (const { value, prefixed } of percentEncodedKeys(key, prefix)) {
      for (const probe of probes) await expectRefused(t, probe, described(`Bearer ${value.value}`, `"Bearer " + ${value.description}`), prefixed ? 'A-AUTH-7' : 'A-AUTH-2');
    }
    // The target's interface B keys are real credentials of the same service without the
    // prefix: a deployment with "one login for the whole service" takes them on interface A too.
    // Sent as they are (A-AUTH-2), and with the prefix put in front (not a pipeline key: A-AUTH-7).
    const userKeys = t.target.b.flatMap((account, i) => [
      described(account.apiKey, `interface B api_key of account ${i + 1}`),
      ...(account.memberApiKey !== undefined ? [described(account.memberApiKey, `interface B member_api_key of account ${i + 1}`)] : []),
    ]);
    for (const user of userKeys) {
      for (const probe of probes) {
        await expectRefused(t, probe, described(`Bearer ${user.value}`, `"Bearer <${user.description}>"`), user.value.startsWith(`${prefix}_`) ? 'A-AUTH-7' : 'A-AUTH-2');
        if (!user.value.startsWith(`${prefix}_`)) await expectRefused(t, probe, described(`Bearer ${prefix}_${user.value}`, `"Bearer ${prefix}_<${user.description}>"`), 'A-AUTH-7');
      }
    }
    if (userKeys.length === 0) t.note('the target names no interface B keys (accounts[].api_key): none was sent to interface A');
    await expectUnprefixedHeadRefused(t, key, rest, prefix);
    await expectNearPrefixesRefused(t, probes, rest, prefix);
    await t.property('unprefixed keys are refused', fc.tuple(withoutPrefix(key, prefix), fc.constantFrom(...probes), randomCase('Bearer')), async ([candidate, probe, scheme]) => {
      await expectRefused(t, probe, described(`${scheme} ${candidate.value}`, `"${scheme} " + ${candidate.description}`), 'A-AUTH-2');
    });
  },
});

/**
 * A-AUTH-2 for keys the target makes, not only for the keys its document gives: a key service
 * may index what it mints otherwise than the keys it was seeded with (its secret alone, for
 * clients that store only the secret), and may do so for one kind of key only (read-only keys for
 * CI runners, keys with an expiry kept in a cache of their own), which the configured keys never
 * show. The check makes an admin key, a non-admin key and an admin key with an expiry through key
 * management (where the target serves it; revoked after the check), keeps the probes each made key
 * is taken on (the positive control) and sends its secret without `<prefix>_` there: each must be
 * 401 with the error object. A made key that does not carry the prefix fails A-AUTH-2 itself. A
 * non-admin key or a key with an expiry the target refuses to make (key management is not in the
 * spec, A-GAP-4) is noted. 3 to 4 creates and twice the probes per key, over authProbes' own
 * requests.
 */
check({
  id: 'a-auth/made-key-prefix-required',
  clauses: ['A-AUTH-2'],
  supports: ['A-AUTH-7', 'A-ERR-1'],
  title: 'A-AUTH-2: keys made through key management (where the target serves it: an admin key, a non-admin key, an admin key with an expiry) carry the prefix and "_", and each one\'s secret without them gets 401 with the error object on every probe the made key is taken on, and behind another prefix ("sk_", the prefix upper-cased, "xyz_") on the first such probe',
  needs: ['a', 'write'],
  async run(t) {
    await requireKeyManagement(t, 'no key can be made to send without its prefix');
    const prefix = t.target.keyPrefix;
    const made: { kind: string; key: CreatedKey }[] = [{ kind: 'an admin key', key: await createKey(t, { name: uniqueName(t, 'made-unprefixed'), admin: true }) }];
    const nonAdmin = await createKeyUnlessRefused(t, { name: uniqueName(t, 'made-unprefixed-read-only'), admin: false });
    if ('refused' in nonAdmin) t.note(`a non-admin key could not be made (${describeResponse(nonAdmin.refused)}): a made non-admin key was not sent without its prefix`);
    else made.push({ kind: 'a non-admin key', key: nonAdmin });
    const expiring = await createKeyWithExpiry(t, { name: uniqueName(t, 'made-unprefixed-expiring'), admin: true }, 'a made key with an expiry without its prefix');
    if (expiring) made.push({ kind: 'an admin key with an expiry', key: expiring });
    for (const { kind, key } of made) {
      if (key.key.startsWith(`${prefix}_`)) continue;
      t.fail({ clause: 'A-AUTH-2', message: `the key (${kind}) made by ${requestLine(key.created)} does not start with "${prefix}_"`, expected: `a key "${prefix}_..."`, received: `a key of ${key.key.length} characters without the prefix`, exchange: key.created });
    }
    const probes = await authProbes(t);
    let sent = 0;
    for (const { kind, key } of made) {
      // The positive control: only where the made key itself is taken (anything but the 401 the
      // probe gets without a key: a malformed body's 400, or a non-admin key's 403, is the key
      // taken too) does its refusal without the prefix tell anything.
      const served: { probe: Probe; keyed: number }[] = [];
      for (const probe of probes) {
        const keyed = (await probe.send(t, `Bearer ${key.key}`)).response.status;
        if (keyed !== 401) served.push({ probe, keyed });
      }
      if (served.length === 0) {
        t.note(`${kind} made by ${requestLine(key.created)} was refused (401) on every one of the ${probes.length} probes, so it was not sent without its prefix`);
        continue;
      }
      const rest = key.key.slice(prefix.length + 1);
      // The secret behind another prefix, on the first probe the key is taken on (a gate that
      // splits `<prefix>_<secret>` and never compares the prefix misreads every route alike): a
      // key service that looks made keys up by their secret may ask only that some prefix is there.
      const other = otherPrefixes(prefix)[sent % 3] ?? 'sk';
      const first = served[0];
      if (first !== undefined) {
        const asTheKey = (ex: Exchange) => first.probe.authenticated(ex) || (ex.response.status === first.keyed && first.keyed !== first.probe.anonymousStatus);
        const ex = await first.probe.send(t, `Bearer ${other}_${rest}`);
        expectUnauthenticated(t, ex, `Authorization "Bearer <${kind} made through key management> with the prefix ${other}_ instead of ${prefix}_"`, 'A-AUTH-2', asTheKey);
      }
      for (const { probe, keyed } of served) {
        // Taken as the made key: what an authenticated caller gets, or the very status the made
        // key got where it differs from the anonymous one (a non-admin key's 403 on key management
        // is that key read and its role judged).
        const asTheKey = (ex: Exchange) => probe.authenticated(ex) || (ex.response.status === keyed && keyed !== probe.anonymousStatus);
        const ex = await probe.send(t, `Bearer ${rest}`);
        expectUnauthenticated(t, ex, `Authorization "Bearer <${kind} made through key management> without ${prefix}_"`, 'A-AUTH-2', asTheKey);
      }
      sent++;
      if (served.length < probes.length) t.note(`${kind} made was taken on ${served.length} of the ${probes.length} probes (${probes.filter((p) => !served.some((s) => s.probe === p)).map((p) => p.label).join(', ')} answered it 401): its value without the prefix was sent only where it was taken`);
    }
    if (sent === 0) t.skip(`every key made was refused (401) on every one of the ${probes.length} probes, so its refusal without the prefix tells nothing`);
  },
});

/** Prefixes other than the service's, for the secret of a made key: never `prefix` itself. */
function otherPrefixes(prefix: string): string[] {
  return ['sk', prefix.toUpperCase(), 'xyz', 'api'].filter((p) => p !== prefix).slice(0, 3);
}

/**
 * The key without its prefix by HEAD: a gate may read HEAD otherwise than GET (uptime monitors
 * configured with the bare secret), and A-AUTH-2 holds for every request. HEAD has no body, so
 * it is judged by status alone, on the reads the target routes: a list and a fixture pipeline
 * where HEAD with the key is 2xx, an absent id where HEAD with the key is 404; each only where
 * HEAD without a key is 401, so an answer as to the key can be told from a refusal.
 */
async function expectUnprefixedHeadRefused(t: CheckContext, key: string, rest: string, prefix: string): Promise<void> {
  const absent = absentIdFrom(t.target, Date.now());
  const fixture = t.target.a[0]?.fixtures.pipeline_ids?.[0];
  const head = (auth: string | null, path: string) => t.aWithAuthorization(auth).request('HEAD', path);
  let sent = 0;
  for (const endpoint of A_ENDPOINTS) {
    const route = aRoute(t, endpoint.operation);
    if (route === null || route.method !== 'GET' || endpoint.effect !== 'read') continue;
    const paths: { path: string; live: boolean }[] = [];
    if (endpoint.id === undefined) paths.push({ path: route.path, live: true });
    else {
      if (endpoint.id === 'pipeline' && fixture !== undefined) paths.push({ path: routePath(route, fixture), live: true });
      paths.push({ path: routePath(route, absent), live: false });
    }
    for (const { path, live } of paths) {
      const authenticated = (ex: Exchange) => is2xx(ex) || (!live && ex.response.status === 404);
      const keyed = await head(`Bearer ${key}`, path);
      if (!(live ? is2xx(keyed) : keyed.response.status === 404)) continue;
      if ((await head(null, path)).response.status !== 401) continue;
      const ex = await head(`Bearer ${rest}`, path);
      sent++;
      t.expect.that(!authenticated(ex), {
        clause: 'A-AUTH-2',
        message: `${requestLine(ex)} with "Bearer ${KEY} without ${prefix}_" authenticated: it answered ${ex.response.status}, as HEAD with the key (${keyed.response.status}), where HEAD without a key is 401`,
        expected: '401: a value without the prefix never authenticates',
        received: describeResponse(ex),
        exchange: ex,
      });
      t.expect.status(ex, 401, 'A-AUTH-7', `"Bearer ${KEY} without ${prefix}_": ${requestLine(ex)} answered ${ex.response.status}, expected 401 (a missing or invalid key)`);
    }
  }
  if (sent === 0) t.note('no HEAD read answered the key otherwise than no key (2xx or an absent id\'s 404 against 401): the key without its prefix was not sent by HEAD');
}

/**
 * The longest value sent as a key: far beyond any key, yet well within the header sizes servers
 * and gateways take (8 KiB is a common limit for all headers together), so a refusal of it is
 * the service's, not a 431 of the front.
 */
const LONG_KEY_MAX = 4000;

/**
 * Values far longer than a key (129 to LONG_KEY_MAX characters), with the prefix, or the key
 * itself with a long tail: a guard that refuses long values before the lookup is a refusal of its
 * own, and its 401 must still carry the error object. Described by length only.
 */
function longKeys(key: string, prefix: string): fc.Arbitrary<Described<string>> {
  const tail = (length: number, pattern: string) => pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);
  const pattern = fc.string({ unit: fc.constantFrom(...BASE62), minLength: 1, maxLength: 16 });
  const length = fc.integer({ min: 129, max: LONG_KEY_MAX });
  return fc.oneof(
    fc.tuple(length, pattern).map(([n, p]) => described(`${prefix}_${tail(n - prefix.length - 1, p)}`, `"${prefix}_" + ${n - prefix.length - 1} more characters (${n} in all)`)),
    fc.tuple(length, pattern).map(([n, p]) => described(`${key}${tail(Math.max(1, n - key.length), p)}`, `${KEY} + ${Math.max(1, n - key.length)} more characters`)),
  );
}

/** Keys that are not the key: random strings with the prefix, truncated, extended, altered, far too long. */
function invalidKeys(key: string, prefix: string, known: ReadonlySet<string>): fc.Arbitrary<Described<string>> {
  const prefixed = fc
    .string({ unit: fc.constantFrom(...BASE62), minLength: 0, maxLength: 60 })
    .map((s) => described(`${prefix}_${s}`, JSON.stringify(`${prefix}_${s}`)));
  const random = randomKey()
    .filter((s) => PRINTABLE.test(s))
    .map((s) => described(s, JSON.stringify(s)));
  const spaced = fc.integer({ min: 1, max: Math.max(1, key.length - 1) }).map((n) => described(`${key.slice(0, n)} ${key.slice(n)}`, `${KEY} with a space after character ${n}`));
  return fc
    .oneof(prefixed, random, mutatedKey(key), spaced, longKeys(key, prefix))
    .filter((k) => !known.has(k.value) && k.value.trim() !== key && PRINTABLE.test(k.value.replace(/ /g, '')));
}

/**
 * The target's keys with a letter or digit swapped for its compatibility twin beyond ASCII
 * (compatibilityTwins: a Latin-1 one and a full-width one, the first of the keys the target gave
 * that holds a character with such a twin): a gate that NFKC-normalises the Bearer value, for keys
 * pasted from rich text, takes them as the key, and the ASCII variants never show it. A value that
 * authenticates fails A-AUTH-7 (it is not the key); a 400 or 431 (a front refusing a header's bytes
 * beyond ASCII, which HTTP lets a field value carry) is noted, not failed: the key was not taken;
 * any other answer must be 401 with the error object. Two values on every probe.
 */
async function expectTwinsRefused(t: CheckContext, probes: readonly Probe[], prefix: string, known: ReadonlySet<string>): Promise<void> {
  const twins = new Map<string, Described<string>>();
  for (const [i, a] of t.target.a.entries()) {
    for (const [value, name] of [[a.adminKey, `account ${i + 1}'s admin key`], [a.nonAdminKey, `account ${i + 1}'s non-admin key`]] as const) {
      if (!value?.startsWith(`${prefix}_`)) continue;
      for (const twin of compatibilityTwins(value, prefix, `<${name}>`)) if (!twins.has(twin.form) && !known.has(twin.value.value)) twins.set(twin.form, twin.value);
    }
  }
  if (!twins.has('latin-1')) t.note('no key the target gave holds 1, 2, 3, a or o after its prefix, so no key with a character swapped for its Latin-1 compatibility twin was sent');
  const refusedForBytes: string[] = [];
  for (const twin of twins.values()) {
    for (const probe of probes) {
      const ex = await probe.send(t, `Bearer ${twin.value}`);
      const what = `Authorization "Bearer " + ${twin.description}`;
      if (!probe.authenticated(ex) && (ex.response.status === 400 || ex.response.status === 431)) refusedForBytes.push(`${requestLine(ex)} answered ${ex.response.status}`);
      else expectUnauthenticated(t, ex, what, 'A-AUTH-7', probe.authenticated);
    }
  }
  if (refusedForBytes.length > 0) t.note(`a key with a compatibility twin beyond ASCII was refused for the header's bytes (400 or 431), not as an invalid key (the key was not taken): ${refusedForBytes.join('; ')}`);
}

/**
 * The admin key with a byte beyond ASCII that text tools take for a blank or for nothing
 * (invisiblyPadded: 0xA0, 0x85, 0xAD after or before the key, 0xA0 in place of the space after
 * the scheme): none is the key, so each is a 401, or a 400 or 431 for the header's bytes (noted, as
 * the twins are). A gate strips such bytes for every route alike, so each value goes to one probe
 * in turn, not to all: 7 requests.
 */
async function expectInvisiblyPaddedRefused(t: CheckContext, probes: readonly Probe[], key: string): Promise<void> {
  const refusedForBytes: string[] = [];
  for (const [i, authorization] of invisiblyPadded(key).entries()) {
    const probe = probes[i % probes.length];
    if (probe === undefined) return;
    const ex = await probe.send(t, authorization.value);
    if (!probe.authenticated(ex) && (ex.response.status === 400 || ex.response.status === 431)) refusedForBytes.push(`${requestLine(ex)} with Authorization ${authorization.description} answered ${ex.response.status}`);
    else expectUnauthenticated(t, ex, `Authorization ${authorization.description}`, 'A-AUTH-7', probe.authenticated);
  }
  if (refusedForBytes.length > 0) t.note(`a key with a byte beyond ASCII beside it was refused for the header's bytes (400 or 431), not as an invalid key (the key was not taken): ${refusedForBytes.join('; ')}`);
}

/**
 * The target's keys (account 1's admin key, and its non-admin key where given) with letters of
 * the secret in another case, the prefix as it is (letterCaseSwaps): keys are compared exactly, so
 * each is a 401; a key column with a case-insensitive collation (MySQL's default) takes them. A
 * lookup goes wrong for every route alike, so each value goes to one probe in turn: 2 to 4 requests.
 */
async function expectLetterCaseSwapsRefused(t: CheckContext, probes: readonly Probe[], prefix: string, known: ReadonlySet<string>): Promise<void> {
  const first = t.target.a[0];
  const keys = [
    { value: first?.adminKey, name: "account 1's admin key" },
    { value: first?.nonAdminKey, name: "account 1's non-admin key" },
  ];
  const swaps = keys.flatMap(({ value, name }) => (value?.startsWith(`${prefix}_`) ? letterCaseSwaps(value, prefix, `<${name}>`) : [])).filter((d) => !known.has(d.value));
  if (swaps.length === 0) return t.note('no key the target gave holds a letter after its prefix: no key with a letter in the other case was sent');
  for (const [i, swap] of swaps.entries()) {
    const probe = probes[i % probes.length];
    if (probe !== undefined) await expectRefused(t, probe, described(`Bearer ${swap.value}`, `"Bearer " + ${swap.description}`), 'A-AUTH-7');
  }
}

/**
 * A-AUTH-7 on a URL a key has just read: a cache in front of the gate that keeps answers by URL
 * alone (no Vary on Authorization) serves them to anyone, and the probes never read a URL with
 * the key before they send it without one, but for the lists' and fixture reads' first pages. A
 * later page of the pipeline list (`laterPageQuery`: page 2, or offset 1, of one item, as the
 * target document pages it) is read with the admin key and, where that is a 2xx, the same URL is
 * sent at once without a key and with a key that names nothing: each is 401 with the error
 * object. Without a list, a paged one, or a 2xx with the key, a note. Requests: 3.
 */
async function expectReadUrlRefused(t: CheckContext, prefix: string): Promise<void> {
  const query = laterPageQuery(t);
  if (aRoute(t, 'pipelines.list') === null || query === undefined) return t.note('no later page of the pipeline list was read with the key and then without: the target document says the list is not served, or not paged');
  const keyed = await aSend(t, t.a(), 'pipelines.list', { query });
  if (!is2xx(keyed)) return t.note(`a later page of the pipeline list was not sent without a key: with the key, ${requestLine(keyed)} answered ${keyed.response.status}`);
  const unknown = `${prefix}_${BASE62.slice(0, 40).join('')}`;
  for (const authorization of [described(null, 'none'), described(`Bearer ${unknown}`, '"Bearer <a key that names nothing>"')]) {
    const ex = await aSend(t, t.aWithAuthorization(authorization.value), 'pipelines.list', { query });
    expectUnauthenticated(t, ex, `Authorization ${authorization.description}, on a later page of the pipeline list the admin key had just read (${requestLine(keyed)})`, 'A-AUTH-7');
  }
}

check({
  id: 'a-auth/invalid-keys-401',
  clauses: ['A-AUTH-7'],
  supports: ['A-AUTH-2', 'A-ERR-1'],
  title: 'A-AUTH-7: invalid keys (random, prefixed random, truncated, extended, altered, a look-alike character swapped, a letter or digit swapped for its compatibility twin beyond ASCII (Latin-1, full-width), letters of the secret in the other case, with the byte 0xA0, 0x85 or 0xAD before or after it (0xA0 after the scheme too), followed by a colon and text, with punctuation before or after, split by a space, far longer than a key) get 401 with the error object (a twin or a byte beyond ASCII refused with 400 for its bytes is noted); so do no key and a key that names nothing on a later page of the pipeline list the admin key has just read',
  needs: ['a'],
  async run(t) {
    const prefix = t.target.keyPrefix;
    const key = adminKey(t);
    const known = new Set(t.target.a.flatMap((a) => [a.adminKey, a.nonAdminKey]).filter((k): k is string => !!k));
    const probes = await authProbes(t);
    await expectReadUrlRefused(t, prefix);
    // A value just over a round limit and one far over it, on every probe, before the random
    // ones: a length guard before the lookup answers with a refusal of its own.
    const filler = BASE62.join('');
    for (const length of [129, 257, 2048, LONG_KEY_MAX]) {
      const value = `${prefix}_${filler.repeat(Math.ceil(length / filler.length)).slice(0, length - prefix.length - 1)}`;
      for (const probe of probes) await expectRefused(t, probe, described(`Bearer ${value}`, `"Bearer ${prefix}_" + ${length - prefix.length - 1} more characters (${length} in all)`), 'A-AUTH-7');
    }
    // Near misses a random change seldom makes, sent on purpose: one look-alike character
    // swapped for another (a lookup that folds O/0 or l/1 together, for keys typed by people,
    // takes it), and the key followed by ':' and text (a reader of older SDKs' id:secret pairs
    // looks up only the part before the colon), and the key with punctuation around it (a gate
    // that trims a pasted key's full stop or quotes takes them). A set the admin key lacks is taken from another
    // key the target gave; one no key holds is noted.
    const named = t.target.a.flatMap((a, i) => [
      { value: a.adminKey, name: `account ${i + 1}'s admin key` },
      { value: a.nonAdminKey, name: `account ${i + 1}'s non-admin key` },
    ]);
    const swaps = new Map<string, Described<string>>();
    for (const { value, name } of named) {
      if (!value?.startsWith(`${prefix}_`)) continue;
      for (const swap of lookAlikeSwaps(value, prefix, `<${name}>`)) if (!swaps.has(swap.set) && !known.has(swap.value.value)) swaps.set(swap.set, swap.value);
    }
    const lacking = LOOK_ALIKE_SETS.map((set) => set.split('').join('/')).filter((set) => !swaps.has(set));
    if (lacking.length > 0) t.note(`no key the target gave holds one of ${lacking.join(', ')} after its prefix, so no key with such a character swapped for its look-alike was sent`);
    for (const candidate of [...swaps.values(), ...colonSuffixed(key), ...punctuated(key)]) {
      for (const probe of probes) await expectRefused(t, probe, described(`Bearer ${candidate.value}`, `"Bearer " + ${candidate.description}`), 'A-AUTH-7');
    }
    await expectTwinsRefused(t, probes, prefix, known);
    await expectInvisiblyPaddedRefused(t, probes, key);
    await expectLetterCaseSwapsRefused(t, probes, prefix, known);
    await t.property('invalid keys are refused', fc.tuple(invalidKeys(key, prefix, known), fc.constantFrom(...probes), randomCase('Bearer')), async ([candidate, probe, scheme]) => {
      // A value without the prefix that authenticates breaks A-AUTH-2; any other, A-AUTH-7.
      const clause = candidate.value.startsWith(`${prefix}_`) ? 'A-AUTH-7' : 'A-AUTH-2';
      await expectRefused(t, probe, described(`${scheme} ${candidate.value}`, `"${scheme} " + ${candidate.description}`), clause);
    });
  },
});

/**
 * A HEAD of each read the target routes as GET (the lists, account 1's first fixture pipeline and
 * its definition, absent ids): a gate that waves HEAD through for load balancers' probes serves
 * it without a key. A HEAD answer has no body, so only its status is judged (no error object);
 * and a proxy or CDN in front may answer HEAD itself, so any refusal counts (a 405 too): without a
 * valid key it must not be a 2xx, nor may a live pipeline answer otherwise than an absent one (a
 * 200 against a 404 tells which ids exist, to anyone).
 */
check({
  id: 'a-auth/head-without-key-refused',
  clauses: ['A-AUTH-7'],
  supports: ['A-AUTH-1'],
  title: 'A-AUTH-7: HEAD of every read the target routes (the lists, a fixture pipeline, absent ids), with no key or an unknown one, is not served (no 2xx), and a live pipeline answers it as an absent one does',
  needs: ['a'],
  async run(t) {
    const key = adminKey(t);
    const absent = absentIdFrom(t.target, Date.now());
    const fixture = t.target.a[0]?.fixtures.pipeline_ids?.[0];
    const unknown = `${t.target.keyPrefix}_${`${t.runId}`.replace(/[^0-9a-z]/gi, '').padEnd(40, '0').slice(0, 40)}`;
    const credentials = [described(null, 'none'), described(`Bearer ${unknown}`, `"Bearer <an unknown key>"`)];
    const head = (auth: string | null, path: string) => t.aWithAuthorization(auth).request('HEAD', path);
    let served = 0;
    let sent = 0;
    let control: string | undefined;
    for (const endpoint of A_ENDPOINTS) {
      const route = aRoute(t, endpoint.operation);
      if (route === null || route.method !== 'GET' || endpoint.effect !== 'read') continue;
      const live = endpoint.id === undefined ? route.path : endpoint.id === 'pipeline' && fixture !== undefined ? routePath(route, fixture) : undefined;
      const paths = [...(live !== undefined ? [live] : []), ...(endpoint.id !== undefined ? [routePath(route, absent)] : [])];
      // With the key, a HEAD the target serves shows the probe reaches the read at all.
      if (live !== undefined && is2xx(await head(`Bearer ${key}`, live))) served++;
      control ??= live;
      for (const credential of credentials) {
        const answers = new Map<string, Exchange>();
        for (const path of paths) {
          const ex = await head(credential.value, path);
          sent++;
          answers.set(path, ex);
          t.expect.that(!is2xx(ex), {
            clause: 'A-AUTH-7',
            message: `${requestLine(ex)} with Authorization ${credential.description} was served (${ex.response.status}): a missing or invalid key is refused`,
            expected: 'not a 2xx (401; a 405 where HEAD is not served)',
            received: describeResponse(ex),
            exchange: ex,
          });
        }
        const atLive = live !== undefined && endpoint.id !== undefined ? answers.get(live) : undefined;
        const atAbsent = answers.get(routePath(route, absent));
        if (atLive && atAbsent) {
          t.expect.that(atLive.response.status === atAbsent.response.status, {
            clause: 'A-AUTH-7',
            message: `with Authorization ${credential.description}, ${requestLine(atLive)} (a fixture pipeline) answered ${atLive.response.status} and ${requestLine(atAbsent)} (an absent id) ${atAbsent.response.status}: without a key the answer tells which ids exist`,
            expected: 'the same refusal for a live id and an absent one (401)',
            received: `${atLive.response.status} (live) and ${atAbsent.response.status} (absent)`,
            exchange: atLive,
          });
        }
      }
    }
    if (fixture === undefined) t.note('no fixture pipeline (fixtures.pipeline_ids): a live id was not compared with an absent one');
    // A HEAD is a GET without its body: a target that routes no read has none to refuse, and the
    // clause rests on the checks of the requests it does serve.
    if (control === undefined) {
      if (sent === 0) return t.note('the target routes no read of interface A (interface_a.operations): no HEAD was sent');
      return t.skip('the target routes no list and no fixture pipeline (fixtures.pipeline_ids) is given: nothing shows it serves a read, so its refusals of HEAD of absent ids tell nothing');
    }
    if (served === 0) {
      // The positive control: refusals prove nothing from a target that serves nothing at all.
      const read = await t.aWithAuthorization(`Bearer ${key}`).get(control);
      if (!is2xx(read)) t.skip(`the target served no read with the key, by HEAD or GET (${requestLine(read)} answered ${read.response.status}): its refusals of HEAD without one tell nothing`);
      t.note('no HEAD was served with the key either (none answered 2xx): the refusals above may be the front\'s own');
    }
  },
});
