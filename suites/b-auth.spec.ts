import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { basicHeader, basicWithPassword, described, junkAroundValidToken, malformedAuthorization, mutatedKey, patternKeys, randomKey, type Described } from './lib/arbitraries/credentials.ts';
import { idOf, is2xx, sameJson } from './lib/answers.ts';
import { B_ACCEPT, interfaceClient } from './lib/clients.ts';
import { pathMover } from './lib/extension-paths.ts';
import { undoCreation } from './lib/factories/undo.ts';
import { describeNotSent, ownWrites, specReadRequests, watchOwnWrites, type OwnWrite } from './catalog/b-exercise.ts';
import { B_ENDPOINTS } from './catalog/b-endpoints.ts';
import { noteSchemeCaseRefusals } from './lib/refusals.ts';
import type { CheckContext, Exchange, InterfaceClient } from './lib/types.ts';

// B-AUTH-1: HTTP Basic, the key as username, empty password. B-AUTH-2 (regenerating the key)
// lives in b-auth-key-rotation.spec.ts, declared to run last: it kills the configured key.

/** Spec reads that need nothing but the account: where authentication is probed. */
function readPaths(t: CheckContext): string[] {
  const paths = ['/connections/types', '/invoices'];
  const packageId = t.target.b[0]?.fixtures.package_id;
  if (packageId !== undefined) paths.push(`/packages/${packageId}`);
  return paths;
}

/** The spec's reads by id that account 1's fixtures name nothing for (a hook, an SSH key; a connection of a type not given). */
function unsentSpecReads(t: CheckContext): string[] {
  const sent = new Set(specReadRequests(t).map((r) => r.endpoint.key));
  return B_ENDPOINTS.filter((e) => e.source === 'spec' && e.method === 'GET' && !sent.has(e.key)).map((e) => e.key);
}

/** Account 1's interface B client with any Authorization header value (null: none), the extensions where the target document moves them. */
function withAuthorization(t: CheckContext, authorization: string | null): InterfaceClient {
  return interfaceClient(t.http, t.b().base, { accept: B_ACCEPT, authorization }, pathMover(t.target.interfaceB.extensionPaths ?? {}));
}

// The spec fixes the body of not-found answers only: a refusal must be a 4xx (B-AUTH-1), and its
// body the error object only as the real service's convention (B-GAP-2, b-auth/refusal-is-401).
function expectRefused(t: CheckContext, ex: Exchange, what: string, clause = 'B-AUTH-1'): void {
  t.expect.status(ex, '4xx', clause, `${what} was not refused: ${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.response.status}`);
}

/**
 * A HEAD of each read with `authorization` (null: none): a gate that waves HEAD through for load
 * balancers' probes serves it without the key. A HEAD answer has no body and a proxy or CDN in
 * front may answer HEAD itself, so only a 2xx is judged: any refusal counts (a 405 too).
 */
async function expectHeadRefused(t: CheckContext, authorization: Described<string | null>): Promise<void> {
  for (const path of readPaths(t)) {
    const ex = await withAuthorization(t, authorization.value).request('HEAD', path);
    t.expect.that(!is2xx(ex), {
      clause: 'B-AUTH-1',
      message: `HEAD ${new URL(ex.request.url).pathname} with Authorization ${authorization.description} was served (${ex.response.status}): a missing, malformed or unknown key is refused`,
      expected: 'not a 2xx (a 4xx; a 405 where HEAD is not served)',
      received: String(ex.response.status),
      exchange: ex,
    });
  }
}

/**
 * Two reads of the spec (from the catalog, with account 1's fixture ids: one without an id, one
 * naming one where the fixtures give it) with a trailing slash: a gateway whose map of protected
 * routes lists paths without one, in front of a router that serves both, lets such a path through
 * without the key check.
 */
function trailingSlashReads(t: CheckContext): { path: string; query?: Record<string, string> }[] {
  const reads = specReadRequests(t);
  const picked = [reads.find((r) => r.endpoint.id === undefined), reads.find((r) => r.endpoint.id !== undefined)].filter((r) => r !== undefined);
  return picked.map((r) => ({ path: `${r.path}/`, ...(r.query ? { query: r.query } : {}) }));
}

/**
 * The reads of `trailingSlashReads` with `authorization` (null: none): not one may be served. Only
 * a 2xx is judged: a deployment need not serve a path with a trailing slash, so a 404 (or a
 * redirect to the path without it) is as good a refusal as a 401. Each after the valid key on the
 * same path, as the control: where that is not served either, the refusal shows little (noted).
 * A 2xx fails only where it is the API's answer (`notTheApisAnswer`): a web server before the API
 * may answer such paths with its own page (HTML, or JSON the same for the valid key), whatever the
 * key, and shows nothing of the account.
 */
async function expectTrailingSlashRefused(t: CheckContext, authorization: Described<string | null>): Promise<void> {
  const unserved: string[] = [];
  const notTheApi: string[] = [];
  for (const read of trailingSlashReads(t)) {
    const options = read.query ? { query: read.query } : {};
    const valid = withAuthorization(t, basicHeader(t.target.b[0]?.apiKey ?? ''));
    const control = await valid.get(read.path, options);
    if (!is2xx(control)) unserved.push(`${read.path} (${control.response.status})`);
    const ex = await withAuthorization(t, authorization.value).get(read.path, options);
    const frontsOwn = is2xx(ex) ? await notTheApisAnswer(ex, control, () => valid.get(read.path.slice(0, -1), options)) : undefined;
    if (frontsOwn !== undefined) {
      notTheApi.push(`GET ${new URL(ex.request.url).pathname} answered ${ex.response.status} with something other than the API's answer (${ex.response.headers['content-type'] ?? 'no Content-Type'}, ${frontsOwn})`);
      continue;
    }
    t.expect.that(!is2xx(ex), {
      clause: 'B-AUTH-1',
      message: `GET ${new URL(ex.request.url).pathname} (a read of the spec with a trailing slash) with Authorization ${authorization.description} was served (${ex.response.status}): a missing, malformed or unknown key is refused on every path, one the route map does not list as written too`,
      expected: 'not a 2xx (a 4xx; a 404 where the path with the slash is not served)',
      received: String(ex.response.status),
      exchange: ex,
    });
  }
  if (unserved.length) t.note(`reads with a trailing slash the valid key was not served either, so their refusal with Authorization ${authorization.description} shows little: ${unserved.join(', ')}`);
  if (notTheApi.length) t.note(`reads with a trailing slash with Authorization ${authorization.description}: ${notTheApi.join('; ')}: not judged, for no data of the account was served`);
}

/**
 * Why a 2xx to a bad key on a slash path is not the API's answer, or undefined where it may be.
 * The very body the valid key gets on the path without the slash (`bare`) is the account's data:
 * the API's. Otherwise a body that is not JSON is a front's page; and so is a JSON body equal to
 * the valid key's answer on the same slash path (`control`): the same whatever the key, and not
 * the account's data (a gateway's JSON "soft 404"). Any other JSON body is taken for the API's.
 * `bare` is asked only where the body is not JSON or equals the control.
 */
async function notTheApisAnswer(ex: Exchange, control: Exchange, bare: () => Promise<Exchange>): Promise<string | undefined> {
  const asControl = ex.json !== undefined && sameBody(ex, control);
  if (ex.json !== undefined && !asControl) return undefined;
  const answer = await bare();
  if (is2xx(answer) && sameBody(ex, answer)) return undefined;
  return asControl ? "JSON equal to the valid key's answer on the same path, unlike its answer without the slash" : "not JSON, not the valid key's answer without the slash";
}

/** The same body: as JSON where both are JSON (key order aside), else byte for byte. */
function sameBody(a: Exchange, b: Exchange): boolean {
  return a.json !== undefined && b.json !== undefined ? sameJson(a.json, b.json) : a.response.body === b.response.body;
}

check({
  id: 'b-auth/basic-key-authenticates',
  clauses: ['B-AUTH-1'],
  supports: ['X-ROB-1'],
  title: 'B-AUTH-1: HTTP Basic with the API key as username and an empty password authenticates on every read (the same credentials under `basic`, `BASIC` and `bAsIc`, RFC 9110 section 11.1, are sent too: a refusal is noted, not failed, and must be a 4xx, as for credentials not read)',
  needs: ['b'],
  async run(t) {
    const paths = readPaths(t);
    for (const path of paths) {
      const ex = await t.b().get(path);
      t.expect.status(ex, '2xx', 'B-AUTH-1', `GET ${path} with the configured key (Basic, empty password) was refused`);
      // The scheme in other letter cases, on the first read, where `Basic` was just served.
      if (path === paths[0] && is2xx(ex)) {
        const token = basicHeader(t.target.b[0]?.apiKey ?? '').slice('Basic '.length);
        await noteSchemeCaseRefusals(t, { scheme: 'Basic', token, shown: 'base64(<key>:)' }, (authorization) => withAuthorization(t, authorization).get(path), (ex, what) => expectRefused(t, ex, what));
      }
    }
    // The second account's key, on its own account, the same way.
    if (t.target.b[1]) {
      const ex = await t.b(1).get('/connections/types');
      t.expect.status(ex, '2xx', 'B-AUTH-1', "GET /connections/types with account 2's key on account 2 was refused");
    }
  },
});

check({
  id: 'b-auth/unknown-keys-refused',
  clauses: ['B-AUTH-1'],
  title: 'B-AUTH-1: unknown keys, near misses of the real key (truncated, extended, case changed), LIKE and glob patterns (`%`, `_`, `*`) and the key with a NUL byte after it get a 4xx; a HEAD with an unknown key is not served, nor a read of the spec with a trailing slash',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    const otherKeys = new Set(t.target.b.map((b) => b.apiKey));
    const keys = fc.oneof(randomKey().map((k) => described(k, JSON.stringify(k))), mutatedKey(key)).filter((k) => !otherKeys.has(k.value));
    // A HEAD with a made-up key, on every read, before the random GETs.
    const unknown = `${t.runId}`.replace(/[^0-9a-f]/gi, '').padEnd(40, '0').slice(0, 40);
    if (!otherKeys.has(unknown)) {
      await expectHeadRefused(t, described(basicHeader(unknown), '"Basic base64(<an unknown key>:)"'));
      await expectTrailingSlashRefused(t, described(basicHeader(unknown), '"Basic base64(<an unknown key>:)"'));
    }
    // Patterns and a key cut at a NUL, each once (a random draw never makes them), on a read the
    // valid key is served: where its role is refused a read, a key the lookup took for it is too.
    const paths = readPaths(t);
    const served: string[] = [];
    const unserved: string[] = [];
    for (const path of paths) {
      const control = await t.b().get(path);
      if (is2xx(control)) served.push(path);
      else unserved.push(`${path} (${control.response.status})`);
    }
    if (unserved.length) t.note(`reads the valid key was refused too: ${unserved.join(', ')}; the LIKE and glob patterns and the key with a NUL byte after it were ${served.length ? 'sent to the others' : 'not judged'}`);
    for (const [i, candidate] of (served.length ? patternKeys(key).filter((k) => !otherKeys.has(k.value)) : []).entries()) {
      const path = served[i % served.length]!;
      expectRefused(t, await t.bWithKey(candidate.value).get(path), `the key ${candidate.description}`);
    }
    await t.property('unknown key is refused', fc.tuple(keys, fc.constantFrom(...paths)), async ([candidate, path]) => {
      const ex = await t.bWithKey(candidate.value).get(path);
      expectRefused(t, ex, `the key ${candidate.description}`);
    });
  },
});

check({
  id: 'b-auth/malformed-authorization-refused',
  clauses: ['B-AUTH-1'],
  title: 'B-AUTH-1: a missing Authorization header on every read of the spec (the connection metadata reads among them) and a malformed one (other schemes, Bearer, bad Base64, key as password, empty, whitespace, the valid credentials with junk after or inside the token or a second token) gets a 4xx; a HEAD without Authorization is not served, nor a read of the spec with a trailing slash',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    const paths = readPaths(t);
    // Without an Authorization header at all, explicitly: the commonest client mistake. On every
    // read of the spec's table, those naming a fixture's id too (the connection metadata reads,
    // which a gate may let through for its own connector workers), each after the valid key as
    // its control: where that is refused too, the refusal without a key shows little.
    const uncontrolled: string[] = [];
    for (const read of specReadRequests(t)) {
      const options = read.query ? { query: read.query } : {};
      const control = await withAuthorization(t, basicHeader(key)).get(read.path, options);
      if (!is2xx(control)) uncontrolled.push(`${read.endpoint.key} (${control.response.status})`);
      expectRefused(t, await withAuthorization(t, null).get(read.path, options), 'a request without Authorization');
    }
    if (uncontrolled.length) t.note(`reads the valid key was refused too, so their refusal without Authorization shows little: ${uncontrolled.join(', ')}`);
    const unsent = unsentSpecReads(t);
    if (unsent.length) t.note(`reads of the spec not sent without Authorization (the fixtures name no id for them): ${unsent.join(', ')}`);
    await expectHeadRefused(t, described(null, 'none'));
    await expectTrailingSlashRefused(t, described(null, 'none'));
    // The valid credentials with junk after or inside the token, each sent (a random draw would
    // seldom pick them): a reader that takes the Base64 prefix of the value and ignores the rest
    // finds the key in every one. The valid header itself first, as the control: if it is
    // refused, refusing these shows nothing.
    const control = await withAuthorization(t, basicHeader(key)).get(paths[0] ?? '/connections/types');
    if (!is2xx(control)) {
      t.partial('B-AUTH-1', `the valid credentials were refused on ${new URL(control.request.url).pathname} (${control.response.status}), so the refusals of them with junk after or inside the token were not sent (b-auth/basic-key-authenticates judges the valid ones)`);
    } else {
      for (const [i, authorization] of junkAroundValidToken(key).entries()) {
        const ex = await withAuthorization(t, authorization.value).get(paths[i % paths.length] ?? '/connections/types');
        expectRefused(t, ex, `Authorization ${authorization.description}`);
      }
    }
    await t.property('malformed Authorization is refused', fc.tuple(malformedAuthorization(key), fc.constantFrom(...paths)), async ([authorization, path]) => {
      const ex = await withAuthorization(t, authorization.value).get(path);
      expectRefused(t, ex, `Authorization ${authorization.description}`);
    });
  },
});

// The spec says the password is empty; it does not say a non-empty one is refused. Refusing it
// is the simulator's convention, so this check names the gap clause (advisory off the simulator).
check({
  id: 'b-auth/password-must-be-empty',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (simulator convention): the real key with a non-empty password is not the documented credential and gets a 4xx',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    await t.property('key:password is refused', fc.tuple(basicWithPassword(key), fc.constantFrom(...readPaths(t))), async ([authorization, path]) => {
      const ex = await withAuthorization(t, authorization.value).get(path);
      expectRefused(t, ex, `Authorization ${authorization.description} (a non-empty password)`, 'B-GAP-2');
    });
  },
});

check({
  id: 'b-auth/refused-writes-change-nothing',
  clauses: ['B-AUTH-1'],
  title: "B-AUTH-1: every write of the endpoint catalog, on the account's own things (a hook, an SSH key, a job, a schedule the run made; the user; a fixture connection), sent with an unknown key, a near miss of the key, none, or a malformed Authorization (Bearer with the key among them), is refused and changes nothing",
  needs: ['b', 'write'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    const configured = new Set(t.target.b.map((b) => b.apiKey));
    // Things that exist, so a refusal is told from a no-op: a DELETE of an absent id answers 404
    // whether the key was taken or not; one of a hook the run made answers 204 only if it was.
    const { writes, notSent } = await ownWrites(t, (e) => e.effect === 'write');
    if (notSent.length) t.note(`writes not sent with bad credentials: ${describeNotSent(notSent)}`);
    if (writes.length === 0) t.skip('no write of the catalog could be named with account 1\'s own things (see the note)');
    // The refusals are B-AUTH-1 itself; each part as it was is the proof that nothing slipped
    // through, where the target lets it be read (most reads of it are extensions of the real service).
    const expectUnchanged = await watchOwnWrites(t, writes, 'B-AUTH-1', 'only sent with bad credentials');
    const send = async (w: OwnWrite, credential: Described<string | null>): Promise<void> => {
      const ex = await withAuthorization(t, credential.value).request(w.method, w.path, w.options);
      const made = idOf(ex);
      if (is2xx(ex) && made !== undefined && w.endpoint.creates) undoCreation(t, 0, w.endpoint.creates, made);
      expectRefused(t, ex, `${w.label} with Authorization ${credential.description}`);
    };
    // Every write with what a careless gate likeliest takes: a made-up key, the key under the
    // Bearer scheme, no Authorization at all. Then random bad credentials on random writes.
    const unknown = `${t.runId}`.replace(/[^0-9a-f]/gi, '').padEnd(40, '0').slice(0, 40);
    const sweep = [
      ...(configured.has(unknown) ? [] : [described(basicHeader(unknown), '"Basic base64(<an unknown key>:)"')]),
      described(`Bearer ${key}`, '"Bearer <key>"'),
      described(null, 'no Authorization header'),
    ];
    for (const w of writes) for (const credential of sweep) await send(w, credential);
    const credentials = fc.oneof(
      mutatedKey(key).map((k) => described(basicHeader(k.value), `"Basic base64(${k.description}:)"`)),
      randomKey()
        .filter((k) => !configured.has(k))
        .map((k) => described(basicHeader(k), `"Basic base64(${JSON.stringify(k)}:)"`)),
      malformedAuthorization(key),
    );
    await t.property('a refused write changes nothing', fc.tuple(credentials, fc.constantFrom(...writes.map((w) => w.label))), ([credential, label]) =>
      send(writes.find((w) => w.label === label) ?? writes[0]!, credential),
    );
    await expectUnchanged();
  },
});

check({
  id: 'b-auth/refusal-is-401',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (simulator convention, as the real service): a missing, malformed or unknown key gets 401 with the error object {message}',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    const header = fc.oneof(
      malformedAuthorization(key),
      mutatedKey(key).map((k) => described(basicHeader(k.value), `"Basic base64(${k.description}:)"`)),
      randomKey().map((k) => described(basicHeader(k), `"Basic base64(${JSON.stringify(k)}:)"`)),
    );
    await t.property('refusals are 401', fc.tuple(header, fc.constantFrom(...readPaths(t))), async ([h, path]) => {
      const ex = await withAuthorization(t, h.value).get(path);
      t.expect.status(ex, 401, 'B-GAP-2', `Authorization ${h.description} got ${ex.response.status}; the real service answers 401`);
      t.expect.errorObjectB(ex, 'B-GAP-2');
    });
  },
});
