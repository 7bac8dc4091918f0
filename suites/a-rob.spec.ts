import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { uniqueName } from './lib/unique-names.ts';
import { malformedJsonText, nestedJsonText } from './lib/arbitraries/json.ts';
import { paddedToLength } from './lib/arbitraries/text.ts';
import { INTEGER_WIDTH_IDS, INTEGER_WIDTH_OVERFLOWS, pathSegment, queryString, absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { archiveIfCreated, createPipeline, makePipeline } from './lib/factories/pipelines.ts';
import { looksLikeStackTrace, pathProxyMayRewrite, unusualMethodAnswers } from './lib/robustness.ts';
import { UNUSUAL_METHODS, unusualMethod } from './lib/arbitraries/methods.ts';
import { recordIn, requestLine, routeMissing } from './lib/answers.ts';
import { revokeIfCreated } from './lib/factories/api-keys.ts';
import { plainDefinition, showPath, valueAt, withValue, type Document, type Segment } from './lib/arbitraries/definitions.ts';
import { describeResponse } from './lib/expect.ts';
import type { AListPaging, CheckContext, Exchange, RequestOptions } from './lib/types.ts';
import { A_CONVENTIONS, A_ENDPOINTS, aEndpoint } from './catalog/a-endpoints.ts';
import type { AOperation } from './catalog/types.ts';
import { CONDITIONAL_HEADERS, FORWARDING_HEADERS, malformedForEach, spreadOver } from './lib/arbitraries/proxy-and-conditional-headers.ts';
import { aRoute, aSend, definitionFormat, listItemsOf, pathWithId, pipelineOperations, validOptions } from './catalog/a-requests.ts';
import { documentBody } from './lib/documents.ts';
import { isObject } from './lib/answers.ts';
import { pagingParameters, schemeNames } from './lib/paging.ts';

/*
 * X-ROB-1 on interface A: no request, however malformed, gets a 5xx; bad input gets a 4xx with
 * the error object. Bodies that are no JSON or YAML, no definition in any media type, nested
 * deeper than any document, or far too large; unknown paths and odd query strings; methods
 * beyond the usual seven (PROPFIND, PURGE, made-up tokens). Where a request might be fine for a
 * lenient server (a valid document under an odd media type), only "no 5xx, and an error object
 * on any 4xx" is asserted.
 */

/**
 * No 5xx and no stack trace, nothing more: for what a proxy in front of the service may answer
 * in its own words (a forwarding header it refuses).
 */
function expectNoCrash(t: CheckContext, ex: Exchange, what: string): void {
  t.expect.that(ex.response.status < 500, { clause: 'X-ROB-1', message: `${what}: ${requestLine(ex)} answered ${ex.response.status}`, expected: 'no server error', received: describeResponse(ex), exchange: ex });
  t.expect.that(!looksLikeStackTrace(ex.response.body), { clause: 'X-ROB-1', message: `${what}: the answer shows a stack trace`, expected: 'no stack trace', received: describeResponse(ex), exchange: ex });
}

/**
 * No 5xx, no stack trace, and any 4xx carries the error object, unless the path may have been
 * answered by a proxy in front of the service rather than by the service (`proxyMayRewrite`).
 */
function expectHandled(t: CheckContext, ex: Exchange, what: string, sentPath?: string): void {
  expectNoCrash(t, ex, what);
  // The recorded URL is already resolved (dot segments gone), so judge the path as generated too.
  // A path that dot-segment removal takes out of interface A (`/api/public/v1/%2e%2e/%2e%2e` is
  // `/api/`) is not an interface A request on any target, the simulator included: only "no 5xx"
  // holds there. Encoded separators a proxy may rewrite are exempt outside the simulator profile.
  const root = `${new URL(t.a().base).pathname.replace(/\/$/, '')}/`;
  const left = !`${new URL(ex.request.url).pathname}/`.startsWith(root);
  const viaProxy = left || (t.profile !== 'simulator' && sentPath !== undefined && pathProxyMayRewrite(sentPath));
  if (ex.response.status >= 400 && ex.request.method !== 'HEAD' && !viaProxy) t.expect.errorObjectA(ex, 'X-ROB-1');
}

/** Bad input: as above, and a 4xx. */
function expectRefused(t: CheckContext, ex: Exchange, what: string): void {
  expectHandled(t, ex, what);
  t.expect.status(ex, '4xx', 'X-ROB-1', `${what}: ${requestLine(ex)} answered ${ex.response.status}, expected a 4xx with the error object`);
}

/** YAML texts that are no YAML, or that no reader should expand or execute. */
const MALFORMED_YAML = [
  'name: [unclosed',
  'name: x\n  bad: indentation\n source',
  '- a\nb: c',
  '{ "a": 1',
  'a: *undefined_alias',
  'a: 1\na: 2',
  'a: 1\n---\nb: 2',
  '\tname: tab-indented',
  'a: &a [*a]',
  'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  '!!python/object/apply:os.system ["echo disco"]',
  'name: !!js/function "function () { return 1 }"',
  // Far deeper than any document: a parser that recurses per level can crash its process here.
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '"unterminated',
  ': no key',
  '? [complex, key]\n: value',
];

type Target = 'create' | 'validate' | 'replace' | 'update' | 'keys' | 'delete-absent';

function send(t: CheckContext, target: Target, ownId: number | undefined, options: RequestOptions): Promise<Exchange> {
  switch (target) {
    case 'create':
      return aSend(t, t.a(), 'pipelines.create', options);
    case 'validate':
      return aSend(t, t.a(), 'pipelines.validate', options);
    case 'replace':
      return aSend(t, t.a(), 'pipelines.replace', ownId ?? 0, options);
    case 'update':
      return aSend(t, t.a(), 'pipelines.update', ownId ?? 0, options);
    case 'keys':
      return aSend(t, t.a(), 'keys.create', options);
    case 'delete-absent':
      return aSend(t, t.a(), 'pipelines.archive', absentIdFrom(t.target, Date.now()), options);
  }
}

/** Where bodies go: the spec's DELETE always; the simulator's endpoints where served. */
async function bodyTargets(t: CheckContext): Promise<{ targets: Target[]; ownId?: number }> {
  const targets: Target[] = ['delete-absent'];
  if ((await aSend(t, t.a(), 'pipelines.list')).response.status !== 200) return { targets };
  const own = await createPipeline(t, 0, plainDefinition(uniqueName(t, 'rob')));
  targets.push('create', 'validate', 'replace', 'update');
  if ((await aSend(t, t.a(), 'keys.list')).response.status === 200) targets.push('keys');
  return { targets, ownId: own.id };
}

function cleanUpAfter(t: CheckContext, ex: Exchange): void {
  archiveIfCreated(t, 0, ex);
  revokeIfCreated(t, ex);
}

check({
  id: 'a-rob/malformed-bodies',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: bodies that are not JSON or not YAML (truncated, trailing commas, tabs, duplicate keys, several documents, alias bombs, language tags) get a 4xx with the error object, never a 5xx',
  needs: ['a', 'write'],
  async run(t) {
    const { targets, ownId } = await bodyTargets(t);
    const bodies = fc.oneof(
      malformedJsonText().map((text) => ({ text, type: 'application/json', label: `JSON ${JSON.stringify(text.slice(0, 40))}` })),
      fc.constantFrom(...MALFORMED_YAML).map((text) => ({ text, type: 'application/yaml', label: `YAML ${JSON.stringify(text.slice(0, 40))}` })),
    );
    const cases = fc.tuple(bodies, fc.constantFrom(...targets)).map(([b, target]) => Object.assign({ ...b, target }, { [fc.toStringMethod]: () => `${target}: ${b.label}` }));
    await t.property('malformed bodies are a 4xx', cases, async (c) => {
      const ex = await send(t, c.target, ownId, { body: c.text, headers: { 'content-type': c.type } });
      cleanUpAfter(t, ex);
      // DELETE of an absent pipeline may answer 404 before it reads the body: still a 4xx.
      // YAML to the JSON-only key endpoint is a wrong media type: a 4xx all the same.
      expectRefused(t, ex, `a malformed ${c.label} body`);
    });
  },
});

check({
  id: 'a-rob/odd-content-types',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: bodies under odd media types (XML, forms, multipart, octet streams, broken Content-Type values) get a 4xx when they carry no document, and never a 5xx; nor does a valid body to each write (pipelines and keys) labelled with a charset no decoder knows (x-unknown, utf-99, utf-7) or an empty one',
  needs: ['a', 'write'],
  async run(t) {
    const { targets, ownId } = await bodyTargets(t);
    const types = fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=disco',
      'application/octet-stream',
      'image/png',
      'application/jsonx',
      'application/json; ;;; =',
      '/',
      'application/',
      'json',
      'application/json; charset=utf-16',
    );
    const noDocument = fc.constantFrom('<pipeline><name>x</name></pipeline>', 'name=x&source=y', '--disco\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--disco--\r\n', '\u0000\u0001\u0002binary', 'PNG\r\n\u001a\n');
    const cases = fc.tuple(types, fc.constantFrom(...targets), fc.oneof(noDocument.map((text) => ({ text, document: false })), fc.constant({ text: JSON.stringify(plainDefinition(t.name('rob-odd'))), document: true })));
    await t.property('odd media types are handled', cases.map(([type, target, body]) => Object.assign({ type, target, ...body }, { [fc.toStringMethod]: () => `${target}: ${type} ${body.document ? 'with a JSON document' : JSON.stringify(body.text.slice(0, 30))}` })), async (c) => {
      // A fresh name, in case a lenient target creates the pipeline (it is archived afterwards).
      const text = c.document ? JSON.stringify(plainDefinition(`${t.name('rob-odd')}-${Math.floor(Math.random() * 1e9)}`)) : c.text;
      const ex = await send(t, c.target, ownId, { body: text, headers: { 'content-type': c.type } });
      cleanUpAfter(t, ex);
      if (c.document) expectHandled(t, ex, `a JSON document labelled ${c.type}`);
      else expectRefused(t, ex, `a body labelled ${c.type} that is no document`);
    });
    // Every write, each charset label once: a reader that decodes the body in the charset its
    // Content-Type names (a TextDecoder of the label) throws on a name it does not know.
    for (const target of targets) {
      for (const charset of ODD_CHARSETS) {
        const { text, type } = charsetBody(t, target, charset);
        const ex = await send(t, target, ownId, { body: text, headers: { 'content-type': type } });
        cleanUpAfter(t, ex);
        expectHandled(t, ex, `a valid body labelled ${type}`);
      }
    }
  },
});

/**
 * Charset parameters no decoder knows (made-up names, an encoding WHATWG does not support), or
 * empty: a 2xx (the body read as UTF-8), a 415 or another 4xx are all fine, a 5xx is not.
 */
const ODD_CHARSETS = ['x-unknown', 'utf-99', 'utf-7', '', '""'];

/**
 * A body `target` could take, labelled with `charset`: a definition under a fresh name in the
 * target's format (the pipeline writes), a key of a fresh name (the key create, whose body is
 * JSON). A lenient target may make what it is sent: `cleanUpAfter` takes it back.
 */
function charsetBody(t: CheckContext, target: Target, charset: string): { text: string; type: string } {
  if (target === 'keys') return { text: JSON.stringify({ name: uniqueName(t, 'rob-charset') }), type: `application/json; charset=${charset}` };
  const { body, headers } = documentBody(plainDefinition(uniqueName(t, 'rob-charset')), definitionFormat(t));
  return { text: typeof body === 'string' ? body : JSON.stringify(body), type: `${headers?.['content-type'] ?? 'application/json'}; charset=${charset}` };
}

check({
  id: 'a-rob/oversized-and-deep-bodies',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: a body of several megabytes, JSON nested 100,000 deep, YAML nested 5,000 deep, and huge numbers get a 4xx with the error object, never a 5xx',
  needs: ['a', 'write'],
  async run(t) {
    const { targets, ownId } = await bodyTargets(t);
    // Invalid whatever the size limit: the padding is an unknown key.
    const huge = JSON.stringify({ ...plainDefinition(t.name('rob-huge')), x_disco_padding: 'x'.repeat(3 * 1024 * 1024) });
    const bodies: { text: string; type: string; label: string }[] = [
      { text: huge, type: 'application/json', label: 'a 3 MiB JSON document' },
      { text: `name: ${t.name('rob-huge')}\ndescription: ${'y'.repeat(3 * 1024 * 1024)}\n`, type: 'application/yaml', label: 'a 3 MiB YAML document' },
      { text: nestedJsonText(100_000, 'array'), type: 'application/json', label: 'JSON arrays nested 100,000 deep' },
      { text: nestedJsonText(5_000, 'object'), type: 'application/json', label: 'JSON objects nested 5,000 deep' },
      // A YAML parser that recurses per level can crash its process on this: it must not.
      { text: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/yaml', label: 'YAML flow sequences nested 5,000 deep' },
      { text: `${'{a: '.repeat(5000)}1${'}'.repeat(5000)}`, type: 'application/yaml', label: 'YAML flow mappings nested 5,000 deep' },
      { text: Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n'), type: 'application/yaml', label: 'YAML block mappings nested 1,000 deep' },
      { text: `{"name": 1e400, "source": -1e400, "sync": ${'9'.repeat(5000)}}`, type: 'application/json', label: 'numbers beyond any double' },
    ];
    for (const target of targets) {
      for (const body of bodies) {
        const ex = await send(t, target, ownId, { body: body.text, headers: { 'content-type': body.type } });
        cleanUpAfter(t, ex);
        expectRefused(t, ex, `${body.label} to ${target}`);
      }
    }
  },
});

/**
 * Accept headers a client may well send, and odd ones: parameters other than q (a charset, a
 * version, a quoted value with a comma or a semicolon in it), q values and their bad spellings,
 * several ranges, wildcards, case variants and odd whitespace. A read may serve any of its media
 * types, or refuse what it cannot serve (406 or another 4xx, with the error object): none is a
 * 5xx. A handler that ranks the ranges by its own parsing (`q=` taken to be in every parameter
 * list) crashes on the first of them.
 */
const ODD_ACCEPTS = [
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/yaml; charset=utf-8',
  'application/json; version=1',
  'application/json; foo="bar;baz,qux"; q=1',
  'application/json; q=0.9, application/yaml; q=0.5',
  'application/yaml;q=0.8, application/json',
  'application/json, application/yaml; charset=utf-8; q=0.7',
  'text/html;level=1, */*;q=0.1',
  '*/*; q=0.1',
  '*/*; charset=utf-8',
  'application/*; charset=utf-8',
  'APPLICATION/JSON',
  'Application/Json ; Charset = utf-8',
  'application/json; Q=0.5',
  '  application/json  ;  q=1  ,  application/yaml  ',
  '\tapplication/json;\tq=0.5',
  ',,application/json,,',
  'application/json;;',
  'application/json; q=',
  'application/json; q=abc',
  'application/json; q=2',
  'application/json; q=-1',
  'application/json; q=0',
  ';q=1',
  'application/json; =; a',
  'text/plain',
  'application/xml; charset=utf-8',
  'application/json; charset=utf-8, '.repeat(40).slice(0, -2),
];

/**
 * Accept-Charset and Accept-Language values browsers and HTTP libraries send (RFC 9110 12.5.2,
 * 12.5.4): charsets no JSON reader needs (ISO-8859-1 first, as old browsers send it), q values,
 * wildcards, unknown names. A read may serve UTF-8 anyway, another charset, or refuse (406 or
 * another 4xx): none is a 5xx. A handler that encodes by the first charset with a runtime's own
 * encoding table (Node's Buffer knows latin1, not iso-8859-1) crashes on the first of them.
 */
const ODD_CONTENT_PREFERENCES: Record<string, string>[] = [
  ...[
    'iso-8859-1',
    'ISO-8859-1,utf-8;q=0.7,*;q=0.7',
    'windows-1252, utf-8;q=0.5',
    'utf-16',
    'us-ascii',
    'latin1',
    'utf-8;q=0, *;q=0',
    'x-unknown-charset',
    '*',
    'UTF-8',
    ';q=1',
    '',
  ].map((value) => ({ 'accept-charset': value })),
  ...['en-US,en;q=0.9', 'de-CH, fr;q=0.8, *;q=0.1', 'zh-Hant-TW', 'x-klingon', '*', 'en;q=abc', ','].map((value) => ({ 'accept-language': value })),
  { 'accept-charset': 'iso-8859-15', 'accept-language': 'fi' },
];

/** A generated Accept: one to three ranges, each with up to three parameters, q among them or not. */
function acceptHeader(): fc.Arbitrary<string> {
  const type = fc.constantFrom('application/json', 'application/yaml', 'application/x-yaml', 'text/yaml', '*/*', 'application/*', 'text/plain', 'Application/JSON');
  const param = fc.constantFrom('charset=utf-8', 'charset="UTF-8"', 'q=0.5', 'q=1', 'q=0.001', 'Q=0.3', 'version=2', 'level=1', 'profile="a,b;c"', 'x', 'q');
  const space = fc.constantFrom('', ' ', '  ', '\t');
  const range = fc.tuple(type, fc.array(fc.tuple(space, param, space), { maxLength: 3 })).map(([ty, ps]) => `${ty}${ps.map(([a, p, b]) => `${a};${b}${p}`).join('')}`);
  return fc.tuple(fc.array(range, { minLength: 1, maxLength: 3 }), space).map(([ranges, sp]) => ranges.join(`${sp},${sp}`));
}

/** A read of interface A that the proxy and conditional header probes go to, with the live id it names. */
interface LiveRead {
  operation: AOperation;
  id?: number;
}

/** The reads of one record first (where a handler may answer a header about that record), then the lists. */
const LIVE_READ_ORDER: readonly AOperation[] = ['pipelines.read', 'pipelines.definition', 'keys.read', 'pipelines.list', 'keys.list'];

/**
 * Interface A's reads of live records that the target serves: account 1's pipeline (`pipelineId`)
 * and its definition, a key of account 1 (the first its key list shows), the two lists. What
 * cannot be named is left out and said (`unsent`), never read with an absent id: a 404 answered
 * before the handler would prove nothing about the header.
 */
async function liveReads(t: CheckContext, pipelineId: number | undefined): Promise<{ reads: LiveRead[]; unsent: string[] }> {
  const reads: LiveRead[] = [];
  const unsent: string[] = [];
  let keyId: number | undefined;
  if (aRoute(t, 'keys.read') !== null && aRoute(t, 'keys.list') !== null) {
    const list = await aSend(t, t.a(), 'keys.list');
    expectHandled(t, list, 'the key list');
    keyId = (listItemsOf(t, 'keys', list.json) ?? []).map((item) => recordIn(item)?.id).find((id): id is number => typeof id === 'number');
  }
  for (const operation of LIVE_READ_ORDER) {
    if (aRoute(t, operation) === null) continue;
    const byId = aEndpoint(operation).id;
    const id = byId === 'pipeline' ? pipelineId : byId === 'key' ? keyId : undefined;
    if (byId !== undefined && id === undefined) unsent.push(`${operation} (no live ${byId} of account 1 to name)`);
    else reads.push(id === undefined ? { operation } : { operation, id });
  }
  return { reads, unsent };
}

function sendLiveRead(t: CheckContext, read: LiveRead, headers: Record<string, string>): Promise<Exchange> {
  return read.id === undefined ? aSend(t, t.a(), read.operation, { headers }) : aSend(t, t.a(), read.operation, read.id, { headers });
}

/**
 * The proxy headers of b-rob/forwarding-headers (the same values) on interface A: each value once,
 * dealt over the live reads, and a pipeline create (its `Location` and `url`s are links a
 * deployment may build for the forwarded host) with the first forwarded host and `Forwarded`
 * value. A header the target document sends with every request is its gateway's: left alone. Only
 * no 5xx and no stack trace is asked: a proxy may refuse the header in words of its own.
 */
async function forwardingHeaderProbes(t: CheckContext, reads: readonly LiveRead[], created: { document: unknown } | undefined): Promise<string> {
  const headers = FORWARDING_HEADERS.filter(({ name }) => t.target.headers?.[name] === undefined);
  const left = FORWARDING_HEADERS.filter((h) => !headers.includes(h)).map((h) => h.name);
  if (left.length) t.note(`not sent with odd values, as the target document's headers set them for every request: ${left.join(', ')}`);
  const probes = spreadOver(reads, headers);
  for (const p of probes) expectNoCrash(t, await sendLiveRead(t, p.to, { [p.name]: p.value }), `${p.to.operation} with ${p.name}: ${JSON.stringify(p.value)}`);
  const onCreate = Object.fromEntries(headers.filter(({ name }) => name === 'x-forwarded-host' || name === 'forwarded').map(({ name, values }) => [name, values[0]!]));
  if (created === undefined || Object.keys(onCreate).length === 0) return `${probes.length} forwarding headers on the reads, none on a create${created === undefined ? ' (the target made no pipeline)' : ''}`;
  const document = isObject(created.document) ? { ...created.document, name: uniqueName(t, 'rob-forwarded') } : created.document;
  const body = documentBody(document, definitionFormat(t));
  const ex = await aSend(t, t.a(), 'pipelines.create', { ...body, headers: { ...body.headers, ...onCreate } });
  archiveIfCreated(t, 0, ex);
  const sent = Object.entries(onCreate).map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(', ');
  expectNoCrash(t, ex, `a pipeline create with ${sent}`);
  return `${probes.length} forwarding headers on the reads, and a create with ${sent} (${ex.response.status})`;
}

/**
 * The conditional headers of b-rob/conditional-headers on interface A's reads of live records:
 * each read sent each of the four headers once with a value that header should not hold (no
 * HTTP-date: 'yesterday', an entity tag, ISO text, empty; no entity tag: unquoted, a date, a lone
 * quote), the values in turn so that every one is sent (`malformedForEach`). A 304, a 412, the
 * header ignored or refused are all the deployment's choice (the spec names none of them); a
 * 5xx is not, and a refusal carries the error object. The well-formed values and the answer's own
 * validators are b-rob's on interface B, and a-enum's (to foreign ids) here: left out for CI time.
 */
async function conditionalHeaderProbes(t: CheckContext, reads: readonly LiveRead[]): Promise<string> {
  const probes = malformedForEach(reads, CONDITIONAL_HEADERS);
  for (const p of probes) expectHandled(t, await sendLiveRead(t, p.to, { [p.name]: p.value }), `${p.to.operation} with ${p.name}: ${JSON.stringify(p.value)}`);
  return `${probes.length} malformed conditional headers on ${reads.map((r) => (r.id === undefined ? r.operation : `${r.operation} ${r.id}`)).join(', ')}`;
}

check({
  id: 'a-rob/accept-headers-on-reads',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: interface A\'s reads (the definition, the pipeline, the lists) with Accept headers that carry parameters (charset, q, others), several ranges, case variants and odd whitespace, and with Accept-Charset and Accept-Language values (ISO-8859-1, windows-1252, unknown names, q values), never get a 5xx; a 2xx, 406 or other 4xx are all fine, every 4xx with the error object; nor do its reads of live records (a pipeline, its definition, a key, the lists) and a pipeline create sent a proxy\'s X-Forwarded-Host that is no host (\'a b\', \'x:99999\', \'[::1\'), an odd X-Forwarded-Proto, -Port or -Prefix or such a Forwarded header (b-rob/forwarding-headers\' values; any 4xx is fine there), or an If-Modified-Since, If-Unmodified-Since, If-None-Match or If-Match that is no date or entity tag (\'yesterday\', an entity tag where a date goes, empty: b-rob/conditional-headers\' values; a 304, 412 or any refusal with the error object is fine)',
  needs: ['a', 'write'],
  async run(t) {
    // An own pipeline, so that a read by id reaches the handler that serves it (its media
    // type chosen by Accept), not the 404 before it.
    const fixture = (t.target.a[0]?.fixtures.pipeline_ids ?? [])[0];
    const made = await makePipeline(t, 0, plainDefinition(uniqueName(t, 'rob-accept')));
    const ownId = 'id' in made ? made.id : fixture;
    if (ownId === undefined) t.note(`no pipeline of account 1 to read (creating one answered ${'answer' in made ? made.answer.response.status : '?'}, and no fixtures.pipeline_ids): the reads by id are sent with an absent id, which reaches no media-type choice on most targets`);
    const id = ownId ?? absentIdFrom(t.target, 11);
    const reads = A_ENDPOINTS.filter((e) => e.method === 'GET' && aRoute(t, e.operation) !== null).map((e) => ({ operation: e.operation, pipelineId: e.id === 'pipeline' }));
    if (!reads.length) t.skip('the target document says no interface A read is served (interface_a.operations: every GET is null)');
    // The key read takes a key id the run does not know: an absent one, answered 404 (its error
    // in the negotiated type is judged all the same).
    const sendRead = (r: (typeof reads)[number], accept: string, more: Record<string, string> = {}): Promise<Exchange> => {
      const options = { headers: { accept, ...more } };
      if (r.operation === 'keys.read') return aSend(t, t.a(), r.operation, absentIdFrom(t.target, 12), options);
      return r.pipelineId ? aSend(t, t.a(), r.operation, id, options) : aSend(t, t.a(), r.operation, options);
    };
    const described = (headers: Record<string, string>): string => Object.entries(headers).map(([name, value]) => `${name} ${JSON.stringify(value)}`).join(', ');
    for (const r of reads) for (const accept of ODD_ACCEPTS) expectHandled(t, await sendRead(r, accept), `${r.operation} with Accept ${JSON.stringify(accept)}`);
    // The other content preferences, with the Accept every client sends and with a wildcard.
    for (const r of reads) {
      for (const more of ODD_CONTENT_PREFERENCES) {
        for (const accept of ['application/json', '*/*']) expectHandled(t, await sendRead(r, accept, more), `${r.operation} with Accept ${JSON.stringify(accept)}, ${described(more)}`);
      }
    }
    const preferences = fc.option(fc.constantFrom(...ODD_CONTENT_PREFERENCES), { nil: undefined });
    await t.property('generated Accept headers are handled', fc.tuple(fc.constantFrom(...reads), acceptHeader(), preferences).map(([r, accept, more]) => Object.assign({ r, accept, more }, { [fc.toStringMethod]: () => `${r.operation}: Accept ${JSON.stringify(accept)}${more ? `, ${described(more)}` : ''}` })), async ({ r, accept, more }) => {
      expectHandled(t, await sendRead(r, accept, more), `${r.operation} with Accept ${JSON.stringify(accept)}${more ? `, ${described(more)}` : ''}`);
    });
    t.note(`${reads.map((r) => r.operation).join(', ')} read with ${ODD_ACCEPTS.length} fixed Accept headers each and ${ODD_CONTENT_PREFERENCES.length} Accept-Charset / Accept-Language values (under two Accepts), then generated ones${ownId === undefined ? '' : `; pipeline ${ownId} of account 1 read by id`}`);
    // The headers a proxy sets and those a poller sends, on reads of live records (X-ROB-1's input all the same).
    const live = await liveReads(t, ownId);
    if (live.unsent.length) t.note(`not sent the forwarding and conditional headers: ${live.unsent.join('; ')}`);
    t.note(await forwardingHeaderProbes(t, live.reads, 'id' in made ? made : undefined));
    t.note(await conditionalHeaderProbes(t, live.reads));
  },
});

check({
  id: 'a-rob/unknown-paths-and-queries',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: random paths under /api/public/v1 (unicode, encoded separators, broken escapes) and odd query strings, with and without a key, never get a 5xx; every 4xx carries the error object',
  needs: ['a'],
  async run(t) {
    const methods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE');
    // Every path of the catalog and every route the target document moves elsewhere (an absent
    // id where it takes one), and the interface root: odd paths near the ones this target serves.
    const routed = A_ENDPOINTS.flatMap((e) => [e.path, aRoute(t, e.operation)?.path ?? e.path]);
    const known = fc.constantFrom('', ...new Set(routed.map((path) => path.replace('{id}', String(absentIdFrom(t.target, 3))))));
    const paths = fc.oneof(
      fc.array(pathSegment(), { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`),
      fc.tuple(known, fc.array(pathSegment(), { minLength: 1, maxLength: 2 })).map(([k, s]) => `${k}/${s.join('/')}`),
      fc.tuple(known, queryString(['page', 'page_size', 'include_archived'])).map(([k, q]) => `${k}?${q}`),
    );
    const cases = fc.tuple(methods, paths, fc.boolean());
    await t.property('unknown paths are handled', cases, async ([method, path, keyed]) => {
      // The key goes with reads only: a write to a random path must never find something to change.
      const withKey = keyed && method === 'GET';
      const ex = await (withKey ? t.a() : t.aWithAuthorization(null)).request(method, path);
      cleanUpAfter(t, ex);
      expectHandled(t, ex, `${method} ${path}${withKey ? '' : ' without a key'}`, path);
    });
  },
});

/**
 * Where a-rob/unusual-methods sends its methods: every interface A path of the catalog and the
 * route the target document gives for it, a pipeline's with account 1's fixture pipeline (where
 * the document names one) and with an absent id, a key's with an absent id.
 */
function unusualMethodPaths(t: CheckContext): { paths: string[]; live?: number } {
  const live = t.target.a[0]?.fixtures.pipeline_ids?.[0];
  const absent = String(absentIdFrom(t.target, 5));
  const paths = new Set<string>();
  for (const e of A_ENDPOINTS) {
    for (const template of new Set([e.path, aRoute(t, e.operation)?.path ?? e.path])) {
      if (!template.includes('{id}')) paths.add(template);
      else {
        paths.add(template.replace('{id}', absent));
        if (e.id === 'pipeline' && live !== undefined) paths.add(template.replace('{id}', String(live)));
      }
    }
  }
  return { paths: [...paths], ...(live === undefined ? {} : { live }) };
}

check({
  id: 'a-rob/unusual-methods',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: methods beyond GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS (PROPFIND, PURGE, LINK, UNLINK, MKCOL, REPORT, SEARCH, LOCK, TRACE, QUERY, the other registered ones and those in common use, and made-up tokens) on every interface A path of the catalog (account 1\'s fixture pipeline and an absent id) and on unknown paths, with and without a key, never get a 5xx (but a 501, RFC 9110\'s answer to a method a server does not implement: noted, not failed) nor a stack trace, and every 4xx carries the error object',
  needs: ['a'],
  async run(t) {
    // A router that dispatches by a table of the methods it serves, with no default, crashes
    // on any other; a-rob/unknown-paths-and-queries sends only the usual five.
    const { paths, live } = unusualMethodPaths(t);
    const answers = unusualMethodAnswers(t, 'error');
    // None of these methods is a write of interface A, so the key goes with them to the
    // fixture pipeline too: a deployment that took one for a write would be out of the spec anyway.
    const send = async (method: string, path: string, keyed: boolean): Promise<void> => {
      const ex = await (keyed ? t.a() : t.aWithAuthorization(null)).request(method, path);
      answers.judge(ex, () => expectHandled(t, ex, `${method} ${path}${keyed ? '' : ' without a key'}`, path));
    };
    // Every method of the list once, the paths in turn, with a key and without by turns: the
    // property below draws from the same list, and a run of 25 cases would miss most of it.
    for (const [i, method] of UNUSUAL_METHODS.entries()) await send(method, paths[i % paths.length] ?? '', i % 2 === 0);
    const unknown = fc.oneof(
      fc.array(pathSegment(), { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`),
      fc.tuple(fc.constantFrom(...paths), pathSegment()).map(([known, segment]) => `${known}/${segment}`),
    );
    // Known paths three times in four: the method is what is unusual there, and what the
    // unknown-paths check never sends.
    const where = fc.oneof({ arbitrary: fc.constantFrom(...paths), weight: 3 }, { arbitrary: unknown, weight: 1 });
    await t.property('unusual methods are handled', fc.tuple(unusualMethod(), where, fc.boolean()), async ([method, path, keyed]) => send(method, path, keyed));
    answers.note();
    t.note(`${UNUSUAL_METHODS.length} methods sent once each, then generated cases, to ${paths.length} paths of the catalog${live === undefined ? ' (with absent ids only: the target document names no pipeline of account 1, fixtures.pipeline_ids)' : ` (pipeline ${live} of account 1 among them)`} and to unknown paths`);
  },
});


/**
 * Paging values far past any list, at the edges where an offset (page-1)*size, a page or a size
 * stops fitting a 32-bit or 53-bit integer: 2^31/size boundaries at the default size and at 1 and
 * 100, 2^31, 2^32, 2^53 and beyond, and sizes as huge. Each is a page past the end (a 2xx, empty)
 * or a value the target refuses (a 4xx): never a 5xx.
 */
function extremePagingQueries(paging: AListPaging): Record<string, string>[] {
  const beyond = ['2147483648', '4294967296', '9007199254740992', '18446744073709551616'];
  if (paging.by === 'offset') {
    return [
      ...['2147483647', ...beyond].map((offset) => ({ [paging.offset]: offset })),
      ...beyond.slice(0, 3).map((limit) => ({ [paging.limit]: limit, [paging.offset]: '2147483647' })),
    ];
  }
  if (paging.by !== 'page') return [];
  return [
    // The default size (50 on the real service, 20 or 100 elsewhere): offsets of 2.5*10^9 and up.
    ...['50000000', '2147483647', ...beyond].map((page) => ({ [paging.page]: page })),
    // Offset just past 2^31-1 at a size of 1 and of 100.
    { [paging.page]: '2147483649', [paging.size]: '1' },
    { [paging.page]: '21474838', [paging.size]: '100' },
    // Huge sizes on a second page: the offset is the size.
    ...beyond.slice(0, 3).map((size) => ({ [paging.page]: '2', [paging.size]: size })),
  ];
}

/**
 * Query strings that give a paging value twice (two values, the same one twice, and the array
 * form `name[]=`), in the target's paging names, and the pipeline list's archived filter twice:
 * a reader that takes a query value for one string (`.trim()` on what the parser made an array)
 * crashes on them. Any 2xx or 4xx is fine: which value wins is for the deployment.
 */
function repeatedListQueries(paging: AListPaging, operation: 'pipelines.list' | 'keys.list'): string[] {
  const [position, size] = pagingParameters(schemeNames(paging)).map(encodeURIComponent);
  const queries = position === undefined || size === undefined ? [] : [
    `${position}=1&${position}=2`,
    `${size}=10&${size}=20`,
    `${size}=10&${size}=10`,
    `${position}=1&${size}=5&${position}=1&${size}=50`,
    `${size}[]=10&${size}[]=20`,
  ];
  // The pipeline list's one filter (docs/interface-a.md): a target without it ignores or refuses it.
  if (operation === 'pipelines.list') queries.push('include_archived=true&include_archived=false', 'include_archived=true&include_archived=true');
  return queries;
}

check({
  id: 'a-rob/list-paging-extremes',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: the interface A lists (GET /pipelines, and GET /api-keys where served) asked for pages far past any list (an offset past 2^31-1 at the default size, at 1 and at 100 to a page; pages and sizes of 2^31, 2^32, 2^53, 2^64), and with a paging parameter (and the pipeline list\'s archived filter) given twice, answer a page or a 4xx with the error object, never a 5xx',
  needs: ['a'],
  async run(t) {
    const paging: AListPaging = t.target.interfaceA.listPaging ?? A_CONVENTIONS.listPaging;
    const queries = extremePagingQueries(paging);
    const lists = (['pipelines.list', 'keys.list'] as const).filter((operation) => aRoute(t, operation) !== null);
    if (!lists.length) t.skip('the target document says no interface A list is served (interface_a.operations.pipelines.list and .keys.list are null)');
    if (!queries.length) t.note('the target document says the interface A lists do not page (interface_a.list_paging), so no paging value was sent: only the archived filter twice');
    for (const operation of lists) {
      for (const query of queries) expectHandled(t, await aSend(t, t.a(), operation, { query }), `${operation} with ${new URLSearchParams(query).toString()}`);
      // A repeated name is no record of the client's query option: the route's path carries it.
      const route = aRoute(t, operation);
      if (route) for (const query of repeatedListQueries(paging, operation)) expectHandled(t, await t.a().get(`${route.path}?${query}`), `${operation} with ${query}`);
    }
    const by = paging.by === 'page' ? `${paging.page} and ${paging.size}` : paging.by === 'offset' ? `${paging.offset} and ${paging.limit}` : 'none';
    t.note(`${lists.join(' and ')} each asked ${queries.length} pages by ${by}, and ${lists.map((operation) => `${operation} ${repeatedListQueries(paging, operation).length}`).join(', ')} queries with a parameter twice`);
  },
});

check({
  id: 'a-rob/integer-width-id-reads',
  clauses: ['X-ROB-1'],
  title: "X-ROB-1: every read of a pipeline by id, with ids at the integer widths' edges (2^31-1, 2^31, 2^32-1, 2^32, 2^53-1, 2^53, 2^63-1, 2^63, 2^64-1, 2^64, 10^20, 2^128), never gets a 5xx, and every 4xx carries the error object (any of them may be live on a deployment with 64-bit ids: a 2xx is no failure)",
  needs: ['a'],
  async run(t) {
    // A fixed list, every run: a random draw rarely lands on an edge (a 32-bit id column
    // overflows at 2^31, a 64-bit one at 2^63), and the absent-id ranges never cross them.
    const reads = pipelineOperations(t).filter((e) => e.route.method === 'GET');
    if (!reads.length) t.skip('the target document says no pipeline is read by id (interface_a.operations.pipelines.read and .definition are null); a-rob/integer-width-id-writes sends the ids to the writes');
    for (const e of reads) for (const id of INTEGER_WIDTH_IDS) expectHandled(t, await t.a().get(pathWithId(e, id)), `pipeline id ${id}`);
    t.note(`${reads.length} reads sent with ${INTEGER_WIDTH_IDS.length} ids each`);
  },
});

/** Whether a deployment storing ids in 64 bits, signed or not, can hold `id` (a decimal text). */
function fitsIn64Bits(id: string): boolean {
  return BigInt(id) < 2n ** 64n;
}

check({
  id: 'a-rob/integer-width-id-writes',
  clauses: ['X-ROB-1'],
  title: "X-ROB-1: DELETE, PUT, PATCH, start and stop of a pipeline by the first id beyond each integer width (2^31, 2^32, 2^53, 2^63, 2^64) that a read found absent (a 4xx; without a read, only ids beyond 64 bits) never get a 5xx, and every 4xx carries the error object",
  needs: ['a', 'write'],
  async run(t) {
    const operations = pipelineOperations(t);
    const writes = operations.filter((e) => e.route.method !== 'GET');
    const read = operations.find((e) => e.operation === 'pipelines.read');
    // Only ids a read just refused: an id that may be live (a deployment with 64-bit ids) is
    // never written to. Without a read, only ids no 64-bit column holds.
    const absent: string[] = [];
    for (const id of INTEGER_WIDTH_OVERFLOWS) {
      if (!read) {
        if (!fitsIn64Bits(id)) absent.push(id);
        continue;
      }
      const ex = await t.a().get(pathWithId(read, id));
      expectHandled(t, ex, `pipeline id ${id}`);
      if (ex.response.status >= 400 && ex.response.status < 500) absent.push(id);
    }
    if (!read) t.partial('X-ROB-1', 'the target document says no pipeline is read by id (interface_a.operations.pipelines.read is null), so no id within 64 bits could be seen absent: the writes were sent only 2^64, beyond any 64-bit id');
    for (const e of writes) for (const id of absent) expectHandled(t, await t.a().request(e.route.method, pathWithId(e, id), validOptions(t, e, 'rob-wide')), `pipeline id ${id}`);
    if (!absent.length || !writes.length) t.skip('no pipeline write is served by id, or no id beyond an integer width was refused by the read, so none was written to');
    t.note(`${writes.length} writes sent with ${absent.length} ids each, every one refused by the read first`);
  },
});

check({
  id: 'a-rob/integer-width-key-ids',
  clauses: ['X-ROB-1'],
  title: "X-ROB-1: the read of a key by id with ids at the integer widths' edges (2^31-1 to 2^128), and its revocation by the first id beyond each width that the read found absent (without a read, only ids beyond 64 bits), never get a 5xx, and every 4xx carries the error object",
  needs: ['a', 'write'],
  async run(t) {
    // The key routes are extensions (A-GAP-4): a target whose document says it serves neither
    // has no such lookup to overflow. Where it serves them, a key table's id column may be as
    // narrow as a pipeline's (a-rob/integer-width-id-reads), and is looked up apart from it.
    const read = aRoute(t, 'keys.read') === null ? null : 'keys.read';
    const revoke = aRoute(t, 'keys.revoke') === null ? null : 'keys.revoke';
    if (!read && !revoke) t.skip('the target document says no key is read or revoked by id (interface_a.operations.keys.read and .keys.revoke are null)');
    const refused = new Set<string>();
    if (read) {
      for (const id of INTEGER_WIDTH_IDS) {
        const ex = await aSend(t, t.a(), read, id);
        expectHandled(t, ex, `key id ${id}`);
        if (ex.response.status >= 400 && ex.response.status < 500) refused.add(id);
      }
    }
    // Only ids a read just refused are revoked: with 64-bit key ids one of them may be a live key.
    const absent = INTEGER_WIDTH_OVERFLOWS.filter((id) => (read ? refused.has(id) : !fitsIn64Bits(id)));
    if (revoke) for (const id of absent) expectHandled(t, await aSend(t, t.a(), revoke, id), `key id ${id}`);
    if (!read) t.partial('X-ROB-1', 'the target document says no key is read by id (interface_a.operations.keys.read is null), so no id within 64 bits could be seen absent: the revocation was sent only 2^64, beyond any 64-bit id');
    if (!revoke) t.partial('X-ROB-1', 'the target document says no key is revoked by id (interface_a.operations.keys.revoke is null): only the read was sent the ids');
    t.note(`${read ? `keys.read sent ${INTEGER_WIDTH_IDS.length} ids` : 'no key read'}; ${revoke ? `keys.revoke sent ${absent.length} ids${read ? ', every one refused by the read first' : ''}` : 'no revocation'}`);
  },
});

/** Every member of a definition, as a path, outermost first: each object, array and value in it. */
function memberPaths(doc: unknown, at: Segment[] = []): Segment[][] {
  if (typeof doc !== 'object' || doc === null) return [];
  const entries: [Segment, unknown][] = Array.isArray(doc) ? doc.map((v, i): [Segment, unknown] => [i, v]) : Object.entries(doc);
  return entries.flatMap(([k, v]) => [[...at, k], ...memberPaths(v, [...at, k])]);
}

type DefinitionWrite = 'pipelines.create' | 'pipelines.validate' | 'pipelines.replace' | 'pipelines.update';

/**
 * The body of `operation` for `document` with null at `path`: create and validate a fresh name
 * (a lenient target may make it: archived after); replace the document as it is; update the
 * top-level member that holds the null (a merge patch's deletion, where the null is the member).
 */
function nulledBody(t: CheckContext, operation: DefinitionWrite, document: Document, path: Segment[]): unknown {
  const fresh = operation === 'pipelines.create' || operation === 'pipelines.validate';
  const named = fresh && typeof document.name === 'string' && path[0] !== 'name' ? { ...document, name: uniqueName(t, 'rob-null') } : document;
  const nulled = withValue(named, path, null);
  const top = path[0] as string;
  return operation === 'pipelines.update' ? { [top]: nulled[top] } : nulled;
}

check({
  id: 'a-rob/null-definition-members',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: a definition (the check\'s own pipeline\'s) with null in place of one of its members (each object and array, source and its connection among them, on create, validate, replace and update where served; each value once, the endpoints in turn) never gets a 5xx, and every 4xx carries the error object; in the simulator profile, but for an update (a merge patch\'s null deletes), it is a 4xx',
  needs: ['a', 'write'],
  async run(t) {
    // `typeof null` is 'object' in JavaScript (and null a valid "object" to many a binder): a
    // reader that guards a member's use so crashes on a null in place of it. The A-ERR-3 sweeps
    // put arrays and strings there, never null; off the simulator a null may even be taken (a
    // target whose schema reads it as absent), so only "no 5xx" and the error object are judged.
    const own = await createPipeline(t, 0, plainDefinition(uniqueName(t, 'rob-null')));
    const base = isObject(own.document) ? (own.document as Document) : plainDefinition(uniqueName(t, 'rob-null'));
    const operations = (['pipelines.create', 'pipelines.validate', 'pipelines.replace', 'pipelines.update'] as const).filter((operation) => aRoute(t, operation) !== null);
    const format = definitionFormat(t);
    let turn = 0;
    let sent = 0;
    for (const path of memberPaths(base)) {
      const value = valueAt(base, path);
      const container = typeof value === 'object' && value !== null;
      const to = container ? operations : [operations[turn++ % operations.length] as DefinitionWrite];
      for (const operation of to) {
        const body = documentBody(nulledBody(t, operation, base, path), format);
        const ex = operation === 'pipelines.replace' || operation === 'pipelines.update' ? await aSend(t, t.a(), operation, own.id, body) : await aSend(t, t.a(), operation, body);
        archiveIfCreated(t, 0, ex);
        sent++;
        const what = `${operation} with ${showPath(path)} null`;
        if (t.profile === 'simulator' && operation !== 'pipelines.update') expectRefused(t, ex, what);
        else expectHandled(t, ex, what);
      }
    }
    t.note(`${sent} definitions with a null member sent to ${operations.join(', ')}`);
  },
});

/**
 * Key expiries at the edges of the calendar that date-time types hold (years 1 to 9999: Python's
 * datetime, SQL's timestamp, .NET's DateTime): a time written in 9999 whose offset puts its UTC
 * instant in 10000, the last instants of 9999 (UTC, and by an offset east), a five-digit year,
 * and a time written in year 1 whose offset puts it in year 0. A deployment may keep any of them
 * (2xx: the key revoked after) or refuse it (a 4xx); the conversion to UTC must not crash it.
 */
const EDGE_EXPIRIES = [
  '9999-12-31T23:00:00-05:00',
  '9999-12-31T23:59:59-00:01',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999999Z',
  '9999-12-31T23:59:59+14:00',
  '10000-01-01T00:00:00Z',
  '0001-01-01T00:30:00+01:00',
];

/**
 * Key names at and around the lengths storage may stop at: 64 (a `varchar(64)` column) and 65, 99 and
 * 100 (the simulator's documented maximum, docs/interface-a.md), in ASCII, and, for a column that
 * counts bytes, in 'é' (two bytes in UTF-8) and an emoji (four bytes, two UTF-16 units) at 65 and 100
 * characters. The spec sets no limit on a key's name: a deployment may take any of them or refuse it
 * with a 4xx; a limit of the API longer than its column's is a 5xx.
 */
const KEY_NAME_LENGTHS: readonly { length: number; pad: string }[] = [
  ...[64, 65, 99, 100].map((length) => ({ length, pad: 'x' })),
  ...['é', '\u{1F511}'].flatMap((pad) => [65, 100].map((length) => ({ length, pad }))),
];

check({
  id: 'a-rob/key-expiry-calendar-edges',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: a key create (where the target serves one) whose expires_at lies at the edges of the calendar date-time types hold (its UTC instant past 9999-12-31 by its offset, as 9999-12-31T23:00:00-05:00; the last second of 9999; a five-digit year; an instant before year 1 by its offset), or whose name is 64, 65, 99 or 100 characters long (ASCII, and \'é\' or an emoji at 65 and 100), gets a 2xx or a 4xx with the error object, never a 5xx',
  needs: ['a', 'write'],
  async run(t) {
    if (aRoute(t, 'keys.create') === null) t.skip('the target document says no key is created over the API (interface_a.operations.keys.create is null)');
    const answers: string[] = [];
    for (const expires of EDGE_EXPIRIES) {
      const ex = await aSend(t, t.a(), 'keys.create', { body: { name: uniqueName(t, 'rob-expiry'), expires_at: expires } });
      revokeIfCreated(t, ex);
      if (expires === EDGE_EXPIRIES[0] && routeMissing(ex)) t.skip(`the key create answered ${ex.response.status} at ${requestLine(ex)}: the target does not create keys there`);
      expectHandled(t, ex, `a key expiring ${expires}`);
      answers.push(`${expires}: ${ex.response.status}`);
    }
    t.note(`key creates by expiry: ${answers.join('; ')}`);
    const byName: string[] = [];
    for (const { length, pad } of KEY_NAME_LENGTHS) {
      const name = paddedToLength(uniqueName(t, 'rob-name'), length, pad);
      const ex = await aSend(t, t.a(), 'keys.create', { body: { name } });
      revokeIfCreated(t, ex);
      const what = `a key named with ${length} characters${pad === 'x' ? '' : ` (${JSON.stringify(pad)} after its prefix, ${Buffer.byteLength(name)} bytes in UTF-8)`}`;
      expectHandled(t, ex, what);
      byName.push(`${length}${pad === 'x' ? '' : ` ${pad}`}: ${ex.response.status}`);
    }
    t.note(`key creates by name length: ${byName.join('; ')}`);
  },
});

/** The lengths a-rob/long-pipeline-names tries, longest first, until the target takes one. */
const LONG_NAME_LENGTHS = [100, 64, 63, 48];

/**
 * A run-unique name `length` characters long: a valid name as the simulator's schema has it
 * (letters, digits, dashes; at most 100), whose uniqueness is in its prefix.
 */
function longName(t: CheckContext, length: number): string {
  const base = uniqueName(t, 'rob-long');
  return base.length + 1 >= length ? base : `${base}-${'x'.repeat(length - base.length - 1)}`;
}

check({
  id: 'a-rob/long-pipeline-names',
  clauses: ['X-ROB-1'],
  title: 'X-ROB-1: a pipeline with a long valid name (100 characters, else 64, 63 or 48: the longest the target takes) is created, started, changed by PATCH and by PUT while deployed, and archived without a 5xx; a runtime that names its deployment after the pipeline must cope with the name or refuse it with a 4xx',
  needs: ['a', 'write'],
  async run(t) {
    // The spec leaves the definition's rules to the deployment (A-GAP-1): the simulator takes
    // names of 1 to 100 characters. Past 59, a deployment label `cdc-<name>` no longer fits a
    // DNS label (63), the limit a runtime naming deployments after pipelines runs into; 64 is
    // past it for a target whose own limit is lower than 100.
    let made: Awaited<ReturnType<typeof makePipeline>> | undefined;
    let name = '';
    const refusals: string[] = [];
    // The longest the target takes of these: a target whose names stop at a DNS label's 63
    // characters (or shorter) still has its longest names deployed (the fourth freedom audit's fe
    // variation 2), for the schema is the deployment's.
    for (const length of LONG_NAME_LENGTHS) {
      name = longName(t, length);
      made = await makePipeline(t, 0, plainDefinition(name));
      if ('id' in made) break;
      expectHandled(t, made.answer, `the create of a pipeline named with ${name.length} characters`);
      if (made.missing) t.skip(`the target does not create pipelines (${made.tried}): no pipeline with a long name could be made`);
      refusals.push(`${name.length} characters: ${made.answer.response.status}`);
    }
    if (!made || !('id' in made)) {
      t.partial('X-ROB-1', `the target refused every long name (${refusals.join('; ')}), so no pipeline with a long name was deployed`);
      return;
    }
    const id = made.id;
    if (refusals.length) t.note(`a long name was refused (${refusals.join('; ')}): the pipeline is named with ${name.length} characters`);
    const sent: string[] = [];
    const send = async (operation: 'pipelines.start' | 'pipelines.update' | 'pipelines.replace', options: RequestOptions, what: string): Promise<void> => {
      if (aRoute(t, operation) === null) return;
      expectHandled(t, await aSend(t, t.a(), operation, id, options), `${what} of pipeline ${id}, named with ${name.length} characters`);
      sent.push(operation);
    };
    await send('pipelines.start', {}, 'the start');
    // Deployed, a change redeploys it under the same name.
    const endpoints = A_ENDPOINTS.filter((e) => e.operation === 'pipelines.update');
    for (const e of endpoints) await send('pipelines.update', validOptions(t, e, 'rob-long'), 'a PATCH');
    const document = isObject(made.document) ? { ...made.document, description: 'replaced by a-rob/long-pipeline-names' } : made.document;
    await send('pipelines.replace', documentBody(document, definitionFormat(t)), 'a PUT of its definition under the same name');
    expectHandled(t, await aSend(t, t.a(), 'pipelines.archive', id), `the archive of pipeline ${id}, named with ${name.length} characters`);
    if (!sent.includes('pipelines.start')) t.partial('X-ROB-1', 'the target document says no pipeline is started (interface_a.operations.pipelines.start is null): the long-named pipeline was only created and archived, never deployed');
    t.note(`pipeline ${id} named with ${name.length} characters: created, ${sent.join(', ') || 'nothing else'}, archived`);
  },
});
