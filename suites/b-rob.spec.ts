import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { listCatalog } from './catalog/b-lists.ts';
import { extensionPaging, pagingNames, pagingParameters, REAL_SERVICE_LIST_FILTERS } from './lib/paging.ts';
import { INTEGER_WIDTH_IDS, INTEGER_WIDTH_OVERFLOWS, absentIdFrom, boundaryNumber, brokenPercentEncoding, junkAroundId, nonIdSegment, pathSegment, queryString } from './lib/arbitraries/ids-and-paths.ts';
import { B_ACCEPT, bRootClient } from './lib/clients.ts';
import { B_ROOT_ENDPOINTS } from './catalog/b-root-endpoints.ts';
import { longText, unicodeText } from './lib/arbitraries/text.ts';
import { freshOpenSshKey, SSH_KEY_KINDS, type SshKeyKind } from './lib/arbitraries/ssh-keys.ts';
import { jsonValue, malformedJsonText, nestedJsonText, wrongTypeFor } from './lib/arbitraries/json.ts';
import { howToPermit, permitted } from './lib/permissions.ts';
import { CRASH_AND_LEAK, expectNoCrashOrLeak, proxyMayRewrite, unusualMethodAnswers } from './lib/robustness.ts';
import { UNUSUAL_METHODS, unusualMethod } from './lib/arbitraries/methods.ts';
import { CONDITIONAL_HEADERS, FORWARDING_HEADERS } from './lib/arbitraries/proxy-and-conditional-headers.ts';
import { is2xx, isObject, pageListing, routeMissing, userFieldsOf, userIn, idOf } from './lib/answers.ts';
import { undoCreation, type CreatedKind } from './lib/factories/undo.ts';
import { restoreUserAfter } from './lib/factories/user.ts';
import { inactiveHookBody, makeHook } from './lib/factories/hooks.ts';
import { restoreConnectionAfter } from './lib/factories/connections.ts';
import { B_ENDPOINTS, REAL_SERVICE_READ_QUERY_NAMES, RESOURCE_READS, bPath } from './catalog/b-endpoints.ts';
import { bodyContext, fixtureValues, ownValues, queryOf, requestOf, someConnectionType } from './catalog/b-requests.ts';
import { describeNotSent, ownWrites, specReadRequests, watchOwnWrites } from './catalog/b-exercise.ts';
import { CheckSkipped } from './lib/failure.ts';
import type { BEndpoint, BodyContext, BodyField, ResourceKind } from './catalog/types.ts';
import type { CheckContext, Exchange, RequestOptions } from './lib/types.ts';

/*
 * X-ROB-1 on interface B: however malformed a request, no 5xx and no stack trace; bad input gets
 * a 4xx with the error object `{message}`; a refused write changes nothing. No answer carries
 * another account's key either: that is X-ISO-1, named as such. (Interface A's robustness lives
 * elsewhere.)
 */

const CLAUSE = 'X-ROB-1';

/** Credentials of the other account: no answer to account 1 may carry them. */
function foreignSecrets(t: CheckContext): string[] {
  const out: string[] = [];
  const b2 = t.target.b[1];
  if (b2) out.push(b2.apiKey);
  const a2 = t.target.a[1];
  if (a2?.adminKey) out.push(a2.adminKey);
  if (a2?.nonAdminKey) out.push(a2.nonAdminKey);
  return out;
}

/** Bad input: a 4xx with the error object, on top of no 5xx, no trace, no leak. */
function expectRefusedCleanly(t: CheckContext, ex: Exchange, what: string): void {
  expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, foreignSecrets(t));
  t.expect.status(ex, '4xx', CLAUSE, `${what} was not refused: ${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.response.status}`);
  t.expect.errorObjectB(ex, CLAUSE);
}

/** Odd but maybe valid input: no 5xx, no trace, no leak, and an error answer is the error object. */
function expectHandled(t: CheckContext, ex: Exchange, what = ''): void {
  expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, foreignSecrets(t), what);
  if (ex.response.status >= 400) t.expect.errorObjectB(ex, CLAUSE);
}

type FieldPath = readonly (string | number)[];

/** A write of the endpoint catalog with a valid body, its path filled with account 1's own ids. */
interface WriteEndpoint {
  label: string;
  method: string;
  path: string;
  body: () => Record<string, unknown>;
  fields: readonly BodyField[];
  /** What a write that should have been refused made anyway, to undo. */
  creates?: CreatedKind;
  /** It cannot be undone (a connection group): sent only with bodies that must be refused. */
  destructive: boolean;
  /** It renames a connection: only probed when the name can be put back. */
  renamesConnection?: { type: string; id: number };
  /** An extension of the real service (its path and field names are not the spec's). */
  extension: boolean;
}

function robContext(t: CheckContext): BodyContext {
  return { ...bodyContext(t), name: (base) => t.name(`rob-${base}`) };
}

/**
 * Every write of the endpoint catalog that takes a body (its fields typed), with account 1's own
 * ids in its path: fixtures, or a hook made for the check. Writes whose path needs an id the
 * account cannot give are left out.
 */
async function writeEndpoints(t: CheckContext, made: Map<ResourceKind, number> = new Map()): Promise<WriteEndpoint[]> {
  // Names start with `rob-`, so what a refused write left behind can be told from the check's own set-up.
  const c = robContext(t);
  const out: WriteEndpoint[] = [];
  for (const e of B_ENDPOINTS) {
    if (!e.fields || !e.body) continue;
    const values = e.id ? await ownValues(t, 0, e.id, made) : {};
    const request = values && requestOf(e, values, c);
    if (!values || !request) continue;
    out.push({
      label: e.key,
      method: e.method,
      path: request.path,
      body: () => (requestOf(e, values, robContext(t))?.options.body as Record<string, unknown>) ?? {},
      fields: e.fields,
      destructive: e.effect === 'destructive',
      extension: e.source === 'extension',
      ...(e.creates ? { creates: e.creates } : {}),
      ...(e.touches?.includes('connection') && values.type !== undefined && values.id !== undefined ? { renamesConnection: { type: values.type, id: values.id } } : {}),
    });
  }
  return out;
}

/**
 * Whether `path` can be set in `body`: every member above it is there and an object. A field
 * below a member the body leaves out (a group's `connections` when the target names no mysql
 * connection) cannot be, and the unchanged body sent in its place is a valid write.
 */
function settable(body: Record<string, unknown>, path: FieldPath): boolean {
  let node: unknown = body;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string | number, unknown>)[key];
  }
  return typeof node === 'object' && node !== null;
}

function withField(body: Record<string, unknown>, path: FieldPath, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      break;
    }
    const next = node[key];
    if (typeof next !== 'object' || next === null) return copy;
    node = next as Record<string | number, unknown>;
  }
  return copy;
}

/** Sends a write that should be refused; if it is not, undoes what it made. */
async function sendWrite(t: CheckContext, endpoint: WriteEndpoint, body: string | Record<string, unknown>): Promise<Exchange> {
  const ex = await t.b().request(endpoint.method, endpoint.path, typeof body === 'string' ? { body, headers: { 'content-type': 'application/json' } } : { body });
  const id = idOf(ex);
  if (is2xx(ex) && id !== undefined && endpoint.creates) undoCreation(t, 0, endpoint.creates, id);
  return ex;
}

/** The user as GET /user shows it (an extension), to prove refused PUTs changed nothing. */
async function userSnapshot(t: CheckContext): Promise<Exchange | undefined> {
  const ex = await t.b().get('/user');
  return userIn(ex) ? ex : undefined;
}

function expectUserUnchanged(t: CheckContext, before: Exchange | undefined, after: Exchange | undefined): void {
  if (!before || !after) return;
  t.expect.that(userFieldsOf(after) === userFieldsOf(before), {
    clause: CLAUSE,
    message: 'the user changed although every PUT /user of the check was refused',
    expected: userFieldsOf(before),
    received: userFieldsOf(after),
    exchange: after,
  });
}

/** After refused writes: no hook, SSH key or connection group of this check's names exists. */
async function expectNothingMade(t: CheckContext, prefix: string): Promise<void> {
  const ours = (item: unknown) => isObject(item) && String(item.name ?? '').startsWith(prefix);
  for (const path of ['/hooks', '/user/keys', '/connection_groups']) {
    const listed = await listCatalog(t.b(), t.target, path, 20);
    if (!listed) continue; // an extension the target may not serve
    const made = listed.items.filter(ours);
    const page = pageListing(listed, ours);
    t.expect.that(made.length === 0, { clause: CLAUSE, message: `refused writes left something behind in GET ${path}`, expected: 'nothing made by a refused write', received: JSON.stringify(made.slice(0, 2)), exchange: page });
  }
}

check({
  id: 'b-rob/malformed-json',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: 'X-ROB-1: malformed JSON bodies on every write of the endpoint catalog get a 4xx with the error object, never a 5xx or a stack trace, and change nothing',
  needs: ['b', 'write'],
  async run(t) {
    const endpoints = await writeEndpoints(t);
    const before = (await restoreUserAfter(t))?.exchange;
    // Every endpoint once with a classic truncation, then generated garbage.
    for (const endpoint of endpoints) expectRefusedCleanly(t, await sendWrite(t, endpoint, '{"name": '), `${endpoint.label} with the body '{"name": '`);
    await t.property('malformed JSON is refused', fc.tuple(fc.constantFrom(...endpoints.map((e) => e.label)), malformedJsonText()), async ([label, text]) => {
      const endpoint = endpoints.find((e) => e.label === label) ?? endpoints[0]!;
      expectRefusedCleanly(t, await sendWrite(t, endpoint, text), `${label} with a malformed JSON body`);
    });
    expectUserUnchanged(t, before, await userSnapshot(t));
    await expectNothingMade(t, t.name('rob-'));
  },
});

/**
 * Bodies in another media type than the JSON the spec's requests use (section 4), none of them a
 * valid body of the write in any media type it might be read as: a target may refuse the media
 * type (415) or read the body and refuse what it says (422 for a form without the fields); either
 * is bad input, a 4xx with the error object, not a web server's HTML page. JSON text labelled
 * another type is left out: a target that reads it anyway is B-HDR-1's business.
 */
const OTHER_MEDIA_BODIES: readonly { contentType: string; body: string }[] = [
  { contentType: 'text/plain', body: 'disco: no document' },
  { contentType: 'text/plain; charset=utf-8', body: 'disco: no document' },
  { contentType: 'application/xml', body: '<note><text>disco</text></note>' },
  { contentType: 'application/x-www-form-urlencoded', body: 'note=disco' },
  { contentType: 'multipart/form-data; boundary=disco', body: '--disco\r\nContent-Disposition: form-data; name="note"\r\n\r\ndisco\r\n--disco--\r\n' },
  { contentType: 'application/octet-stream', body: '\u0000\u0001\u0002binary' },
];

/** Writes whose body is required (a create the run can undo, should a target take it after all). */
const MEDIA_TYPE_WRITES = new Set(['POST /hooks', 'POST /user/keys']);

check({
  id: 'b-rob/other-media-types',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: a body in another media type (text/plain, XML, form, multipart, octet stream) that is no valid body in any of them gets a 4xx with the interface B error object, whatever the 4xx',
  needs: ['b', 'write'],
  async run(t) {
    const endpoints = (await writeEndpoints(t)).filter((e) => MEDIA_TYPE_WRITES.has(e.label));
    if (!endpoints.length) return t.skip('neither POST /hooks nor POST /user/keys could be sent');
    for (const endpoint of endpoints) {
      for (const { contentType, body } of OTHER_MEDIA_BODIES) {
        const ex = await t.b().request(endpoint.method, endpoint.path, { body, headers: { 'content-type': contentType } });
        const id = idOf(ex);
        if (is2xx(ex) && id !== undefined && endpoint.creates) undoCreation(t, 0, endpoint.creates, id);
        expectRefusedCleanly(t, ex, `${endpoint.label} with a ${contentType} body that is no ${endpoint.label} body`);
      }
    }
  },
});

/**
 * Accept values a browser, a generic HTTP library or a proxy sends: none is interface B's media
 * type (B-VER-1 refuses them), and a refusal is an answer to bad input, so its body is the error
 * object whatever the client said it prefers (a framework that renders its error pages as HTML
 * for a browser-like Accept shows it only here).
 */
const FOREIGN_ACCEPTS = ['text/html', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'application/json', 'text/plain', 'application/xml'];

check({
  id: 'b-rob/foreign-accept-errors',
  clauses: ['X-ROB-1', 'B-ERR-1'],
  title: "X-ROB-1 and B-ERR-1: a request whose Accept is a browser's, HTML, plain JSON, text or XML gets, where it is refused, a 4xx with the interface B error object, not an error page; a 404 asked with the vendor type and text/html beside it carries the not-found object",
  needs: ['b', 'fixture:package_id'],
  async run(t) {
    let served = 0;
    for (const accept of FOREIGN_ACCEPTS) {
      const ex = await t.b().get('/invoices', { headers: { accept } });
      // Served anyway is B-VER-1's to judge (b-ver/accept-required), not bad input handled here.
      if (is2xx(ex)) served++;
      expectHandled(t, ex);
    }
    if (served === FOREIGN_ACCEPTS.length) t.note(`GET /invoices was served under every one of ${FOREIGN_ACCEPTS.length} foreign Accept values (B-VER-1 judges that): no refusal's body was seen`);
    // The vendor type first, HTML beside it at a lower weight: the answer is the vendor type's,
    // and a 404 in it is B-ERR-1's object. The id is one of the target's absent range (any one).
    const absent = absentIdFrom(t.target, 7);
    const accept = `${B_ACCEPT}, text/html;q=0.5`;
    const missing = await t.b().get(`/packages/${absent}`, { headers: { accept } });
    expectNoCrashOrLeak(t, missing, CRASH_AND_LEAK, foreignSecrets(t));
    t.expect.status(missing, 404, 'B-ERR-1', `GET /packages/${absent} (no such package) with Accept "${accept}" answered ${missing.response.status}`);
    t.expect.errorObjectB(missing, 'B-ERR-1');
  },
});

// CONDITIONAL_HEADERS: shared with a-rob (suites/lib/arbitraries/proxy-and-conditional-headers.ts).
check({
  id: 'b-rob/conditional-headers',
  clauses: ['X-ROB-1'],
  title: "X-ROB-1: the spec's reads (the endpoint catalog's, with the fixtures' ids) sent If-Modified-Since, If-Unmodified-Since, If-None-Match and If-Match, valid (the answer's own Last-Modified and ETag where it gives them, dates past and future) or not (no date, an entity tag where a date goes, empty), never get a 5xx; a 304 or any refusal is fine, and every refusal is the error object",
  needs: ['b'],
  async run(t) {
    const reads = specReadRequests(t).map((r) => ({ path: r.path, ...(r.query ? { query: r.query } : {}) }));
    if (reads.length === 0) t.skip("no read of the catalog could be named with the target file's fixtures");
    for (const read of reads) {
      // The answer's own validators first: the one value a client polling a record sends back.
      const plain = await t.b().get(read.path, read.query ? { query: read.query } : {});
      expectHandled(t, plain);
      const own: Record<string, string[]> = {};
      const lastModified = plain.response.headers['last-modified'];
      const etag = plain.response.headers.etag;
      if (typeof lastModified === 'string') own['if-modified-since'] = own['if-unmodified-since'] = [lastModified];
      if (typeof etag === 'string') own['if-none-match'] = own['if-match'] = [etag];
      for (const { name, values } of CONDITIONAL_HEADERS) {
        for (const value of [...(own[name] ?? []), ...values]) {
          const ex = await t.b().get(read.path, { ...(read.query ? { query: read.query } : {}), headers: { [name]: value } });
          // Named here with the header, for the shared check's message names only the path.
          expectHandled(t, ex, `with ${name}: ${JSON.stringify(value)}`);
        }
      }
    }
  },
});

// FORWARDING_HEADERS: shared with a-rob (suites/lib/arbitraries/proxy-and-conditional-headers.ts).
check({
  id: 'b-rob/forwarding-headers',
  clauses: ['X-ROB-1'],
  title: "X-ROB-1: the spec's reads (the endpoint catalog's, with the fixtures' ids) sent an X-Forwarded-Host that is no host ('a b', 'x:99999', '[::1'), an odd X-Forwarded-Proto, -Port or -Prefix, or such a Forwarded header never get a 5xx, a stack trace or another account's key; the header honoured, ignored or refused (any 4xx) is fine",
  needs: ['b'],
  async run(t) {
    const reads = specReadRequests(t).map((r) => ({ path: r.path, ...(r.query ? { query: r.query } : {}) }));
    if (reads.length === 0) t.skip("no read of the catalog could be named with the target file's fixtures");
    // A header the target document sends with every request is its gateway's to set: left alone.
    const headers = FORWARDING_HEADERS.filter(({ name }) => t.target.headers?.[name] === undefined);
    const own = FORWARDING_HEADERS.filter((h) => !headers.includes(h)).map((h) => h.name);
    if (own.length) t.note(`not sent with odd values, as the target document's headers set them for every request: ${own.join(', ')}`);
    for (const read of reads) {
      for (const { name, values } of headers) {
        for (const value of values) {
          const ex = await t.b().get(read.path, { ...(read.query ? { query: read.query } : {}), headers: { [name]: value } });
          // A proxy may answer the header with a refusal of its own words: only no 5xx, trace or leak.
          expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, foreignSecrets(t), `with ${name}: ${JSON.stringify(value)}`);
        }
      }
    }
  },
});

check({
  id: 'b-rob/wrong-types',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: 'X-ROB-1: a wrong JSON type in any field of any write of the endpoint catalog (POST /jobs, POST /hooks, PUT /hooks/{id}, PUT /user, POST /user/keys, POST /connection_groups, PUT /connections/{type}/{id}, POST /notifications/mark) gets a 4xx with the error object and changes nothing',
  needs: ['b', 'write'],
  async run(t) {
    // A write a target takes after all (a coercion the arbitraries did not foresee) must not
    // stay: the user and the connection name are put back afterwards.
    const before = (await restoreUserAfter(t))?.exchange;
    const endpoints: WriteEndpoint[] = [];
    const extensions: string[] = [];
    for (const e of await writeEndpoints(t)) {
      // A wrong type in a field the target does not know is no bad input there: an extension's
      // field names are the real service's, and a deployment serving the path with other names
      // would take the write (creating a cluster, inviting a member, changing the plan).
      if (e.extension && t.profile !== 'simulator') {
        extensions.push(e.label);
        continue;
      }
      const renamed = e.renamesConnection;
      if (renamed && !(await restoreConnectionAfter(t, renamed.type, renamed.id))) {
        t.note(`${e.label} not probed: the connection's name cannot be read back (GET /connections, an extension) to restore it`);
        continue;
      }
      endpoints.push(e);
    }
    if (extensions.length) t.note(`not probed outside the simulator profile: ${extensions.join(', ')} (extensions of the real service, whose field names the spec does not give)`);
    const cases = endpoints.flatMap((e) => e.fields.filter((f) => settable(e.body(), f.path)).map((f) => ({ endpoint: e, field: f, label: `${e.label} ${f.path.join('.')}` })));
    const attempt = async (label: string, value: unknown): Promise<void> => {
      const c = cases.find((x) => x.label === label) ?? cases[0]!;
      const ex = await sendWrite(t, c.endpoint, withField(c.endpoint.body(), c.field.path, value));
      expectRefusedCleanly(t, ex, `${c.endpoint.label} with ${c.field.path.join('.')} = ${JSON.stringify(value)} (not a ${c.field.kind})`);
    };
    // Every field once, then random wrong values.
    for (const c of cases) await attempt(c.label, fc.sample(wrongTypeFor(c.field.kind), { numRuns: 1, seed: 7 })[0]);
    const arbitrary = fc.constantFrom(...cases).chain((c) => fc.tuple(fc.constant(c.label), wrongTypeFor(c.field.kind)));
    await t.property('a wrong type is refused', arbitrary, ([label, value]) => attempt(label, value));
    expectUserUnchanged(t, before, await userSnapshot(t));
    await expectNothingMade(t, t.name('rob-'));
  },
});

/** One odd request: `bad` when it is bad input whatever the target (then a 4xx is due). */
interface OddCase {
  label: string;
  bad: boolean;
  send: () => Promise<Exchange>;
}

function oddCase(label: string, bad: boolean, send: () => Promise<Exchange>): OddCase {
  // Printed by its label in counterexamples.
  return { label, bad, send, [fc.toStringMethod]: () => label } as OddCase;
}

const DEPTHS = [100, 1000, 10_000, 100_000] as const;

/** The odd requests, each kind a function of its varying part. */
async function oddCases(t: CheckContext) {
  const f = t.fixtures(0);
  const rawJson = (method: 'POST' | 'PUT', path: string, text: string) => t.b().request(method, path, { body: text, headers: { 'content-type': 'application/json' } });
  const hook = (await writeEndpoints(t)).find((e) => e.label === 'POST /hooks');
  return {
    /**
     * Ids that name nothing (zero, negative, fractional, beyond 2^53): bad input for POST /jobs,
     * whose cluster and package must exist; marking such a notification may be a no-op 200 (the
     * spec does not say it is refused), so there only no crash is due.
     */
    badId: (n: number, field: 'cluster_id' | 'package_id' | 'id') =>
      oddCase(`${field} = ${n}`, field !== 'id', () =>
        field === 'id'
          ? t.b().post('/notifications/mark', { body: { id: n } })
          : t.b().post('/jobs', { body: { cluster_id: f.cluster_id ?? 1, package_id: f.package_id ?? 1, variables: {}, dynamic_variables: {}, [field]: n } }),
      ),
    /** Numbers JSON can write but a double cannot hold, as a notification id: a no-op 200 is fine. */
    rawNumber: (raw: string) => oddCase(`id = ${raw} (raw JSON)`, false, () => rawJson('POST', '/notifications/mark', `{"id": ${raw}}`)),
    /** Deep nesting where an integer or a string belongs: bad input. */
    deepWhereScalar: (depth: number, shape: 'array' | 'object', field: 'id' | 'name') =>
      oddCase(`${field} nested ${depth} deep`, true, () =>
        field === 'id' ? rawJson('POST', '/notifications/mark', `{"id": ${nestedJsonText(depth, shape)}}`) : rawJson('PUT', '/user', `{"name": ${nestedJsonText(depth, shape)}}`),
      ),
    /** Deep nesting where any object goes: maybe valid, never a crash (nor a user that crashes later). */
    deepSettings: (depth: number) =>
      oddCase(`notification_settings nested ${depth} deep`, false, async () => {
        const put = await rawJson('PUT', '/user', `{"notification_settings": {"disco": ${nestedJsonText(depth, 'object')}}}`);
        if (put.response.status >= 500) return put;
        return t.b().get('/user');
      }),
    /** A whole body that is not an object: bad input. */
    notAnObject: (raw: string) => oddCase(`POST /hooks body ${raw.slice(0, 20)}`, true, () => rawJson('POST', '/hooks', raw)),
    /**
     * A real public key made nearly valid (its blob cut after the type, cut in the middle, or with
     * bytes after the key): a parser that believes the lengths a blob declares reads past its end.
     * Maybe valid to some deployment (trailing bytes), never a crash; a key it took is deleted.
     */
    nearValidKey: (kind: SshKeyKind, change: 'type only' | 'cut in half' | 'bytes appended') =>
      oddCase(`public_key ${kind}, ${change}`, false, async () => {
        // An RSA pair from the key makers' child processes (freshOpenSshKey): made here, each took
        // 50 to 400 ms of the run's one thread (about 0.6 s a run at seed 7).
        const [type = '', encoded = ''] = (await t.interruptible(freshOpenSshKey(kind))).line.split(' ');
        const blob = Buffer.from(encoded, 'base64');
        const typeLength = 4 + blob.readUInt32BE(0);
        const changed = change === 'type only' ? blob.subarray(0, typeLength) : change === 'cut in half' ? blob.subarray(0, typeLength + Math.floor((blob.length - typeLength) / 2)) : Buffer.concat([blob, Buffer.from([0, 0, 0, 1, 42])]);
        const ex = await t.b().post('/user/keys', { body: { name: t.name('rob-key'), public_key: `${type} ${changed.toString('base64')} disco@rob` } });
        const id = is2xx(ex) ? idOf(ex) : undefined;
        if (id !== undefined) undoCreation(t, 0, 'sshKey', id);
        return ex;
      }),
    /** Unicode and very long strings where strings belong: maybe valid, never a crash. */
    oddString: (text: string, field: 'hook name' | 'location' | 'time_zone' | 'email') =>
      oddCase(`${field} = ${text.length > 40 ? `${text.length} characters` : JSON.stringify(text)}`, false, async () => {
        if (field === 'hook name' && hook) return sendWrite(t, hook, { ...inactiveHookBody(t.target.interfaceB, t.name('rob')), name: text });
        return t.b().put('/user', { body: { [field]: text } });
      }),
  };
}

check({
  id: 'b-rob/odd-values',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: 'X-ROB-1: huge, negative and fractional numbers, numbers beyond double range, unicode, very long strings, deeply nested JSON and nearly valid SSH keys (a real key cut short or with bytes appended) in bodies never get a 5xx; a job on a cluster or package id that is no id gets a 4xx with the error object',
  needs: ['b', 'write'],
  async run(t) {
    // Unicode locations and deep notification settings may be valid: the user is put back after.
    await restoreUserAfter(t);
    const make = await oddCases(t);
    const run = async (c: OddCase): Promise<void> => {
      const ex = await c.send();
      if (c.bad) expectRefusedCleanly(t, ex, c.label);
      else expectHandled(t, ex);
    };
    // The extremes once each, then generated mixes.
    const extremes = [
      make.badId(-1, 'package_id'),
      make.badId(2 ** 53 + 2, 'id'),
      make.rawNumber('1e999'),
      make.deepWhereScalar(100_000, 'array', 'id'),
      make.deepWhereScalar(100_000, 'object', 'name'),
      ...DEPTHS.map((d) => make.deepSettings(d)),
      make.notAnObject(nestedJsonText(10_000, 'array')),
      make.oddString('x'.repeat(100_000), 'location'),
      ...(['type only', 'cut in half', 'bytes appended'] as const).map((change) => make.nearValidKey('ed25519', change)),
    ];
    for (const c of extremes) await run(c);
    const names = fc.constantFrom<'cluster_id' | 'package_id' | 'id'>('cluster_id', 'package_id', 'id');
    const cases = fc.oneof(
      fc.tuple(boundaryNumber().filter((n) => !(Number.isSafeInteger(n) && n > 0)), names).map(([n, field]) => make.badId(n, field)),
      fc.constantFrom('1e999', '-1e999', '123456789012345678901234567890', '1.0e-400', '9007199254740993').map(make.rawNumber),
      fc.tuple(fc.constantFrom(...DEPTHS), fc.constantFrom<'array' | 'object'>('array', 'object'), fc.constantFrom<'id' | 'name'>('id', 'name')).map(([d, shape, field]) => make.deepWhereScalar(d, shape, field)),
      fc.constantFrom(...DEPTHS).map(make.deepSettings),
      fc.tuple(fc.constantFrom(...SSH_KEY_KINDS), fc.constantFrom('type only', 'cut in half', 'bytes appended') as fc.Arbitrary<'type only' | 'cut in half' | 'bytes appended'>).map(([kind, change]) => make.nearValidKey(kind, change)),
      fc.constantFrom('[]', '"text"', '42', 'true', 'null', '[{"name": "x"}]').map(make.notAnObject),
      fc
        .tuple(fc.oneof(unicodeText({ minLength: 1, maxLength: 30 }), longText(100_000), longText(5_000)), fc.constantFrom<'hook name' | 'location' | 'time_zone' | 'email'>('hook name', 'location', 'time_zone', 'email'))
        .map(([text, field]) => make.oddString(text, field)),
    );
    await t.property('odd values are handled', cases, run);
  },
});

/**
 * Values a free-form object may be sent (a delivery's `properties`, a hook's `settings`, a job's
 * `variables`): each JSON type, the empty and odd ones a handler reading members as strings trips
 * on (null, numbers, arrays, nested objects), a long and an odd string.
 */
const FREE_FORM_VALUES: readonly unknown[] = [null, 0, -1, 1.5, 1e308, true, '', 'x'.repeat(300), '\u0000\ud83d\ude00', [], [null], ['x', 1], {}, { disco: null }, { disco: { rob: [] } }];

/** One member of an object inside a write's body, to be given odd values. */
interface FreeFormSlot {
  endpoint: WriteEndpoint;
  path: FieldPath;
  label: string;
}

/**
 * Every object inside a write's valid body (the body itself aside) and the objects within it, each
 * once with a member of its own added (`disco`), and each of its members the catalog does not type
 * and that holds no object itself (those are walked in turn): the values inside free-form objects,
 * which the declared fields' fuzz never reaches.
 */
function freeFormSlots(endpoint: WriteEndpoint): FreeFormSlot[] {
  const typed = new Set(endpoint.fields.map((f) => f.path.join('.')));
  const out: FreeFormSlot[] = [];
  const walk = (node: unknown, path: FieldPath): void => {
    if (!isObject(node)) return;
    if (path.length > 0) {
      for (const key of [...Object.keys(node).filter((k) => !isObject(node[k]) && !typed.has([...path, k].join('.'))), 'disco']) out.push({ endpoint, path: [...path, key], label: `${endpoint.label} ${[...path, key].join('.')}` });
    }
    for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
  };
  walk(endpoint.body(), []);
  return out;
}

check({
  id: 'b-rob/free-form-values',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: "X-ROB-1: null, numbers, booleans, arrays, nested objects and odd strings as the values inside a write's free-form objects (a delivery's source and destination properties, a hook's settings, a job's variables, the user's notification settings) never get a 5xx, and every refusal is the error object",
  needs: ['b', 'write'],
  async run(t) {
    // Odd values inside a free-form object may be valid: what a write made is undone, the user put back.
    await restoreUserAfter(t);
    const unprobed: string[] = [];
    const endpoints: WriteEndpoint[] = [];
    for (const e of await writeEndpoints(t)) {
      // A delivery made moves data between its connections on a real deployment, so it is sent
      // only with leave (and deleted after); other destructive writes cannot be undone.
      const allowed = !e.destructive || (e.creates === 'delivery' && permitted(t, 'create_deliveries'));
      if (!allowed) {
        if (e.creates === 'delivery') unprobed.push(`${e.label} (${howToPermit('create_deliveries')})`);
        continue;
      }
      if (freeFormSlots(e).length === 0) continue;
      if (e.renamesConnection && !(await restoreConnectionAfter(t, e.renamesConnection.type, e.renamesConnection.id))) continue;
      endpoints.push(e);
    }
    // Noted, not a partial cover: X-ROB-1 is sampled over the writes a run may send, as the other
    // robustness checks leave out the destructive extension writes (a package's PUT, say) unsaid;
    // an extension write held back for want of leave does not make the clause unverified.
    if (unprobed.length > 0) t.note(`the values inside the free-form objects of ${unprobed.join(', ')} were not sent: the write cannot be undone whole`);
    const slots = endpoints.flatMap(freeFormSlots);
    if (slots.length === 0) t.skip('no write of the endpoint catalog with a body holding an object could be sent (fixtures: connections for a delivery, a cluster and package for a job)');
    const attempt = async (slot: FreeFormSlot, value: unknown): Promise<void> => {
      const ex = await sendWrite(t, slot.endpoint, withField(slot.endpoint.body(), slot.path, value));
      expectHandled(t, ex);
    };
    // Every member once with null, then random members and values.
    for (const slot of slots) await attempt(slot, null);
    const slotArbitrary = fc.constantFrom(...slots.map((slot) => Object.assign(slot, { [fc.toStringMethod]: () => slot.label })));
    await t.property('free-form values are handled', fc.tuple(slotArbitrary, fc.oneof(fc.constantFrom(...FREE_FORM_VALUES), jsonValue())), ([slot, value]) => attempt(slot, value));
  },
});

check({
  id: 'b-rob/large-body',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: 'X-ROB-1: a 2 MB JSON body on every write of the endpoint catalog never gets a 5xx or a stack trace',
  needs: ['b', 'write'],
  async run(t) {
    const padding = 'x'.repeat(2 * 1024 * 1024);
    await restoreUserAfter(t);
    // A large body may be valid (extra keys ignored): only writes the run can undo get one.
    for (const endpoint of (await writeEndpoints(t)).filter((e) => !e.destructive)) {
      if (endpoint.renamesConnection && !(await restoreConnectionAfter(t, endpoint.renamesConnection.type, endpoint.renamesConnection.id))) continue;
      expectHandled(t, await sendWrite(t, endpoint, { ...endpoint.body(), padding }));
    }
    expectHandled(t, await t.b().put('/user', { body: { location: padding } }));
  },
});

/**
 * Where random segments go: every catalog path that takes an id, with `{}` for each placeholder
 * (the connection type too), each connection route also with a real type, and the account root.
 */
function idPathTemplates(): string[] {
  const templates = new Set<string>(['/{}', '/{}/{}']);
  for (const e of B_ENDPOINTS) {
    if (!e.id) continue;
    templates.add(e.path.replace('{type}', '{}').replace('{id}', '{}'));
    if (e.path.includes('{type}')) templates.add(e.path.replace('{type}', 'mysql').replace('{id}', '{}'));
  }
  return [...templates];
}

/** `type` spelled in other letter cases: all capitals, and a capital first letter. */
function otherCases(type: string): string[] {
  return [...new Set([type.toUpperCase(), `${type.charAt(0).toUpperCase()}${type.slice(1)}`])].filter((spelled) => spelled !== type);
}

/**
 * The catalog's connection reads (GET /connections/{type}/{id}) of each of account 1's fixture
 * connections, its live id with its type in other letter cases (MYSQL, Mysql): a store that
 * compares types under a case-insensitive collation finds the connection, and a connector
 * registry keyed by the type as the path spells it then finds nothing for it. A deployment may
 * match types either way (the connection, or the not-found answer); it may not crash.
 */
async function otherCaseConnectionTypes(t: CheckContext): Promise<void> {
  const reads = B_ENDPOINTS.filter((e) => e.method === 'GET' && e.effect === 'read' && e.path.includes('{type}') && e.id?.kind === 'connection');
  for (const e of reads) {
    const query = queryOf(e, t.target.interfaceB);
    for (const [type, id] of Object.entries(t.fixtures(0).connections ?? {})) {
      if (e.id?.connectionType !== undefined && e.id.connectionType !== type) continue;
      for (const spelled of otherCases(type)) {
        expectHandled(t, await t.b().get(bPath(e, { type: spelled, id }), query ? { query } : {}), `(account 1's live ${type} connection ${id}, its type spelled ${spelled})`);
      }
    }
  }
}

check({
  id: 'b-rob/odd-paths',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: 'X-ROB-1: every id path of the catalog once with a word for its id, the connection reads once with a live connection\'s type in other letter cases (MYSQL, Mysql), then random path segments, ids that are no ids and broken percent-escapes (such as %E0%A4%A), never get a 5xx, and every refusal is the error object (dot segments and encoded slashes, which a proxy may resolve, only never get a 5xx)',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    const segment = fc.oneof(pathSegment(), nonIdSegment());
    const ID_PATHS = idPathTemplates();
    // Every template once, a word that is no id in each place: the properties below sample 25 or
    // 100 of the templates, so without this sweep most id paths would go unvisited in a run.
    for (const template of ID_PATHS) expectHandled(t, await t.b().get(template.replaceAll('{}', 'disco-odd')));
    await otherCaseConnectionTypes(t);
    await t.property('odd paths are handled', fc.tuple(fc.constantFrom(...ID_PATHS), segment, segment), async ([template, a, b]) => {
      const path = template.replace('{}', a).replace('{}', b);
      const ex = await t.b().get(path);
      if (proxyMayRewrite(a) || proxyMayRewrite(b)) expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, foreignSecrets(t));
      else expectHandled(t, ex);
    });
    // Broken escapes cannot name anything: they must be refused, wherever they sit.
    await t.property('broken escapes are refused', fc.tuple(fc.constantFrom(...ID_PATHS), brokenPercentEncoding()), async ([template, broken]) => {
      const ex = await t.b().get(template.replaceAll('{}', broken));
      expectRefusedCleanly(t, ex, `GET ${template.replaceAll('{}', broken)}`);
    });
    // The account segment itself, random or broken, with a valid key.
    // Not `_…`: the simulator's control API lives under a reserved `_` prefix, outside interface B.
    // Nor dot segments or encoded slashes: they may resolve outside interface B (proxyMayRewrite).
    await t.property('odd account segments are handled', segment.filter((s) => !s.startsWith('_') && !proxyMayRewrite(s)), async (account) => {
      const ex = await t.http.request('GET', `${t.target.baseUrl}/${account}/api/connections/types`, {
        headers: { accept: 'application/vnd.service+json; version=2', authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
      });
      if (account === encodeURIComponent(t.target.b[0]?.accountId ?? '')) return;
      // The key is not valid there: a 401 or 403 is a fitting refusal whose body the spec leaves
      // open (section 7 gives interface B's error object for not-found conditions; b-err holds a
      // 404 to it), as a gateway in front of the accounts may answer it.
      if (ex.response.status === 401 || ex.response.status === 403) return expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, foreignSecrets(t));
      expectRefusedCleanly(t, ex, `GET /${account}/api/connections/types`);
    });
  },
});

/** `endpoint`'s path and options with `id` (a decimal text, maybe beyond 2^53) for its id; undefined when its body needs fixtures the account lacks. */
function withIdText(t: CheckContext, endpoint: BEndpoint, id: string): { path: string; options: RequestOptions } | undefined {
  const type = endpoint.path.includes('{type}') ? someConnectionType(t.fixtures(0), endpoint.id) : undefined;
  // requestOf builds the body and query; the path is built apart, as it takes only numbers.
  const request = requestOf(endpoint, { id: 1, ...(type === undefined ? {} : { type }) }, bodyContext(t));
  return request && { path: bPath(endpoint, { id, ...(type === undefined ? {} : { type }) }), options: request.options };
}

check({
  id: 'b-rob/integer-width-id-reads',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: "X-ROB-1: every read of the endpoint catalog that takes an id, with ids at the integer widths' edges (2^31-1, 2^31, 2^32-1, 2^32, 2^53-1, 2^53, 2^63-1, 2^63, 2^64-1, 2^64, 10^20, 2^128), never gets a 5xx, and every refusal is the error object (any of them may be live on a deployment with 64-bit ids: a 2xx is no failure)",
  needs: ['b'],
  async run(t) {
    // A fixed list, every run: a random draw rarely lands on an edge (a 32-bit id column
    // overflows at 2^31, a 64-bit one at 2^63), and the absent-id ranges never cross them.
    // Each kind's own read gets all twelve ids, the other reads (exports, logs, lists under a
    // record) the first id beyond each width, so the requests stay near two hundred.
    const ones = new Set(Object.values(RESOURCE_READS).map((r) => r.one));
    const reads = B_ENDPOINTS.filter((e) => e.method === 'GET' && e.effect === 'read' && e.id);
    let sent = 0;
    for (const e of reads) {
      for (const id of ones.has(e.key) ? INTEGER_WIDTH_IDS : INTEGER_WIDTH_OVERFLOWS) {
        const request = withIdText(t, e, id);
        if (!request) continue;
        expectHandled(t, await t.b().get(request.path, request.options));
        sent += 1;
      }
    }
    t.note(`${sent} reads sent: ${reads.filter((e) => ones.has(e.key)).length} reads of a record by id with ${INTEGER_WIDTH_IDS.length} ids each, ${reads.filter((e) => !ones.has(e.key)).length} others with ${INTEGER_WIDTH_OVERFLOWS.length}`);
  },
});

check({
  id: 'b-rob/integer-width-id-writes',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: "X-ROB-1: every undoable write of the endpoint catalog that takes an id (a hook's reset or DELETE, a job's stop, a package validation), with the first id beyond each integer width (2^31, 2^32, 2^53, 2^63, 2^64) that its kind's read found absent (a 4xx), never gets a 5xx, and every refusal is the error object",
  needs: ['b', 'write'],
  async run(t) {
    // Only ids the kind's own read just refused: an id that may be live (a deployment with 64-bit
    // ids) is never written to, so no answer here can change a real record.
    const writes = B_ENDPOINTS.filter((e) => e.effect === 'write' && e.id && e.method !== 'GET' && RESOURCE_READS[e.id.kind].one !== undefined);
    const absentByKind = new Map<ResourceKind, string[]>();
    for (const kind of new Set(writes.map((e) => e.id?.kind).filter((k) => k !== undefined))) {
      const read = B_ENDPOINTS.find((e) => e.key === RESOURCE_READS[kind].one);
      if (!read) continue;
      const absent: string[] = [];
      for (const id of INTEGER_WIDTH_OVERFLOWS) {
        const request = withIdText(t, read, id);
        if (!request) continue;
        const ex = await t.b().get(request.path, request.options);
        expectHandled(t, ex);
        if (ex.response.status >= 400 && ex.response.status < 500) absent.push(id);
      }
      absentByKind.set(kind, absent);
    }
    let sent = 0;
    for (const e of writes) {
      for (const id of (e.id && absentByKind.get(e.id.kind)) ?? []) {
        const request = withIdText(t, e, id);
        if (!request) continue;
        const ex = await t.b().request(e.method, request.path, request.options);
        sent += 1;
        const made = idOf(ex);
        if (is2xx(ex) && made !== undefined && e.creates) undoCreation(t, 0, e.creates, made);
        expectHandled(t, ex);
      }
    }
    if (sent === 0) t.skip('no id beyond an integer width was refused by the read of a kind the catalog writes by id, so none was written to (see the notes)');
    t.note(`${sent} writes sent, each with an id its kind's read refused`);
  },
});

/**
 * Every read of the catalog that takes an id, with account 1's own live id in its path (a
 * fixture, or a hook, SSH key, job or schedule made for the check); the reads that could not be
 * named and the ones whose live id was not served (an extension the target lacks) are returned
 * apart, for a note.
 */
async function liveIdReads(t: CheckContext): Promise<{ reads: { label: string; kind: string; id: number; path: (id: number | string) => string; options: RequestOptions }[]; notProbed: string[] }> {
  const made = new Map<ResourceKind, number>();
  const reads = [];
  const notProbed: string[] = [];
  for (const e of B_ENDPOINTS.filter((x) => x.method === 'GET' && x.effect === 'read')) {
    if (!e.id) continue;
    let values;
    try {
      values = await ownValues(t, 0, e.id, made);
    } catch (err) {
      // What the read names could not be made on this target: the other reads still go.
      if (!(err instanceof CheckSkipped)) throw err;
      notProbed.push(`${e.key} (${err.message})`);
      continue;
    }
    const id = values?.id;
    if (!values || id === undefined) {
      notProbed.push(`${e.key} (account 1 has no ${e.id.kind} of its own to name)`);
      continue;
    }
    const query = queryOf(e, t.target.interfaceB);
    const options: RequestOptions = query ? { query } : {};
    const path = (raw: number | string) => bPath(e, { ...values, id: raw });
    // The control: the live id itself is served, so a refusal of the junk around it is no 404 of a path the target lacks.
    const control = await t.b().get(path(id), options);
    if (!is2xx(control)) {
      notProbed.push(`${e.key} (its live id answered ${control.response.status})`);
      continue;
    }
    reads.push({ label: e.key, kind: e.id.kind, id, path, options });
  }
  return { reads, notProbed };
}

/**
 * The root routes that take an id in their path (`B_ROOT_ENDPOINTS`: `POST
 * /product_updates/{id}/like`, extensions at the API's root), each sent with the same ids that are
 * no integer around a live id its root list gives (`id.liveFrom`), with account 1's key: a 4xx with
 * the error object, never a 5xx. Only with such ids, so a destructive one (a like cannot be taken
 * back) is sent only where it must be refused. A target that does not serve the list is noted.
 * Answers how many routes were probed.
 */
async function nonIntegerIdsAtRoot(t: CheckContext): Promise<number> {
  const client = bRootClient(t, t.target.b[0]?.apiKey ?? '');
  let probed = 0;
  for (const endpoint of B_ROOT_ENDPOINTS) {
    if (!endpoint.id) continue;
    const listed = await client.get(endpoint.id.liveFrom);
    expectHandled(t, listed);
    const live = Array.isArray(listed.json) ? listed.json.map((item) => (isObject(item) ? item.id : undefined)).find((id) => typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) : undefined;
    if (!is2xx(listed) || live === undefined) {
      t.note(`${endpoint.key} at the API's root (an extension) was not probed: GET ${endpoint.id.liveFrom} there answered ${listed.response.status}${is2xx(listed) ? ` with no ${endpoint.id.what} id` : ''}`);
      continue;
    }
    for (const junk of junkAroundId(String(live))) {
      const ex = await client.request(endpoint.method, endpoint.path.replace('{id}', junk));
      expectRefusedCleanly(t, ex, `${endpoint.key} at the API's root with ${junk} for its id (not an integer; ${endpoint.id.what} ${String(live)} is live)`);
    }
    probed++;
  }
  return probed;
}

check({
  id: 'b-rob/non-integer-ids-near-live',
  clauses: ['X-ROB-1'],
  title: "X-ROB-1: an id that is not an integer but holds a live record's id (`{id}abc`, `{id}x`, `{id}.5`, `{id}%20x`, `abc{id}`) in every read and undoable write of the endpoint catalog that takes an id, and in the root routes that take one (POST /product_updates/{id}/like at the API's root, where served), gets a 4xx with the error object, never that record; the writes (DELETE of a hook or SSH key the check made, a hook reset, a job stop) change nothing",
  needs: ['b', 'write'],
  async run(t) {
    // Around a live id, not an absent one: a reader of leading digits (parseInt) finds nothing
    // around an absent id and answers 404 as it should, and only around a live one answers
    // with the record. Leading zeros, `+` and whitespace are not sent (see junkAroundId).
    const { reads, notProbed } = await liveIdReads(t);
    for (const r of reads) {
      for (const junk of junkAroundId(r.id)) {
        const ex = await t.b().get(r.path(junk), r.options);
        expectRefusedCleanly(t, ex, `${r.label} with ${junk} for its id (not an integer; ${r.kind} ${r.id} is live)`);
      }
    }
    // The writes only on what the check made or can undo (the catalog's `write` effect): a
    // write that takes the junk for the live id shows in the parts read back after.
    const { writes, notSent } = await ownWrites(t, (e) => e.effect === 'write' && e.id !== undefined);
    const expectUnchanged = await watchOwnWrites(t, writes, CLAUSE, 'only sent with an id that is not an integer');
    for (const w of writes) {
      const id = w.values.id;
      if (id === undefined) continue;
      for (const junk of junkAroundId(id)) {
        const ex = await t.b().request(w.method, bPath(w.endpoint, { ...w.values, id: junk }), w.options);
        const made = idOf(ex);
        if (is2xx(ex) && made !== undefined && w.endpoint.creates) undoCreation(t, 0, w.endpoint.creates, made);
        expectRefusedCleanly(t, ex, `${w.label} with ${junk} for its id (not an integer; ${w.endpoint.id?.kind ?? 'record'} ${id} is live)`);
      }
    }
    await expectUnchanged();
    const rootProbed = await nonIntegerIdsAtRoot(t);
    if (notProbed.length) t.note(`reads not probed: ${notProbed.join('; ')}`);
    if (notSent.length) t.note(`writes not probed: ${describeNotSent(notSent)}`);
    if (reads.length === 0 && writes.length === 0 && rootProbed === 0) t.skip('no read or write of the catalog that takes an id could be named with a live id of account 1 (see the notes)');
    t.note(`${reads.length} reads and ${writes.length} writes probed with ${junkAroundId('{id}').length} non-integer ids each`);
  },
});

check({
  id: 'b-rob/deleted-hook-requests',
  clauses: ['X-ROB-1', 'B-ERR-1'],
  supports: ['X-ISO-1'],
  title: "X-ROB-1 and B-ERR-1: every request of the endpoint catalog about a hook the check made and deleted (DELETE /hooks/{hook_id}, an extension): its read, reset, update, ping and a second DELETE, never gets a 5xx; a refusal is the error object, and a 404 carries the same text as the 404 of an absent package",
  needs: ['b', 'write'],
  async run(t) {
    // A deleted record is neither live nor an id never used: a store that keeps its row
    // (soft deletion) may find it where an absent id finds nothing, and choke on what is gone.
    const { id } = await makeHook(t, 0, 'hook-deleted');
    const control = await t.b().get(`/hooks/${id}`);
    if (!is2xx(control)) t.skip(`GET /hooks/${id} of the hook just made answered ${control.response.status}, so whether it was then deleted could not be told`);
    const deleted = await t.b().delete(`/hooks/${id}`);
    expectHandled(t, deleted);
    // A target that serves no hook deletion has no deleted hooks for a request to meet: noted, and
    // the clauses left to the other checks, as an extension a target lacks is elsewhere.
    if (routeMissing(deleted)) {
      t.note(`DELETE /hooks/${id} (an extension) answered ${deleted.response.status}: this target deletes no hooks, so no request about a deleted one can be sent`);
      return;
    }
    if (!is2xx(deleted)) t.skip(`DELETE /hooks/${id} (an extension) answered ${deleted.response.status}: no hook could be deleted, so no request about a deleted one was sent`);
    // The text every 404 must carry, from the 404 the spec documents (an id of the target's absent range).
    const absent = await t.b().get(`/packages/${absentIdFrom(t.target, 2_000_000_123)}`);
    expectNoCrashOrLeak(t, absent, CRASH_AND_LEAK, foreignSecrets(t));
    const notFoundText = absent.response.status === 404 && isObject(absent.json) && typeof absent.json.message === 'string' ? absent.json.message : undefined;
    if (notFoundText === undefined) t.note(`GET /packages/{absent} answered ${absent.response.status} without a message (b-err judges that): the 404s about the deleted hook were not compared with it`);
    const c = bodyContext(t);
    const served: string[] = [];
    for (const e of B_ENDPOINTS.filter((x) => x.id?.kind === 'hook' && x.effect !== 'destructive')) {
      const request = requestOf(e, { id }, c);
      if (!request) continue;
      const ex = await t.b().request(request.method, request.path, request.options);
      expectHandled(t, ex);
      if (is2xx(ex)) served.push(`${e.key} (${ex.response.status})`);
      if (ex.response.status !== 404 || notFoundText === undefined) continue;
      t.expect.that(isObject(ex.json) && ex.json.message === notFoundText, {
        clause: 'B-ERR-1',
        message: `${e.key} of hook ${id}, deleted: this 404 carries another text than the 404 of an absent package`,
        expected: JSON.stringify(notFoundText),
        received: isObject(ex.json) ? JSON.stringify(ex.json.message) : '(no error object)',
        exchange: ex,
      });
    }
    // What a deleted hook may still answer is not the spec's: only that nothing breaks on it.
    if (served.length) t.note(`about hook ${id}, deleted, these were answered 2xx: ${served.join(', ')}`);
  },
});

check({
  id: 'b-rob/list-queries',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: 'X-ROB-1: random query strings on every paged list of the endpoint catalog (GET /invoices and the extensions\' lists: odd offsets, limits and the real service\'s list filters, repeats, unicode, broken escapes; and in every run the offset and the limit just beyond 32 and 64 bits) never get a 5xx, and every refusal is the error object',
  needs: ['b'],
  async run(t) {
    const lists = B_ENDPOINTS.filter((e) => e.method === 'GET' && e.answer.paged && !e.id).map((e) => e.path);
    // The invoice list's paging names and the extensions' (they may page otherwise: extension_paging), on every list.
    const paging = [...new Set([...pagingParameters(pagingNames(t.target)), ...pagingParameters(extensionPaging(t.target))])];
    const names = [...new Set(['offset', 'limit', 'page', 'per_page', ...paging, ...REAL_SERVICE_LIST_FILTERS])];
    // Every name on every list once, with a value none of them takes (no number, no time, no
    // word of theirs), then random queries.
    for (const path of lists) for (const name of names) expectHandled(t, await t.b().get(`${path}?${name}=none`));
    // The paging values at the first integers beyond 32 and 64 bits, on every list and every run
    // (a random draw seldom lands there): a deployment binding them into a narrower column fails.
    const overflows = INTEGER_WIDTH_OVERFLOWS.filter((v) => v === '2147483648' || v === '9223372036854775808');
    for (const path of lists) for (const name of paging) for (const value of overflows) expectHandled(t, await t.b().get(`${path}?${name}=${value}`));
    await t.property('odd list queries are handled', fc.tuple(fc.constantFrom(...lists), queryString(names)), async ([path, query]) => {
      const ex = await t.b().get(`${path}?${query}`);
      expectHandled(t, ex);
    });
  },
});

/**
 * Values no query parameter of a metadata read takes as meant, each a way a careless reader goes
 * wrong: a word and a fraction where an integer or id list is read, a negative number, nothing, the
 * first integer beyond 64 bits, an id list with a word in it or with nothing between its commas,
 * a word where a boolean is read.
 */
const ODD_READ_QUERY_VALUES = ['abc', '1.5', '-1', '', '9223372036854775808', '1,abc', ',,', 'maybe'];

/** `own` (a read's own query) with `extra` (raw `name=value` text, sent as written) after it. */
function withRawQuery(path: string, own: Record<string, string>, extra: string, without?: string): string {
  const kept = new URLSearchParams(Object.entries(own).filter(([name]) => name !== without)).toString();
  return `${path}?${[kept, extra].filter((part) => part !== '').join('&')}`;
}

check({
  id: 'b-rob/read-queries',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: "X-ROB-1: odd query parameters on the reads of the endpoint catalog that name a live record (the spec's metadata reads GET /connections/{id}/salesforce/fields, /bingads/accounts and /bingads/columns and the extensions' metadata reads, each query name the real service's take with a word, a fraction, a negative, an empty value, a 65-bit integer and broken id lists; then random query strings on every such read) never get a 5xx, and every refusal is the error object",
  needs: ['b', 'write'],
  async run(t) {
    const { reads, notProbed } = await liveIdReads(t);
    const names = [...new Set([...REAL_SERVICE_READ_QUERY_NAMES, ...reads.flatMap((r) => Object.keys(r.options.query ?? {}))])];
    const own = (r: (typeof reads)[number]): Record<string, string> => Object.fromEntries(Object.entries(r.options.query ?? {}).map(([k, v]) => [k, String(v)]));
    // Every name with every odd value on each metadata read (the one place these names are
    // read), in place of the read's own value of that name: random strings seldom land on them.
    const metadata = reads.filter((r) => /\/(salesforce|bingads)\/|\/metadata\//.test(r.label));
    for (const r of metadata) {
      for (const name of names) {
        for (const value of ODD_READ_QUERY_VALUES) expectHandled(t, await t.b().get(withRawQuery(r.path(r.id), own(r), `${name}=${encodeURIComponent(value)}`, name)));
      }
    }
    if (reads.length === 0) t.skip('no read of the catalog that takes an id could be named with a live id of account 1 (see the notes)');
    await t.property('odd read queries are handled', fc.tuple(fc.constantFrom(...reads), queryString(names)), async ([r, query]) => {
      expectHandled(t, await t.b().get(withRawQuery(r.path(r.id), own(r), query)));
    });
    const unprobedSpec = B_ENDPOINTS.filter((e) => e.source === 'spec' && e.clause === 'B-CONN-3' && !metadata.some((r) => r.label === e.key)).map((e) => e.key);
    if (unprobedSpec.length) t.note(`the spec's metadata reads ${unprobedSpec.join(', ')} were not sent odd queries: no live connection of their type to name (or its live id was not served)`);
    if (notProbed.length) t.note(`reads not probed: ${notProbed.join('; ')}`);
    t.note(`${metadata.length} metadata reads sent ${names.length} query names with ${ODD_READ_QUERY_VALUES.length} odd values each; ${reads.length} reads sent random queries`);
  },
});

check({
  id: 'b-rob/methods-on-unknown-paths',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: 'X-ROB-1: any method on an unknown path under the account gets a 4xx with the error object',
  needs: ['b'],
  async run(t) {
    const cases = fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), fc.stringMatching(/^[a-z0-9_]{1,12}$/), fc.option(malformedJsonText(), { nil: undefined }));
    await t.property('unknown paths are refused', cases, async ([method, word, body]) => {
      const ex = await t.b().request(method, `/disco-${word}`, body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } });
      expectRefusedCleanly(t, ex, `${method} /disco-${word}`);
    });
  },
});

/** A path b-rob/unusual-methods sends to, and which client sends it. */
interface UnusualMethodPath {
  path: string;
  /** At the API's root (`B_ROOT_ENDPOINTS`), outside the account path. */
  root: boolean;
}

/**
 * Where b-rob/unusual-methods sends its methods: every path of the endpoint catalog, one that
 * takes an id with account 1's fixture of its kind (where the fixtures name one) and with an
 * absent id, and the root catalog's paths (a root id absent). The kinds that got a live id are
 * returned for the note.
 */
function unusualMethodPaths(t: CheckContext): { paths: UnusualMethodPath[]; liveKinds: Set<string> } {
  const fixtures = t.fixtures(0);
  const absent = absentIdFrom(t.target, 6);
  const paths = new Map<string, UnusualMethodPath>();
  const liveKinds = new Set<string>();
  const add = (path: string, root = false): void => void paths.set(`${root ? 'root' : 'account'} ${path}`, { path, root });
  for (const e of B_ENDPOINTS) {
    if (!e.id) {
      add(bPath(e, {}));
      continue;
    }
    add(bPath(e, { id: absent, type: someConnectionType(fixtures, e.id) }));
    const live = fixtureValues(fixtures, e.id);
    if (live?.id === undefined) continue;
    add(bPath(e, live));
    liveKinds.add(e.id.kind);
  }
  for (const e of B_ROOT_ENDPOINTS) add(e.path.replace('{id}', String(absent)), true);
  return { paths: [...paths.values()], liveKinds };
}

check({
  id: 'b-rob/unusual-methods',
  clauses: ['X-ROB-1'],
  supports: ['X-ISO-1'],
  title: "X-ROB-1: methods beyond GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS (PROPFIND, PURGE, LINK, UNLINK, MKCOL, REPORT, SEARCH, LOCK, TRACE, QUERY, the other registered ones and those in common use, and made-up tokens) on every path of the endpoint catalog (account 1's fixtures and absent ids), the API root's, and unknown paths, with and without the key, never get a 5xx (but a 501, RFC 9110's answer to a method a server does not implement: noted, not failed) nor a stack trace, and every refusal is the error object (dot segments and encoded slashes, which a proxy may resolve, only never get a 5xx)",
  needs: ['b'],
  async run(t) {
    // A router that dispatches by a table of the methods it serves, with no default, crashes
    // on any other; b-rob/methods-on-unknown-paths sends only the usual five.
    const { paths, liveKinds } = unusualMethodPaths(t);
    const root = bRootClient(t, t.target.b[0]?.apiKey ?? '');
    const answers = unusualMethodAnswers(t, 'message');
    const secrets = foreignSecrets(t);
    // None of these methods is a write of interface B, so the key goes with them to the
    // fixtures too: a deployment that took one for a write would be out of the spec anyway.
    const send = async (method: string, where: UnusualMethodPath, keyed: boolean, rewritable = false): Promise<void> => {
      const ex = await (where.root ? root : t.b()).request(method, where.path, keyed ? {} : { headers: { authorization: null } });
      answers.judge(ex, () => (rewritable ? expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, secrets) : expectHandled(t, ex)), secrets);
    };
    // Every method of the list once, the paths in turn, with the key and without by turns: the
    // property below draws from the same list, and a run of 25 cases would miss most of it.
    for (const [i, method] of UNUSUAL_METHODS.entries()) {
      const where = paths[i % paths.length];
      if (where) await send(method, where, i % 2 === 0);
    }
    const account = paths.filter((p) => !p.root);
    const unknown = fc.oneof(
      fc.stringMatching(/^[a-z0-9_]{1,12}$/).map((word) => ({ path: `/disco-${word}`, root: false, rewritable: false })),
      fc.tuple(fc.constantFrom(...account), pathSegment()).map(([known, segment]) => ({ path: `${known.path}/${segment}`, root: false, rewritable: proxyMayRewrite(segment) })),
    );
    // Known paths three times in four: the method is what is unusual there, and what the
    // unknown-paths check never sends.
    const where = fc.oneof({ arbitrary: fc.constantFrom(...paths).map((p) => ({ ...p, rewritable: false })), weight: 3 }, { arbitrary: unknown, weight: 1 });
    await t.property('unusual methods are handled', fc.tuple(unusualMethod(), where, fc.boolean()), async ([method, at, keyed]) => send(method, at, keyed, at.rewritable));
    answers.note();
    t.note(`${UNUSUAL_METHODS.length} methods sent once each, then generated cases, to ${paths.length} paths of the catalogs (live ids of account 1's ${[...liveKinds].join(', ') || 'nothing: the fixtures name none'}, absent ids elsewhere) and to unknown paths`);
  },
});
