import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { uniqueName } from './lib/unique-names.ts';
import { headerSafeText } from './lib/arbitraries/text.ts';
import { nonIdSegment, pathSegment, absentIdFrom, nonIntegerIdNear } from './lib/arbitraries/ids-and-paths.ts';
import { parse as parseYaml } from 'yaml';
import { archiveIfCreated, createPipeline, definitionChanges, readDefinition, readDefinitionTwice, walkOwnPipelineList, type OwnPipelineList } from './lib/factories/pipelines.ts';
import { documentBody, type DocumentFormat } from './lib/documents.ts';
import { createdId, is2xx, isObject, jsonChanges, recordIn, requestLine, routeMissing, show, showChanges } from './lib/answers.ts';
import { namesAnotherItem, namesField } from './lib/field-names.ts';
import { proxyMayRewrite } from './lib/robustness.ts';
import { keyValueIn, revokeIfCreated } from './lib/factories/api-keys.ts';
import { withKey } from './lib/clients.ts';
import { MADE_UP_KEY_PREFIX, brokenDefinition, brokenDestinationSettings, coercedLeafSweep, everyRuleBroken, everyTypeDefinitions, levelSweep, madeUpKeyNulled, misshapenDefinition, plainDefinition, showPath, tableItemSweep, typesOf, validDefinition, valueAt, withValue, type BrokenDocument, type Document, type MisshapenDocument, type Segment, type SweepCase } from './lib/arbitraries/definitions.ts';
import { describeResponse } from './lib/expect.ts';
import type { CheckContext, Exchange, InterfaceClient, RequestOptions } from './lib/types.ts';
import type { Account } from './lib/factories/removal.ts';
import { aRoute, aSend, definitionFormat, pathWithId, pipelineOperations, pipelineState, routePath, validOptions } from './catalog/a-requests.ts';

/*
 * A-ERR-1: every 401 and 404 of interface A carries `{error: string}`.
 * A-ERR-2: a definition that fails validation is 400 and the body names the failing field.
 * A-ERR-3: a body with unknown keys or the wrong shape is 422.
 *
 * The definition document's schema is outside the spec (A-GAP-1); A-ERR-2 and A-ERR-3 are
 * checked with the simulator's (docs/interface-a.md), on targets that take it: a target that
 * refuses a valid simulator definition skips them with the reason. Off the simulator, what the
 * simulator's schema calls invalid or misshapen may be fine for the target's: only the target's
 * refusals are judged (a 400 names the field; a key it does not know is 422).
 */

// ---------------------------------------------------------------------------------------------
// A-ERR-1

interface Probe {
  label: string;
  send: (t: CheckContext) => Promise<Exchange>;
  /**
   * The status the request must get, when the spec fixes it; the clause that fixes it.
   * `orNotAcceptable`: the request also asks for what the target may not have (an Accept that
   * admits no JSON, a language), and the spec does not order the two refusals, so a 406 for it is
   * as fitting: noted with this text (why, and where that status is judged instead), not judged.
   * `orForbidden`: the same for a 403, where the request carries something a deployment may
   * refuse by a policy of its own that the spec does not address (an origin it does not allow).
   */
  expect?: { status: number; clause: string; orNotAcceptable?: string; orForbidden?: string };
}

/** Absent ids of the target's range (suites/lib/absent-ids.ts). */
const absentOf = (t: CheckContext) => fc.integer({ min: 0, max: 89_999_999 }).map((seed) => absentIdFrom(t.target, seed));
/**
 * Unknown-path segments that reach the service: no dot segments or encoded slashes, which a proxy
 * may resolve out of the interface root and answer itself (a-rob keeps those, for "no 5xx").
 */
const serviceSegment = pathSegment().filter((s) => !proxyMayRewrite(s));
const badAuth = fc.oneof(fc.constant(null), fc.constantFrom('Basic Zm9vOg==', 'Bearer', 'Bearer fdk_nope', 'Token abc'), headerSafeText({ minLength: 1, maxLength: 30 }).map((s) => `Bearer ${s.trim() || 'x'}`));

/** The path of one pipeline (`/pipelines/{id}`), as each operation naming one routes it: unknown paths below them are probed. */
function pipelinePaths(t: CheckContext): string[] {
  return [...new Set(pipelineOperations(t).map((e) => e.route.path.slice(0, e.route.path.indexOf('{id}') + '{id}'.length)))];
}

/**
 * Unknown paths under an absent pipeline's (`/pipelines/{id}/<segments>`), where a deployment's
 * pipeline sub-router may answer what it does not know itself; none where no operation names a
 * pipeline. `keyed`: `always` sends the key with every method (the write check's requests);
 * `get-at-random` sends it on some GETs only, every other request without one, so a read probe
 * never writes on any target.
 */
function underPipelineProbes(t: CheckContext, absent: fc.Arbitrary<number>, methods: readonly string[], keyed: 'always' | 'get-at-random'): fc.Arbitrary<Probe>[] {
  const under = pipelinePaths(t);
  if (!under.length) return [];
  const keyChoice = keyed === 'always' ? fc.constant(true) : fc.boolean();
  return [
    fc.tuple(fc.constantFrom(...under), absent, fc.constantFrom(...methods), fc.array(serviceSegment, { minLength: 1, maxLength: 2 }), keyChoice).map(([path, id, method, segments, key]): Probe => {
      const url = `${routePath({ method, path }, id)}/${segments.join('/')}`;
      const withKey = keyed === 'always' || (key && method === 'GET');
      return { label: `${method} ${url}${withKey ? '' : ' without a key'}`, send: (t) => (withKey ? t.a() : t.aWithAuthorization(null)).request(method, url) };
    }),
  ];
}

/**
 * Requests that change nothing on any target: reads, and the spec's DELETE of absent ids
 * without valid credentials (refused before anything happens).
 */
function readProbes(t: CheckContext, keyManagement: boolean): fc.Arbitrary<Probe>[] {
  const absent = absentOf(t);
  const reads = pipelineOperations(t).filter((e) => e.route.method === 'GET');
  const probes: fc.Arbitrary<Probe>[] = [
    // The spec's endpoint without a valid key: 401 (section 5A.7).
    fc.tuple(badAuth, absent).map(([auth, id]): Probe => ({
      label: `DELETE /pipelines/${id} with Authorization ${JSON.stringify(auth)}`,
      send: (t) => aSend(t, t.aWithAuthorization(auth), 'pipelines.archive', id),
      expect: { status: 401, clause: 'A-AUTH-7' },
    })),
    // Paths that do not exist: whatever the status, a 401 or 404 carries the error object.
    fc.tuple(fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'), fc.array(serviceSegment, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([method, segments, keyed]): Probe => ({
      label: `${method} /disco-unknown/${segments.join('/')}${keyed && method === 'GET' ? '' : ' without a key'}`,
      send: (t) => (keyed && method === 'GET' ? t.a() : t.aWithAuthorization(null)).request(method, `/disco-unknown/${segments.join('/')}`),
    })),
  ];
  // Reads of absent pipelines, and of ids that are no integer, where the target serves reads.
  if (reads.length) {
    probes.push(
      fc.tuple(fc.constantFrom(...reads), absent).map(([e, id]): Probe => ({ label: `GET ${pathWithId(e, id)}`, send: (t) => t.a().get(pathWithId(e, id)) })),
      fc.tuple(fc.constantFrom(...reads), nonIdSegment(), fc.boolean()).map(([e, id, keyed]): Probe => ({
        label: `GET ${pathWithId(e, id)}${keyed ? '' : ' without a key'}`,
        send: (t) => (keyed ? t.a() : t.aWithAuthorization(null)).get(pathWithId(e, id)),
      })),
    );
  }
  // Unknown paths under a pipeline's (any method; the key only on GET, as above).
  probes.push(...underPipelineProbes(t, absent, ['GET', 'POST', 'DELETE', 'PUT'], 'get-at-random'));
  const keyRead = aRoute(t, 'keys.read');
  if (keyManagement && keyRead) probes.push(absent.map((id): Probe => ({ label: `${keyRead.method} ${routePath(keyRead, id)}`, send: (t) => aSend(t, t.a(), 'keys.read', id) })));
  return probes;
}

/** Writes with the key, to pipelines and keys that do not exist (under ids no parser maps to one that does). */
function writeProbes(t: CheckContext, keyManagement: boolean): fc.Arbitrary<Probe>[] {
  const absent = absentOf(t);
  const writes = pipelineOperations(t).filter((e) => e.route.method !== 'GET');
  const probes: fc.Arbitrary<Probe>[] = [
    // An absent pipeline with the key: 404 (section 5A.8).
    fc.tuple(fc.constantFrom(...writes), absent).map(([e, id]): Probe => ({
      label: `${e.route.method} ${pathWithId(e, id)}`,
      send: (t2) => t2.a().request(e.route.method, pathWithId(e, id), validOptions(t2, e, 'err')),
      // The spec's own archive of an absent pipeline: 404 (section 5A.8).
      expect: e.source === 'spec' ? { status: 404, clause: 'A-ENUM-1' } : undefined,
    })),
    fc.tuple(fc.constantFrom(...writes), nonIntegerIdNear(t.target)).map(([e, id]): Probe => ({
      label: `${e.route.method} ${pathWithId(e, id)}`,
      send: (t2) => t2.a().request(e.route.method, pathWithId(e, id), validOptions(t2, e, 'err')),
    })),
    fc.tuple(fc.constantFrom('POST', 'DELETE', 'PUT', 'PATCH'), fc.array(serviceSegment, { minLength: 1, maxLength: 3 })).map(([method, segments]): Probe => ({
      label: `${method} /disco-unknown/${segments.join('/')}`,
      send: (t) => t.a().request(method, `/disco-unknown/${segments.join('/')}`),
    })),
  ];
  probes.push(...underPipelineProbes(t, absent, ['POST', 'DELETE', 'PUT', 'PATCH'], 'always'));
  const revoke = aRoute(t, 'keys.revoke');
  if (keyManagement && revoke) probes.push(absent.map((id): Probe => ({ label: `${revoke.method} ${routePath(revoke, id)}`, send: (t) => aSend(t, t.a(), 'keys.revoke', id) })));
  return probes;
}

/**
 * The 401s of a key that exists but no longer works: a key of the check's own, made and revoked
 * through key management (where the target serves it), sent to the spec's DELETE of an absent
 * pipeline and to the pipeline list. A deployment may refuse a revoked or expired key on a path
 * of its own, apart from unknown keys, and write that 401 otherwise. Empty (with a note) where no
 * key can be made and revoked.
 */
async function revokedKeyProbes(t: CheckContext, keyManagement: boolean): Promise<Probe[]> {
  const unchecked = 'the 401 of a revoked key was not checked';
  if (!keyManagement || !aRoute(t, 'keys.create') || !aRoute(t, 'keys.revoke')) {
    t.note(`the target has no key management over the API: ${unchecked}`);
    return [];
  }
  const created = await aSend(t, t.a(), 'keys.create', { body: { name: uniqueName(t, 'err-revoked') } });
  revokeIfCreated(t, created);
  const key = keyValueIn(created.json, t.target.keyPrefix);
  const id = createdId(created);
  // The status alone: the create answer holds the key.
  if (!is2xx(created) || key === undefined || typeof id !== 'number') {
    t.note(`${requestLine(created)} with a name alone answered ${created.response.status} without a key and its id: ${unchecked}`);
    return [];
  }
  const revoked = await aSend(t, t.a(), 'keys.revoke', id);
  if (!is2xx(revoked)) {
    t.note(`the revocation of a key of the check's own answered ${revoked.response.status}: ${unchecked}`);
    return [];
  }
  const absent = absentIdFrom(t.target, Date.now());
  const probes: Probe[] = [{ label: 'the spec\'s DELETE of an absent pipeline with a revoked key', send: (t2) => aSend(t, withKey(t2, key), 'pipelines.archive', absent) }];
  if (aRoute(t, 'pipelines.list')) probes.push({ label: 'the pipeline list with a revoked key', send: (t2) => aSend(t, withKey(t2, key), 'pipelines.list') });
  return probes;
}

/**
 * The media types a client asks for YAML with (the definition read serves YAML on the simulator,
 * A-GAP-1), a browser's Accept (Chrome's and Firefox's navigation default), which prefers
 * HTML: a service that renders its 404s as pages for browsers answers them so; and RFC 9457's
 * problem details, which a service may render its errors as for a client that asks for them
 * (`type`, `title`, `status`, `detail`): the spec's error object is the body all the same, its
 * `error` beside those members where it likes. Problem details are JSON, but not the
 * `application/json` the spec's payloads are: a 406 for that Accept is as fitting as a 401.
 */
const ODD_ERROR_ACCEPTS = [
  { accept: 'application/yaml', admitsJson: false },
  { accept: 'application/x-yaml', admitsJson: false },
  { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', admitsJson: true },
  { accept: 'application/problem+json', admitsJson: false },
] as const;

/**
 * Refused reads asking for YAML, problem details or HTML: the spec's payloads are JSON and its errors carry
 * `error` (4A, 7A), so a 401 or 404 is the JSON error object whatever the Accept header asks for
 * (a target may refuse the media type otherwise, 406 say; only its 401s and 404s are judged).
 * The definition read, where a target serves YAML, is the likeliest to answer its errors so. A
 * DELETE without a key is 401 (A-AUTH-7) where the Accept admits JSON; where it admits none the
 * request is wrong two ways and may be refused for its Accept first (406): the missing key's
 * 401 is verified by the probes whose Accept admits JSON.
 */
function oddAcceptProbes(t: CheckContext, keyManagement: boolean): Probe[] {
  const absent = () => absentIdFrom(t.target, Date.now());
  const reads = (['pipelines.definition', 'pipelines.read'] as const).filter((op) => aRoute(t, op) !== null);
  return ODD_ERROR_ACCEPTS.flatMap(({ accept, admitsJson }): Probe[] => {
    const headers = { accept };
    return [
      { label: `DELETE without a key, Accept: ${accept}`, send: (t2) => aSend(t, t2.aWithAuthorization(null), 'pipelines.archive', absent(), { headers }), expect: { status: 401, clause: 'A-AUTH-7', ...(admitsJson ? {} : { orNotAcceptable: 'refused for its Accept, which admits no JSON, before (or beside) its missing key; the spec does not order the two, and that 401 is judged where the Accept admits JSON' }) } },
      ...reads.flatMap((op): Probe[] => [
        { label: `${op} of an absent pipeline, Accept: ${accept}`, send: (t2) => aSend(t, t2.a(), op, absent(), { headers }) },
        { label: `${op} without a key, Accept: ${accept}`, send: (t2) => aSend(t, t2.aWithAuthorization(null), op, absent(), { headers }) },
      ]),
      ...(keyManagement && aRoute(t, 'keys.read') ? [{ label: `GET of an absent key, Accept: ${accept}`, send: (t2: CheckContext) => aSend(t, t2.a(), 'keys.read', absent(), { headers }) }] : []),
    ];
  });
}

/**
 * Accept-Language values of clients that do not ask for English: a browser's German (a tag and
 * its q-weighted fallback), French, Japanese, and the wildcard. A service that localises its
 * error texts answers each 401 and 404 with the error object all the same, its `error` in
 * whatever language it has (4A, 7A: any string); a catalog without the language and no fallback
 * leaves the text out. A 406 for a language the target lacks (RFC 9110 12.5.4 allows it, though it
 * discourages it) is as fitting as the status the spec gives: noted, not judged.
 */
const ERROR_LANGUAGES = ['de-DE,de;q=0.9', 'fr', 'ja', '*'] as const;

/** Why a 406 is taken for a probe in another language, instead of `status`, and where that status is judged. */
function languageMayBeRefused(status: 401 | 404, instead: string): string {
  return `refused for its Accept-Language (a server may answer 406 where it has no text in the language, RFC 9110 12.5.4), before (or beside) ${instead}; the spec does not order the two, and that ${status} is judged without an Accept-Language`;
}

/**
 * Reads and refused requests in other languages (`ERROR_LANGUAGES`), every one in every run: the
 * spec's DELETE of an absent pipeline without a key (401, A-AUTH-7), and the read of an absent
 * pipeline with the key, where the target serves reads. 2 requests a language.
 */
function otherLanguageReadProbes(t: CheckContext): Probe[] {
  const absent = () => absentIdFrom(t.target, Date.now());
  return ERROR_LANGUAGES.flatMap((language): Probe[] => {
    const headers = { 'accept-language': language };
    return [
      { label: `DELETE without a key, Accept-Language: ${language}`, send: (t2) => aSend(t, t2.aWithAuthorization(null), 'pipelines.archive', absent(), { headers }), expect: { status: 401, clause: 'A-AUTH-7', orNotAcceptable: languageMayBeRefused(401, 'its missing key') } },
      ...(aRoute(t, 'pipelines.read') ? [{ label: `GET of an absent pipeline, Accept-Language: ${language}`, send: (t2: CheckContext) => aSend(t, t2.a(), 'pipelines.read', absent(), { headers }) }] : []),
    ];
  });
}

/** The spec's DELETE of an absent pipeline with the key (404, A-ENUM-1) in each other language, every run: 1 request a language. */
function otherLanguageWriteProbes(t: CheckContext): Probe[] {
  return ERROR_LANGUAGES.map((language): Probe => ({
    label: `DELETE of an absent pipeline, Accept-Language: ${language}`,
    send: (t2) => aSend(t, t2.a(), 'pipelines.archive', absentIdFrom(t.target, Date.now()), { headers: { 'accept-language': language } }),
    expect: { status: 404, clause: 'A-ENUM-1', orNotAcceptable: languageMayBeRefused(404, 'the absent pipeline\'s 404') },
  }));
}

/**
 * Query parameters a deployment may honour on every answer: a sparse fieldset (JSON:API's
 * `fields`, the columns of a dashboard's table), pretty-printing, an envelope. Whatever they do
 * to its successes, every 401 and 404 body is still the error object with its string `error`
 * (4A, 7A: no exception for a query): a serializer that filters or wraps every body, errors
 * included, loses it. The spec gives these requests no status of their own (a deployment may
 * refuse a parameter it does not take, 400 say): only their 401s and 404s are judged.
 * `callback` (JSONP) is not sent: its answer is a script wrapping the body, a representation the
 * client names (and JSONP services commonly answer every error 200, the status inside), where
 * whether the clause binds the wrapper is arguable; these three leave the body JSON.
 */
const ERROR_QUERIES: readonly Record<string, string>[] = [{ fields: 'id,name,state' }, { pretty: '1' }, { envelope: '1' }];

const withQuery = (path: string, query: Record<string, string>): string => `${path}?${new URLSearchParams(query).toString()}`;

/**
 * Refused reads with each of `ERROR_QUERIES`, every run: the spec's DELETE of an absent pipeline
 * without a key, and the read of an absent pipeline with the key where reads are served.
 * 2 requests a query.
 */
function queryReadProbes(t: CheckContext): Probe[] {
  const archive = aRoute(t, 'pipelines.archive');
  const read = aRoute(t, 'pipelines.read');
  return ERROR_QUERIES.flatMap((query): Probe[] => {
    const id = absentIdFrom(t.target, Date.now());
    return [
      ...(archive ? [{ label: `${archive.method} ${withQuery(routePath(archive, id), query)} without a key`, send: (t2: CheckContext) => aSend(t, t2.aWithAuthorization(null), 'pipelines.archive', id, { query }) }] : []),
      ...(read ? [{ label: `${read.method} ${withQuery(routePath(read, id), query)}`, send: (t2: CheckContext) => aSend(t, t2.a(), 'pipelines.read', id, { query }) }] : []),
    ];
  });
}

/** The spec's DELETE of an absent pipeline with the key and each of `ERROR_QUERIES`, every run: 1 request a query. */
function queryWriteProbes(t: CheckContext): Probe[] {
  const archive = aRoute(t, 'pipelines.archive');
  if (!archive) return [];
  return ERROR_QUERIES.map((query): Probe => {
    const id = absentIdFrom(t.target, Date.now());
    return { label: `${archive.method} ${withQuery(routePath(archive, id), query)}`, send: (t2) => aSend(t, t2.a(), 'pipelines.archive', id, { query }) };
  });
}

/**
 * File extensions a server may route on at the end of a path (`/pipelines/12.yaml`, for paths
 * copied from docs that show a format, as Rails' and Django REST framework's format suffixes do):
 * a layer that picks the representation from the extension, errors included, answers a 404
 * under it in that format. The spec gives such a path no status of its own (an id that is no
 * integer: 404, 400 or another refusal), but every 401 and 404 of interface A is the JSON error
 * object (4A, 7A): only those are judged.
 */
const FORMAT_SUFFIXES = ['.yaml', '.json', '.html'] as const;

/**
 * Refused reads under a path with a format suffix, every run: the read of an absent pipeline with
 * each suffix (where reads are served) and its definition with `.yaml` (`/pipelines/{id}/definition.yaml`,
 * at the definition read's route where served, else below the first path naming a pipeline), with
 * the key; the spec's DELETE of an absent pipeline with `.yaml`, without one. Up to 5 requests.
 */
function suffixReadProbes(t: CheckContext): Probe[] {
  const id = absentIdFrom(t.target, Date.now());
  const read = aRoute(t, 'pipelines.read');
  const definition = aRoute(t, 'pipelines.definition');
  const [pipelinePath] = pipelinePaths(t);
  const definitionPath = definition ? routePath(definition, id) : pipelinePath !== undefined ? `${routePath({ method: 'GET', path: pipelinePath }, id)}/definition` : undefined;
  const archive = aRoute(t, 'pipelines.archive');
  const keyed = (path: string): Probe => ({ label: `GET ${path}`, send: (t2) => t2.a().get(path) });
  return [
    ...(read ? FORMAT_SUFFIXES.map((suffix) => keyed(`${routePath(read, id)}${suffix}`)) : []),
    ...(definitionPath !== undefined ? [keyed(`${definitionPath}.yaml`)] : []),
    ...(archive ? [{ label: `${archive.method} ${routePath(archive, id)}.yaml without a key`, send: (t2: CheckContext) => t2.aWithAuthorization(null).request(archive.method, `${routePath(archive, id)}.yaml`) }] : []),
  ];
}

/** The spec's DELETE of an absent pipeline with the key under each format suffix, every run: 3 requests. */
function suffixWriteProbes(t: CheckContext): Probe[] {
  const archive = aRoute(t, 'pipelines.archive');
  if (!archive) return [];
  const id = absentIdFrom(t.target, Date.now());
  return FORMAT_SUFFIXES.map((suffix): Probe => {
    const path = `${routePath(archive, id)}${suffix}`;
    return { label: `${archive.method} ${path}`, send: (t2) => t2.a().request(archive.method, path) };
  });
}

/**
 * Origins a browser application calling interface A from elsewhere sends (a dashboard on its own
 * host, a page opened from a file: `null`). A CORS layer that wraps the interface answers such a
 * request with headers of its own; its 401s and 404s are the interface's all the same, the error
 * object in their body (4A, 7A: no exception for a request's origin).
 */
const CROSS_ORIGINS = ['https://dashboard.example.com', 'null'] as const;

/**
 * Refused requests from another origin, every run: the spec's DELETE of an absent pipeline
 * without a key (401, A-AUTH-7), and the read of an absent pipeline with the key where reads are
 * served, each with an `Origin` header. The spec says nothing of origins: a deployment may refuse
 * one it does not allow before it looks at the key (403, as an origin allowlist answers an actual
 * request, Spring's CORS processor among them), so a 403 is noted, not judged (the DELETE without
 * a key and without an Origin is judged 401 by the spec's own probe), and an answer that is
 * neither 401 nor 404 is noted as not judged for A-ERR-1 (`judgeEach`). 2 requests an origin.
 */
function crossOriginProbes(t: CheckContext): Probe[] {
  const absent = () => absentIdFrom(t.target, Date.now());
  return CROSS_ORIGINS.flatMap((origin): Probe[] => {
    const headers = { origin };
    return [
      { label: `DELETE without a key, Origin: ${origin}`, send: (t2) => aSend(t, t2.aWithAuthorization(null), 'pipelines.archive', absent(), { headers }), expect: { status: 401, clause: 'A-AUTH-7', orForbidden: 'refused for its origin (a policy of the deployment\'s, which the spec does not address) before its missing key; the 401 without an Origin is judged' } },
      ...(aRoute(t, 'pipelines.read') ? [{ label: `GET of an absent pipeline, Origin: ${origin}`, send: (t2: CheckContext) => aSend(t, t2.a(), 'pipelines.read', absent(), { headers }) }] : []),
    ];
  });
}

/**
 * The YAML media types a client sends a definition under (the spec's definitions are YAML or
 * JSON documents; the media type is the client's to name).
 */
const YAML_BODY_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml'] as const;

/**
 * Refused writes whose body is YAML, every run: the replace of an absent pipeline with a valid
 * definition as YAML, with the key, and, without a key, the replace and the create and
 * validation (a YAML text no parser takes: nothing can be made whatever the target makes of the
 * missing key), each under one of `YAML_BODY_TYPES` in turn. A renderer that answers errors in
 * the format of the request's body loses the error object; the spec's 401s and 404s carry it
 * whatever was sent. A target that takes no YAML may refuse the body first (415, 400): only 401s
 * and 404s are judged. Up to 4 requests.
 */
function yamlBodyProbes(t: CheckContext): Probe[] {
  const id = absentIdFrom(t.target, Date.now());
  const typed = (options: RequestOptions, i: number): RequestOptions => ({ ...options, headers: { ...options.headers, 'content-type': YAML_BODY_TYPES[i % YAML_BODY_TYPES.length] ?? 'application/yaml' } });
  const malformed = (name: string): RequestOptions => ({ body: `name: [${name}\nsource: {` });
  const probes: Probe[] = [];
  const replace = aRoute(t, 'pipelines.replace');
  if (replace) {
    const valid = documentBody(plainDefinition(t.name('err-yaml')), 'yaml');
    probes.push({ label: `${replace.method} ${routePath(replace, id)} with a YAML definition (${YAML_BODY_TYPES[0]})`, send: (t2) => aSend(t, t2.a(), 'pipelines.replace', id, typed(valid, 0)) });
    probes.push({ label: `${replace.method} ${routePath(replace, id)} with a YAML definition (${YAML_BODY_TYPES[1]}) without a key`, send: (t2) => aSend(t, t2.aWithAuthorization(null), 'pipelines.replace', id, typed(valid, 1)) });
  }
  for (const [i, operation] of (['pipelines.create', 'pipelines.validate'] as const).entries()) {
    const route = aRoute(t, operation);
    const type = YAML_BODY_TYPES[(i + 2) % YAML_BODY_TYPES.length];
    if (route) probes.push({ label: `${route.method} ${route.path} with a YAML text no parser takes (${type}) without a key`, send: (t2) => aSend(t, t2.aWithAuthorization(null), operation, typed(malformed('disco-err-yaml'), i + 2)) });
  }
  return probes;
}

function labelled(probes: fc.Arbitrary<Probe>[]): fc.Arbitrary<Probe> {
  return fc.oneof(...probes).map((p) => Object.assign(p, { [fc.toStringMethod]: () => p.label }));
}

async function judge(t: CheckContext, probe: Probe): Promise<Exchange> {
  const ex = await probe.send(t);
  if (probe.expect?.orNotAcceptable !== undefined && ex.response.status === 406) t.note(`${probe.label} answered 406: ${probe.expect.orNotAcceptable}`);
  else if (probe.expect?.orForbidden !== undefined && ex.response.status === 403) t.note(`${probe.label} answered 403: ${probe.expect.orForbidden}`);
  else if (probe.expect) t.expect.status(ex, probe.expect.status, probe.expect.clause, `${probe.label} answered ${ex.response.status}, expected ${probe.expect.status}`);
  if (ex.response.status === 401 || ex.response.status === 404) t.expect.errorObjectA(ex, 'A-ERR-1');
  return ex;
}

/**
 * Probes whose status the spec leaves open (a request with something more that a deployment may
 * refuse on its own terms, 400 say): each 401 or 404 is judged, any other answer noted as not
 * judged, so a target refusing them all is seen to have been probed for nothing.
 */
async function judgeEach(t: CheckContext, probes: readonly Probe[]): Promise<void> {
  const unjudged: string[] = [];
  for (const probe of probes) {
    const ex = await judge(t, probe);
    if (ex.response.status !== 401 && ex.response.status !== 404) unjudged.push(`${probe.label}: ${ex.response.status}`);
  }
  if (unjudged.length) t.note(`not judged for A-ERR-1, answered neither 401 nor 404: ${unjudged.join('; ')}`);
}

check({
  id: 'a-err/401-404-error-object',
  clauses: ['A-ERR-1'],
  supports: ['A-AUTH-7'],
  title: 'A-ERR-1: every 401 and 404 of a read or a refused request (absent pipelines and keys, bad keys, non-integer ids, unknown paths, also under a pipeline\'s; also asking for YAML, RFC 9457 problem details or, as a browser does, HTML; also in other languages: German, French, Japanese and any; also from another origin (Origin); also with a sparse fieldset, pretty-printing or an envelope asked for in the query; also under paths ending in a format suffix, .yaml, .json, .html) is a JSON object with a string "error"',
  needs: ['a'],
  async run(t) {
    const keyManagement = (await aSend(t, t.a(), 'keys.list')).response.status === 200;
    // The spec's own case first, then the random ones.
    await judge(t, { label: 'DELETE without a key', send: (t2) => aSend(t, t2.aWithAuthorization(null), 'pipelines.archive', absentIdFrom(t.target, Date.now())), expect: { status: 401, clause: 'A-AUTH-7' } });
    if (aRoute(t, 'pipelines.read')) await judge(t, { label: 'GET of an absent pipeline', send: (t2) => aSend(t, t2.a(), 'pipelines.read', absentIdFrom(t.target, Date.now())) });
    const [pipelinePath] = pipelinePaths(t);
    if (pipelinePath !== undefined) {
      const url = `${routePath({ method: 'GET', path: pipelinePath }, absentIdFrom(t.target, Date.now()))}/disco-unknown`;
      await judge(t, { label: `GET ${url} (an unknown path under an absent pipeline's)`, send: (t2) => t2.a().get(url) });
    }
    if (keyManagement && aRoute(t, 'keys.read')) await judge(t, { label: 'GET of an absent key', send: (t2) => aSend(t, t2.a(), 'keys.read', absentIdFrom(t.target, Date.now())) });
    for (const probe of oddAcceptProbes(t, keyManagement)) await judge(t, probe);
    for (const probe of otherLanguageReadProbes(t)) await judge(t, probe);
    await judgeEach(t, crossOriginProbes(t));
    await judgeEach(t, queryReadProbes(t));
    await judgeEach(t, suffixReadProbes(t));
    await t.property('401 and 404 carry the error object', labelled(readProbes(t, keyManagement)), async (p) => {
      await judge(t, p);
    });
  },
});

check({
  id: 'a-err/404-error-object-writes',
  clauses: ['A-ERR-1'],
  supports: ['A-ENUM-1'],
  title: 'A-ERR-1: every 404 of a write to something absent (DELETE, PUT, PATCH, start, stop of absent or non-integer pipeline ids, the spec\'s DELETE also in other languages and with a sparse fieldset, pretty-printing or an envelope asked for in the query, and under a path ending in .yaml, .json or .html; the replace with a YAML body; key revocation; unknown paths, also under a pipeline\'s), and the 401 of a revoked key and of writes with a YAML body without a key, is a JSON object with a string "error"',
  needs: ['a', 'write'],
  async run(t) {
    const keyManagement = (await aSend(t, t.a(), 'keys.list')).response.status === 200;
    await judge(t, { label: 'DELETE of an absent pipeline', send: (t2) => aSend(t, t2.a(), 'pipelines.archive', absentIdFrom(t.target, Date.now())), expect: { status: 404, clause: 'A-ENUM-1' } });
    for (const probe of otherLanguageWriteProbes(t)) await judge(t, probe);
    await judgeEach(t, queryWriteProbes(t));
    await judgeEach(t, suffixWriteProbes(t));
    await judgeEach(t, yamlBodyProbes(t));
    for (const probe of await revokedKeyProbes(t, keyManagement)) await judge(t, probe);
    await t.property('404s of writes carry the error object', labelled(writeProbes(t, keyManagement)), async (p) => {
      await judge(t, p);
    });
  },
});

// ---------------------------------------------------------------------------------------------
// A-ERR-2 and A-ERR-3: documents sent to create, validate, replace and update

type Endpoint = 'create' | 'validate' | 'replace' | 'update';

interface DocumentCase<T> {
  endpoint: Endpoint;
  format: DocumentFormat;
  broken: T;
  /** Sent with account 1's non-admin key (`pipeline_key`) rather than its admin key. */
  nonAdmin?: boolean;
  /** Sent with account 2's admin key (create and validate only: account 2 holds no pipeline of the check's). */
  otherAccount?: boolean;
}

/** How the target takes a PATCH of a definition in JSON: as a merge patch, or as plain JSON (the spec shows no PATCH). */
const PATCH_TYPES = ['application/merge-patch+json', 'application/json'] as const;

/** A pipeline of the check's own, and how its PATCH is sent (the media type the target was seen to take). */
interface OwnPipeline {
  id: number;
  stored: Document;
  endpoints: Endpoint[];
  patchType: string;
  /** Every PATCH media type the target was seen to take, `patchType` first: each may be read by its own code. */
  patchTypes: string[];
}

/**
 * Sends a document to an endpoint with account 1's admin key, or `client` (its non-admin key);
 * PATCH sends it as a patch of the stored definition, as `own.patchType` says.
 */
function sendDocument(t: CheckContext, endpoint: Endpoint, own: Pick<OwnPipeline, 'id' | 'patchType'>, document: unknown, format: DocumentFormat, client: InterfaceClient = t.a()): Promise<Exchange> {
  const pipelineId = own.id;
  const body: RequestOptions = documentBody(document, format);
  switch (endpoint) {
    case 'create':
      // A fresh name each time: a replayed case (shrinking) must not clash with one created before.
      return aSend(t, client, 'pipelines.create', documentBody(renamed(t, document), format));
    case 'validate':
      return aSend(t, client, 'pipelines.validate', body);
    case 'replace':
      return aSend(t, client, 'pipelines.replace', pipelineId, body);
    case 'update':
      return aSend(t, client, 'pipelines.update', pipelineId, format === 'json' ? { ...body, headers: { 'content-type': own.patchType } } : body);
  }
}

/**
 * The endpoints that take a valid document from account 1's non-admin key (`pipeline_key`), each
 * probed as the admin's were (the stored definition, the same description patched, a create of
 * it under a fresh name, archived after): A-ERR-2 does not depend on the caller's role (A-AUTH-5
 * sets only key management apart), so a non-admin's invalid definition is judged as an admin's
 * is, where the same endpoint was seen to serve that key. Empty, with a note, where the target
 * document gives no such key or the key is refused a valid document.
 */
async function nonAdminEndpoints(t: CheckContext, own: OwnPipeline): Promise<{ client?: InterfaceClient; endpoints: Endpoint[] }> {
  const key = t.target.a[0]?.nonAdminKey;
  if (!key) {
    t.note('every invalid definition was sent with account 1\'s admin key: the target document gives account 1 no pipeline_key, so a non-admin key\'s 400 was not seen to name the field');
    return { endpoints: [] };
  }
  const client = withKey(t, key);
  const format = definitionFormat(t);
  const endpoints: Endpoint[] = [];
  const refused: string[] = [];
  for (const endpoint of own.endpoints) {
    const document = endpoint === 'update' ? { description: 'a conformance check' } : endpoint === 'create' ? { ...own.stored, name: uniqueName(t, 'err-na') } : own.stored;
    const ex = await sendDocument(t, endpoint, own, document, format, client);
    archiveIfCreated(t, 0, ex);
    if (is2xx(ex)) endpoints.push(endpoint);
    else refused.push(`${requestLine(ex)} ${ex.response.status}`);
  }
  if (refused.length > 0) t.note(`account 1's non-admin key was refused a valid definition (${refused.join('; ')}): invalid definitions went there with the admin key only`);
  return { client, endpoints };
}

/**
 * The endpoints that take a fresh document (create, validate) from account 2's admin key, each
 * probed with a valid one first (the check's stored definition under a fresh name; a create
 * archived after): A-ERR-2 holds for every account, so a service that names the field for some
 * accounts only (a per-account feature flag) is caught. Empty, with a note, where the target
 * document gives account 2 no admin key or its key is refused a valid document.
 */
async function otherAccountEndpoints(t: CheckContext, own: OwnPipeline): Promise<Endpoint[]> {
  if (t.target.a[1]?.adminKey === undefined) {
    t.note('every invalid definition was sent by account 1: the target document gives account 2 no pipeline_admin_key, so another account\'s 400 was not seen to name the field');
    return [];
  }
  const format = definitionFormat(t);
  const endpoints: Endpoint[] = [];
  const refused: string[] = [];
  for (const endpoint of own.endpoints.filter((e) => e === 'create' || e === 'validate')) {
    const ex = await sendDocument(t, endpoint, own, { ...own.stored, name: uniqueName(t, 'err-a2') }, format, t.a(1));
    archiveIfCreated(t, 1, ex);
    if (is2xx(ex)) endpoints.push(endpoint);
    else refused.push(`${requestLine(ex)} ${ex.response.status}`);
  }
  if (refused.length > 0) t.note(`account 2's admin key was refused a valid definition (${refused.join('; ')}): invalid definitions went there by account 1 only`);
  return endpoints;
}

/** The document with a new unique name, unless its name is the value under test. */
function renamed(t: CheckContext, document: unknown): unknown {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return document;
  const doc = document as Document;
  return typeof doc.name === 'string' && doc.name.startsWith(t.name('err-')) ? { ...doc, name: uniqueName(t, 'err') } : document;
}

/**
 * Documents to try: a fresh generated one for create and validate; the stored definition of the
 * check's own pipeline for replace and update (a merge patch of a fresh document would mix two).
 */
function documentCases<T>(t: CheckContext, stored: Document, breaker: (doc: Document) => fc.Arbitrary<T>, endpoints: Endpoint[]): fc.Arbitrary<DocumentCase<T>> {
  const fresh = endpoints.filter((e) => e === 'create' || e === 'validate');
  const own = endpoints.filter((e) => e === 'replace' || e === 'update');
  // Both formats on the simulator (it takes either); elsewhere the one the target document names.
  const format = t.profile === 'simulator' ? fc.constantFrom<DocumentFormat>('json', 'json', 'yaml') : fc.constant(definitionFormat(t));
  const kinds: fc.Arbitrary<DocumentCase<T>>[] = [];
  if (fresh.length) {
    // Off the simulator only the stored document is known to be one the target takes, so the
    // broken ones are made from it: nothing else in them can be what the target refuses.
    const valid = t.profile === 'simulator' ? fc.constant(null).chain(() => validDefinition(uniqueName(t, 'err'))) : fc.constant(null).map((): Document => ({ ...stored, name: uniqueName(t, 'err') }));
    const document = valid.chain(breaker);
    kinds.push(fc.tuple(fc.constantFrom(...fresh), format, document).map(([endpoint, f, broken]) => ({ endpoint, format: f, broken })));
  }
  if (own.length) kinds.push(fc.tuple(fc.constantFrom(...own), format, breaker(stored)).map(([endpoint, f, broken]) => ({ endpoint, format: f, broken })));
  return fc.oneof(...kinds);
}

/**
 * The endpoints the target serves beyond create (validate, PUT and PATCH are conventions), each
 * probed as the broken documents will be sent: a PATCH in the definition format, as a merge patch
 * and as plain JSON (the first taken is the one the sweeps send; every one taken gets the update
 * sweep's made-up keys, since a deployment may read each media type through other code). A
 * refusal of a media type is then never read as a refusal of the document.
 */
async function servedEndpoints(t: CheckContext, pipelineId: number, stored: Document): Promise<{ endpoints: Endpoint[]; patchType: string; patchTypes: string[] }> {
  const endpoints: Endpoint[] = ['create'];
  const format = definitionFormat(t);
  // A route the target routes that refuses the definition create took leaves it out of the
  // sweeps, said in a note: a-ver/key-accepted-under-v1 judges a validation not served there.
  const refused: string[] = [];
  const takes = (ex: Exchange): boolean => {
    if (is2xx(ex)) return true;
    refused.push(`${requestLine(ex)} answered ${ex.response.status}`);
    return false;
  };
  if (aRoute(t, 'pipelines.validate') && takes(await aSend(t, t.a(), 'pipelines.validate', documentBody(stored, format)))) endpoints.push('validate');
  if (aRoute(t, 'pipelines.replace') && takes(await aSend(t, t.a(), 'pipelines.replace', pipelineId, documentBody(stored, format)))) endpoints.push('replace');
  if (refused.length) t.note(`the definition the create took was refused where the target routes it (${refused.join('; ')}): invalid and misshapen definitions were not sent there`);
  const patchTypes: string[] = [];
  if (aRoute(t, 'pipelines.update')) {
    // Every type sets the same description: the stored definition is the same whichever is taken.
    for (const type of format === 'json' ? PATCH_TYPES : [PATCH_TYPES[0]]) {
      if (is2xx(await sendDocument(t, 'update', { id: pipelineId, patchType: type }, { description: 'a conformance check' }, format))) patchTypes.push(type);
    }
    if (patchTypes.length > 0) endpoints.push('update');
  }
  return { endpoints, patchType: patchTypes[0] ?? PATCH_TYPES[0], patchTypes };
}

/**
 * A pipeline of account 1 and the definition it holds: the generated one, or the first of the
 * target document's own the target takes (`makePipeline`); broken and misshapen variants are
 * made from that one, so they break one rule of a document this target accepts.
 */
async function ownPipeline(t: CheckContext, base: string): Promise<OwnPipeline> {
  const generated = plainDefinition(uniqueName(t, base));
  const made = await createPipeline(t, 0, generated);
  const stored = parseDocument(made.created.request.body) ?? generated;
  const { endpoints, patchType, patchTypes } = await servedEndpoints(t, made.id, stored);
  // The PATCH probe set a description: that is the stored definition now.
  return { id: made.id, stored: endpoints.includes('update') ? { ...stored, description: 'a conformance check' } : stored, endpoints, patchType, patchTypes };
}

/** The document a create request carried (JSON or YAML text). */
function parseDocument(text: string | undefined): Document | undefined {
  if (text === undefined) return undefined;
  try {
    const value = parseYaml(text) as unknown;
    return isObject(value) ? (value as Document) : undefined;
  } catch {
    return undefined;
  }
}

check({
  id: 'a-err/invalid-definition-400',
  clauses: ['A-ERR-2'],
  title: 'A-ERR-2: a definition with one invalid value (range, enum, pattern, length, uniqueness, exclusive fields), or two at unrelated fields (either named will do), sent with account 1\'s admin or non-admin key or (to create and validate) account 2\'s, is 400, and the body names the field; a refused create makes no pipeline, and a refused replace or update leaves the pipeline\'s definition as it was; a few by replace or update once the check\'s own pipeline is started (deployed), judged the same (a refusal of any change to a running pipeline noted); off the simulator profile a create, replace or update that takes a broken definition fails where the target\'s own validation refuses the same document 400 naming the field',
  needs: ['a', 'write'],
  async run(t) {
    const own = await ownPipeline(t, 'err2');
    const nonAdmin = await nonAdminEndpoints(t, own);
    const otherAccount = await otherAccountEndpoints(t, own);
    // About a third of the cases go with the non-admin key, and a third (of create and validate)
    // with account 2's admin key, where each was served: neither the role of the caller nor its
    // account changes anything in A-ERR-2, so a service that shows field details to admins only,
    // or to some accounts only, is caught.
    const cases = fc.tuple(documentCases<BrokenDocument>(t, own.stored, brokenDefinition, own.endpoints), fc.constantFrom('admin', 'non-admin', 'account 2')).map(([c, by]): DocumentCase<BrokenDocument> => ({
      ...c,
      nonAdmin: by === 'non-admin' && nonAdmin.endpoints.includes(c.endpoint),
      otherAccount: by === 'account 2' && otherAccount.includes(c.endpoint),
    }));
    let judged = 0;
    // A 400 refuses the definition: the pipeline list is read before and after, for any the
    // refused creates made all the same (a row inserted before the rules were checked); account
    // 2's too where it is sent creates (its refusals may store what account 1's do not).
    const creators: Account[] = otherAccount.includes('create') ? [0, 1] : [0];
    const creates = new Map<Account, CreatesSent & { before: OwnPipelineList }>();
    for (const account of creators) creates.set(account, { before: await walkOwnPipelineList(t, account), made: new Set(), names: new Set() });
    // A 400 to a replace or an update leaves the check's own pipeline's definition as it was: it
    // is read (twice, for what moves by itself) before the cases, and after each such refusal.
    let definition = own.endpoints.some((e) => e === 'replace' || e === 'update') ? await readDefinitionTwice(t, own.id) : undefined;
    let refusedOwn = 0;
    let keptJudged = 0;
    await t.property('invalid definitions are 400 naming the field', cases.map(describeCase((b) => b.description)), async (c) => {
      const client = c.nonAdmin ? nonAdmin.client : c.otherAccount ? t.a(1) : undefined;
      const by = c.nonAdmin ? ' with the non-admin key' : c.otherAccount ? ' by account 2' : '';
      const ex = await sendDocument(t, c.endpoint, own, c.broken.document, c.format, client);
      archiveIfCreated(t, c.otherAccount ? 1 : 0, ex);
      if ((c.endpoint === 'replace' || c.endpoint === 'update') && definition !== undefined) {
        if (ex.response.status === 400) {
          refusedOwn++;
          if ('first' in definition && (await expectDefinitionKept(t, 'A-ERR-2', own.id, definition, ex, `${requestLine(ex)} (${c.format})${by} with ${c.broken.description}`))) keptJudged++;
        } else if ('first' in definition) {
          // Taken (the target's schema allows it) or refused otherwise: what it holds now is the
          // definition the next refusals must leave alone.
          definition = await readDefinitionTwice(t, own.id);
        }
      }
      // Each create is looked for in its account's pipeline list, read before and after.
      const created = c.endpoint === 'create' ? creates.get(c.otherAccount ? 1 : 0) : undefined;
      if (created !== undefined) noteCreate(created, ex);
      if (judgeInvalid(t, ex, c.broken, c.format, by)) judged++;
      else if (await takenWhereValidationRefuses(t, own, c, ex, by)) judged++;
    });
    // The same refusals of the check's own pipeline once it is deployed (its definition then
    // what the next refusals must leave alone).
    const deployed = await deployedRefusals(t, own);
    judged += deployed.judged;
    keptJudged += deployed.keptJudged;
    judged += await everyRuleOnce(t, own, creates.get(0));
    if (t.profile === 'simulator') judged += await everyDestinationSettings(t, own, creates.get(0));
    if (judged === 0) t.partial('A-ERR-2', 'the target took, or refused as the wrong shape, every generated invalid definition: none was judged as a failed validation');
    let createsJudged = false;
    for (const [account, { before, made, names }] of creates) {
      if (names.size > 0 && (await expectNothingCreated(t, 'A-ERR-2', `invalid definitions sent to create${account === 1 ? ' by account 2' : ''}`, before, made, names, account))) createsJudged = true;
    }
    if (refusedOwn > 0 && definition !== undefined && 'unreadable' in definition) {
      t.note(`that the ${refusedOwn} refused replace(s) and update(s) left the pipeline's definition as it was was not verified: ${definition.unreadable}`);
      // The 400s were judged either way; only where no refusal at all could be seen to change
      // nothing is that part of a refusal unjudged.
      if (!createsJudged && keptJudged === 0) t.partial('A-ERR-2', `no refused definition was seen to change nothing: the definition could not be read back (${definition.unreadable}), and no refused create was checked against the pipeline list`);
    }
  },
});

/** The creates an account was sent: the names sent and the ids of those it made, for its pipeline list read after. */
interface CreatesSent {
  made: Set<string>;
  names: Set<string>;
}

/** Adds the create `ex` to `created`: the name it sent (sendDocument gives each create a fresh one), and its id where it made one. */
function noteCreate(created: CreatesSent, ex: Exchange): void {
  const sent = parseDocument(ex.request.body);
  if (typeof sent?.name === 'string') created.names.add(sent.name);
  if (is2xx(ex) && isObject(ex.json) && ex.json.id !== undefined) created.made.add(JSON.stringify(ex.json.id));
}

/**
 * A-ERR-2 for every rule of the definition table that applies to the check's own stored
 * definition, each broken once (`everyRuleBroken`, about 15 documents), to validate where served
 * (it changes nothing), else to create: the property above meets each rule only now and then, so
 * a rule whose field is named wrong could pass a whole seed. Judged as the property's cases are
 * (`judgeInvalid`). The creates' names join `created` (account 1's), for the list read after.
 * Returns how many answers were judged.
 */
async function everyRuleOnce(t: CheckContext, own: OwnPipeline, created: CreatesSent | undefined): Promise<number> {
  const endpoint = own.endpoints.includes('validate') ? 'validate' : own.endpoints.includes('create') ? 'create' : undefined;
  if (endpoint === undefined) return 0;
  const format: DocumentFormat = t.profile === 'simulator' ? 'json' : definitionFormat(t);
  const cases = fc.noShrink(everyRuleBroken({ ...own.stored, name: uniqueName(t, 'err') }));
  let judged = 0;
  await t.property('every rule of the definition, broken once, is 400 naming the field', cases, async (broken) => {
    for (const b of broken) {
      const ex = await sendDocument(t, endpoint, own, b.document, format);
      archiveIfCreated(t, 0, ex);
      if (endpoint === 'create' && created !== undefined) noteCreate(created, ex);
      if (judgeInvalid(t, ex, b, format, ' (every rule once)')) judged++;
    }
  }, { runs: 1 });
  return judged;
}

/**
 * A-ERR-2 for the settings of every documented destination type, simulator profile only (off it
 * the documented schema is not the target's): each type has rules of its own, which the cases
 * above reach only when their one generated definition is of that type. One definition of each
 * type (`everyTypeDefinitions`) with one settings value broken goes to create and, where served,
 * to validate: 400 naming the field. The creates' names join `created` (account 1's), for the
 * list read after. Returns how many answers were judged. Requests: 8 on the simulator.
 */
async function everyDestinationSettings(t: CheckContext, own: OwnPipeline, created: CreatesSent | undefined): Promise<number> {
  const names = [uniqueName(t, 'err2-set'), uniqueName(t, 'err2-set'), uniqueName(t, 'err2-set'), uniqueName(t, 'err2-set')] as const;
  const cases = fc.noShrink(everyTypeDefinitions(names).chain((bases) => fc.tuple(...bases.flatMap((base) => brokenDestinationSettings(base) ?? []))));
  const endpoints = own.endpoints.filter((e): e is 'create' | 'validate' => e === 'create' || e === 'validate');
  let judged = 0;
  await t.property('every destination type\'s settings rules are 400 naming the field', cases, async (broken) => {
    for (const { document, paths, description } of broken) {
      const type = String(valueAt(document, ['destination', 'type']));
      for (const endpoint of endpoints) {
        const ex = await sendDocument(t, endpoint, own, document, 'json');
        archiveIfCreated(t, 0, ex);
        if (endpoint === 'create' && created !== undefined) noteCreate(created, ex);
        judged++;
        t.expect.status(ex, 400, 'A-ERR-2', `${requestLine(ex)} with ${description} (${type}) answered ${ex.response.status}, expected 400`);
        t.expect.errorObjectA(ex, 'A-ERR-2');
        t.expect.that(namesField(ex.json, paths), { clause: 'A-ERR-2', message: `the 400 for ${description} (${type}) does not name the field`, expected: `the body names ${paths.map((p) => JSON.stringify(p)).join(' or ')}`, received: describeResponse(ex), exchange: ex });
      }
    }
  }, { runs: 1 });
  return judged;
}

/**
 * Judges the answer to a definition broken as `broken` says (A-ERR-2): 400, the error object, the
 * failing field named (another item of its list not named instead). Off the simulator profile a
 * 2xx or a 422 is the target's schema judging otherwise than the documented one: noted, and
 * false returned (not judged).
 */
function judgeInvalid(t: CheckContext, ex: Exchange, broken: BrokenDocument, format: DocumentFormat, by: string): boolean {
  if (t.profile !== 'simulator') {
    // "Invalid" is the documented schema here; the target's may take the value, or count
    // it as the wrong shape (A-ERR-3's 422). Only its 400s are judged.
    if (is2xx(ex) || ex.response.status === 422) {
      t.note(`${requestLine(ex)} (${format})${by} with ${broken.description}: ${ex.response.status}, the target's schema judges it otherwise than the documented one`);
      return false;
    }
  }
  t.expect.status(ex, 400, 'A-ERR-2', `${requestLine(ex)} (${format})${by} with ${broken.description} answered ${ex.response.status}, expected 400`);
  t.expect.errorObjectA(ex, 'A-ERR-2');
  t.expect.that(namesField(ex.json, broken.paths), {
    clause: 'A-ERR-2',
    message: `the 400 for ${broken.description}${by} does not name the field`,
    expected: `the body names ${broken.paths.map((p) => JSON.stringify(p)).join(' or ')}`,
    received: describeResponse(ex),
    exchange: ex,
  });
  // The list counts as the field of its bad item; another item of it does not.
  const items = broken.paths.filter((p) => typeof p.at(-1) === 'number');
  const other = namesAnotherItem(ex.json, items);
  t.expect.that(other === undefined, {
    clause: 'A-ERR-2',
    message: `the 400 for ${broken.description}${by} names another item of ${showPath(items[0]?.slice(0, -1) ?? [])}, ${showPath(other ?? [])}, not the failing one`,
    expected: `the body names ${items.map((p) => showPath(p)).join(' or ')} (or the list)`,
    received: describeResponse(ex),
    exchange: ex,
  });
  return true;
}

/**
 * Off the simulator profile a create, replace or update that took a broken definition (2xx) is
 * judged against the target's own validation: the same document, under a fresh name, is sent to
 * the validation the target serves (one request). Where that refuses it 400 naming the broken
 * field, the target's schema does hold the value invalid, and the create, replace or update took
 * it without checking the rule (a draft checked for its shape only, say): A-ERR-2 fails (a
 * definition that fails validation must be refused 400 by whichever operation is sent it).
 * The definition read back after the 2xx must hold the broken value as sent (one more request):
 * a handler that ignored it (a member it does not let change) or changed it stored no definition
 * that fails validation, noted. Returns whether it was so judged; a validation that takes it, or
 * refuses it otherwise, leaves the 2xx the target's schema (noted). Not sent where the broken field is the name (a validation
 * may refuse a name taken by the pipeline just made or the check's own), nor where the target
 * validates nothing.
 */
async function takenWhereValidationRefuses(t: CheckContext, own: OwnPipeline, c: DocumentCase<BrokenDocument>, ex: Exchange, by: string): Promise<boolean> {
  if (t.profile === 'simulator' || !is2xx(ex) || c.endpoint === 'validate' || !own.endpoints.includes('validate')) return false;
  if (c.broken.paths.some((p) => p.length === 1 && p[0] === 'name')) return false;
  const document = isObject(c.broken.document) ? { ...c.broken.document, name: uniqueName(t, 'err-cross') } : c.broken.document;
  const validated = await sendDocument(t, 'validate', own, document, c.format);
  if (validated.response.status !== 400 || !namesField(validated.json, c.broken.paths)) return false;
  // Taken is not yet stored: a handler may ignore a member it does not let change (a source type
  // of a pipeline that exists) or cut a value down. The definition is read back (one request),
  // and only a broken value found there as sent fails.
  const id = c.endpoint === 'create' ? createdId(ex) : own.id;
  const read = typeof id === 'number' ? await readDefinition(t, id, c.otherAccount ? 1 : 0) : undefined;
  const line = `${requestLine(ex)} (${c.format})${by} with ${c.broken.description} answered ${ex.response.status}, where the target's own validation refuses the same document 400 naming the field`;
  if (read === undefined || !('value' in read)) {
    t.note(`${line}; whether the broken value was stored was not seen (${read === undefined ? 'the create answer names no id' : `the definition read answered ${read.ex.response.status}`}): not judged`);
    return false;
  }
  const kept = (path: Segment[]): boolean => {
    const sent = valueAt(c.broken.document, path);
    return sent !== undefined && JSON.stringify(valueAt(read.value, path)) === JSON.stringify(sent);
  };
  if (!c.broken.paths.some(kept)) {
    t.note(`${line}; the definition read after it does not hold the broken value (ignored or changed): not judged`);
    return false;
  }
  t.fail({
    clause: 'A-ERR-2',
    message: `${requestLine(ex)} (${c.format})${by} with ${c.broken.description} answered ${ex.response.status} and the definition read after it holds the broken value, yet the target's own validation refuses the same document 400 naming the field (${requestLine(validated)}): the ${c.endpoint} took a definition that fails validation`,
    expected: 'a 400 naming the field, as the validation answers',
    received: describeResponse(ex),
    exchange: ex,
  });
}

/**
 * A-ERR-3 on a deployed pipeline: the check's own pipeline is started where the target routes a
 * start and takes it, then sent its definition with a made-up top-level key (no schema defines
 * it) by replace and by update (those served), each judged as the property's made-up keys are, and
 * stopped again. A deployment may read a running pipeline's new definition through another path
 * (the running deployment's config struct) that drops what it does not know. A refusal of any
 * change to a running pipeline (409, say) is noted, not judged. Requests: 2 to 4.
 */
async function deployedMadeUpKey(t: CheckContext, own: OwnPipeline): Promise<void> {
  const endpoints = own.endpoints.filter((e) => e === 'replace' || e === 'update');
  if (endpoints.length === 0 || aRoute(t, 'pipelines.start') === null) return;
  if (!(await startedOwn(t, own, 'a made-up key was not sent to a deployed pipeline'))) return;
  const key = `${MADE_UP_KEY_PREFIX}deployed`;
  const anyChange = new Map<string, boolean>();
  for (const endpoint of endpoints) {
    const ex = await sendDocument(t, endpoint, own, { ...own.stored, [key]: true }, definitionFormat(t));
    const what = `${requestLine(ex)} of the check's own pipeline, deployed, with its definition and the made-up top-level key "${key}"`;
    if (RUNNING_REFUSALS.has(ex.response.status)) t.note(`${what} answered ${ex.response.status}: a refusal of any change to a running pipeline (not judged)`);
    else if (ex.response.status !== 422 && (await refusesAnyChange(t, own, endpoint, ex.response.status, anyChange))) t.note(`${what} answered ${ex.response.status}, as a valid definition by the same operation did too: a refusal of any change to a running pipeline (not judged)`);
    else judgeMisshapen(t, ex, what, 'made-up-key');
  }
  if (aRoute(t, 'pipelines.stop') !== null) await aSend(t, t.a(), 'pipelines.stop', own.id);
}

/** Starts the check's own pipeline; where the start is not taken, notes why `unsent` (what was then not sent) and returns false. */
async function startedOwn(t: CheckContext, own: OwnPipeline, unsent: string): Promise<boolean> {
  const started = await aSend(t, t.a(), 'pipelines.start', own.id);
  if (is2xx(started)) return true;
  t.note(`${unsent}: ${requestLine(started)} of the check's own pipeline answered ${started.response.status}`);
  return false;
}

/**
 * The answers a deployment may give to any change of a running pipeline, whatever the body
 * ("stop it first"): 409 Conflict, 412 Precondition Failed, 423 Locked. The spec does not say a
 * deployed pipeline can be replaced or updated, so these are noted, not judged.
 */
const RUNNING_REFUSALS = new Set([409, 412, 423]);

/**
 * Whether the deployed pipeline refuses any change by `endpoint` with `status`, a valid one too:
 * its definition as stored sent back unchanged (one request per endpoint and status, kept in
 * `seen`). A deployment may say "stop it first" with a 400 naming no field, or another 4xx than
 * `RUNNING_REFUSALS`' (the spec names none): that refusal is no failed validation and no judgement
 * of the shape. Asked only of an answer the property would fail, so a target that takes changes
 * to a running pipeline is sent nothing more.
 */
async function refusesAnyChange(t: CheckContext, own: OwnPipeline, endpoint: Endpoint, status: number, seen: Map<string, boolean>): Promise<boolean> {
  if (status < 400 || status >= 500) return false;
  const key = `${endpoint} ${status}`;
  const known = seen.get(key);
  if (known !== undefined) return known;
  const valid = await sendDocument(t, endpoint, own, own.stored, definitionFormat(t));
  const refused = valid.response.status === status;
  seen.set(key, refused);
  return refused;
}

/** Cases of invalid definitions sent to the deployed pipeline: few, each a replace or an update. */
const DEPLOYED_RUNS = 4;

/**
 * A-ERR-2 on a deployed pipeline: the check's own pipeline is started (deployed) where the target
 * routes a start and takes it, then sent a few definitions broken as the property's are, by
 * replace or update (those the target took a valid one by), each judged as there, with the
 * definition read back after each 400, and stopped again. A deployment may hand a running
 * pipeline's new definition to another path (a hot reload by the running deployment), whose
 * refusal must name the field all the same. A start refused, or a state after it that is not
 * deployed, is noted (the cases still go: they are A-ERR-2's whatever the state). A deployed
 * pipeline refused any change (`RUNNING_REFUSALS`: 409, "stop it first") is the deployment's
 * choice, not a failed validation: such answers are noted, not judged. Requests: about 4 + 2 per case.
 */
async function deployedRefusals(t: CheckContext, own: OwnPipeline): Promise<{ judged: number; keptJudged: number }> {
  const none = { judged: 0, keptJudged: 0 };
  const endpoints = own.endpoints.filter((e) => e === 'replace' || e === 'update');
  if (endpoints.length === 0) return none;
  if (aRoute(t, 'pipelines.start') === null) {
    t.note('invalid definitions were not sent to a deployed pipeline: the target document says start is not served (interface_a.operations.pipelines.start is null)');
    return none;
  }
  if (!(await startedOwn(t, own, 'invalid definitions were not sent to a deployed pipeline'))) return none;
  if (aRoute(t, 'pipelines.read') !== null) {
    const read = await aSend(t, t.a(), 'pipelines.read', own.id);
    const state = pipelineState(t, recordIn(read.json) ?? read.json);
    if (state.spec !== 'deployed') t.note(`the check's own pipeline, started, read as ${state.name === undefined ? `no ${state.field}` : `${state.field} ${JSON.stringify(state.name)}`}, not deployed: the invalid definitions sent to it after its start may not have met a deployed pipeline`);
  }
  let definition = await readDefinitionTwice(t, own.id);
  const format = t.profile === 'simulator' ? fc.constantFrom<DocumentFormat>('json', 'json', 'yaml') : fc.constant(definitionFormat(t));
  const cases = fc.tuple(fc.constantFrom(...endpoints), format, brokenDefinition(own.stored)).map(([endpoint, f, broken]): DocumentCase<BrokenDocument> => ({ endpoint, format: f, broken }));
  let judged = 0;
  let keptJudged = 0;
  const other: string[] = [];
  const anyChange = new Map<string, boolean>();
  await t.property('invalid definitions to the deployed pipeline are 400 naming the field', cases.map(describeCase((b) => b.description)), async (c) => {
    const ex = await sendDocument(t, c.endpoint, own, c.broken.document, c.format);
    const by = ', the pipeline deployed,';
    if (RUNNING_REFUSALS.has(ex.response.status)) {
      // A refusal of any change to a running pipeline (409, say): the deployment's rule, noted.
      other.push(`${requestLine(ex)} ${ex.response.status}`);
      return;
    }
    // The definition kept is judged first, before a valid change (below) may be sent.
    const kept = ex.response.status === 400 && 'first' in definition && (await expectDefinitionKept(t, 'A-ERR-2', own.id, definition, ex, `${requestLine(ex)} (${c.format})${by} with ${c.broken.description}`));
    const probes = anyChange.size;
    const refusesAny = !(ex.response.status === 400 && namesField(ex.json, c.broken.paths)) && (await refusesAnyChange(t, own, c.endpoint, ex.response.status, anyChange));
    // A valid change just sent (taken, it may have set the definition back as created) or an answer not a 400 may have changed what is stored: read again for the next case.
    if ('first' in definition && (ex.response.status !== 400 || anyChange.size !== probes)) definition = await readDefinitionTwice(t, own.id);
    if (refusesAny) {
      // "Stop it first" in another status, or in a 400 naming no field: a valid definition got it too.
      other.push(`${requestLine(ex)} ${ex.response.status} (a valid definition by the same operation got it too)`);
      return;
    }
    if (kept) keptJudged++;
    if (judgeInvalid(t, ex, c.broken, c.format, by)) judged++;
    else if (await takenWhereValidationRefuses(t, own, c, ex, by)) judged++;
  }, { runs: DEPLOYED_RUNS });
  if (other.length) t.note(`the deployed pipeline refused invalid definitions otherwise than as a failed validation (not judged: a deployment may refuse changes to a running pipeline): ${other.join('; ')}`);
  if (aRoute(t, 'pipelines.stop') !== null) {
    const stopped = await aSend(t, t.a(), 'pipelines.stop', own.id);
    if (!is2xx(stopped)) t.note(`${requestLine(stopped)} of the check's own pipeline after its invalid definitions answered ${stopped.response.status}; it is archived at the end of the check`);
  }
  return { judged, keptJudged };
}

/**
 * A-ERR-2 and A-ERR-3: the refused replace or update (`refused`) left the definition as it was
 * before (as JSON values, key order free; top-level keys that moved between the two reads before
 * aside). True where the definition was read after it; a read that fails then is noted, not judged.
 */
async function expectDefinitionKept(t: CheckContext, clause: 'A-ERR-2' | 'A-ERR-3', id: number, before: { first: unknown; again: unknown }, refused: Exchange, what: string): Promise<boolean> {
  const status = refused.response.status;
  const after = await readDefinition(t, id);
  if (!('value' in after)) {
    t.note(`${what}: ${status}, and the definition read after it answered ${after.ex.response.status}: whether the refusal left it unchanged was not seen`);
    return false;
  }
  const changed = definitionChanges(before.first, before.again, after.value);
  // Only what changed, each value short and whole, a secret's as the marker: a definition holds
  // connection credentials, which a text cut mid-value would show in part, past the redactor.
  const shown = showChanges(jsonChanges(before.first, after.value, changed));
  t.expect.that(changed.length === 0, {
    clause,
    message: `${what} was refused with ${status}, yet the pipeline's definition read after it differs from before (${shown.paths}): the ${clause === 'A-ERR-2' ? 'invalid' : 'misshapen'} definition was stored`,
    expected: `the definition as before: ${shown.before}`,
    received: shown.after,
    exchange: refused,
  });
  return true;
}

check({
  id: 'a-err/wrong-shape-422',
  clauses: ['A-ERR-3'],
  supports: ['A-ERR-2'],
  title: 'A-ERR-3: in every run, a definition of each documented source and destination type with a made-up key at each of its objects, or an array or a string in place of each, or its first table given as an object ({"name"} or {"schema", "name"}), is 422 on create and creates nothing; so is a random unknown key or value of the wrong JSON type, or a body that is no object, on create, validate, replace and update; so is a made-up key set to null, on create, validate, replace and update; so is a key-management body with unknown keys (a case variant of its name key among them, in every run) or, in the simulator profile, a member of another JSON type (an expires_at that is an integer, true, an object or an array, a null admin or name, in every run); so is a top-level "__proto__" key in a definition or a key body, and keys with a blank before or after (" name", "description ") or empty; a whole-number field of the check\'s own definition given a fraction (5432.7 for a port) on create and replace is refused, 422 or a 400 naming the field (A-ERR-2), never taken and cut to a whole number; and the check\'s own pipeline, started, is sent its definition with a made-up key by replace and update: 422',
  needs: ['a', 'write'],
  async run(t) {
    const own = await ownPipeline(t, 'err3');
    await sweepEveryLevel(t, own);
    const cases = documentCases<MisshapenDocument>(t, own.stored, misshapenDefinition, own.endpoints);
    let judged = 0;
    await t.property('misshapen definitions are 422', cases.map(describeCase((m) => m.description)), async (c) => {
      const ex = await sendDocument(t, c.endpoint, own, c.broken.document, c.format);
      archiveIfCreated(t, 0, ex);
      if (judgeMisshapen(t, ex, `${requestLine(ex)} (${c.format}) with ${c.broken.description}`, c.broken.kind)) judged++;
    });
    if (judged === 0) t.partial('A-ERR-3', 'the target took, or refused as invalid, every generated misshapen definition: none was judged');
    // The check's own definition, renamed, with an own "__proto__" key at the top, in every run.
    const proto = await aSend(t, t.a(), 'pipelines.create', documentBody(withProtoKey({ ...own.stored, name: uniqueName(t, 'err-proto') }), definitionFormat(t)));
    archiveIfCreated(t, 0, proto);
    judgeProtoKey(t, proto, `${requestLine(proto)} with the check's own definition and a top-level "__proto__" key`);
    // Keys a template or an editor leaves blanks in, and the empty key, at the top: unknown keys
    // all. A server that trims keys (and drops one left empty) before its schema takes them.
    for (const [key, value, name] of blankedKeys(t, own.stored)) {
      const ex = await aSend(t, t.a(), 'pipelines.create', documentBody({ ...own.stored, name, [key]: value }, definitionFormat(t)));
      archiveIfCreated(t, 0, ex);
      judgeBlankedKey(t, ex, `${requestLine(ex)} with the check's own definition and a top-level ${JSON.stringify(key)} key`, key);
    }
    // A made-up top-level key set to null, on create, validate and replace in every run (the update
    // sweep's nulls go in a PATCH, where a merge patch reads them as deletions): a reader that
    // drops null members before its schema ("null is unset", for clients that send every optional
    // member) takes it, yet the body holds a key no schema defines, whatever its value. 1 request each.
    const nulled = `${MADE_UP_KEY_PREFIX}null`;
    for (const endpoint of own.endpoints.filter((e) => e !== 'update')) {
      const ex = await sendDocument(t, endpoint, own, { ...own.stored, ...(endpoint === 'create' ? { name: uniqueName(t, 'err-null') } : {}), [nulled]: null }, definitionFormat(t));
      archiveIfCreated(t, 0, ex);
      judgeMisshapen(t, ex, `${requestLine(ex)} with the check's own definition and the made-up top-level key "${nulled}" set to null`, 'made-up-key');
    }
    await expectFractionalIntegerRefused(t, own);
    await deployedMadeUpKey(t, own);

    const keyRoute = aRoute(t, 'keys.create');
    if (!keyRoute || routeMissing(await aSend(t, t.a(), 'keys.create', { body: {} }))) {
      t.note('the target has no key management over the API: key-management bodies not checked');
      return;
    }
    // The bodies below are a name with one thing wrong: that must be the only thing wrong, so a
    // key made of a name alone must be taken first (key management is not in the spec; a target
    // wanting more, a role say, refuses every one of them for that alone).
    const named = await aSend(t, t.a(), 'keys.create', { body: { name: uniqueName(t, 'shape-ok') } });
    revokeIfCreated(t, named);
    if (!is2xx(named)) {
      t.note(`POST /api-keys with a name alone answered ${describeResponse(named)}: this target's key body is not the simulator's, so key-management bodies with one thing wrong were not checked`);
      return;
    }
    // In every run, not left to the draw below: the one key just seen taken, again spelt in
    // capitals beside it. A handler that compares keys case-blind (or reads '-' as '_') takes the
    // variant for a known key and neither refuses nor uses it. In the simulator profile the key
    // body is the documented one, whose "NAME" is an unknown key: 422. Elsewhere the key body is
    // the deployment's (key management is outside the spec, A-GAP-4), and a binder that matches
    // member names case-blind (ASP.NET Core's default) knows "NAME": a 2xx is noted, as for the
    // draw's "Name" below.
    const variantName = uniqueName(t, 'shape-variant');
    const variant = await aSend(t, t.a(), 'keys.create', { body: JSON.stringify({ name: variantName, NAME: variantName }), headers: { 'content-type': 'application/json' } });
    revokeIfCreated(t, variant);
    judgeMisshapen(t, variant, 'POST /api-keys with "NAME" (a case variant of "name") beside "name"', 'unknown-key');
    const protoKey = await aSend(t, t.a(), 'keys.create', documentBody(withProtoKey({ name: uniqueName(t, 'shape-proto') })));
    revokeIfCreated(t, protoKey);
    judgeProtoKey(t, protoKey, 'POST /api-keys with a "__proto__" key beside "name"');
    for (const key of [' name', 'name ', '']) {
      const name = uniqueName(t, 'shape-blank');
      const ex = await aSend(t, t.a(), 'keys.create', { body: JSON.stringify({ name, [key]: name }), headers: { 'content-type': 'application/json' } });
      revokeIfCreated(t, ex);
      judgeBlankedKey(t, ex, `POST /api-keys with a ${JSON.stringify(key)} key beside "name"`, key);
    }
    // In every run, not left to the draw below (which gives only name and admin another type):
    // members of the documented key body given another JSON type beside a name, each judged as
    // the draw's wrong types are (422 in the simulator profile, whose key body is the documented
    // one; elsewhere the key body is the deployment's, A-GAP-4, and a 2xx or 400 is noted).
    for (const { body, what } of mistypedKeyBodies(t)) {
      const ex = await aSend(t, t.a(), 'keys.create', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      revokeIfCreated(t, ex);
      judgeMisshapen(t, ex, `POST /api-keys with ${what}`, 'wrong-type');
    }
    type KeyBody = { body: unknown; what: string; kind: MisshapenDocument['kind'] };
    const keyBodies = fc.oneof(
      fc.tuple(fc.constantFrom('scopes', 'Name', 'role', 'expiry', 'key'), fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean())).map(([k, v]): KeyBody => ({ body: { name: t.name('shape'), [k]: v }, what: `an unknown key "${k}"`, kind: 'unknown-key' })),
      fc.stringMatching(/^[a-z0-9]{1,6}$/).map((w): KeyBody => ({ body: { name: t.name('shape'), [`${MADE_UP_KEY_PREFIX}${w}`]: true }, what: `the made-up key "${MADE_UP_KEY_PREFIX}${w}"`, kind: 'made-up-key' })),
      fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 })).map((v): KeyBody => ({ body: { name: v }, what: 'a name that is no string', kind: 'wrong-type' })),
      fc.constantFrom('yes', 1, 'true').map((v): KeyBody => ({ body: { name: t.name('shape'), admin: v }, what: 'an admin flag that is no boolean', kind: 'wrong-type' })),
      fc.constantFrom<unknown>([], ['x'], 42, 'name').map((v): KeyBody => ({ body: v, what: 'a body that is no object', kind: 'not-object' })),
    );
    await t.property('misshapen key bodies are 422', keyBodies.map((k) => Object.assign(k, { [fc.toStringMethod]: () => `POST /api-keys with ${k.what}` })), async ({ body, what, kind }) => {
      const ex = await aSend(t, t.a(), 'keys.create', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      revokeIfCreated(t, ex);
      judgeMisshapen(t, ex, `POST /api-keys with ${what}`, kind);
    }, { runs: 6 });
  },
});

/**
 * Key bodies whose one fault is a member of another JSON type than the documented key body's
 * (docs/interface-a.md: `name` a string, `admin` a boolean, `expires_at` a date-time string or
 * null): an expiry as a whole number (a Unix timestamp, what a Terraform provider sends, which a
 * lenient reader takes for the instant it names), true, an object and an array; the admin flag
 * and the name as null (a client that sends every optional member, null where unset: a reader
 * that takes null for absent makes a key the body did not describe). 1 request each.
 */
function mistypedKeyBodies(t: CheckContext): { body: Record<string, unknown>; what: string }[] {
  const expiries: [unknown, string][] = [
    [1_924_992_000, 'an integer (a Unix timestamp)'],
    [true, 'true'],
    [{}, 'an object'],
    [[], 'an array'],
  ];
  return [
    ...expiries.map(([value, what]) => ({ body: { name: uniqueName(t, 'shape-type'), expires_at: value }, what: `expires_at ${what} (not a date-time string or null)` })),
    { body: { name: uniqueName(t, 'shape-type'), admin: null }, what: 'admin null (not a boolean)' },
    { body: { name: null }, what: 'name null (not a string)' },
  ];
}

// ---------------------------------------------------------------------------------------------
// A-ERR-3 at every level of every type, in every run

/**
 * Every object of a definition, for every documented source and destination type, gets a
 * made-up key and is replaced by an array and by a string (`levelSweep`), and its first table
 * item is replaced by the objects an older export writes for a table, `{"name"}` and
 * `{"schema", "name"}` (`tableItemSweep`), each sent to create;
 * in the simulator profile, every field of the documented schema that holds no object (optional
 * ones included) also gets a value of another JSON type a lenient server could coerce
 * (`coercedLeafSweep`). Sampling these (the property below) leaves a deployment lenient at one
 * object of one type to the seed; here every case is sent in every run, only the keys' names and
 * the values drawn. Every answer must be 422, and the pipeline list must hold no pipeline the
 * refused requests made. They go in the target document's definition format; where that is JSON
 * and the target also creates from YAML (`takesYamlCreate`), the made-up keys go as YAML too.
 *
 * The bases: the four documented type pairings (`everyTypeDefinitions`). Off the simulator
 * profile the documented schema is not the target's: where it serves validation, the ones it
 * refuses are left out (noted); where it does not, a 400 for one of them is not judged (the base
 * may break a rule of its own schema). The check's own stored definition, which the target took,
 * is a base there too, judged as strictly as any. There, a made-up key inside the document that
 * the target takes (2xx) is read back: an object of its schema that keeps any key (free-form
 * settings) is no error, and is noted; a key taken and dropped was unknown to it and taken,
 * which A-ERR-3 forbids.
 */
async function sweepEveryLevel(t: CheckContext, own: OwnPipeline): Promise<void> {
  const format = definitionFormat(t);
  const documented = everyTypeDefinitions([uniqueName(t, 'err-sweep'), uniqueName(t, 'err-sweep'), uniqueName(t, 'err-sweep'), uniqueName(t, 'err-sweep')]);
  const simulator = t.profile === 'simulator';
  // The sweep is one case of its own property (the run's seed draws its names and values), sent
  // whole; no shrinking: the first failing answer ends it, and is the counterexample.
  // The bases: the documented ones and, last, the check's own stored definition (a base of
  // create's sweep off the simulator profile only; of replace's and update's in both). Two
  // offsets rotate which base each object is swept through on replace and on update.
  const sweep = fc.noShrink(
    documented.chain((bases) => fc.tuple(fc.constant([...bases, own.stored]), levelSweep([...bases, own.stored]), simulator ? coercedLeafSweep(bases) : fc.constant<SweepCase[]>([]), fc.nat(), fc.nat())),
  ).map(([bases, objects, leaves, replaceOffset, updateOffset]) => {
    // The first table item of each base as the objects an older export writes for a table, beside the objects' cases.
    const levels = [...objects, ...tableItemSweep(bases)];
    const forCreate = simulator ? levels.filter((c) => c.base < bases.length - 1) : levels;
    const show = `${forCreate.length + leaves.length} cases to create over ${bases.length - (simulator ? 1 : 0)} base definitions, every object on replace and update (offsets ${replaceOffset}, ${updateOffset})`;
    return Object.assign({ bases, cases: [...forCreate, ...leaves], levels, offsets: [replaceOffset, updateOffset] as const }, { [fc.toStringMethod]: () => show });
  });
  const before = await walkOwnPipelineList(t);
  await t.property(
    'every object of every type is closed',
    sweep,
    async ({ bases, cases, levels, offsets }) => {
      // Which bases the target was seen to take: all in the simulator profile; elsewhere its own,
      // and the documented ones its validation takes (unknown where it serves none).
      const taken: (boolean | undefined)[] = simulator ? bases.map(() => true) : [...(await documentedTaken(t, own, bases.slice(0, -1), format)), true];
      const skipped = taken.flatMap((v, i) => (v === false ? [i] : []));
      if (skipped.length) t.note(`the target's validation refused the documented definitions of ${skipped.map((i) => typesOfBase(bases, i)).join('; ')}: their objects were swept only through the target's own definition`);
      const made = new Set<string>();
      const names = new Set<string>();
      let judged = 0;
      let sent = 0;
      const send = async (c: SweepCase, as: DocumentFormat): Promise<void> => {
        const document = renamedForSweep(t, c.document);
        if (isObject(document) && typeof document.name === 'string') names.add(document.name);
        const ex = await aSend(t, t.a(), 'pipelines.create', documentBody(document, as));
        sent++;
        if (sent === 1) skipUnlessServedCreate(t, ex);
        archiveIfCreated(t, 0, ex);
        if (is2xx(ex) && isObject(ex.json) && ex.json.id !== undefined) made.add(JSON.stringify(ex.json.id));
        const id = isObject(ex.json) ? ex.json.id : undefined;
        if (await judgeSweepCase(t, ex, c, document, `${requestLine(ex)} (${as}) with ${c.description}`, taken[c.base], typeof id === 'number' ? id : undefined)) judged++;
      };
      const kept = cases.filter((c) => taken[c.base] !== false);
      for (const c of kept) await send(c, format);
      // Only the document's format is sent above; a target that also takes YAML reads it through
      // another loader, which may drop what it does not know: there the made-up keys go as YAML
      // too, in every run (the property below sends YAML only at random, and in the simulator
      // profile only).
      if (format !== 'yaml' && (await takesYamlCreate(t, own.stored))) {
        for (const c of kept) if (c.kind === 'made-up-key') await send(c, 'yaml');
      }
      t.note(`A-ERR-3 sweep: ${sent} misshapen definitions sent to create, ${judged} judged`);
      if (judged === 0) t.partial('A-ERR-3', 'the target took, or refused as invalid, every definition of the sweep: no object of any type was judged');
      await expectNothingCreated(t, 'A-ERR-3', "sweep's misshapen definitions", before, made, names);
      await sweepOwnPipeline(t, own, { bases, taken, cases: levels, offsets }, format);
    },
    { runs: 1 },
  );
}

/** What the sweep on the check's own pipeline is given: the bases (the check's own stored one last), which the target takes, every case of every base, and the rotation offsets of replace and update. */
interface OwnSweep {
  bases: readonly Document[];
  taken: readonly (boolean | undefined)[];
  cases: readonly SweepCase[];
  offsets: readonly [number, number];
}

/**
 * A-ERR-3 on replace and update, every object in every run, on the check's own pipeline: a
 * deployment may validate a PUT or a PATCH through other code than create's (a partial model, a
 * field-by-field update) and take there what create refuses. For each method, each object of the
 * definition gets a made-up key, an array and a string in its place (and the body itself an
 * array and a string; the first table item each object of `tableItemSweep`), each through one base: PUT's rotate over the bases the target takes, so
 * a run spreads the types over the objects and the seed moves them; PATCH's come from one base,
 * drawn by the seed and first put in place with a valid PUT where the target serves it (a patch
 * is read against what is stored: a patch of one destination type over another's settings would
 * be refused for that alone). A patch carries the top-level member holding the case whole, as
 * stored but for the one change (or the made-up key alone, at the top): whatever merge the
 * target does, deep or shallow, the object the patch carries holds a key no schema defines, or
 * a value of the wrong type, and must be refused; PATCH's made-up keys go again set to null (a
 * merge patch's deletion of a key the definition lacks: still an unknown key of the body), off
 * the simulator profile only at the top and in objects that refused the key with a value; the
 * top-level made-up key goes once more beside a changed description (the refusal must not apply
 * the patch's known members either). Every
 * answer must be 422 (off the simulator
 * profile, a taken made-up key is read back, as create's sweep does: kept, an open object;
 * dropped, the failure), and a refused one must leave the definition as it was: it is read
 * twice before (what moves by itself aside), and after each 422.
 */
async function sweepOwnPipeline(t: CheckContext, own: OwnPipeline, sweep: OwnSweep, format: DocumentFormat): Promise<void> {
  const methods = (['replace', 'update'] as const).filter((m) => own.endpoints.includes(m));
  if (methods.length === 0) {
    t.note("the target takes neither a PUT nor a PATCH of the check's own definition as it is: the sweep was sent to create only");
    return;
  }
  const ownBase = sweep.bases.length - 1;
  const bodies = sweep.cases.filter((c) => c.kind === 'not-object');
  const counts = { sent: 0, judged: 0, kept: 0 };
  let definition = await readDefinitionTwice(t, own.id);
  const send = async (method: 'replace' | 'update', c: SweepCase, body: unknown, patchType = own.patchType): Promise<Exchange> => {
    const ex = await sendDocument(t, method, { id: own.id, patchType }, body, format);
    counts.sent++;
    const what = `${requestLine(ex)} (${patchType === own.patchType || format !== 'json' ? format : patchType}) with ${c.description}`;
    if (await judgeSweepCase(t, ex, c, body, what, sweep.taken[c.base], own.id)) counts.judged++;
    if ('unreadable' in definition) return ex;
    // A 422 changed nothing; any other answer took the document or refused it otherwise: what
    // the pipeline holds then is what the next refusals must leave alone.
    if (ex.response.status === 422) {
      if (await expectDefinitionKept(t, 'A-ERR-3', own.id, definition, ex, what)) counts.kept++;
    } else {
      definition = await readDefinitionTwice(t, own.id);
    }
    return ex;
  };
  const name = own.stored.name;
  if (methods.includes('replace')) {
    const usable = sweep.bases.map((_, i) => i).filter((i) => sweep.taken[i] !== false);
    for (const [k, level] of objectLevels(sweep.cases).entries()) {
      const having = usable.filter((i) => sweep.cases.some((c) => c.base === i && sameLevel(c, level)));
      const base = having[(sweep.offsets[0] + k) % having.length];
      // Under the pipeline's own name: only the case differs from a definition it could hold.
      for (const c of sweep.cases) if (c.base === base && sameLevel(c, level)) await send('replace', c, isObject(c.document) ? { ...c.document, name } : c.document);
    }
    for (const c of bodies) await send('replace', c, c.document);
  }
  if (methods.includes('update')) {
    const base = await patchBase(t, own, sweep, methods.includes('replace'));
    if (base !== ownBase) definition = await readDefinitionTwice(t, own.id);
    // Every case in the first media type taken; the made-up keys (with a value, then null) in each
    // other one too, where a deployment may read the body through other code (a plain JSON body
    // into an update model that keeps only what it knows): few requests, one per object.
    let open = 0;
    for (const type of format === 'json' ? own.patchTypes : [own.patchType]) {
      const first = type === own.patchType;
      // The objects whose made-up key the update refused: closed to unknown keys on this target.
      const closed = new Set<string>();
      for (const c of sweep.cases) {
        if (c.base !== base || c.kind === 'not-object' || (!first && c.kind !== 'made-up-key')) continue;
        const ex = await send('update', c, patchCarrying(c), type);
        if (c.kind === 'made-up-key' && ex.response.status === 422) closed.add(showPath(c.at));
      }
      // The top-level made-up key again, beside a changed description (a member the PATCH probe
      // saw this target take): a handler that applies a patch's known members one by one before
      // it refuses the unknown ones answers the right 422 with the description changed.
      const top = first ? sweep.cases.find((c) => c.base === base && c.kind === 'made-up-key' && c.at.length === 0) : undefined;
      if (top !== undefined) {
        const body = patchCarrying(top);
        if (isObject(body)) await send('update', { ...top, description: `${top.description}, beside a changed description` }, { ...body, description: 'changed by a refused update' }, type);
      }
      // The made-up keys again, set to null: a merge patch's deletion of a key the definition does
      // not have is a no-op to merging, yet the body holds an unknown key all the same. Inside an
      // object the target keeps open (its made-up key taken) a null deletes nothing there: not sent.
      for (const c of sweep.cases.map(madeUpKeyNulled)) {
        if (c === null || c.base !== base) continue;
        if (t.profile === 'simulator' || c.at.length === 0 || closed.has(showPath(c.at))) await send('update', c, patchCarrying(c), type);
        else open++;
      }
    }
    if (open) t.note(`${open} made-up key(s) set to null were not sent in a PATCH: their object took the same key with a value (open to any key on this target, or the update refused otherwise), where a null deletes nothing`);
    if (own.patchTypes.length > 1 && format === 'json') t.note(`the update sweep's made-up keys went in every PATCH media type the target took: ${own.patchTypes.join(', ')}`);
    for (const c of bodies) await send('update', c, c.document);
  }
  t.note(`A-ERR-3 sweep of the check's own pipeline: ${counts.sent} misshapen definitions sent to ${methods.join(' and ')}, ${counts.judged} judged, ${counts.kept} refusals seen to leave the definition as it was`);
  if ('unreadable' in definition) t.note(`that the refused replaces and updates of the sweep left the definition as it was was not verified: ${definition.unreadable}`);
}

/** The objects the cases put something at, outermost first, once each (the document itself included). */
function objectLevels(cases: readonly SweepCase[]): Segment[][] {
  const seen = new Map<string, Segment[]>();
  for (const c of cases) if (c.kind !== 'not-object' && !seen.has(showPath(c.at))) seen.set(showPath(c.at), c.at);
  return [...seen.values()];
}

function sameLevel(c: SweepCase, level: readonly Segment[]): boolean {
  return c.kind !== 'not-object' && showPath(c.at) === showPath(level);
}

/**
 * The base update's sweep patches: drawn by the seed among the bases the target takes, and put in
 * place first with a valid PUT under the pipeline's name, where replace is served and the drawn
 * base is not the stored one; the check's own stored definition where that cannot be done.
 * `own.stored` follows what the pipeline then holds.
 */
async function patchBase(t: CheckContext, own: OwnPipeline, sweep: OwnSweep, replaceServed: boolean): Promise<number> {
  const ownBase = sweep.bases.length - 1;
  const sure = sweep.bases.map((_, i) => i).filter((i) => sweep.taken[i] === true);
  const drawn = sure[sweep.offsets[1] % sure.length] ?? ownBase;
  const doc = sweep.bases[drawn];
  if (drawn === ownBase || !replaceServed || doc === undefined) return ownBase;
  const stored = { ...doc, name: own.stored.name };
  const ex = await sendDocument(t, 'replace', own, stored, definitionFormat(t));
  if (!is2xx(ex)) {
    t.note(`${requestLine(ex)} with the documented definition of ${typesOf(doc)} answered ${ex.response.status}: the updates of the sweep patch the check's own definition`);
    return ownBase;
  }
  own.stored = stored;
  return drawn;
}

/**
 * The patch of a case: the top-level member that holds the case, whole (a made-up key at the top:
 * that key alone). Deep-merged or put in place as it is, the object it carries holds the case.
 */
function patchCarrying(c: SweepCase): unknown {
  const [top] = c.at;
  if (!isObject(c.document)) return c.document;
  if (top === undefined) return c.key === undefined ? c.document : { [c.key]: c.document[c.key] };
  return { [top]: c.document[top] };
}

/**
 * Whether the target creates a pipeline from the check's own definition sent as YAML (renamed;
 * archived after the check): the one probe that says YAML bodies reach its create. Noted either way.
 */
async function takesYamlCreate(t: CheckContext, stored: Document): Promise<boolean> {
  const ex = await aSend(t, t.a(), 'pipelines.create', documentBody({ ...stored, name: uniqueName(t, 'err-yaml') }, 'yaml'));
  archiveIfCreated(t, 0, ex);
  t.note(is2xx(ex) ? 'the target takes a definition as YAML on create: the made-up keys of the sweep were sent as YAML too' : `the check's own definition sent as YAML to create answered ${ex.response.status}: the sweep was sent in ${definitionFormat(t)} only`);
  return is2xx(ex);
}

function typesOfBase(bases: readonly Document[], i: number): string {
  const doc = bases[i];
  return doc === undefined ? `base ${i}` : `${String(valueAt(doc, ['source', 'type']))} source, ${String(valueAt(doc, ['destination', 'type']))} destination`;
}

/** Off the simulator profile, whether the target's validation takes each documented base (undefined where it serves none). */
async function documentedTaken(t: CheckContext, own: OwnPipeline, bases: readonly Document[], format: DocumentFormat): Promise<(boolean | undefined)[]> {
  if (!own.endpoints.includes('validate')) return bases.map(() => undefined);
  const out: boolean[] = [];
  for (const base of bases) out.push(is2xx(await aSend(t, t.a(), 'pipelines.validate', documentBody(base, format))));
  return out;
}

/** The create route answered as one the target does not serve: the sweep cannot run (the own pipeline was made, so this is rare). */
function skipUnlessServedCreate(t: CheckContext, ex: Exchange): void {
  if (routeMissing(ex)) t.skip(`pipelines.create answered ${ex.response.status} to the first definition of the sweep after it had created the check's own pipeline: the sweep could not be sent`);
}

/** A document of the sweep with a name no other pipeline has (a lenient target may create it; the next must not clash). */
function renamedForSweep(t: CheckContext, document: unknown): unknown {
  return isObject(document) && typeof document.name === 'string' ? { ...document, name: uniqueName(t, 'err-sweep') } : document;
}

/**
 * One case of the sweep: 422 with the error object (`judgeMisshapen`), except off the simulator
 * profile where a base the target was not seen to take answers 400 (its own rule, not judged) and
 * where a made-up key inside the document is taken (read back: kept is an open object, dropped
 * is the failure).
 */
async function judgeSweepCase(t: CheckContext, ex: Exchange, c: SweepCase, sent: unknown, what: string, baseTaken: boolean | undefined, id: number | undefined): Promise<boolean> {
  if (t.profile !== 'simulator') {
    if (c.kind === 'made-up-key' && c.at.length > 0 && is2xx(ex)) return judgeTakenKey(t, ex, c, sent, what, id);
    if (baseTaken !== true && ex.response.status === 400) {
      t.note(`${what}: 400; the documented definition of these types may break a rule of the target's schema, so the answer was not judged`);
      return false;
    }
  }
  return judgeMisshapen(t, ex, what, c.kind);
}

/**
 * A made-up key inside the document that the target took: its definition is read back. Kept, the
 * object is open to any key on this target (free-form settings), which the spec allows: noted.
 * Dropped while the object's other keys are there, it was unknown to the target and taken
 * silently: A-ERR-3 fails. Where the definition cannot be read, or does not show the object,
 * nothing is judged (noted).
 */
async function judgeTakenKey(t: CheckContext, ex: Exchange, c: SweepCase, sent: unknown, what: string, id: number | undefined): Promise<boolean> {
  const key = c.key as string;
  const unjudged = (why: string): false => {
    t.note(`${what}: ${ex.response.status}, and ${why}: whether the target keeps the key (an object open to any key) or dropped it was not seen`);
    return false;
  };
  if (aRoute(t, 'pipelines.definition') === null || id === undefined) return unjudged('the definition cannot be read back');
  const read = await readDefinition(t, id);
  if (!('value' in read)) return unjudged(`the definition read answered ${read.ex.response.status}`);
  const there = valueAt(read.value, c.at);
  const given = valueAt(sent, c.at);
  const siblings = isObject(given) ? Object.keys(given).filter((k) => k !== key) : [];
  if (!isObject(there) || !siblings.some((k) => Object.hasOwn(there, k))) return unjudged('the definition read does not show that object');
  if (Object.hasOwn(there, key)) {
    t.note(`${what}: ${ex.response.status}, and the definition read back keeps the key: that object takes any key on this target (not an unknown key)`);
    return false;
  }
  t.expect.that(false, {
    clause: 'A-ERR-3',
    message: `${what} answered ${ex.response.status}, and the definition read back has the object without the key: the target took a key unknown to it and dropped it silently, where an unknown key is 422`,
    expected: '422 (or the key kept, where the object takes any key)',
    // That object as read back, short and whole, its secrets as the marker (it may be a connection): not the definition's text cut.
    received: `${showPath(c.at)} read back as ${show(there)}`,
    exchange: ex,
  });
  return true;
}

/**
 * The refused definitions changed nothing: account 1's pipeline list (archived ones included)
 * holds no pipeline after the requests (`what`) that it did not hold before, but those a 2xx
 * answer named (taken where the target's schema allowed it). A new pipeline under another name
 * than the requests' is someone else's. Unverified (noted, false) where the list cannot be read whole.
 */
async function expectNothingCreated(t: CheckContext, clause: 'A-ERR-2' | 'A-ERR-3', what: string, before: OwnPipelineList, made: ReadonlySet<string>, names: ReadonlySet<string>, account: Account = 0): Promise<boolean> {
  const unverified = (why: string): false => {
    t.note(`that the refused ${what} created no pipeline was not verified: ${why}`);
    return false;
  };
  if (before === null) return unverified('the target serves no pipeline list');
  if ('refused' in before) return unverified(`the pipeline list answered ${before.refused.response.status}`);
  if (!before.complete) return unverified(before.incomplete ?? 'the list could not be read whole');
  const after = await walkOwnPipelineList(t, account);
  if (after === null || 'refused' in after || !after.complete) return unverified('the pipeline list could not be read whole after the sweep');
  const known = new Set(before.items.map((p) => (isObject(p) ? JSON.stringify(p.id) : JSON.stringify(p))));
  const appeared = after.items.filter(isObject).filter((p) => !known.has(JSON.stringify(p.id)) && !made.has(JSON.stringify(p.id)) && (typeof p.name !== 'string' || names.has(p.name)));
  t.expect.that(appeared.length === 0, {
    clause,
    message: `the ${what} were refused, yet the pipeline list shows ${appeared.length} new pipeline(s) they made: ${appeared.slice(0, 3).map((p) => `${JSON.stringify(p.id)} ${JSON.stringify(p.name)}`).join(', ')}`,
    expected: 'no pipeline made by a refused request',
    received: appeared.slice(0, 3).map((p) => `id ${show(p.id)}, name ${show(p.name)}`).join('; '),
  });
  return true;
}

/**
 * A-ERR-3: 422 with the error object. In the simulator profile, always. Elsewhere the shape is
 * the simulator's schema's: a target whose schema defines the key or takes the type may accept
 * it (noted), and one may count a value of another type as a failed validation (400, A-ERR-2's
 * answer, noted); a body that is no object, a made-up top-level key no schema defines, and a key
 * the target refuses must still be 422.
 */
function judgeMisshapen(t: CheckContext, ex: Exchange, what: string, kind: MisshapenDocument['kind']): boolean {
  if (t.profile !== 'simulator') {
    const tolerated = (kind !== 'not-object' && kind !== 'made-up-key' && is2xx(ex)) || (kind === 'wrong-type' && ex.response.status === 400);
    if (tolerated) {
      t.note(`${what}: ${ex.response.status}, the target's schema judges it otherwise than the documented one`);
      return false;
    }
  }
  t.expect.status(ex, 422, 'A-ERR-3', `${what} answered ${ex.response.status}, expected 422`);
  t.expect.errorObjectA(ex, 'A-ERR-3');
  return true;
}

/** The whole-number fields a definition may hold, first found first: the source's port, the batch interval, the destination's port. */
const WHOLE_NUMBER_FIELDS: readonly Segment[][] = [
  ['source', 'connection', 'port'],
  ['sync', 'interval_minutes'],
  ['destination', 'settings', 'port'],
];

/**
 * A number with a fraction where the check's own definition holds a whole number (its port, say
 * 5432.7 for 5432), sent to create (under a fresh name) and to replace (the check's own pipeline):
 * a reader that casts the field to an integer before its schema (an ORM's int column) takes it
 * and stores 5432. The spec's split does not settle which refusal fits (a number of the wrong
 * kind, the wrong shape: 422, A-ERR-3; a value that breaks the field's rule, failed validation:
 * 400 naming the field, A-ERR-2), so either is taken, each judged by its clause; a success is
 * not. In the simulator profile the documented schema says the field is an integer: a 2xx fails.
 * Elsewhere the target's schema is its own: a 2xx is judged by the definition read back, the
 * fraction kept (a field that takes any number on this target) noted, anything else (cut, rounded,
 * dropped) failed: the body was neither refused nor taken as sent. A replace taken is undone with
 * the stored definition. 2 requests (and a read and an undo per one taken off the simulator profile).
 */
async function expectFractionalIntegerRefused(t: CheckContext, own: OwnPipeline): Promise<void> {
  const path = WHOLE_NUMBER_FIELDS.find((p) => Number.isSafeInteger(valueAt(own.stored, p)));
  if (path === undefined) return t.note(`no whole-number field was given a fraction: the check's own definition holds none of ${WHOLE_NUMBER_FIELDS.map((p) => showPath(p)).join(', ')} as a whole number`);
  const value = (valueAt(own.stored, path) as number) + 0.7;
  const field = showPath(path);
  const format = definitionFormat(t);
  for (const endpoint of own.endpoints.filter((e): e is 'create' | 'replace' => e === 'create' || e === 'replace')) {
    const document = withValue(endpoint === 'create' ? { ...own.stored, name: uniqueName(t, 'err-fraction') } : own.stored, path, value);
    const ex = await sendDocument(t, endpoint, own, document, format);
    archiveIfCreated(t, 0, ex);
    const what = `${requestLine(ex)} (${format}) with the check's own definition, ${field} ${value} (a fraction where it holds a whole number)`;
    if (ex.response.status === 400) {
      t.expect.errorObjectA(ex, 'A-ERR-2');
      t.expect.that(namesField(ex.json, [path]), { clause: 'A-ERR-2', message: `the 400 for ${field} ${value} does not name the field`, expected: `the body names ${JSON.stringify(field)}`, received: describeResponse(ex), exchange: ex });
      continue;
    }
    if (!is2xx(ex) || t.profile === 'simulator') {
      t.expect.status(ex, 422, 'A-ERR-3', `${what} answered ${ex.response.status}, expected 422 (or 400 naming the field: failed validation)`);
      t.expect.errorObjectA(ex, 'A-ERR-3');
      continue;
    }
    const id = endpoint === 'replace' ? own.id : createdId(ex);
    if (aRoute(t, 'pipelines.definition') === null || typeof id !== 'number') {
      t.note(`${what}: ${ex.response.status}, and the definition cannot be read back: whether the target keeps the fraction (a field taking any number) or cut it was not seen`);
      continue;
    }
    const read = await readDefinition(t, id);
    if (endpoint === 'replace') await sendDocument(t, 'replace', own, own.stored, format);
    if (!('value' in read)) {
      t.note(`${what}: ${ex.response.status}, and the definition read answered ${read.ex.response.status}: whether the target keeps the fraction or cut it was not seen`);
      continue;
    }
    const there = valueAt(read.value, path);
    if (there === value) {
      t.note(`${what}: ${ex.response.status}, and the definition read back keeps ${value}: that field takes any number on this target`);
      continue;
    }
    t.expect.that(false, {
      clause: 'A-ERR-3',
      message: `${what} answered ${ex.response.status}, and the definition read back holds ${field} ${show(there)}: the target took a number its field does not hold and changed it silently, where a body of the wrong shape is 422 (or 400 naming the field)`,
      expected: `422 or 400, or ${field} kept as ${value}`,
      received: `${field} read back as ${show(there)}`,
      exchange: read.ex,
    });
  }
}

/**
 * The document with an own "__proto__" key (a string): JSON and YAML carry it as any other key.
 * A server that copies a parsed body by assignment (Object.assign, a for-in copy) sends it
 * through the prototype setter, where it vanishes, and takes the body; no schema defines it.
 */
function withProtoKey(document: Record<string, unknown>): Record<string, unknown> {
  return Object.defineProperty({ ...document }, '__proto__', { value: 'junk', enumerable: true, writable: true, configurable: true });
}

/**
 * A body with an own "__proto__" key: 422, as any made-up key. Off the simulator profile a 400 is
 * noted, not failed: body parsers guarding against prototype poisoning (Fastify's, secure-json-parse)
 * refuse such a body before the schema sees it; taking it is a failure everywhere.
 */
function judgeProtoKey(t: CheckContext, ex: Exchange, what: string): void {
  if (t.profile !== 'simulator' && ex.response.status === 400) {
    t.note(`${what}: 400, refused by the body parser before the schema (a guard against prototype poisoning), not judged as A-ERR-3's 422`);
    return;
  }
  judgeMisshapen(t, ex, what, 'made-up-key');
}

/**
 * Keys of a definition with a blank before or after (" name", "description "), and the empty
 * key, each with a value its trimmed twin would take, and the fresh name each create goes under: keys are compared as strings, so each is
 * unknown to any schema (the spec's names have no blanks).
 */
function blankedKeys(t: CheckContext, stored: Record<string, unknown>): [key: string, value: unknown, name: string][] {
  const description = typeof stored.description === 'string' ? stored.description : 'blanks around a key';
  // Each create under a fresh name, " name" holding that name too: taken, it is a 2xx, not a 409.
  const named = (key: string, value?: unknown): [string, unknown, string] => {
    const name = uniqueName(t, 'err-blank');
    return [key, value ?? name, name];
  };
  return [named(' name'), named('description ', description), named('', description)];
}

/**
 * A blank-padded or empty key: 422, as any made-up key. The empty key may also be refused as a
 * malformed body (400, noted): a parser or binder may refuse it before the schema sees it.
 * Taking either is a failure everywhere.
 */
function judgeBlankedKey(t: CheckContext, ex: Exchange, what: string, key: string): void {
  if (key === '' && ex.response.status === 400) {
    t.note(`${what}: 400, the empty key refused as a malformed body before the schema, not judged as A-ERR-3's 422`);
    return;
  }
  judgeMisshapen(t, ex, what, 'made-up-key');
}

/** Prints a case as `endpoint (format): description` in counterexamples (and the key, when it is the non-admin one). */
function describeCase<T>(describe: (broken: T) => string): (c: DocumentCase<T>) => DocumentCase<T> {
  return (c) => Object.assign(c, { [fc.toStringMethod]: () => `${c.endpoint} (${c.format}${c.nonAdmin ? ', non-admin key' : ''}${c.otherAccount ? ', account 2' : ''}): ${describe(c.broken)}` });
}
