import fc from 'fast-check';
import { expectVendorMediaType, labelledVendorType, VENDOR_TYPE } from './lib/b-media-type.ts';
import { check } from './lib/registry.ts';
import { B_ACCEPT } from './lib/clients.ts';
import { mediaTypeSpelling } from './lib/arbitraries/media-types.ts';
import { extensionListItems, idOf, is2xx, isObject, sameJson, userIn, type JsonObject } from './lib/answers.ts';
import { describePage, pageQuery, pagingNames } from './lib/paging.ts';
import { undoCreation, type CreatedKind } from './lib/factories/undo.ts';
import { permitted } from './lib/permissions.ts';
import { B_ENDPOINTS, bPath, RESOURCE_READS } from './catalog/b-endpoints.ts';
import { B_ROOT_ENDPOINTS } from './catalog/b-root-endpoints.ts';
import { bRootClient } from './lib/clients.ts';
import { bodyContext, fixtureValues, requestOf } from './catalog/b-requests.ts';
import { describeNotSent, exerciseWrites, ownWrites, refusedGapValues, specReadRequests, watchOwnWrites } from './catalog/b-exercise.ts';
import type { BEndpoint } from './catalog/types.ts';
import type { Account } from './lib/factories/removal.ts';
import type { CheckContext, Exchange, RequestOptions } from './lib/types.ts';


/**
 * Versions other than 2 that begin with its digit: a minor version and pre-releases (quoted once).
 * A version read by its leading digits (parseInt, a major version only) takes each for 2; the
 * whole numbers below never show that. (`2.0` is left out: whether it names version 2 is open.)
 */
const NEAR_VERSIONS = ['2.1', '"2.5"', '2beta', '2-preview'];

/** Accept values that must be refused: other media types, other versions, no version, none. */
const wrongAccept = fc.oneof(
  fc.constant(null),
  fc.constantFrom('application/json', '*/*', 'text/html', 'application/xml', VENDOR_TYPE, `${VENDOR_TYPE}; version=1`, `${VENDOR_TYPE}; version=3`),
  fc.integer({ min: 0, max: 99 }).filter((v) => v !== 2).map((v) => `${VENDOR_TYPE}; version=${v}`),
  fc.constantFrom(...NEAR_VERSIONS).map((v) => `${VENDOR_TYPE}; version=${v}`),
  fc.constantFrom('application/vnd.other+json; version=2', 'application/json; version=2', 'application/vnd.service+xml; version=2', 'text/vnd.service+json; version=2'),
);

/** Spellings of the right media type that compare equal as media types. */
const rightAccept = fc.oneof(
  fc.constantFrom(
    B_ACCEPT,
    `${VENDOR_TYPE};version=2`,
    'APPLICATION/VND.SERVICE+JSON; version=2',
    `${VENDOR_TYPE}; version="2"`,
    `text/html, ${VENDOR_TYPE}; version=2`,
    `${VENDOR_TYPE}; version=2; q=0.5`,
  ),
  mediaTypeSpelling(VENDOR_TYPE, { version: '2' }),
  // Among other media ranges, in any position.
  fc
    .tuple(mediaTypeSpelling(VENDOR_TYPE, { version: '2' }), fc.shuffledSubarray(['application/json;q=0.9', 'text/html', 'application/xml;q=0.1', '*/*;q=0.01']), fc.nat())
    .map(([ours, others, at]) => {
      const ranges = [...others];
      ranges.splice(at % (ranges.length + 1), 0, ours);
      return ranges.join(', ');
    }),
);

/** The spec's reads (GET) of `account` (by default account 1), from the endpoint catalog, with the fixtures the target has. */
function specReads(t: CheckContext, account: Account = 0): string[] {
  return specReadRequests(t, account).map((r) => (r.query ? `${r.path}?${new URLSearchParams(r.query).toString()}` : r.path));
}

/**
 * How many distinct right spellings of Accept the step after many spellings sends: more than a
 * bounded cache of verdicts of 256 headers holds (a realistic size), so a cache that, once full,
 * serves whatever it has not judged shows it. 320 small reads.
 */
const MANY_SPELLINGS = 320;

/**
 * The `i`th of MANY_SPELLINGS distinct spellings of the versioned media type: the type's letters
 * cased by `i`, spaces or a tab (RFC 9110 OWS) around `;`, the version quoted or not, and a
 * weight `q=0.5NN` (0.500 to 0.819: the weight is what makes each one distinct), last as RFC 9110
 * puts it (parameters after the weight are no longer the media type's); every fourth among other
 * ranges.
 */
function rightSpelling(i: number): string {
  const type = [...VENDOR_TYPE].map((ch, at) => ((at + i) % 4 === 0 && (i & 1) === 1 ? ch.toUpperCase() : ch)).join('');
  const before = ['', ' ', '\t'][i % 3]!;
  const after = ['', ' '][(i >> 1) % 2]!;
  const version = (i >> 2) % 2 === 0 ? '2' : '"2"';
  const ours = `${type}${before};${after}version=${version}${before};${after}q=0.${500 + i}`;
  return i % 4 === 3 ? `text/html;q=0.1, ${ours}` : ours;
}

/**
 * Wrong Accept values no other step sends (their weights are their own): another version, no
 * version, other media types. Sent after MANY_SPELLINGS right ones, so a verdict a full cache has
 * not judged is asked for each.
 */
const WRONG_AFTER_MANY = [
  `${VENDOR_TYPE}; version=1; q=0.301`,
  `${VENDOR_TYPE};version=3;q=0.302`,
  `${VENDOR_TYPE}; q=0.303`,
  `${VENDOR_TYPE.toUpperCase()}; version=20; q=0.304`,
  'application/json; q=0.305',
  'application/vnd.other+json; version=2; q=0.306',
  'text/html;q=0.307',
  'application/xml; q=0.308',
];

/**
 * Headers browsers and browser libraries add to an API call: B-VER-1 makes no exception for who
 * calls, so a negotiation skipped for "the dashboard's own calls" (marked XHR, with an Origin, or
 * a fetch's Sec-Fetch-* headers) is wrong. The Origin is the target's own (a same-origin call, the
 * one a deployment would most likely wave through), or a made-up one without a base URL.
 */
function browserHeaderSets(t: CheckContext): { label: string; headers: Record<string, string> }[] {
  const origin = t.target.baseUrl ? new URL(t.target.baseUrl).origin : 'https://dashboard.example';
  const xhr = { 'x-requested-with': 'XMLHttpRequest' };
  const fetchMode = { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' };
  return [
    { label: 'X-Requested-With: XMLHttpRequest', headers: xhr },
    { label: `Origin: ${origin}`, headers: { origin } },
    { label: 'Sec-Fetch-Mode: cors (and Sec-Fetch-Site, Sec-Fetch-Dest)', headers: fetchMode },
    { label: 'all of X-Requested-With, Origin, Referer and Sec-Fetch-*', headers: { ...xhr, origin, referer: `${origin}/`, ...fetchMode } },
  ];
}

/** The refused Accept cases sent once more beside a browser's headers: none, plain JSON, another version. */
const WRONG_FROM_BROWSERS: readonly (string | null)[] = [null, 'application/json', `${VENDOR_TYPE}; version=1`];

/**
 * Accept values strict media-type parsers cannot read (a range without a slash, a parameter
 * without `=` or its value, an unclosed quote; an empty list element and a lone `*`, which RFC 9110
 * and lenient parsers take, the one as nothing and the other as `*` + `/*`), none naming the vendor
 * type: a negotiation whose parser throws on them and whose catch falls back to the default version
 * serves them. Whatever a deployment makes of them, none carries the versioned media type, so each
 * is refused.
 */
const UNPARSEABLE_ACCEPT: readonly string[] = ['json', 'text/html;q', 'application/json; charset', 'text/html,,application/xml', '*', 'text/html; level="1'];

/** A wrong Accept sent to every read of account 2 and with HEAD: none, and another version. */
const WRONG_ELSEWHERE: readonly (string | null)[] = [null, `${VENDOR_TYPE}; version=1`];

/**
 * `paths` split by whether `account`'s GET with the versioned Accept header is served (a 2xx), the
 * others with their status: a read refused whatever the Accept (a plan answering 402, a role 403)
 * shows nothing of the negotiation, so a wrong Accept is judged on the served ones only.
 */
async function servedReads(t: CheckContext, paths: string[], account: Account = 0): Promise<{ served: string[]; unserved: string[] }> {
  const served: string[] = [];
  const unserved: string[] = [];
  for (const path of paths) {
    const control = await t.b(account).get(path);
    if (is2xx(control)) served.push(path);
    else unserved.push(`${path} (${control.response.status})`);
  }
  return { served, unserved };
}

/**
 * The refusals on paths a negotiation may miss: account 2's reads (a check that is a setting of
 * each account, on for the accounts a migration touched and off for later ones), HEAD of account
 * 1's reads (a negotiation in the body renderer, which a HEAD answer skips). Each is judged only
 * where the right Accept is served on it (a deployment need not serve HEAD; a 405 says nothing,
 * nor a read account 2's plan or role refuses). There a wrong Accept gets a 4xx, a HEAD's too:
 * no body tells a front's answer from the API's, but the HEAD just served with the right Accept
 * was the API's.
 */
async function expectRefusedElsewhere(t: CheckContext, paths: string[]): Promise<void> {
  if (t.target.b[1]) {
    const { served, unserved } = await servedReads(t, specReads(t, 1), 1);
    for (const path of served) {
      for (const accept of WRONG_ELSEWHERE) {
        const ex = await t.b(1).get(path, { headers: { accept } });
        t.expect.status(ex, '4xx', 'B-VER-1', `GET ${path} on account 2 with ${describeAccept(accept)} was not refused (${ex.response.status}): the versioned Accept header is required on every account's path`);
      }
    }
    if (unserved.length) t.note(`account 2's reads ${unserved.join(', ')} were not served with the versioned Accept header either, so their refusal without it was not judged${served.length ? '' : ': on account 2 not at all'}`);
  } else t.note("the target document names one account, so that another account's reads refuse a wrong Accept too was not seen");
  const headUnserved: string[] = [];
  for (const path of paths) {
    const control = await t.b().request('HEAD', path);
    if (!is2xx(control)) {
      headUnserved.push(`${path} (${control.response.status})`);
      continue;
    }
    for (const accept of WRONG_ELSEWHERE) {
      const ex = await t.b().request('HEAD', path, { headers: { accept } });
      t.expect.status(ex, '4xx', 'B-VER-1', `HEAD ${path} with ${describeAccept(accept)} was not refused (${ex.response.status}), though HEAD with the versioned Accept header is served there: every request carries it, a HEAD too`);
    }
  }
  if (headUnserved.length) t.note(`HEAD with the versioned Accept header was not served on ${headUnserved.join(', ')}, so its refusal without it was not judged there`);
  await expectRefusedAtRoot(t);
}

/**
 * The reads at the API's root (`B_ROOT_ENDPOINTS`: GET /user, /accounts, ..., outside
 * `/{account_id}/api`; extensions), whose router a deployment may mount apart from the version
 * negotiation, as B-VER-2's check minds for their label: the first one served with the versioned
 * Accept header as the API's answer for the key (labelled with the vendor type, or showing the
 * key's own records: `showsKeyRecords`, for the base URL may be another app's) gets each wrong
 * Accept, refused with a 4xx. Where none is, noted.
 */
async function expectRefusedAtRoot(t: CheckContext): Promise<void> {
  const key = t.target.b[0]?.apiKey;
  if (t.target.baseUrl === undefined || key === undefined) {
    t.note("the target document gives no base URL of the API's root, so that its reads (GET /user, /accounts, ...) refuse a wrong Accept too was not seen");
    return;
  }
  const root = bRootClient(t, key);
  let known: Promise<KeyRecords> | undefined;
  for (const e of B_ROOT_ENDPOINTS) {
    if (e.method !== 'GET' || e.effect !== 'read' || e.path.includes('{')) continue;
    const control = await root.get(e.path);
    if (!is2xx(control) || control.json === undefined) continue;
    if (!labelledVendorType(control) && !showsKeyRecords(control, await (known ??= keyRecords(t)))) continue;
    for (const accept of WRONG_ELSEWHERE) {
      const ex = await root.get(e.path, { headers: { accept } });
      t.expect.status(ex, '4xx', 'B-VER-1', `GET ${e.path} at the API's root (${t.target.baseUrl}${e.path}, an extension) with ${describeAccept(accept)} was not refused (${ex.response.status}), though the versioned Accept header is served there: every request carries it, at the root too`);
    }
    return;
  }
  t.note("no read at the API's root (GET /user, /accounts, ...) was served with the versioned Accept header as the API's answer for the key, so that the root refuses a wrong Accept too was not seen");
}

function describeAccept(accept: string | null): string {
  return accept === null ? 'no Accept header' : `Accept ${JSON.stringify(accept)}`;
}

check({
  id: 'b-ver/accept-required',
  clauses: ['B-VER-1'],
  title: 'B-VER-1: a request without the versioned Accept header, or naming another media type or version (a whole number, or one beginning with 2: 2.1, 2beta, 2-preview), or a value no media-type parser reads, is refused with a 4xx, on account 2\'s reads too (where the target document has one), with HEAD and on a read at the API\'s root (an extension, where served), each judged where the same request with the right Accept is served, also beside a browser\'s headers (X-Requested-With, Origin, Sec-Fetch-*) and after 320 distinct spellings of the right one were served',
  needs: ['b'],
  async run(t) {
    const paths = specReads(t);
    // Without Accept at all, on every read: the one case every client hits first.
    for (const path of paths) {
      const ex = await t.b().get(path, { headers: { accept: null } });
      t.expect.status(ex, '4xx', 'B-VER-1', `GET ${path} without an Accept header answered ${ex.response.status}`);
    }
    await t.property('wrong Accept is refused', fc.tuple(wrongAccept, fc.constantFrom(...paths)), async ([accept, path]) => {
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, '4xx', 'B-VER-1', `GET ${path} with ${describeAccept(accept)} was not refused (${ex.response.status})`);
    });
    // Each version beginning with 2 that is not 2, once: a reader of the major version alone
    // serves them, and the drawn cases above may not hold one.
    for (const [i, version] of NEAR_VERSIONS.entries()) {
      const path = paths[i % paths.length]!;
      const accept = `${VENDOR_TYPE}; version=${version}`;
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, '4xx', 'B-VER-1', `GET ${path} with ${describeAccept(accept)} was not refused (${ex.response.status}): version ${version} is not version 2`);
    }
    // Each value no parser reads, once, on a read the right Accept is served (a random draw never makes them).
    const { served, unserved } = await servedReads(t, paths);
    if (unserved.length) t.note(`reads not served with the versioned Accept header either, so a wrong Accept there shows little (values no parser reads were sent to the others only): ${unserved.join(', ')}`);
    for (const [i, accept] of (served.length ? UNPARSEABLE_ACCEPT : []).entries()) {
      const path = served[i % served.length]!;
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, '4xx', 'B-VER-1', `GET ${path} with ${describeAccept(accept)}, which names no media type a parser reads, was not refused (${ex.response.status}): it does not carry the versioned media type`);
    }
    await expectRefusedElsewhere(t, paths);
    // The same refusals when the request looks like a browser's (the dashboard's own calls).
    for (const [i, set] of browserHeaderSets(t).entries()) {
      for (const [j, accept] of WRONG_FROM_BROWSERS.entries()) {
        const path = paths[(i * WRONG_FROM_BROWSERS.length + j) % paths.length]!;
        const ex = await t.b().get(path, { headers: { ...set.headers, accept } });
        t.expect.status(ex, '4xx', 'B-VER-1', `GET ${path} with ${describeAccept(accept)} and ${set.label} was not refused (${ex.response.status}): the version negotiation must not depend on who calls`);
      }
    }
    // A deployment that remembers its verdicts per Accept header in a bounded cache may, once the
    // cache is full, serve what it has not judged: the refusals above came before any such
    // cache filled up. So: many distinct right spellings, each served, and then wrong ones.
    const path = paths[0]!;
    for (let i = 0; i < MANY_SPELLINGS; i += 1) {
      const accept = rightSpelling(i);
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, '2xx', 'B-VER-1', `GET ${path} with Accept ${JSON.stringify(accept)} (spelling ${i + 1} of ${MANY_SPELLINGS} of the required media type) names the required media type but was refused`);
    }
    for (const accept of WRONG_AFTER_MANY) {
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, '4xx', 'B-VER-1', `after ${MANY_SPELLINGS} distinct spellings of the required media type were served, GET ${path} with ${describeAccept(accept)} was not refused (${ex.response.status}): a verdict the target had not seen was served`);
    }
  },
});

/**
 * The wrong Accept values every write gets, one of each kind B-VER-1 names: none, another media
 * type, another version of the right one.
 */
const WRONG_ON_EVERY_WRITE: readonly (string | null)[] = [null, 'text/html', `${VENDOR_TYPE}; version=1`];

/**
 * The spec's writes that cannot be undone, sent with a wrong Accept only in a form whose harm,
 * were it served, is bounded (what is not sent is noted): a group made without connections (as
 * b-conn/group-create makes one each run), or with the catalog's where the target document lets
 * groups hold the account's connections; a disposable delivery of the fixtures deleted. Each gets
 * the wrong kinds one after another, and none after the first one served.
 */
function destructiveAttempt(t: CheckContext, endpoint: BEndpoint): { label: string; method: string; path: string; options: RequestOptions } | string {
  if (endpoint.key === 'POST /user/tokens') return 'served, it would replace the key the run authenticates with for the rest of the run (b-auth/regenerated-key-replaces-old sends it, last)';
  const values = endpoint.id ? fixtureValues(t.fixtures(), endpoint.id) : {};
  if (!values) return `fixtures name no ${endpoint.id?.kind} the run may use up`;
  const request = requestOf(endpoint, values, bodyContext(t));
  if (!request) return 'its body needs fixtures the target file does not give';
  const body = request.options.body;
  const bare = endpoint.key === 'POST /connection_groups' && !permitted(t, 'assign_connections_to_groups') && isObject(body) ? Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'connections')) : body;
  return { label: bPath(endpoint, values), method: request.method, path: request.path, options: { ...request.options, ...(bare !== undefined ? { body: bare } : {}) } };
}

check({
  id: 'b-ver/accept-required-on-writes',
  clauses: ['B-VER-1'],
  title: "B-VER-1: every write the spec lists (the endpoint catalog's), sent without the versioned Accept header, with another media type or another version, is refused with a 4xx and changes nothing: on the account's own things (a hook, an SSH key, a job the run made; the user; a fixture connection and notification), and the spec's writes that cannot be undone in a form whose harm is bounded (a group made without connections, a disposable fixture delivery)",
  needs: ['b', 'write'],
  async run(t) {
    const { writes, notSent } = await ownWrites(t, (e) => e.source === 'spec' && e.effect === 'write');
    if (notSent.length) t.note(`writes not sent with a wrong Accept: ${describeNotSent(notSent)}`);
    if (writes.length === 0) t.skip('no write of the catalog could be named with account 1\'s own things (see the note)');
    // Each part as it was is the proof that nothing slipped through, where the target lets it be read.
    const expectUnchanged = await watchOwnWrites(t, writes, 'B-VER-1', 'only sent with a wrong Accept');
    const send = async (w: { label: string; method: string; path: string; options: RequestOptions; creates?: CreatedKind | undefined }, accept: string | null): Promise<Exchange> => {
      const ex = await t.b().request(w.method, w.path, { ...w.options, headers: { accept } });
      const id = idOf(ex);
      if (is2xx(ex) && id !== undefined && w.creates) undoCreation(t, 0, w.creates, id);
      t.expect.status(ex, '4xx', 'B-VER-1', `${w.label} with ${describeAccept(accept)} was not refused (${ex.response.status})`);
      return ex;
    };
    const own = writes.map((w) => ({ ...w, creates: w.endpoint.creates }));
    for (const w of own) for (const accept of WRONG_ON_EVERY_WRITE) await send(w, accept);
    const unsentDestructive: string[] = [];
    for (const endpoint of B_ENDPOINTS.filter((e) => e.source === 'spec' && e.effect === 'destructive')) {
      const attempt = destructiveAttempt(t, endpoint);
      if (typeof attempt === 'string') {
        unsentDestructive.push(`${endpoint.key}: ${attempt}`);
        continue;
      }
      for (const accept of WRONG_ON_EVERY_WRITE) if (is2xx(await send({ ...attempt, label: `${endpoint.method} ${attempt.label}`, creates: endpoint.creates }, accept))) break;
    }
    if (unsentDestructive.length) t.note(`spec writes that cannot be undone, not sent with a wrong Accept: ${unsentDestructive.join('; ')}`);
    const byLabel = new Map(own.map((w) => [w.label, w]));
    await t.property('wrong Accept on a write is refused', fc.tuple(wrongAccept, fc.constantFrom(...byLabel.keys())), async ([accept, label]) => {
      const w = byLabel.get(label);
      if (w) await send(w, accept);
    }, { runs: 10 });
    await expectUnchanged();
  },
});

check({
  id: 'b-ver/accept-as-media-type',
  clauses: ['B-VER-1'],
  title: 'B-VER-1: the versioned Accept header is matched as a media type (case, spacing, quoting, among other ranges)',
  needs: ['b'],
  async run(t) {
    await t.property('equivalent spellings are served', fc.tuple(rightAccept, fc.constantFrom(...specReads(t))), async ([accept, path]) => {
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, '2xx', 'B-VER-1', `GET ${path} with Accept ${JSON.stringify(accept)} names the required media type but was refused`);
    });
  },
});

/**
 * Spellings of the required media type other than the canonical one, each write of the spec gets
 * in turn: without the space, and one that departs from it every way at once (another range
 * before it, letters cased otherwise, a space before `;`, the version quoted, a weight), so a
 * comparison of strings, or of any one of those parts, refuses it.
 */
const RIGHT_ON_WRITES = [`${VENDOR_TYPE};version=2`, `text/html;q=0.1, Application/Vnd.Service+JSON ;version="2"; q=0.9`];

check({
  id: 'b-ver/accept-as-media-type-on-writes',
  clauses: ['B-VER-1'],
  title: 'B-VER-1: every write the spec lists that the run can undo (job create and watch, user update, SSH key and hook create, hook reset, connection rename, notification mark) is served under other spellings of the versioned Accept header (no space, case, spacing, quoting, a weight, among other ranges), not only the canonical one',
  needs: ['b', 'write'],
  async run(t) {
    const pass = async (accept: string): Promise<void> => {
      const notSent = await exerciseWrites(t, { headers: { accept } }, (endpoint, ex) => {
        const refused = refusedGapValues(t, endpoint, ex);
        if (refused) {
          t.note(`${endpoint.key} with Accept ${JSON.stringify(accept)} ${refused}, so whether that spelling is served there was not seen`);
          return;
        }
        t.expect.status(ex, '2xx', 'B-VER-1', `${endpoint.key} with Accept ${JSON.stringify(accept)} names the required media type but was refused`);
      });
      if (notSent.length) t.note(`with Accept ${JSON.stringify(accept)}: ${describeNotSent(notSent)}`);
    };
    for (const accept of RIGHT_ON_WRITES) await pass(accept);
    // Then a few more spellings drawn as the reads get them.
    await t.property('equivalent spellings are served on writes', rightAccept, pass, { runs: 2 });
  },
});

check({
  id: 'b-ver/not-acceptable-is-406',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (simulator convention, as the real service): a wrong or missing Accept gets 406 with the error object',
  needs: ['b'],
  async run(t) {
    await t.property('wrong Accept gets 406', fc.tuple(wrongAccept, fc.constantFrom(...specReads(t))), async ([accept, path]) => {
      const ex = await t.b().get(path, { headers: { accept } });
      t.expect.status(ex, 406, 'B-GAP-2', `GET ${path} with ${describeAccept(accept)} answered ${ex.response.status}; the real service answers 406`);
      t.expect.errorObjectB(ex, 'B-GAP-2');
    });
  },
});

/**
 * Accept values naming plain application/json, or any type (the range star-slash-star, as HTTP
 * libraries append it), beside the versioned type at the same weight, in either order
 * (application/json first too): B-VER-2 gives successful answers the vendor type with no exception
 * for how the client ordered or weighed the ranges it takes, so a negotiation that lets the first
 * range of the top weight, or the server's first type the client takes, pick the label is wrong.
 * The drawn spellings list the any-type range at a low weight only.
 */
const JSON_AT_SAME_WEIGHT = [`application/json, ${VENDOR_TYPE}; version=2`, `${VENDOR_TYPE}; version=2, application/json`, `application/json;q=0.5, ${VENDOR_TYPE};version=2;q=0.5`, `${VENDOR_TYPE}; version=2, */*`];

function expectVendorType(t: CheckContext, ex: Exchange, what: string): void {
  t.expect.status(ex, '2xx', 'B-VER-2', `${what} should succeed to check its media type (answered ${ex.response.status})`);
  expectVendorMediaType(t, ex, what);
}

/** An offset past any account's invoices: section 8 bounds the offset below only. */
const PAST_THE_END = 1_000_000;

/**
 * B-VER-2 on an empty list: the invoice list at an offset past its end, with the target's paging
 * names. An empty array is a body like any other; a labelling that takes it for no content is
 * wrong. What an offset past the end gets is a gap (B-GAP-3): a refusal shows no body to judge.
 */
async function expectEmptyPageVendorType(t: CheckContext): Promise<void> {
  const names = pagingNames(t.target);
  const page = { offset: PAST_THE_END };
  const ex = await t.b().get('/invoices', { query: pageQuery(names, page) });
  if (!is2xx(ex)) {
    t.note(`GET /invoices?${describePage(names, page)} answered ${ex.response.status}, so no empty list was seen`);
    return;
  }
  expectVendorMediaType(t, ex);
  if (!Array.isArray(ex.json) || ex.json.length > 0) t.note(`GET /invoices?${describePage(names, page)} was not an empty list, so no empty list was seen`);
}

/**
 * B-VER-2 on the invoice list in another order: the real service's `sort` and `direction` (its API
 * docs; extensions), asked once together, since a deployment may serve a sorted list by a query
 * of its own (a reporting query) whose serializer labels its answers itself. A target that does
 * not know them ignores them (its default list, judged alike) or refuses them (noted).
 */
async function expectSortedListVendorType(t: CheckContext): Promise<void> {
  const query = { sort: 'number', direction: 'asc' };
  const what = 'GET /invoices?sort=number&direction=asc (the real service\'s order parameters, an extension)';
  const ex = await t.b().get('/invoices', { query });
  if (!is2xx(ex)) return t.note(`${what} answered ${ex.response.status}, so the media type of the list in another order was not seen`);
  expectVendorType(t, ex, what);
}

/** The largest invoice page B-LIM-2 allows. */
const FULL_PAGE = 100;

/**
 * B-VER-2 on the largest body a read of the spec gives: a full invoice page (100 invoices, some
 * 16 KB). The catalog's reads with their default parameters are small, and a deployment may send
 * large bodies another way (a streaming writer, a compressing proxy) that labels them itself.
 */
async function expectFullPageVendorType(t: CheckContext, account: 0 | 1): Promise<void> {
  const names = pagingNames(t.target);
  const page = { offset: 0, size: FULL_PAGE };
  const what = `GET /invoices?${describePage(names, page)}${account > 0 ? ` with account ${account + 1}'s key` : ''}`;
  const ex = await t.b(account).get('/invoices', { query: pageQuery(names, page) });
  expectVendorType(t, ex, what);
  // Account 2 is read for its label only: a short page of its own is no news.
  if (account === 0 && Array.isArray(ex.json) && ex.json.length < FULL_PAGE) t.note(`${what} held ${ex.json.length} invoices, so no full page (the largest body a read gives) was seen`);
}

/**
 * What the account path shows of account 1's key, to tell a read at the API's root the API's
 * answer for that key: the key's user (GET /user), the account's id, its notifications (GET
 * /notifications), each where served (extensions).
 */
interface KeyRecords {
  user?: JsonObject;
  accountId: string;
  notifications: JsonObject[];
}

async function keyRecords(t: CheckContext): Promise<KeyRecords> {
  const user = userIn(await t.b().get('/user'));
  const notifications = extensionListItems(t.target, (await t.b().get('/notifications')).json) ?? [];
  return { ...(user ? { user } : {}), accountId: t.target.b[0]?.accountId ?? '', notifications: notifications.filter(isObject) };
}

/**
 * Whether a root read's body shows one of the key's own records as the account path gives them
 * (its user's id and email, its account's id as the value of any string member of a record or an
 * item, whatever the member's name: account_id, id, slug; one of its notifications' id and
 * title): then it is the API's answer for the key, not another app's at the same base URL.
 */
function showsKeyRecords(ex: Exchange, known: KeyRecords): boolean {
  const body = ex.json;
  const records = [body, isObject(body) ? body.user : undefined, ...(extensionListItemsOf(body) ?? [])].filter(isObject);
  return records.some(
    (r) =>
      (known.user !== undefined && sameJson(r.id, known.user.id) && sameJson(r.email, known.user.email)) ||
      (known.accountId !== '' && Object.values(r).includes(known.accountId)) ||
      known.notifications.some((n) => sameJson(r.id, n.id) && sameJson(r.title, n.title)),
  );
}

/** The items of a list body: the body itself, or the one array member of an object (an envelope). */
function extensionListItemsOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  const arrays = isObject(body) ? Object.values(body).filter(Array.isArray) : [];
  return arrays.length === 1 ? arrays[0] : undefined;
}

/**
 * B-VER-2 binds every successful answer with a body, not only the spec table's: the extension list
 * reads of the endpoint catalog (GET /clusters, /packages, /hooks, ...: those naming no id and
 * needing no query) and the reads of the API's root (`B_ROOT_ENDPOINTS`: GET /user, /accounts,
 * ..., outside `/{account_id}/api`), each read once. A deployment may serialize its list
 * controllers, or mount its root router, apart from the rest, with a label of their own. A target
 * need not serve these extensions: an answer that is not a 2xx with a JSON body (a refusal, a
 * dashboard's page at the base URL) is noted, not judged. Nor is a root read labelled otherwise
 * that shows nothing of the key's own records (`showsKeyRecords`): the base URL may be another
 * app's, whose GET /user is no answer of the API.
 */
async function expectExtensionAndRootReadsVendorType(t: CheckContext): Promise<void> {
  const reads: { what: string; atRoot: boolean; send: () => Promise<Exchange> }[] = [];
  for (const e of B_ENDPOINTS) {
    if (e.source !== 'extension' || e.method !== 'GET' || e.effect !== 'read' || e.answer?.list !== true || e.id || e.query || e.path.includes('{')) continue;
    reads.push({ what: `GET ${e.path} (${e.key}, an extension list read)`, atRoot: false, send: () => t.b().get(e.path) });
  }
  const key = t.target.b[0]?.apiKey;
  if (t.target.baseUrl !== undefined && key !== undefined) {
    for (const e of B_ROOT_ENDPOINTS) {
      if (e.method !== 'GET' || e.effect !== 'read' || e.path.includes('{')) continue;
      reads.push({ what: `GET ${e.path} at the API's root (${t.target.baseUrl}${e.path}, an extension)`, atRoot: true, send: () => bRootClient(t, key).get(e.path) });
    }
  } else {
    t.note("the target document gives no base URL of the API's root, so the media type of its reads (GET /user, /accounts, ...) was not seen");
  }
  const unserved: string[] = [];
  const notTheApi: string[] = [];
  // Read once, and only where a root read is labelled otherwise: what tells the API's answer.
  let known: Promise<KeyRecords> | undefined;
  for (const read of reads) {
    const ex = await read.send();
    if (!is2xx(ex) || ex.json === undefined) {
      unserved.push(`${read.what}: ${ex.response.status}${is2xx(ex) ? ' without a JSON body' : ''}`);
      continue;
    }
    if (read.atRoot && !labelledVendorType(ex) && !showsKeyRecords(ex, await (known ??= keyRecords(t)))) {
      notTheApi.push(`${read.what}: ${ex.response.headers['content-type'] ?? 'no Content-Type'}`);
      continue;
    }
    expectVendorType(t, ex, read.what);
  }
  if (unserved.length) t.note(`extension reads that gave no 2xx with a JSON body (not served, or not the API's answer), so their media type was not seen: ${unserved.join('; ')}`);
  if (notTheApi.length) t.note(`reads at the API's root labelled otherwise than the versioned media type whose JSON shows none of the key's records the account path gives (its user, its account, its notifications), so not recognisably the API's answer for the key (another app's at the same base URL?): not judged: ${notTheApi.join('; ')}`);
}

check({
  id: 'b-ver/success-media-type',
  clauses: ['B-VER-2'],
  title: "B-VER-2: successful reads with a body use application/vnd.service+json; version=2, whichever spelling of Accept asked for it (application/json listed beside it at the same weight, before it or after it, and */* beside it at the same weight, too), and whichever account's key asks (the second account's too, where the target document has one), and when the body is an empty list (an invoice page past the end) or a large one (a full invoice page of 100), or the list asked in another order (the real service's sort and direction); the real service's list reads beyond the spec (GET /clusters, /packages, /hooks, ...) and its reads at the API's root (GET /user, /accounts, ...) too, where served",
  needs: ['b'],
  async run(t) {
    for (const path of specReads(t)) expectVendorType(t, await t.b().get(path), `GET ${path}`);
    // The rule is the interface's, not one account's: a media type rolled out account by account
    // shows only to another key. Reads only, so safe on any target with a second account.
    if (t.target.b[1]) {
      for (const path of specReads(t, 1)) expectVendorType(t, await t.b(1).get(path), `GET ${path} with account 2's key`);
    } else {
      t.note('the target document has one account: only account 1\'s answers were seen');
    }
    await expectEmptyPageVendorType(t);
    await expectSortedListVendorType(t);
    await expectExtensionAndRootReadsVendorType(t);
    await expectFullPageVendorType(t, 0);
    if (t.target.b[1]) await expectFullPageVendorType(t, 1);
    // The other ranges of the drawn spellings below weigh less than the vendor type: these give
    // application/json the same weight, before it and after it, each on a read of its own.
    const reads = specReads(t);
    for (let i = 0; i < Math.max(reads.length, JSON_AT_SAME_WEIGHT.length); i += 1) {
      const path = reads[i % reads.length]!;
      const accept = JSON_AT_SAME_WEIGHT[i % JSON_AT_SAME_WEIGHT.length]!;
      expectVendorType(t, await t.b().get(path, { headers: { accept } }), `GET ${path} with Accept ${JSON.stringify(accept)}`);
    }
    await t.property('media type under any Accept spelling', fc.tuple(rightAccept, fc.constantFrom(...specReads(t))), async ([accept, path]) => {
      expectVendorType(t, await t.b().get(path, { headers: { accept } }), `GET ${path} with Accept ${JSON.stringify(accept)}`);
    });
  },
});

/**
 * B-VER-2 binds every successful answer with a body, not only the spec table's: what the writes
 * made is read back once more through the catalog's read of one by id where that read is an
 * extension of the real service (a job through GET /jobs/{id}, the read clients poll most, which a
 * deployment may serve from kept bytes by a path of its own that skips the labeller). Where the
 * target does not serve the read (it does not succeed), it is noted; the spec's own reads are read
 * back by `exerciseWrites`.
 */
async function expectExtensionReadsVendorType(t: CheckContext, created: ReadonlyMap<CreatedKind, number>): Promise<void> {
  const unserved: string[] = [];
  for (const [kind, id] of created) {
    const read = B_ENDPOINTS.find((e) => e.key === RESOURCE_READS[kind].one);
    if (!read || read.source !== 'extension' || read.path.includes('{type}')) continue;
    const path = bPath(read, { id });
    const ex = await t.b().get(path);
    if (!is2xx(ex)) {
      unserved.push(`GET ${path} answered ${ex.response.status}`);
      continue;
    }
    expectVendorType(t, ex, `GET ${path} (${read.key}, an extension) of what the run's write made`);
  }
  if (unserved.length) t.note(`the reads of what the writes made that the real service has beyond the spec did not succeed (not served), so their media type was not seen: ${unserved.join('; ')}`);
}

check({
  id: 'b-ver/write-responses-media-type',
  clauses: ['B-VER-2'],
  title: "B-VER-2: every write of the spec's endpoint table that the run can undo (job create and watch, user update, SSH key and hook create, hook reset, connection rename, notification mark), and the reads of what they made (the spec's, and the real service's GET /jobs/{id} where served), answer with the versioned media type",
  needs: ['b', 'write'],
  async run(t) {
    let made: number | undefined;
    const created = new Map<CreatedKind, number>();
    const notSent = await exerciseWrites(t, { readBack: true }, (endpoint, ex) => {
      const refused = refusedGapValues(t, endpoint, ex);
      if (refused) {
        t.note(`${endpoint.key} ${refused}, so its media type was not seen`);
        return;
      }
      if (endpoint.key === 'POST /hooks') made = idOf(ex);
      const id = idOf(ex);
      if (endpoint.method !== 'GET' && endpoint.creates && is2xx(ex) && id !== undefined) created.set(endpoint.creates, id);
      // A read of what a write made that fails is a setup read the run could not make (the
      // resource's own clause, B-HOOK-1 and the like, judges that read): B-VER-2 has no
      // successful answer to judge there, so it is covered in part, not failed.
      if (endpoint.method === 'GET' && !is2xx(ex)) {
        t.partial('B-VER-2', `${endpoint.key} of what the run's write made answered ${ex.response.status}, so its media type was not seen`);
        return;
      }
      expectVendorType(t, ex, endpoint.key);
    });
    if (notSent.length) t.note(describeNotSent(notSent));
    await expectExtensionReadsVendorType(t, created);
    // The success media type does not depend on how the request spelled Accept.
    if (made === undefined) return;
    const hook = made;
    await t.property('write answers under any Accept spelling', rightAccept, async (accept) => {
      expectVendorType(t, await t.b().put(`/hooks/${hook}/reset`, { headers: { accept } }), `PUT /hooks/${hook}/reset with Accept ${JSON.stringify(accept)}`);
    }, { runs: 5 });
  },
});
