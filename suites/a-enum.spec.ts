import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { aTargetFindsPipelines } from './lib/controls.ts';
import { foundPipeline } from './lib/evidence.ts';
import { describeResponse } from './lib/expect.ts';
import { absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { comparableBody, headerDifferences, Volatility } from './lib/comparison.ts';
import { CookieValueTally, PRESENCE_TELLS, PresenceTally } from './lib/header-presence.ts';
import { accountTwoPipelines, archiveIfCreated, createPipeline, definitionChanges, makePipeline, notAccountOnes, readDefinition, readPipeline, sharedIdsSkip, startPipeline, walkOwnPipelineList, type DefinitionRead, type ForeignPipeline, type OwnPipelineList } from './lib/factories/pipelines.ts';
import { setupFailed } from './lib/factories/setup.ts';
import { MADE_UP_KEY_PREFIX, OTHER_TYPES_PATCH, otherTypesDefinition, plainDefinition, withValue } from './lib/arbitraries/definitions.ts';
import { is2xx, isObject, sameJson, type JsonObject } from './lib/answers.ts';
import type { CheckContext, Exchange, RequestOptions } from './lib/types.ts';
import { withKey } from './lib/clients.ts';
import type { Account } from './lib/factories/removal.ts';
import { aRoute, aSend, definitionFormat, listItemsOf, pathWithId, pipelineOperations, pipelineState, routeOrSkip, validOptions } from './catalog/a-requests.ts';
import { firstPageQuery } from './catalog/a-lists.ts';
import { documentBody } from './lib/documents.ts';
import { looksSecret } from './lib/redact.ts';
import { expectRenameFree, expectValidateNameFree, liveNamedForeign } from './lib/foreign-names.ts';
import { expectOwnPagingOwnOnly } from './lib/own-paging.ts';

/*
 * A-ENUM-1: account 1 asking for account 2's pipeline (every operation, its writes also with a
 * valid body of other types, its reads with each Accept, a HEAD of the read, three
 * conditional reads, OPTIONS and a write the pipeline's path does not serve, and a path under it
 * no deployment serves, with the key and without one) gets exactly what it gets for a pipeline that does not exist: the same status (404 for the spec's DELETE; any, but the same, for the
 * operations the spec does not define), the same body (the requested id aside, should the body
 * repeat it) and the same headers (date, request ids, and whatever two absent ids already get
 * differently, aside; a cookie, `Last-Modified` and `Expires` by their presence over all pairs,
 * `expectNoPresenceTell`, and a cookie by its value where the value is steady for each kind,
 * `expectNoCookieValueTell`; an ETag by its value where the absent ids all share one, as an ETag
 * hashed from an error body that does not echo the id is, else by its presence). Account 2's
 * pipelines are made for the check in three states: never deployed, deployed, archived; a
 * deployed one is asked about again once it has lived on past the state it started in
 * (a-enum/foreign-pipeline-later-same-404: a service may tell another account's pipeline only in
 * a later state).
 * X-ISO-1: none of account 1's attempts changes them, account 1's list, read whole, does not
 * show them, nor does account 1's list asked right after account 2's (a cache that forgot the account), and a name one of them has is account 1's to give a pipeline (create, rename, and the dry run of a create) as a fresh one is.
 * Nor does a header that selects an account (`X-Account: <account 2's account_id>`, an account
 * switcher's) let account 1's key read or change account 2's pipelines (`expectAccountHeadersIgnored`).
 * And the other way round, in a few requests (`expectReverseSameAnswer`): account 2 asking for
 * account 1's pipelines gets an absent id's answer too, and its writes change nothing there (a
 * lookup falling back on the first account's pipelines leaks to the others only).
 */

interface Operation {
  label: string;
  /** The catalog's operation, where the request is one. */
  operation?: string;
  /**
   * The clause a success breaks: A-ENUM-1 (the pipeline's existence told) by default; X-ISO-1
   * where the request claims account 2 (a header naming it), so a success acts in account 2.
   */
  successClause?: 'X-ISO-1';
  /** The spec's archive, the one operation whose answer for an absent pipeline the spec fixes (404). */
  archive: boolean;
  /** A HEAD of the read: no operation of the catalog, and without a body to hold an error object. */
  head?: boolean;
  /** A method the pipeline's path serves for no operation (OPTIONS, say), or a path under it the target serves for none: any answer, but alike. */
  unserved?: boolean;
  /** A write with a body no deployment may take: any answer (a 404, or the body's 400 or 422), but alike. */
  invalidBody?: boolean;
  /**
   * A valid write that changes every type of the pipeline (`otherTypesOperations`): asked once of
   * each live pipeline of account 2's in the forward pass (and in its property), not of archived
   * ones (their plain writes are asked), nor in the reverse pass or a later state (a few requests
   * fewer: the rule it provokes is about the stored pipeline's types, seen in the first pass).
   */
  typesChange?: boolean;
  /** A read asking for a representation by `Accept` (`expectAcceptSameAnswer`): whether it is served is the target's choice (gaps.md), so any answer, but alike. */
  representation?: boolean;
  /** Sent without a key: a router that finds the id before it asks for the key tells anyone. */
  keyless?: boolean;
  method: string;
  path: (id: number) => string;
  options?: (id: number) => RequestOptions;
}

/**
 * Every operation of the catalog on one pipeline, with valid bodies; and the writes with a body
 * (the update's merge patch, the replace's definition, where served) again with invalid ones
 * (`invalidBodyOperations`), for a handler that loads the row in any account and validates the
 * body before it compares the owner tells a foreign pipeline by its 400 or 422. And a HEAD of the read where the target routes it as a GET: a HEAD answered from an id
 * index of every account (an existence probe that never loads the record) tells as a read would.
 * Where the target does not serve HEAD it answers both ids alike (a 405 for each, say).
 */
function operations(t: CheckContext): Operation[] {
  const ops: Operation[] = pipelineOperations(t).map((e) => ({ label: `${e.route.method} ${e.route.path}`, operation: e.operation, archive: e.operation === 'pipelines.archive', method: e.route.method, path: (id) => pathWithId(e, id), options: () => validOptions(t, e, `enum-${e.operation}`) }));
  ops.push(...invalidBodyOperations(t), ...otherTypesOperations(t));
  const read = pipelineOperations(t).find((e) => e.operation === 'pipelines.read' && e.route.method === 'GET');
  if (read) ops.push({ label: `HEAD ${read.route.path}`, archive: false, head: true, method: 'HEAD', path: (id) => pathWithId(read, id) });
  // Conditional reads (RFC 9110 13.1): a precondition judged from an id index of every account,
  // before the owner is compared, answers 304 (or 412) for another account's pipeline. Three
  // requests, one precondition each: `*` (any current representation), an ETag no deployment
  // made, and a date long before any pipeline.
  if (read) {
    const conditions: [string, Record<string, string>, boolean][] = [
      ['If-None-Match: *', { 'If-None-Match': '*' }, false],
      ['If-None-Match: a made-up ETag', { 'If-None-Match': '"disco-made-up-etag"' }, true],
      ['If-Modified-Since: 2000', { 'If-Modified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' }, false],
    ];
    for (const [what, headers, head] of conditions) ops.push({ label: `${head ? 'HEAD' : 'GET'} ${read.route.path} (${what})`, archive: false, ...(head ? { head } : {}), method: head ? 'HEAD' : 'GET', path: (id) => pathWithId(read, id), options: () => ({ headers }) });
  }
  // Methods the pipeline's path serves for no operation: a 405 whose Allow (or message) says what
  // this pipeline permits now, or an OPTIONS that lists it, tells a foreign pipeline from an
  // absent one as surely as a 404 that differs. OPTIONS, and one write the path lacks.
  const record = read ?? pipelineOperations(t).find((e) => e.route.path.includes('{id}'));
  if (record) {
    const served = new Set(pipelineOperations(t).filter((e) => e.route.path === record.route.path).map((e) => e.route.method.toUpperCase()));
    const unserved = ['OPTIONS', ...['POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !served.has(m)).slice(0, 1)].filter((m) => !served.has(m));
    for (const method of unserved) ops.push({ label: `${method} ${record.route.path} (a method it serves for no operation)`, archive: false, unserved: true, method, path: (id) => pathWithId(record, id) });
    // A path under the pipeline's that no deployment serves: a sub-router that loads the id (in
    // any account) before it finds no handler answers it otherwise for an id some account holds.
    // With the key, and without one (where both must be refused alike, however).
    const sub = (id: number): string => `${pathWithId(record, id).replace(/\/+$/, '')}/disco-no-such-part`;
    ops.push({ label: `GET ${record.route.path}/disco-no-such-part (a path under it the target serves for nothing)`, archive: false, unserved: true, method: 'GET', path: sub });
    ops.push({ label: `GET ${record.route.path}/disco-no-such-part without a key`, archive: false, unserved: true, keyless: true, method: 'GET', path: sub });
  }
  return ops;
}

/**
 * The update and the replace (where served) with a body no deployment may take, two each: a
 * made-up top-level key no schema defines (A-ERR-3's unknown key, 422 wherever the body is read)
 * and a port out of range (A-ERR-2's failing field, in the documented definition schema). Sent to
 * a foreign and an absent id, they must be answered alike, whatever the answer is: an absent id's
 * 404, or the refusal of the body where a target reads it before the id (then for both ids). A
 * handler that loads the row in any account, merges and validates the body, and leaves the owner
 * to the save's WHERE clause answers account 2's pipeline 400 or 422 naming the field.
 */
function invalidBodyOperations(t: CheckContext): Operation[] {
  const madeUp = `${MADE_UP_KEY_PREFIX}enum`;
  const bodies: Partial<Record<string, [string, () => RequestOptions][]>> = {
    'merge-patch': [
      [`the made-up key ${madeUp}`, () => ({ body: { [madeUp]: 1 } })],
      ['source.connection.port 99999', () => ({ body: { source: { connection: { port: 99999 } } } })],
    ],
    definition: [
      [`the made-up key ${madeUp}`, () => documentBody({ ...plainDefinition(t.name('enum-invalid')), [madeUp]: 1 }, definitionFormat(t))],
      ['source.connection.port 99999', () => documentBody(withValue(plainDefinition(t.name('enum-invalid')), ['source', 'connection', 'port'], 99999), definitionFormat(t))],
    ],
  };
  return pipelineOperations(t)
    .filter((e) => e.operation === 'pipelines.update' || e.operation === 'pipelines.replace')
    .flatMap((e) => (bodies[e.body] ?? []).map(([what, options]): Operation => ({ label: `${e.route.method} ${e.route.path} (an invalid body: ${what})`, operation: e.operation, invalidBody: true, archive: false, method: e.route.method, path: (id) => pathWithId(e, id), options })));
}

/**
 * The update and the replace (where served) with a valid body that changes every type of
 * account 2's pipelines (all made from postgres to s3, cdc): `otherTypesDefinition` (mysql to
 * bigquery, batch) and the merge patch to it. A service may refuse such a change of a deployed
 * pipeline (its connector cannot be swapped while it runs: a 409, stop it first), but a rule
 * checked on the row loaded by id in any account, before the owner is compared, tells account 2's
 * deployed pipeline by its 409 where an absent id is 404. Any answer, but alike; in the simulator
 * profile an absent id's is 404 (the bodies are valid there).
 */
function otherTypesOperations(t: CheckContext): Operation[] {
  const bodies: Partial<Record<string, () => RequestOptions>> = {
    'merge-patch': () => ({ body: OTHER_TYPES_PATCH }),
    definition: () => documentBody(otherTypesDefinition(t.name('enum-other-types')), definitionFormat(t)),
  };
  return pipelineOperations(t)
    .filter((e) => e.operation === 'pipelines.update' || e.operation === 'pipelines.replace')
    .flatMap((e) => {
      const options = bodies[e.body];
      return options ? [{ label: `${e.route.method} ${e.route.path} (a valid body of other types: mysql to bigquery, batch)`, operation: e.operation, typesChange: true, archive: false, method: e.route.method, path: (id: number) => pathWithId(e, id), options }] : [];
    });
}

/** Who asks about whose pipelines: account 1 about account 2's, and in the reverse pass account 2 about account 1's. */
interface Sides {
  prober: Account;
  owner: Account;
}

const FORWARD: Sides = { prober: 0, owner: 1 };
const REVERSE: Sides = { prober: 1, owner: 0 };

function send(t: CheckContext, op: Operation, id: number, prober: Account = 0): Promise<Exchange> {
  return (op.keyless ? t.aWithAuthorization(null) : t.a(prober)).request(op.method, op.path(id), op.options?.(id) ?? {});
}

/**
 * Answers every operation gets alike for a foreign and an absent id. Only the archive is the spec's
 * (5A.8, 4A: 404); the other operations are the simulator's (A-GAP-1; a target may route one as
 * a DELETE too, a stop as `DELETE .../deployment` say), so elsewhere they need
 * only answer foreign and absent alike (a 405 or a 422 for both is conformant). The simulator's
 * own convention, 404 for every operation, is binding in the simulator profile.
 */
function expectSameAnswer(t: CheckContext, op: Operation, foreign: { id: number; state: string }, foreignEx: Exchange, absentId: number, absentEx: Exchange, volatility: Volatility, presence: PresenceTally, cookies: CookieValueTally, sides: Sides = FORWARD): void {
  const what = `${op.label} of account ${sides.owner + 1}'s ${foreign.state} pipeline`;
  presence.record(op.label, foreignEx, absentEx);
  cookies.record(String(foreign.id), foreignEx, String(absentId), absentEx);
  // A HEAD or OPTIONS the target (or a proxy before it) serves for any id is no tell: only likeness is judged.
  if (!op.head && !op.unserved) t.expect.that(!is2xx(foreignEx), {
    clause: op.successClause ?? 'A-ENUM-1',
    message: `${what} succeeded for account ${sides.prober + 1}`,
    expected: 'the answer of an absent pipeline',
    received: describeResponse(foreignEx),
    exchange: foreignEx,
  });
  // An invalid body's absent answer is left free even there: the order of id and body is no convention.
  if (op.archive || (t.profile === 'simulator' && !op.head && !op.unserved && !op.invalidBody && !op.representation)) {
    t.expect.status(absentEx, 404, 'A-ENUM-1', `${op.label} of an absent pipeline answered ${absentEx.response.status}, expected 404`);
  }
  t.expect.that(foreignEx.response.status === absentEx.response.status, {
    clause: 'A-ENUM-1',
    message: `${what} answered ${foreignEx.response.status}, where an absent pipeline gets ${absentEx.response.status}: the answer tells that the pipeline exists`,
    expected: `status ${absentEx.response.status}, as for an absent pipeline`,
    received: describeResponse(foreignEx),
    exchange: foreignEx,
  });
  if (foreignEx.response.status === 404 && !op.head) t.expect.errorObjectA(foreignEx, 'A-ERR-1');
  if (absentEx.response.status === 404 && !op.head) t.expect.errorObjectA(absentEx, 'A-ERR-1');
  // Both ids blanked in both bodies: a short id (a fixture's 1) is also a token of what both
  // answers share (a region `eu-1`), which blanking in one body alone would make differ.
  const ids = [String(foreign.id), String(absentId)];
  // Each answer's own time stamp (an error body's `timestamp`) is no tell, though two absent answers may have shared one.
  volatility.learnStamps(foreignEx, absentEx);
  const a = comparableBody(foreignEx, ids, volatility);
  const b = comparableBody(absentEx, ids, volatility);
  t.expect.that(a === b, {
    clause: 'A-ENUM-1',
    message: `${what} gets another body than an absent pipeline`,
    expected: absentEx.response.body,
    received: foreignEx.response.body,
    exchange: foreignEx,
  });
  const diff = headerDifferences(volatility.comparableHeaders(foreignEx), volatility.comparableHeaders(absentEx), volatility.headers);
  t.expect.that(diff.length === 0, {
    clause: 'A-ENUM-1',
    message: `${what} gets other headers than an absent pipeline`,
    expected: `the same headers (date, request ids and what differs between two absent ids aside: ${volatility.describe()})`,
    received: diff.join('; '),
    exchange: foreignEx,
  });
}

/**
 * 5A.8's identical 404 whatever the caller's role: the pipeline read and the archive (the spec's
 * 404) of one of account 2's pipelines with account 1's non-admin key (`pipeline_key`), each
 * beside absent ids asked with that key. A service whose non-admin keys go through an ACL that
 * loads the id in any account before comparing the owner answers them 403 where an absent id is
 * 404. Two absent ids first (what they differ in by themselves), then the foreign one and a third
 * absent: 8 requests at most. Returns the next seed of absent ids.
 */
async function expectNonAdminSameAnswer(t: CheckContext, foreign: readonly ForeignPipeline[], ops: readonly Operation[], presence: PresenceTally, cookies: CookieValueTally, seed: number): Promise<number> {
  const key = t.target.a[0]?.nonAdminKey;
  if (!key) {
    t.note("account 2's pipelines were asked about with account 1's admin key only: the target document gives account 1 no pipeline_key, so whether a non-admin key gets the same answer as for an absent id was not seen");
    return seed;
  }
  const f = foreign.find((p) => p.state === 'deployed') ?? foreign[0];
  if (f === undefined) return seed;
  const client = withKey(t, key);
  const absents = new AbsentAnswers();
  const chosen = ops.filter((op) => op.operation === 'pipelines.archive' || (op.operation === 'pipelines.read' && !op.head));
  for (const base of chosen) {
    const op: Operation = { ...base, label: `${base.label} with account 1's non-admin key` };
    const ask = async (id: number): Promise<Exchange> => client.request(op.method, op.path(id), op.options?.(id) ?? {});
    for (let i = 0; i < 2; i++) {
      const id = absentIdFrom(t.target, seed++);
      absents.record(op, id, await ask(id));
    }
    const absentId = absentIdFrom(t.target, seed++);
    const foreignEx = await ask(f.id);
    const absentEx = await ask(absentId);
    absents.record(op, absentId, absentEx);
    expectSameAnswer(t, op, f, foreignEx, absentId, absentEx, absents.of(op), presence, cookies);
  }
  return seed;
}

/** The media types a read is asked for besides the client's default (no Accept): YAML (gaps.md names it beside JSON for the definition), its other spelling, JSON, and anything. */
const DEFINITION_ACCEPTS = ['application/yaml', 'text/yaml', 'application/json', '*/*'] as const;
/** The pipeline read's: its metadata has no documented YAML form, so one YAML spelling. */
const PIPELINE_ACCEPTS = ['application/yaml', 'application/json', '*/*'] as const;

/**
 * A-ENUM-1 whatever representation is asked for: the definition read and the pipeline read of
 * one of account 2's pipelines (the deployed one where there is one) with each `Accept` of
 * `DEFINITION_ACCEPTS` / `PIPELINE_ACCEPTS`, beside absent ids asked the same. A representation
 * rendered by another code path (a YAML export service that loads the row in any account and
 * compares the account itself: 403) tells another account's pipeline only when asked for it.
 * Whether the target serves the representation is its choice (gaps.md): a 406 or JSON for both
 * is conformant; only the likeness is judged. An absent id, the foreign one, then another absent
 * (what two absent ids differ in is learnt from those two): 3 requests an Accept, 21 in all.
 * Returns the next seed of absent ids.
 */
async function expectAcceptSameAnswer(t: CheckContext, foreign: readonly ForeignPipeline[], ops: readonly Operation[], presence: PresenceTally, cookies: CookieValueTally, seed: number): Promise<number> {
  const f = foreign.find((p) => p.state === 'deployed') ?? foreign[0];
  if (f === undefined) return seed;
  const absents = new AbsentAnswers();
  const reads: [Operation | undefined, readonly string[]][] = [
    [ops.find((op) => op.operation === 'pipelines.definition' && op.method.toUpperCase() === 'GET'), DEFINITION_ACCEPTS],
    [ops.find((op) => op.operation === 'pipelines.read' && !op.head && op.method.toUpperCase() === 'GET'), PIPELINE_ACCEPTS],
  ];
  for (const [base, accepts] of reads) {
    if (base === undefined) continue;
    for (const accept of accepts) {
      const op: Operation = { ...base, label: `${base.label} with Accept: ${accept}`, representation: true, options: (id) => ({ ...base.options?.(id), headers: { ...base.options?.(id).headers, accept } }) };
      const first = absentIdFrom(t.target, seed++);
      absents.record(op, first, await send(t, op, first));
      const foreignEx = await send(t, op, f.id);
      const absentId = absentIdFrom(t.target, seed++);
      const absentEx = await send(t, op, absentId);
      absents.record(op, absentId, absentEx);
      expectSameAnswer(t, op, f, foreignEx, absentId, absentEx, absents.of(op), presence, cookies);
    }
  }
  return seed;
}

/**
 * The operations to compare: every one of the catalog, and each unserved method the target
 * answers at all (one that drops the connection on an absent id, a proxy refusing OPTIONS say,
 * has nothing to compare and is left out, noted).
 */
async function answeredOperations(t: CheckContext, ops: Operation[]): Promise<Operation[]> {
  const kept: Operation[] = [];
  for (const op of ops) {
    if (!op.unserved) {
      kept.push(op);
      continue;
    }
    try {
      await send(t, op, absentIdFrom(t.target, Date.now()));
      kept.push(op);
    } catch (err) {
      if (!(err instanceof Error && err.name === 'TransportError')) throw err;
      t.note(`${op.label}: the target gave no answer to an absent id (${err.message}), so it was not compared`);
    }
  }
  return kept;
}

/**
 * What an operation's answers vary by themselves: learnt from two absent ids up front, and from
 * every later absent answer against the one before it (a cache status may flip only later).
 */
class AbsentAnswers {
  private readonly last = new Map<string, { ex: Exchange; id: number }>();
  private readonly volatility = new Map<string, Volatility>();

  of(op: Operation): Volatility {
    let v = this.volatility.get(op.label);
    if (!v) this.volatility.set(op.label, (v = new Volatility()));
    return v;
  }

  record(op: Operation, id: number, ex: Exchange): void {
    const before = this.last.get(op.label);
    if (before && before.id !== id) this.of(op).learn(before.ex, [String(before.id)], ex, [String(id)]);
    this.last.set(op.label, { ex, id });
  }
}

check({
  id: 'a-enum/foreign-pipeline-same-404',
  clauses: ['A-ENUM-1', 'X-ISO-1'],
  supports: ['A-ERR-1'],
  title: 'A-ENUM-1: every operation on another account\'s pipeline (never deployed, deployed, archived), its update and replace also with a valid body that changes every type (source, destination, sync mode), a HEAD of its read, conditional reads, OPTIONS and a write its path does not serve, and a path under it served for nothing (with and without a key), its read and archive with account 1\'s non-admin key, and its definition read and read with each Accept (YAML, JSON, */*), gets the same answer as an absent id (404 for DELETE): status, body and headers, a cookie\'s steady value too; X-ISO-1: and changes nothing there, and account 1 may create a pipeline under the name of one of account 2\'s, rename its own to it (PUT, PATCH), or validate a definition under it (the dry run, where served), as under a fresh name; account 1 sending a header that selects an account (X-Account, X-Tenant-Id, ...) with account 2\'s account_id gets an absent id\'s answer for account 2\'s pipeline and changes nothing; and account 2 asking for account 1\'s pipelines (every operation on one, the reads on its fixtures) gets an absent id\'s answer and changes nothing; account 2\'s list page holding its last pipeline (room for one more) says there are further pages only where the page after it holds some',
  needs: ['a', 'write'],
  async run(t) {
    const theirs = await accountTwoPipelines(t, 'enum');
    // Account 1's list, read once: it screens account 2's ids, and must show none of them.
    const ownList = await walkOwnPipelineList(t);
    const foreign = await notAccountOnes(t, theirs, ownList);
    // Over all of them, before anything is sent: where ids are numbered per account and none is
    // left to ask about, a list that leaks still shows the run's by name. Where none is left at
    // all (fixtures only, every id also account 1's), the check then skips: not verified by it.
    expectListHidesForeign(t, ownList, theirs, foreign);
    // Before account 1 makes a pipeline of its own here (one of a name account 2 uses, below).
    await expectListAfterTheirsHidesForeign(t, theirs, foreign);
    await expectOwnPagingOwnOnly(t, 'pipelines.list');
    if (foreign.length === 0) t.skip(sharedIdsSkip(theirs));
    // Answers alike prove nothing from a target that answers 404 to every id, its own too.
    await aTargetFindsPipelines(t, 'A-ENUM-1');
    // What account 2 sees of them, where it can look (its key, and reads the target serves).
    const canSee = t.target.a[1]?.adminKey !== undefined && aRoute(t, 'pipelines.read') !== null;
    if (!canSee) t.partial('X-ISO-1', "account 2's pipelines cannot be read back (no pipeline_admin_key of account 2, or no pipelines.read in interface_a.operations), so whether account 1's requests on them changed them was not seen: only the answers were judged");
    const before = new Map<number, JsonObject>();
    // An archived pipeline may read as absent to its owner too (the spec defines no read, of an
    // archived pipeline least of all): it is compared with an absent id all the same, only not
    // read back.
    const unreadable: number[] = [];
    for (const f of canSee ? foreign : []) {
      const seen = await snapshot(t, f.id, 1, f.state === 'archived');
      if (seen) before.set(f.id, seen);
      else unreadable.push(f.id);
    }
    if (unreadable.length) t.note(`account 2's archived pipeline ${unreadable.join(', ')} reads as absent to account 2 itself (404): compared with an absent id as the others are, but whether account 1's requests changed it was not seen`);
    const ops = await answeredOperations(t, operations(t));
    // The update sets a description: where neither the metadata nor a definition read shows one,
    // account 1's update taking effect on account 2's pipeline would not show.
    const blind = [...before.values()].find((s) => !('description' in s) && s.definition === 'not served');
    if (blind && aRoute(t, 'pipelines.update') !== null) t.partial('X-ISO-1', `account 2's pipeline ${String(blind.id)} shows no description, and no definition is read (pipelines.definition), so whether account 1's update (which sets a description) changed it was not seen`);
    let seed = Date.now();
    const absents = new AbsentAnswers();
    const presence = new PresenceTally();
    const cookies = new CookieValueTally();
    const askAbsent = async (op: Operation, id: number): Promise<Exchange> => {
      const ex = await send(t, op, id);
      absents.record(op, id, ex);
      return ex;
    };
    // Two absent ids per operation first: what they differ in is no tell.
    for (const op of ops) for (let i = 0; i < 2; i++) await askAbsent(op, absentIdFrom(t.target, seed++));
    for (const op of ops) if (absents.of(op).headers.size || absents.of(op).presenceOnly.size || absents.of(op).bodyPaths.size) t.note(`${op.label}: two absent ids differ in ${absents.of(op).describe()}; not compared`);
    // Every operation on every foreign pipeline once, then random pairs.
    for (const f of foreign) {
      for (const op of ops) {
        if (op.typesChange && f.state === 'archived') continue;
        const absentId = absentIdFrom(t.target, seed++);
        const foreignEx = await send(t, op, f.id);
        const absentEx = await askAbsent(op, absentId);
        expectSameAnswer(t, op, f, foreignEx, absentId, absentEx, absents.of(op), presence, cookies);
      }
    }
    const cases = fc.tuple(fc.constantFrom(...foreign), fc.constantFrom(...ops), fc.integer({ min: 0, max: 89_999_999 }), fc.boolean());
    await t.property('foreign and absent ids answer alike', cases, async ([f, op, seedOfId, absentFirst]) => {
      const absentId = absentIdFrom(t.target, seedOfId);
      // Either order: a target that caches or warms up must not make the first one differ.
      let foreignEx: Exchange;
      let absentEx: Exchange;
      if (absentFirst) {
        absentEx = await askAbsent(op, absentId);
        foreignEx = await send(t, op, f.id);
      } else {
        foreignEx = await send(t, op, f.id);
        absentEx = await askAbsent(op, absentId);
      }
      expectSameAnswer(t, op, f, foreignEx, absentId, absentEx, absents.of(op), presence, cookies);
    });
    // Before the snapshots are compared: a non-admin key's request that changed one is seen too.
    seed = await expectNonAdminSameAnswer(t, foreign, ops, presence, cookies, seed);
    seed = await expectAcceptSameAnswer(t, foreign, ops, presence, cookies, seed);
    expectNoPresenceTell(t, presence);
    expectNoCookieValueTell(t, cookies);

    for (const f of canSee ? foreign : []) {
      const was = before.get(f.id);
      if (was === undefined) continue;
      const after = settledSince(was, await snapshot(t, f.id));
      t.expect.that(JSON.stringify(after) === JSON.stringify(was), {
        clause: 'X-ISO-1',
        message: `account 1's attempts changed account 2's ${f.state} pipeline ${f.id}`,
        expected: JSON.stringify(was),
        received: JSON.stringify(after),
      });
    }
    seed = await expectAccountHeadersIgnored(t, foreign, ops, absents, seed, canSee);
    // After the pass above: account 1's new pipeline may take an id that, numbered per account, is
    // one of account 2's asked about above.
    await expectReverseSameAnswer(t, ops, absents, seed);
    // Last, for the same reason. The dry run first: it makes nothing, and account 1's own
    // pipeline of account 2's name (below) would make the name its own. Renames next: they leave
    // no pipeline of account 1 under account 2's name.
    await expectValidateNameFree(t, theirs);
    await expectRenameFree(t, theirs);
    await expectNameFree(t, theirs);
  },
});

check({
  id: 'a-enum/foreign-pipeline-later-same-404',
  clauses: ['A-ENUM-1'],
  supports: ['X-ISO-1', 'A-ERR-1'],
  title: "A-ENUM-1: every operation on account 2's deployed pipeline is answered as for an absent id again once it has lived on past the state it started in (the clock moved through the control API, or in real time as long as the target document's initial_sync_seconds where that is short), and changes nothing there (X-ISO-1); where no pipeline of account 2's can be followed so, a note says why",
  needs: ['a', 'write'],
  // Apart from a-enum/foreign-pipeline-same-404, which runs early in its lane: a check that
  // moves the clock runs alone after both lanes, when, with ids numbered per account, account 1's
  // pipelines have taken every id account 2's could have, and nothing is left to ask about.
  runsAloneWithControl: "it moves the target's clock to let account 2's deployed pipeline live past its first state",
  deepens: "a-enum/foreign-pipeline-same-404 asks every operation about account 2's pipelines in the states they start in; this one asks again in a later state, where it can make and follow one",
  async run(t) {
    const followed = await followedPipeline(t);
    // Answers alike prove nothing from a target that answers 404 to every id, its own too.
    await aTargetFindsPipelines(t, 'A-ENUM-1');
    const before = await snapshot(t, followed.id);
    const startedIn = await readState(t, 1, followed.id);
    const startedAtMs = performance.now();
    const ops = await answeredOperations(t, operations(t));
    await expectSameAnswerLater(t, followed, startedIn, startedAtMs, ops);
    const after = settledSince(before, await snapshot(t, followed.id));
    t.expect.that(JSON.stringify(after) === JSON.stringify(before), {
      clause: 'X-ISO-1',
      message: `account 1's attempts changed account 2's deployed pipeline ${followed.id} once it had lived on`,
      expected: JSON.stringify(before),
      received: JSON.stringify(after),
    });
  },
});

/**
 * A pipeline account 2 makes and starts for a-enum/foreign-pipeline-later-same-404, whose id
 * account 1 does not also find (`notAccountOnes`), and which account 2 can read back (its state
 * says when it has lived on). Where there is none the check skips, saying why (no key of account
 * 2's, a route not served, the create or start refused, the id also one of account 1's with ids
 * numbered per account): it `deepens` a-enum/foreign-pipeline-same-404, so A-ENUM-1 is left to
 * that one, and it passes nothing it did not do.
 */
async function followedPipeline(t: CheckContext): Promise<ForeignPipeline> {
  if (t.target.a[1]?.adminKey === undefined) t.skip("needs account 2's pipeline_admin_key, to make a pipeline of account 2's and read its state as it lives on");
  const missing = (['pipelines.create', 'pipelines.start', 'pipelines.read'] as const).filter((op) => aRoute(t, op) === null);
  if (missing.length) t.skip(`the target does not serve ${missing.join(', ')} (interface_a.operations), needed to make account 2 a pipeline and follow it`);
  const name = t.name('enum-later');
  const made = await makePipeline(t, 1, plainDefinition(name));
  if (!('id' in made)) t.skip(`account 2 could not create a pipeline to follow past the state it started in (${made.answer.response.status}; ${made.tried})`);
  const started = await aSend(t, t.a(1), 'pipelines.start', made.id);
  if (!foundPipeline(t, made.id, started, `account 2's start of its own pipeline ${made.id}`)) t.skip(`account 2's start of its pipeline ${made.id}, to follow it past the state it started in, answered ${started.response.status}`);
  const candidate: ForeignPipeline = { id: made.id, state: 'deployed', name, document: made.document };
  const [kept] = await notAccountOnes(t, [candidate]);
  if (kept === undefined) t.skip(`account 1's key also finds a pipeline of id ${made.id}, account 2's new one (ids numbered per account: by the time this check runs, account 1's pipelines have taken the ids account 2's get)`);
  return kept;
}

/**
 * The operations asked about again once account 2's pipeline has lived on: every operation of
 * the catalog, the reads and the writes with valid and invalid bodies (a HEAD, conditional reads,
 * unserved methods and the writes of other types are asked in its first state only), the archive last: a target that
 * obeyed it would leave no deployed pipeline to ask the others about.
 */
function laterOperations(ops: readonly Operation[]): Operation[] {
  const asked = ops.filter((op) => op.operation !== undefined && !op.typesChange);
  return [...asked.filter((op) => !op.archive), ...asked.filter((op) => op.archive)];
}

/**
 * A-ENUM-1 for account 2's pipeline `f` in a later state than the one it started in (its `state`
 * says which): each of `laterOperations` for it and for an absent id, as `expectSameAnswer`
 * judges them, each operation first asked for two absent ids (what they differ in is no tell).
 * A service may resolve a pipeline through another store once it is past its first phase (a
 * streaming runtime's registry of deployments, whose ids are global) and tell another account's
 * pipeline then only. 4 requests an operation. Header presence and cookie values are tallied,
 * not judged: too few pairs.
 */
async function expectLaterSameAnswer(t: CheckContext, f: ForeignPipeline, ops: readonly Operation[]): Promise<void> {
  const absents = new AbsentAnswers();
  const presence = new PresenceTally();
  const cookies = new CookieValueTally();
  let seed = Date.now();
  for (const op of laterOperations(ops)) {
    for (let i = 0; i < 2; i++) {
      const id = absentIdFrom(t.target, seed++);
      absents.record(op, id, await send(t, op, id));
    }
    const absentId = absentIdFrom(t.target, seed++);
    const foreignEx = await send(t, op, f.id);
    const absentEx = await send(t, op, absentId);
    absents.record(op, absentId, absentEx);
    expectSameAnswer(t, op, f, foreignEx, absentId, absentEx, absents.of(op), presence, cookies);
  }
}

/** A pipeline's state as its owner reads it, in the target's words (the field and name the document maps). */
function shownState(seen: SeenState): string {
  return seen.name === undefined ? `no ${seen.field}` : `${seen.field} ${JSON.stringify(seen.name)}`;
}

/** The longest a check waits in real time for account 2's pipeline to pass its declared initial sync. */
const REAL_TIME_WAIT_LIMIT_MS = 120_000;

/**
 * Where the target has a control API: clock moves, each followed by account 2's read of its
 * pipeline, until it shows another state than the one it started in; the first as long as the
 * target document's initial sync (`initial_sync_seconds`) and a half again, or 30 s where it
 * declares none, each next one twice the one before, 7 at most (63.5 min in all from 30 s). No
 * duration is assumed: the state read says when the pipeline has moved on.
 */
const UNDECLARED_FIRST_STEP_MS = 30_000;
const CLOCK_STEPS = 7;

/**
 * Where account 2's pipeline stood once it had lived on (`now`), beside the first state it was
 * seen deployed in (`from`: past a starting state the document does not map), and how it got
 * there (a note's words).
 */
interface LivedOn {
  from: SeenState;
  now: SeenState;
  how: string;
}

/** The first state of a deployment: `seen` once the state before it (`from`) was not yet one the document maps to deployed. */
function firstDeployed(from: SeenState, seen: SeenState): SeenState {
  return from.spec === 'deployed' ? from : seen;
}

/** Whether `now` is another state than `from`, the first state the pipeline was seen deployed in. */
function movedOn(from: SeenState, now: SeenState): boolean {
  return from.spec === 'deployed' && now.name !== from.name;
}

/**
 * Lets account 2's deployed pipeline `id`, shown `startedIn` when the check began, live on: the
 * clock moved through the control API (`CLOCK_STEPS`) until account 2 reads it in another state;
 * without one, in real time, as long as the target document says an initial sync lasts and a
 * half again (waited for only up to `REAL_TIME_WAIT_LIMIT_MS`), read once a second after the
 * declared time until it shows another state. Where it was not let live on (no control API, and
 * no initial sync declared or one too long to wait for) and has not moved on by itself since the
 * check began, the check skips: its later states are not asked about.
 */
async function liveOn(t: CheckContext, id: number, startedIn: SeenState, startedAtMs: number): Promise<LivedOn> {
  const declaredMs = t.target.interfaceA.initialSyncMs;
  const declared = declaredMs === undefined ? 'the target document declares no initial sync (interface_a.initial_sync_seconds)' : `the target document's initial sync lasts ${declaredMs / 1000} s (interface_a.initial_sync_seconds)`;
  let from = startedIn;
  let now = startedIn;
  if (t.target.controlUrl) {
    let movedMs = 0;
    for (let i = 0, step = declaredMs === undefined ? UNDECLARED_FIRST_STEP_MS : Math.ceil(declaredMs * 1.5); i < CLOCK_STEPS && !movedOn(from, now); i++, step *= 2) {
      await t.advanceClock(step);
      movedMs += step;
      now = await readState(t, 1, id);
      from = firstDeployed(from, now);
    }
    return { from, now, how: `after the target's clock was moved ${movedMs / 1000} s (${declared})` };
  }
  const waited = () => Math.round((performance.now() - startedAtMs) / 1000);
  if (declaredMs === undefined || declaredMs > REAL_TIME_WAIT_LIMIT_MS) {
    now = await readState(t, 1, id);
    if (movedOn(from, now)) return { from, now, how: `${waited()} s after the check began, by itself` };
    t.skip(`account 2's deployed pipeline ${id} still shows ${shownState(now)} ${waited()} s after the check began, as then: the states it moves to later were not asked about (the target has no control API to move its clock, and ${declaredMs === undefined ? declared : `${declared}, longer than the ${REAL_TIME_WAIT_LIMIT_MS / 1000} s a check waits`})`);
  }
  await t.sleep(Math.max(0, startedAtMs + declaredMs - performance.now()));
  await t.poll(async () => {
    now = await readState(t, 1, id);
    from = firstDeployed(from, now);
    return movedOn(from, now) ? true : undefined;
  }, { timeoutMs: Math.max(0, startedAtMs + declaredMs * 1.5 - performance.now()) + 1_000, intervalMs: 1_000 });
  return { from, now, how: `${waited()} s after the check began, in real time (${declared})` };
}

/**
 * A-ENUM-1 once account 2's deployed pipeline `followed` has lived on past the state it started
 * in (`startedIn`, read when the check began): the other passes ask about account 2's pipelines
 * seconds after they were deployed, and a service may resolve a deployment through another store
 * once its first phase is over (a streaming runtime's registry of deployments, whose ids are
 * global), telling another account's pipeline then only. `liveOn` lets it live on; every
 * operation of the catalog on it is then asked again (`expectLaterSameAnswer`). The state is
 * judged by its name as the target gives it, never by the simulator's. Where it was not let live
 * on (see `liveOn`), or showed no other state when asked, the check skips.
 */
async function expectSameAnswerLater(t: CheckContext, followed: ForeignPipeline, startedIn: SeenState, startedAtMs: number, ops: readonly Operation[]): Promise<void> {
  const lived = await liveOn(t, followed.id, startedIn, startedAtMs);
  // No later state seen (a deployment with one state name, none shown, or a sync longer than
  // declared): asked again, the same answers would show nothing this check is for.
  if (!movedOn(lived.from, lived.now)) t.skip(`account 2's deployed pipeline ${followed.id} showed ${shownState(lived.from)} when first seen deployed and still ${shownState(lived.now)} ${lived.how}: no later state was seen, so none was asked about`);
  t.note(`account 2's deployed pipeline ${followed.id} showed ${shownState(lived.from)} when first seen deployed and ${shownState(lived.now)} ${lived.how}: asked about again in that state`);
  await expectLaterSameAnswer(t, { ...followed, state: `deployed (moved on to ${shownState(lived.now)})` }, ops);
}

/**
 * X-ISO-1 across accounts that share a pipeline name: names are unique per account only, so
 * account 1 and account 2 may each have a pipeline of one name. With account 2's deployed, each
 * move of account 1 on its own pipeline of that name leaves account 2's as it was (`snapshot`:
 * its deployment time, a count of its deployments, its state and definition): starting it; an
 * update (PATCH) and a replace (PUT) of it deployed, which redeploy it with its new definition;
 * stopping it; archiving it not deployed; and archiving it deployed (DELETE stops and tears it
 * down). A runtime that addresses deployments by name redeploys, or stops, every deployment of
 * that name (a rollout by name, an idempotent "make sure it is stopped" sent with an archive).
 * The check makes the pair itself, from one definition; states are read as the target document
 * names them. An archive ends account 1's pipeline, so the archive of the other kind is tried on
 * a second pipeline of the name made after it (a target that keeps an archived pipeline's name
 * taken leaves that archive untried, covered in part). A pipeline that does not show deployed
 * within the wait, or a state the document maps to none of the spec's, is no pass: the check
 * skips or covers the clause in part, saying which.
 */
check({
  id: 'a-enum/same-name-stop-spares-other-account',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: account 1 starting, updating, replacing, stopping and archiving (deployed and not) its pipeline leaves account 2's deployed pipeline of the same name as it was (not redeployed, still deployed)",
  needs: ['a', 'write'],
  async run(t) {
    if (t.target.a[1]?.adminKey === undefined) t.skip('needs pipeline_admin_key of account 2 in the target document: a pipeline of the same name in each account');
    routeOrSkip(t, 'pipelines.create', 'no pipeline of one name can be made in each account');
    routeOrSkip(t, 'pipelines.start', 'no pipeline can be deployed');
    routeOrSkip(t, 'pipelines.read', "account 2's pipeline cannot be read back");
    const theirs = await createPipeline(t, 1, plainDefinition(t.name('enum-same-name')));
    const definition = isObject(theirs.document) && typeof theirs.document.name === 'string' ? theirs.document : t.skip("the definition account 2's pipeline was made from has no name (interface_a.definitions): no pipeline of the same name can be made in account 1");
    const name = String(definition.name);
    // Account 2's very definition, so that only the account differs.
    const made = await makePipeline(t, 0, definition);
    const ours = 'id' in made ? made : t.skip(`account 1 could not create a pipeline named ${JSON.stringify(name)} like account 2's (${describeResponse(made.answer)}): the check needs one name in both accounts (a refusal for the name alone is judged by a-enum/foreign-pipeline-same-404)`);
    await startPipeline(t, 1, theirs.id);
    if ((await untilState(t, 1, theirs.id, 'deployed')).spec !== 'deployed') t.skip(`account 2's pipeline ${theirs.id} did not show deployed ${waitText(t)} after its start: whether account 1's moves leave it deployed cannot be seen`);
    // Account 2's pipeline before account 1's first move, a second after its own start: a
    // deployment time written to the second then moves if one of account 1's moves redeploys it.
    await t.sleep(1000);
    const pair: SameNamePair = { name, theirsId: theirs.id, was: await snapshot(t, theirs.id) };
    if (!(await startOwnSparesTheirs(t, pair, ours.id))) return;
    for (const change of DEFINITION_CHANGES) {
      if (aRoute(t, change.operation) === null) {
        t.note(`the target document declares no ${change.label} (interface_a.operations.${change.operation}): account 1's ${change.label} of its deployed pipeline was not tried`);
        continue;
      }
      const description = `changed by account 1's ${change.label} (${t.name('enum-same-name-change')})`;
      const sent = await aSend(t, t.a(0), change.operation, ours.id, change.operation === 'pipelines.update' ? { body: { description } } : documentBody({ ...definition, description }, definitionFormat(t)));
      if (!is2xx(sent)) {
        t.note(`account 1's ${change.label} of its deployed pipeline ${ours.id}, setting its description, answered ${describeResponse(sent)}: whether a redeploy with a new definition touches account 2's pipeline was not seen that way`);
        continue;
      }
      // The changed pipeline redeploys: account 1's shows deployed again first, and a runtime
      // that rolls out by name has then redeployed every deployment it addresses.
      await untilState(t, 0, ours.id, 'deployed');
      await expectTheirsAsWas(t, pair, `${change.label} of its deployed pipeline ${ours.id}`, 'redeployed it');
    }
    const hasStop = aRoute(t, 'pipelines.stop') !== null;
    if (hasStop) {
      if (!(await ownMoveSparesTheirs(t, pair, ours.id, STOP))) return;
      if (!(await ownMoveSparesTheirs(t, pair, ours.id, ARCHIVE_NOT_DEPLOYED))) return;
    } else {
      t.note('the target document declares no stop (interface_a.operations.pipelines.stop): account 1 archives its pipeline deployed, and a second one of the name never started');
      if (!(await ownMoveSparesTheirs(t, pair, ours.id, ARCHIVE_DEPLOYED))) return;
    }
    // The archive of the other kind, on a second pipeline of the name (account 1's first is archived).
    const left = hasStop ? ARCHIVE_DEPLOYED : ARCHIVE_NOT_DEPLOYED;
    const again = await makePipeline(t, 0, definition);
    if (!('id' in again)) {
      t.partial('X-ISO-1', `account 1 could not create a second pipeline named ${JSON.stringify(name)} once its first was archived (${describeResponse(again.answer)}; a deployment may keep an archived pipeline's name taken), so its ${left.label} was not tried`);
      return;
    }
    if (hasStop && !(await startOwnSparesTheirs(t, pair, again.id))) return;
    await ownMoveSparesTheirs(t, pair, again.id, left);
  },
});

/** Account 2's deployed pipeline of the name account 1's also has, and how it was before account 1's last move (`snapshot`). */
interface SameNamePair {
  name: string;
  theirsId: number;
  was: JsonObject;
}

/** Account 1's writes that change a deployed pipeline's definition, which redeploy it. */
const DEFINITION_CHANGES: readonly { operation: 'pipelines.update' | 'pipelines.replace'; label: string }[] = [
  { operation: 'pipelines.update', label: 'update (PATCH)' },
  { operation: 'pipelines.replace', label: 'replace (PUT)' },
];

/** A move of account 1 that ends its pipeline's deployment, or its life, and what it leaves it showing. */
interface EndingMove {
  label: string;
  operation: 'pipelines.stop' | 'pipelines.archive';
  /** Whether account 1's pipeline is deployed when the move is sent. */
  deployed: boolean;
}

const STOP: EndingMove = { label: 'stop', operation: 'pipelines.stop', deployed: true };
const ARCHIVE_NOT_DEPLOYED: EndingMove = { label: 'archive (DELETE) of a not deployed pipeline', operation: 'pipelines.archive', deployed: false };
const ARCHIVE_DEPLOYED: EndingMove = { label: 'archive (DELETE) of a deployed pipeline', operation: 'pipelines.archive', deployed: true };

/**
 * Account 1 starts its pipeline `id`; once it shows deployed, account 2's is as it was. False
 * (the clause covered in part) where account 1's never shows deployed: nothing further is tried.
 */
async function startOwnSparesTheirs(t: CheckContext, pair: SameNamePair, id: number): Promise<boolean> {
  await startPipeline(t, 0, id);
  const own = await untilState(t, 0, id, 'deployed');
  if (own.spec !== 'deployed') {
    t.partial('X-ISO-1', `account 1's pipeline ${id} did not show deployed ${waitText(t)} after its start (${own.field} ${JSON.stringify(own.name)}), so its moves while deployed were not tried`);
    return false;
  }
  await expectTheirsAsWas(t, pair, `start of its pipeline ${id}`, 'redeployed it');
  return true;
}

/**
 * Account 1 sends `move` to its pipeline `id`; once its own shows the move done, account 2's is
 * still deployed, and as it was. False where that was not seen (a state the document does not
 * map) or account 2's is no longer deployed: nothing further is tried.
 */
async function ownMoveSparesTheirs(t: CheckContext, pair: SameNamePair, id: number, move: EndingMove): Promise<boolean> {
  const acted = await aSend(t, t.a(0), move.operation, id);
  if (!is2xx(acted)) setupFailed(t, `${move.label} of account 1's pipeline ${id}`, acted);
  // Account 1's own pipeline shows the move done first: a runtime that acts in the background
  // has then acted on every deployment it addresses.
  // An archived pipeline may read as absent (404) to its owner: then that shows the archive.
  if (move.operation === 'pipelines.stop') await untilState(t, 0, id, 'not_deployed');
  else await untilArchived(t, id);
  const after = await untilMapped(t, pair.theirsId);
  if (after.spec === undefined) {
    t.partial('X-ISO-1', `after account 1's ${move.label}, account 2's pipeline ${pair.theirsId} shows ${after.field} ${JSON.stringify(after.name)}, which interface_a.pipeline_states of the target document maps to none of deployed, not deployed, archived: whether it is still deployed was not seen`);
    return false;
  }
  t.expect.that(after.spec === 'deployed', {
    clause: 'X-ISO-1',
    message: `account 1's ${move.label}, its pipeline ${id} named ${JSON.stringify(pair.name)}, left account 2's deployed pipeline ${pair.theirsId} of the same name ${after.spec.replace('_', ' ')}`,
    expected: `account 2's pipeline deployed, as it was`,
    received: `${after.field} ${JSON.stringify(after.name)}`,
    exchange: after.exchange,
  });
  if (after.spec !== 'deployed') return false;
  await expectTheirsAsWas(t, pair, `${move.label}, its pipeline ${id},`, 'changed it');
  return true;
}

/**
 * Account 2's pipeline is as it was before account 1's last move (`settledSince`: a deployment
 * that finished meanwhile is no change); it is then taken as it now is, so each move is judged
 * by itself (a failed expectation ends the check).
 */
async function expectTheirsAsWas(t: CheckContext, pair: SameNamePair, what: string, how: string): Promise<void> {
  const read = await snapshot(t, pair.theirsId);
  const now = settledSince(pair.was, read);
  t.expect.that(JSON.stringify(now) === JSON.stringify(pair.was), {
    clause: 'X-ISO-1',
    message: `account 1's ${what} named ${JSON.stringify(pair.name)} changed account 2's deployed pipeline ${pair.theirsId} of the same name (${how})`,
    expected: JSON.stringify(pair.was),
    received: JSON.stringify(now),
  });
  pair.was = read;
}

/**
 * X-ISO-1 across accounts that share a pipeline name, for the definition read: each account's
 * read of its pipeline of that name shows its own definition. The pair differs in its description
 * only; account 1 reads its definition first, then account 2 reads its own: a rendering or cache
 * keyed by the name alone serves account 2 account 1's definition. Then account 1 changes its
 * pipeline's definition, both not deployed (`expectOwnChangesSpareTheirs`): a draft saved by the
 * name alone lands on account 2's. 2 creates, 2 writes and 10 reads a run.
 */
check({
  id: 'a-enum/same-name-definition-read-own',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: account 2 reading the definition of its pipeline of a name account 1 also uses, right after account 1 read its own, gets its own definition (the two differ in their description), not account 1's; and account 1's update (PATCH) and replace (PUT) of its not-deployed pipeline of that name leave account 2's definition, name and description as they were",
  needs: ['a', 'write'],
  async run(t) {
    if (t.target.a[1]?.adminKey === undefined) t.skip('needs pipeline_admin_key of account 2 in the target document: a pipeline of the same name in each account');
    routeOrSkip(t, 'pipelines.create', 'no pipeline of one name can be made in each account');
    routeOrSkip(t, 'pipelines.definition', 'no definition can be read back');
    const description = (account: string) => `${account} of ${t.name('enum-same-def')}`;
    const mine = description('account 1');
    const theirs = await createPipeline(t, 1, { ...plainDefinition(t.name('enum-same-def')), description: description('account 2') });
    const sent = isObject(theirs.document) && typeof theirs.document.name === 'string' ? theirs.document : t.skip("the definition account 2's pipeline was made from has no name (interface_a.definitions): no pipeline of the same name can be made in account 1");
    const name = String(sent.name);
    // The description account 2's pipeline was made with: the generated one, or none where the
    // target refused it and one of the target document's definitions was used instead.
    const theirsHas = typeof sent.description === 'string' ? sent.description : undefined;
    // Account 2's very definition but for the description, so that the reads can tell them apart.
    const made = await makePipeline(t, 0, { ...sent, description: mine });
    const ours = 'id' in made ? made : t.skip(`account 1 could not create a pipeline named ${JSON.stringify(name)} like account 2's (${describeResponse(made.answer)}): the check needs one name in both accounts (a refusal for the name alone is judged by a-enum/foreign-pipeline-same-404)`);
    const own = await readDefinition(t, ours.id, 0);
    const other = await readDefinition(t, theirs.id, 1);
    const unread = [own, other].find((read) => !('value' in read));
    if (unread) t.skip(`a definition read answered ${unread.ex.response.status}${unread.ex.response.status === 200 ? ' with a body that is neither JSON nor YAML' : ''}: what each account reads cannot be compared`);
    const shown = (read: DefinitionRead) => (isObject(read.value) ? read.value.description : undefined);
    const [ownShown, otherShown] = [shown(own), shown(other)];
    const judged: [string, DefinitionRead, unknown, string | undefined, string | undefined][] = [['account 1', own, ownShown, mine, theirsHas], ['account 2', other, otherShown, theirsHas, mine]];
    for (const [who, read, got, expected, wrong] of judged) {
      t.expect.that(wrong === undefined || got !== wrong, {
        clause: 'X-ISO-1',
        message: `${who}'s definition read of its pipeline named ${JSON.stringify(name)} shows the other account's definition (its description)`,
        expected: expected === undefined ? `no description ${JSON.stringify(wrong)}` : `description ${JSON.stringify(expected)}`,
        received: `description ${JSON.stringify(got)}`,
        exchange: read.ex,
      });
    }
    if (ownShown !== mine) t.partial('X-ISO-1', `the definition reads do not show the description each pipeline was created with (account 1's shows ${JSON.stringify(ownShown)}, not ${JSON.stringify(mine)}), so whether account 2's read served account 1's definition was not seen`);
    await expectOwnChangesSpareTheirs(t, { name, sent, oursId: ours.id, theirsId: theirs.id, theirDefinition: other.value });
  },
});

/** The members of a pipeline's metadata a definition change carries: what account 1's change of its own must leave as it was on account 2's. */
const DEFINITION_MEMBERS = ['name', 'description'] as const;

/**
 * X-ISO-1 on a definition change of a pipeline whose name another account's pipeline also has:
 * account 1 updates (PATCH, a new description) and then replaces (PUT, account 2's definition
 * under another description) its pipeline of the name, and after each account 2 reads its own:
 * its definition, and its metadata's name and description where it reads them, as before. Both
 * pipelines were just made and never started (not deployed, wherever a create does not deploy):
 * a store that saves a not-deployed pipeline's definition as a draft by an upsert whose conflict
 * target is the name alone (the account left out of the unique index) writes account 1's change
 * onto account 2's pipeline of that name. A change account 1's target refuses is noted, not
 * judged. 8 requests: account 2's metadata and definition once (the definition's second read:
 * what moves by itself), then per change the write and account 2's two reads.
 */
async function expectOwnChangesSpareTheirs(t: CheckContext, pair: { name: string; sent: JsonObject; oursId: number; theirsId: number; theirDefinition: unknown }): Promise<void> {
  const readable = aRoute(t, 'pipelines.read') !== null;
  const theirMetadata = async (): Promise<{ members: JsonObject } | { ex: Exchange }> => {
    const ex = await aSend(t, t.a(1), 'pipelines.read', pair.theirsId);
    return ex.response.status === 200 && isObject(ex.json) ? { members: Object.fromEntries(DEFINITION_MEMBERS.filter((k) => k in (ex.json as JsonObject)).map((k) => [k, (ex.json as JsonObject)[k]])) } : { ex };
  };
  const wasMetadata = readable ? await theirMetadata() : undefined;
  if (wasMetadata !== undefined && 'ex' in wasMetadata) t.note(`account 2's read of its pipeline ${pair.theirsId} answered ${describeResponse(wasMetadata.ex)}: only its definition was compared after account 1's changes`);
  // Account 2's definition read once more before any change: what moves between two reads by itself (a time it was rendered) is no change.
  const again = await readDefinition(t, pair.theirsId, 1);
  let refused = 0;
  for (const change of DEFINITION_CHANGES) {
    if (aRoute(t, change.operation) === null) {
      t.note(`the target document declares no ${change.label} (interface_a.operations.${change.operation}): account 1's ${change.label} of its not-deployed pipeline named ${JSON.stringify(pair.name)} was not tried`);
      continue;
    }
    const description = `changed by account 1's ${change.label} (${t.name('enum-same-def-change')})`;
    const written = await aSend(t, t.a(0), change.operation, pair.oursId, change.operation === 'pipelines.update' ? { body: { description } } : documentBody({ ...pair.sent, description }, definitionFormat(t)));
    if (!is2xx(written)) {
      t.note(`account 1's ${change.label} of its not-deployed pipeline ${pair.oursId}, setting its description, answered ${describeResponse(written)}: whether it lands on account 2's pipeline of the same name was not seen that way`);
      refused++;
      continue;
    }
    const what = `account 1's ${change.label} of its not-deployed pipeline ${pair.oursId} named ${JSON.stringify(pair.name)}`;
    const now = await readDefinition(t, pair.theirsId, 1);
    const changed = 'value' in now ? definitionChanges(pair.theirDefinition, again.value, now.value) : [];
    t.expect.that('value' in now && changed.length === 0, {
      clause: 'X-ISO-1',
      message: 'value' in now ? `${what} changed ${changed.join(', ')} in the definition of account 2's not-deployed pipeline ${pair.theirsId} of the same name` : `after ${what}, account 2's definition read of its pipeline ${pair.theirsId} of the same name answered ${now.ex.response.status}, where it read it before`,
      expected: JSON.stringify(pair.theirDefinition),
      received: 'value' in now ? JSON.stringify(now.value) : describeResponse(now.ex),
      exchange: now.ex,
    });
    if (wasMetadata === undefined || 'ex' in wasMetadata) continue;
    const metadata = await theirMetadata();
    t.expect.that('members' in metadata && sameJson(metadata.members, wasMetadata.members), {
      clause: 'X-ISO-1',
      message: `${what} changed the ${DEFINITION_MEMBERS.join(' or ')} account 2's pipeline ${pair.theirsId} of the same name shows`,
      expected: JSON.stringify(wasMetadata.members),
      received: 'members' in metadata ? JSON.stringify(metadata.members) : describeResponse(metadata.ex),
      ...('ex' in metadata ? { exchange: metadata.ex } : {}),
    });
  }
  if (refused > 0 && refused === DEFINITION_CHANGES.filter((c) => aRoute(t, c.operation) !== null).length) t.partial('X-ISO-1', `account 1's definition changes of its pipeline named ${JSON.stringify(pair.name)} were refused (see the notes), so whether such a change lands on account 2's pipeline of the same name was not seen`);
}

/** How long a check waits for a pipeline to show a state: at once on the simulator, else in real time. */
function stateWaitMs(t: CheckContext): number {
  return t.target.controlUrl ? 2_000 : 30_000;
}

function waitText(t: CheckContext): string {
  return `within ${stateWaitMs(t) / 1000} s`;
}

type SeenState = ReturnType<typeof pipelineState> & { exchange: Exchange };

async function readState(t: CheckContext, account: 0 | 1, id: number): Promise<SeenState> {
  const { body, exchange } = await readPipeline(t, account, id);
  return { ...pipelineState(t, body), exchange };
}

/** The pipeline's state once it shows `want` (as the document maps its states), or the last seen when the wait ran out. */
function untilState(t: CheckContext, account: 0 | 1, id: number, want: 'deployed' | 'not_deployed' | 'archived'): Promise<SeenState> {
  return untilSeen(t, account, id, (seen) => seen.spec === want);
}

/**
 * Waits until account 1's pipeline `id`, just archived, shows archived, or reads as absent (404:
 * the spec defines no read, and a deployment may answer an archived pipeline as a missing one).
 */
async function untilArchived(t: CheckContext, id: number): Promise<void> {
  await t.poll(async () => {
    const ex = await aSend(t, t.a(0), 'pipelines.read', id);
    if (ex.response.status === 404) return true;
    const state = ex.response.status === 200 && isObject(ex.json) ? pipelineState(t, ex.json) : await readState(t, 0, id);
    return state.spec === 'archived' ? true : undefined;
  }, { timeoutMs: stateWaitMs(t), intervalMs: t.target.controlUrl ? 100 : 1_000 });
}

/** Account 2's pipeline's state once the document maps it to one of the spec's (a stopping pipeline passes through others), or the last seen. */
function untilMapped(t: CheckContext, id: number): Promise<SeenState> {
  return untilSeen(t, 1, id, (seen) => seen.spec !== undefined);
}

/** The pipeline's state, read until `shown` holds for it or the wait runs out (then the last seen). */
async function untilSeen(t: CheckContext, account: 0 | 1, id: number, shown: (seen: SeenState) => boolean): Promise<SeenState> {
  let last: SeenState | undefined;
  const got = await t.poll(async () => {
    last = await readState(t, account, id);
    return shown(last) ? last : undefined;
  }, { timeoutMs: stateWaitMs(t), intervalMs: t.target.controlUrl ? 100 : 1_000 });
  // poll reads at once, so `last` is set whenever it returns.
  return got ?? (last as SeenState);
}

/**
 * Below this, over the three headers, a presence that follows the kind of id is no chance: a
 * gateway setting a cookie now and then does so to either kind alike.
 */
const PRESENCE_ALPHA = 0.001 / PRESENCE_TELLS.length;

/**
 * A-ENUM-1 on the headers whose values differ anyway: over every pair asked, a cookie,
 * `Last-Modified` or `Expires` must not come with one kind of id and not the other beyond chance
 * (the sign test on the pairs where only one answer carried it). Their values are never shown: a
 * cookie may be a session's secret.
 */
function expectNoPresenceTell(t: CheckContext, presence: PresenceTally): void {
  for (const split of presence.splits()) {
    const counts = `in ${split.pairs} pairs, ${split.subjectOnly} where only the answer for account 2's pipeline carried it, ${split.referenceOnly} where only the absent one's did, ${split.both} where both did`;
    const told = split.p < PRESENCE_ALPHA;
    t.expect.that(!told, {
      clause: 'A-ENUM-1',
      message: `the ${split.header} header comes with ${split.subjectOnly > split.referenceOnly ? "another account's pipeline and not with an absent one" : "an absent pipeline and not with another account's"}: its presence tells that the pipeline exists (${split.where.slice(0, 3).join(', ')})`,
      expected: `${split.header} on both kinds alike, its value aside`,
      received: `${counts} (sign test p = ${split.p.toPrecision(2)})`,
    });
    if (told) continue;
    // One way on most pairs, but too few pairs for the test: the pattern of a tell, not of a
    // cookie a gateway sets now and then (which comes with few pairs, either way).
    const discordant = split.subjectOnly + split.referenceOnly;
    const oneWay = split.subjectOnly === 0 || split.referenceOnly === 0;
    if (oneWay && discordant >= 3 && discordant * 2 >= split.pairs) {
      t.partial('A-ENUM-1', `the ${split.header} header came with one kind of id only (${counts}), too few pairs to tell a tell from chance (sign test p = ${split.p.toPrecision(2)}); more runs per property (--runs) ask more pairs`);
    } else t.note(`${split.header}: ${counts}; no tell (sign test p = ${split.p.toPrecision(2)})`);
  }
}

/**
 * A-ENUM-1 on a cookie's value (`CookieValueTally`): one that every absent id gets with one value
 * and a foreign id, asked again and again, with another of its own names something only the
 * pipeline's existence can (the shard or account that holds it). The values are never shown.
 */
function expectNoCookieValueTell(t: CheckContext, cookies: CookieValueTally): void {
  for (const tell of cookies.tells()) {
    t.expect.that(false, {
      clause: 'A-ENUM-1',
      message: `the cookie ${tell.name} comes with one value for every absent pipeline and another, its own, for account 2's pipeline ${tell.subjectId}: its value tells that the pipeline exists`,
      expected: `${tell.name} with the value the absent ids get (${tell.referenceAnswers} answers for ${tell.referenceIds} absent ids, all alike; the requested id in it aside), or one that varies by itself`,
      received: `another value, the same in each of ${tell.subjectAnswers} answers for pipeline ${tell.subjectId} (values not shown)`,
    });
  }
}

/**
 * X-ISO-1 on pipeline names: account 1 creating a pipeline under the name of one of account 2's
 * live pipelines is answered as a fresh name is. A deployment may refuse a name the caller's own
 * account uses (the spec says nothing either way), but one that refuses a name only account 2
 * uses (a name index without the account in it) shows account 1 that account 2 has a pipeline of
 * that name. Account 2's own definition is sent as it is, and only where it is refused the same
 * definition under a fresh name: a refusal of both is no tell (a quota, a definition account 1
 * may not use), and leaves the clause covered in part. The reverse, account 2 refused a name of
 * account 1's, is the same index seen from the other side, and would cost one more pipeline.
 */
async function expectNameFree(t: CheckContext, theirs: readonly ForeignPipeline[]): Promise<void> {
  // Without a create route no name can be refused through the API: nothing to leak.
  if (aRoute(t, 'pipelines.create') === null) return;
  const named = liveNamedForeign(theirs);
  if (named === undefined) {
    t.partial('X-ISO-1', "no live pipeline of account 2 was made by this run under a name of its definition (that needs pipeline_admin_key of account 2, and a definition with a name: the generated one or one of interface_a.definitions), so whether account 1 may create a pipeline under a name account 2 uses was not tried");
    return;
  }
  const format = definitionFormat(t);
  const what = `a pipeline named ${JSON.stringify(named.definition.name)} like account 2's ${named.state} pipeline ${named.id}`;
  const taken = await aSend(t, t.a(0), 'pipelines.create', documentBody(named.definition, format));
  archiveIfCreated(t, 0, taken);
  if (is2xx(taken)) return;
  const fresh = await aSend(t, t.a(0), 'pipelines.create', documentBody({ ...named.definition, name: t.name('enum-fresh-name') }, format));
  archiveIfCreated(t, 0, fresh);
  if (!is2xx(fresh)) {
    t.partial('X-ISO-1', `account 1 could not create ${what} (${describeResponse(taken)}), nor the same definition under a fresh name (${describeResponse(fresh)}): a name account 2 uses was not seen refused to account 1 alone`);
    return;
  }
  t.expect.that(false, {
    clause: 'X-ISO-1',
    message: `account 1 was refused ${what}, and created the same definition under a fresh name: the refusal shows account 1 that account 2 has a pipeline of that name`,
    expected: `created, as the fresh name was (${fresh.response.status})`,
    received: describeResponse(taken),
    exchange: taken,
  });
}

/**
 * X-ISO-1 on account 1's pipeline list, where the target serves one: read whole (every page, as
 * the target's answers show its paging), it holds none of account 2's pipelines. A list that
 * cannot be read whole leaves the clause covered in part: a leak past its first page would go
 * unseen.
 */
function expectListHidesForeign(t: CheckContext, walked: OwnPipelineList, theirs: readonly ForeignPipeline[], usable: readonly ForeignPipeline[]): void {
  if (walked === null) return;
  if ('refused' in walked) {
    t.partial('X-ISO-1', `account 1's pipeline list (pipelines.list) answered ${describeResponse(walked.refused)}, with no items where interface_a.list_items.pipelines of the target document says (default "items"), so whether it shows account 2's pipelines was not seen; set interface_a.operations.pipelines.list to null if the target serves no list`);
    return;
  }
  if (walked.caveat) t.note(walked.caveat);
  const isTheirs = theirsMatcher(usable);
  const shown = theirs.filter((f) => walked.items.some((p) => isTheirs(f, p)));
  const page = walked.exchanges.find((ex) => shown.some((f) => (listItemsOf(t, 'pipelines', ex.json) ?? []).some((p) => isTheirs(f, p))));
  t.expect.that(shown.length === 0, {
    clause: 'X-ISO-1',
    message: `account 1's pipeline list shows account 2's pipelines ${shown.map((f) => `${f.id} (${f.state})`).join(', ')}`,
    expected: 'only account 1\'s pipelines',
    received: page ? describeResponse(page) : `${walked.items.length} pipelines in ${walked.exchanges.length} pages`,
    ...(page ? { exchange: page } : {}),
  });
  if (shown.length === 0 && !walked.complete) t.partial('X-ISO-1', `account 1's pipeline list was not read whole (${walked.incomplete}), so whether it shows account 2's pipelines further on was not seen`);
}

/**
 * Whether a list item is account 2's pipeline `f`: by the name the run gave it where it made the
 * pipeline (an id alone may also be one of account 1's own, ids being numbered per account); a
 * fixture by its id, where it is not also one of account 1's (`notAccountOnes` decided: `usable`).
 */
function theirsMatcher(usable: readonly ForeignPipeline[]): (f: ForeignPipeline, p: unknown) => boolean {
  const fixtureIds = new Set(usable.filter((f) => f.name === undefined).map((f) => f.id));
  return (f, p) => isObject(p) && p.id === f.id && (f.name === undefined ? fixtureIds.has(f.id) : p.name === f.name);
}

/**
 * X-ISO-1 on a list served from a cache: account 2 lists its pipelines, and account 1 at once
 * after it asks the very same request; account 1's answer holds none of account 2's pipelines. A
 * cache keyed by the request alone (page and page size, not the account) serves account 1 the
 * list account 2 just got. The walk above asks with include_archived=true, which such a cache of
 * the default list may never see, so this asks as a dashboard does: without a query, and the first
 * page of 100 in the target's paging, neither with a filter. Account 2's answer must show one of
 * its pipelines the check knows, or a leak of it would not be told: else the clause is covered
 * in part.
 */
async function expectListAfterTheirsHidesForeign(t: CheckContext, theirs: readonly ForeignPipeline[], usable: readonly ForeignPipeline[]): Promise<void> {
  if (aRoute(t, 'pipelines.list') === null) return;
  if (t.target.a[1]?.adminKey === undefined) {
    t.partial('X-ISO-1', "no pipeline_admin_key of account 2 in the target document, so account 1's pipeline list right after account 2's (what a cache without the account in its key serves account 1) was not asked");
    return;
  }
  const isTheirs = theirsMatcher(usable);
  const queries: [string, Record<string, string | number>][] = [['without a query', {}], ['for its first page', firstPageQuery(t)]];
  let compared = 0;
  for (const [how, query] of queries) {
    const first = await aSend(t, t.a(1), 'pipelines.list', { query });
    const ours = await aSend(t, t.a(0), 'pipelines.list', { query });
    const listedToThem = first.response.status === 200 ? (listItemsOf(t, 'pipelines', first.json) ?? []) : [];
    const known = theirs.filter((f) => listedToThem.some((p) => isTheirs(f, p)));
    const items = ours.response.status === 200 ? listItemsOf(t, 'pipelines', ours.json) : undefined;
    if (known.length === 0 || items === undefined) {
      t.note(`account 2's list ${how} (${describeResponse(first)}) showed ${known.length === 0 ? 'none of the pipelines the check knows to be its own' : 'them'}, account 1's right after it answered ${describeResponse(ours)}: not compared`);
      continue;
    }
    compared++;
    const shown = known.filter((f) => items.some((p) => isTheirs(f, p)));
    t.expect.that(shown.length === 0, {
      clause: 'X-ISO-1',
      message: `account 1's pipeline list ${how}, asked right after account 2 asked the same, shows account 2's pipelines ${shown.map((f) => `${f.id} (${f.state})`).join(', ')}: account 2's list served to account 1`,
      expected: "only account 1's pipelines",
      received: describeResponse(ours),
      exchange: ours,
    });
  }
  if (compared === 0) t.partial('X-ISO-1', "account 2's pipeline list showed none of the pipelines the check knows to be its own, or account 1's was not read (see the notes), so whether account 1 is served account 2's list right after it was not seen");
}

/**
 * Request headers some deployments take to select the account a request acts in: an
 * organisation's account switcher, a multi-tenant gateway's tenant or organisation header. The
 * spec's key alone says whose the request is (A-AUTH-1, X-ISO-1): none of them may make account
 * 1's key act in account 2.
 */
const ACCOUNT_HEADERS = ['X-Account', 'X-Account-Id', 'X-Tenant', 'X-Tenant-Id', 'X-Org-Id', 'X-Organization'] as const;

/** `op` sent with the extra request `headers` besides its own. */
function withHeaders(op: Operation, label: string, headers: Record<string, string>): Operation {
  return {
    ...op,
    label: `${op.label} with ${label}`,
    successClause: 'X-ISO-1',
    options: (id) => {
      const own = op.options?.(id) ?? {};
      return { ...own, headers: { ...own.headers, ...headers } };
    },
  };
}

/**
 * X-ISO-1 on headers that select an account: account 1's key, sent with one of `ACCOUNT_HEADERS`
 * naming account 2 (its account_id, the one name of it the target document gives), reads account
 * 2's pipeline as it reads an absent id, header by header (the read, or else the definition read:
 * two requests a header); and one harmless write (the update, else the replace) with every
 * header at once is answered as for an absent id and changes nothing, read back as account 2 sees
 * it. A gateway that takes any admin key's word for the account it names hands account 1
 * account 2's pipelines. Fifteen requests or so, the read-back included. Returns the next seed.
 */
async function expectAccountHeadersIgnored(t: CheckContext, foreign: readonly ForeignPipeline[], ops: readonly Operation[], absents: AbsentAnswers, seed: number, canSee: boolean): Promise<number> {
  const accountId = t.target.b[1]?.accountId;
  if (accountId === undefined) {
    t.note(`no account_id of account 2 in the target document, so account 1's requests with a header naming account 2 (${ACCOUNT_HEADERS.join(', ')}) were not tried`);
    return seed;
  }
  // A live pipeline the run made where there is one (a write on it is the run's own to make), else any.
  const subject = foreign.find((f) => f.state === 'not deployed') ?? foreign.find((f) => f.state !== 'archived') ?? foreign[0];
  if (subject === undefined) return seed;
  // Tallied, not judged: too few pairs for either test.
  const presence = new PresenceTally();
  const cookies = new CookieValueTally();
  const pair = async (op: Operation, base: Operation): Promise<void> => {
    const absentId = absentIdFrom(t.target, seed++);
    const foreignEx = await send(t, op, subject.id);
    const absentEx = await send(t, op, absentId);
    // What the operation's absent ids vary in without the header is no tell with it either.
    expectSameAnswer(t, op, subject, foreignEx, absentId, absentEx, absents.of(base), presence, cookies);
  };
  const read = ops.find((op) => op.operation === 'pipelines.read' && op.method.toUpperCase() === 'GET') ?? ops.find((op) => op.operation === 'pipelines.definition');
  if (read === undefined) t.note('the target document declares neither pipelines.read nor pipelines.definition, so no read was sent with a header naming account 2');
  else for (const name of ACCOUNT_HEADERS) await pair(withHeaders(read, `${name}: ${accountId}`, { [name]: accountId }), read);
  const write = ops.find((op) => op.operation === 'pipelines.update' && !op.invalidBody) ?? ops.find((op) => op.operation === 'pipelines.replace' && !op.invalidBody);
  if (write === undefined) {
    t.note('the target document declares neither pipelines.update nor pipelines.replace, so no write was sent with a header naming account 2');
    return seed;
  }
  const before = canSee ? await snapshot(t, subject.id) : undefined;
  await pair(withHeaders(write, `every header naming account 2 (${ACCOUNT_HEADERS.join(', ')}: ${accountId})`, Object.fromEntries(ACCOUNT_HEADERS.map((name) => [name, accountId]))), write);
  if (before === undefined) return seed;
  const after = settledSince(before, await snapshot(t, subject.id));
  t.expect.that(JSON.stringify(after) === JSON.stringify(before), {
    clause: 'X-ISO-1',
    message: `account 1's ${write.label} of account 2's ${subject.state} pipeline ${subject.id}, sent with headers naming account 2 (${ACCOUNT_HEADERS.join(', ')}: ${accountId}), changed it`,
    expected: JSON.stringify(before),
    received: JSON.stringify(after),
  });
  return seed;
}

/** Methods that change nothing: the reads (and HEAD, OPTIONS) a reverse probe may send to account 1's fixtures. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A-ENUM-1 and X-ISO-1 the other way round: account 2 asking for account 1's pipelines. A lookup
 * that falls back, on a miss, on one account's pipelines (a legacy store that was the first
 * account's, say) leaks only to the other accounts, and account 1 asking sees nothing of it.
 * Kept to a few requests: every operation on one pipeline account 1 makes for it (never deployed;
 * a refused write must leave it as account 1 reads it back), the reads alone (and HEAD, OPTIONS)
 * on up to two of account 1's fixture pipelines, each against one absent id asked with account
 * 2's key, whose answers join what the absent ids already taught about each operation's own
 * variation (`absents`). Ids account 2's key also finds are dropped first (`notAccountOnes` the
 * other way: with ids numbered per account they are its own). Header presence and cookie values
 * are judged over the forward pairs only: these few pairs are too few for their tests.
 */
async function expectReverseSameAnswer(t: CheckContext, ops: readonly Operation[], absents: AbsentAnswers, seed: number): Promise<void> {
  if (t.target.a[1]?.adminKey === undefined) {
    t.note("no pipeline_admin_key of account 2 in the target document: account 2 asking for account 1's pipelines (a lookup that leaks one way only) was not tried, the reverse direction not verified");
    return;
  }
  const candidates: (ForeignPipeline & { writes: boolean })[] = (t.target.a[0]?.fixtures.pipeline_ids ?? []).slice(0, 2).map((id) => ({ id, state: 'fixture', writes: false }));
  if (aRoute(t, 'pipelines.create') !== null) {
    const name = t.name('enum-reverse');
    const made = await makePipeline(t, 0, plainDefinition(name));
    if ('id' in made) candidates.push({ id: made.id, state: 'not deployed', name, document: made.document, writes: true });
    else t.note(`account 1 could not create a pipeline for account 2 to ask about (${describeResponse(made.answer)}): only account 1's fixtures are asked about, by their reads`);
  }
  const usable = await notAccountOnes(t, candidates, undefined, REVERSE);
  if (usable.length === 0) {
    t.note(`account 2 asking for account 1's pipelines: ${candidates.length ? 'every id is also one account 2 finds itself (with ids numbered per account, its own)' : 'account 1 has no fixture pipelines (fixtures.pipeline_ids) and made none'}, so the reverse direction was not verified`);
    return;
  }
  const canSee = aRoute(t, 'pipelines.read') !== null;
  // Tallied, not judged: these few pairs are too few for either test.
  const presence = new PresenceTally();
  const cookies = new CookieValueTally();
  for (const mine of usable) {
    const before = canSee && mine.writes ? await snapshot(t, mine.id, 0) : undefined;
    for (const op of ops.filter((o) => !o.typesChange && (mine.writes || SAFE_METHODS.has(o.method.toUpperCase())))) {
      const absentId = absentIdFrom(t.target, seed++);
      const foreignEx = await send(t, op, mine.id, 1);
      const absentEx = await send(t, op, absentId, 1);
      absents.record(op, absentId, absentEx);
      expectSameAnswer(t, op, mine, foreignEx, absentId, absentEx, absents.of(op), presence, cookies, REVERSE);
    }
    if (before === undefined) continue;
    const after = settledSince(before, await snapshot(t, mine.id, 0));
    t.expect.that(JSON.stringify(after) === JSON.stringify(before), {
      clause: 'X-ISO-1',
      message: `account 2's attempts changed account 1's ${mine.state} pipeline ${mine.id}`,
      expected: JSON.stringify(before),
      received: JSON.stringify(after),
    });
  }
}

/** The spec's words for a pipeline's state, as `pipelineState` maps the target's. */
const SPEC_STATES: readonly unknown[] = ['deployed', 'not_deployed', 'archived'];

/**
 * `after` with what a deployment finishing in the background moves by itself left as it was
 * (`was`): the deployment time of a pipeline that was deployed already but showed none yet, and a
 * pipeline in a state the document does not map (`starting`, say: account 2 had just started it)
 * that is now deployed. A pipeline that was not deployed and now is shows in its state, which is
 * compared.
 */
function settledSince(was: JsonObject, after: JsonObject): JsonObject {
  if (!SPEC_STATES.includes(was.state) && after.state === 'deployed') {
    // What the deployment finishing set (its time, a count of deployments) is as it was.
    const rest = Object.fromEntries(Object.entries(after).filter(([k]) => !DEPLOYMENT_MEMBER.test(k) || k in was));
    return { ...rest, state: was.state, ...Object.fromEntries(Object.keys(was).filter((k) => DEPLOYMENT_MEMBER.test(k)).map((k) => [k, was[k]])) };
  }
  return was.state === 'deployed' && was.deployed_at === null && 'deployed_at' in after ? { ...after, deployed_at: null } : after;
}

/** A member of a pipeline's record about its deployment: when it was deployed, a count or id of its deployments. */
const DEPLOYMENT_MEMBER = /deploy/i;

/**
 * What account 2 sees of its pipeline that only a change would move: the definition and the
 * fields a change sets (time alone moves the sync state and `last_sync_at`, so those are left out),
 * a count or id of its deployments among them (a number in a member named for deployments:
 * `deployments`, `deployment_count`), which only a start or a redeploying write moves.
 * `mayBeAbsent` (an archived pipeline): null where the owner's read answers 404, as for an absent id.
 */
async function snapshot(t: CheckContext, id: number, owner?: Account): Promise<JsonObject>;
async function snapshot(t: CheckContext, id: number, owner: Account, mayBeAbsent: boolean): Promise<JsonObject | null>;
async function snapshot(t: CheckContext, id: number, owner: Account = 1, mayBeAbsent = false): Promise<JsonObject | null> {
  if (mayBeAbsent && aRoute(t, 'pipelines.read') !== null && (await aSend(t, t.a(owner), 'pipelines.read', id)).response.status === 404) return null;
  const { body } = await readPipeline(t, owner, id);
  const definition = aRoute(t, 'pipelines.definition') === null ? undefined : await aSend(t, t.a(owner), 'pipelines.definition', id);
  // What a write of account 1 could change: the name, the description (the update the check
  // sends sets it), the definition, whether the pipeline is
  // deployed, not deployed or archived (its state as the document maps it: a deployed pipeline
  // moves from one sync phase to the next by itself), and when it was deployed or archived. Not
  // updated_at, which a deployment may move with those phases too.
  const stable = ['id', 'name', 'description', 'deployed_at', 'archived_at'];
  const counts = Object.keys(body).filter((k) => DEPLOYMENT_MEMBER.test(k) && typeof body[k] === 'number');
  const state = pipelineState(t, body);
  return {
    ...Object.fromEntries([...stable, ...counts].filter((k) => k in body).map((k) => [k, body[k]])),
    state: state.spec ?? state.name ?? null,
    definition: definition ? (definition.json ?? definition.response.status) : 'not served',
  };
}

/** Where a definition holds a secret as text (a password), with the object that holds it. */
interface SecretSpot {
  holder: JsonObject;
  key: string;
  /** The holder's members that say which server it names (host, server), as they are. */
  servers: string[];
}

function secretSpot(value: unknown): SecretSpot | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = secretSpot(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const key = Object.keys(value).find((k) => looksSecret(k) && typeof value[k] === 'string');
  if (key !== undefined) return { holder: value, key, servers: Object.keys(value).filter((k) => /host|server/i.test(k) && typeof value[k] === 'string') };
  for (const child of Object.values(value)) {
    const found = secretSpot(child);
    if (found) return found;
  }
  return undefined;
}

/** `document` (a JSON copy) with the secret at its spot set to `secret` and its servers to `server`. */
function withSecret(document: unknown, secret: string, server?: string): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(document));
  const spot = secretSpot(copy);
  if (spot) {
    spot.holder[spot.key] = secret;
    if (server !== undefined) for (const k of spot.servers) spot.holder[k] = server;
  }
  return copy;
}

/**
 * X-ISO-1 on stored connection secrets. A deployment that shows a definition's secret as a
 * stand-in (a marker, a mask) may take that stand-in sent back as "keep the secret stored", and
 * refuse it where there is none to keep. One that looks the stored secret up by the connection
 * (a secrets vault keyed by host, database and user) rather than by the pipeline and account
 * gives account 1, sending account 2's connection with the stand-in, account 2's password. Told
 * apart by what the stand-in gets: account 1 sends it for a server no account uses (the control),
 * then for account 2's: where the first is refused, the second must be too, alike. Where the
 * target takes the stand-in as a value, or shows the secret as it is, or no definition of it
 * holds a secret beside a host, the clause is not verified here (a skip says which).
 */
check({
  id: 'a-enum/foreign-secret-not-borrowed',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: account 1 sending, in place of a connection's password, what a definition read shows instead of it, is answered alike for a server no account uses and for the connection of account 2's pipeline (never given account 2's stored password)",
  needs: ['a', 'write'],
  async run(t) {
    if (t.target.a[1]?.adminKey === undefined) t.skip("needs account 2's pipeline with a password: pipeline_admin_key of account 2 in the target document");
    if (aRoute(t, 'pipelines.create') === null || aRoute(t, 'pipelines.definition') === null) t.skip('needs pipelines.create and pipelines.definition in interface_a.operations: a connection secret is sent and shown through them');
    const secret = `pw-${t.name('enum-secret')}`;
    const generated = plainDefinition(t.name('enum-secret-2'));
    const source = isObject(generated.source) ? generated.source : {};
    const connection = isObject(source.connection) ? source.connection : {};
    delete connection.password_env;
    connection.password = secret;
    connection.host = `${t.name('enum-secret-theirs')}.example.com`;
    const made = await makePipeline(t, 1, generated);
    if (!('id' in made)) return t.skip(`account 2 could not create a pipeline (${describeResponse(made.answer)}; ${made.tried})`);
    const spot = secretSpot(made.document);
    if (spot === undefined || spot.servers.length === 0) return t.skip("the definition account 2's pipeline was made from holds no secret beside a host (the generated one was refused, and interface_a.definitions has none)");
    const read = await readDefinition(t, made.id, 1);
    if (!('value' in read)) t.skip(`account 2's definition read answered ${describeResponse(read.ex)}: what it shows for the password is not known`);
    const shownSpot = secretSpot(read.value);
    const shown = shownSpot?.holder[shownSpot.key];
    // A target that shows no stand-in (the member left out, or the password as it is) gives
    // account 1 nothing to send back in its place: there is no such lookup to mislead here, and
    // X-ISO-1 rests on the other checks (a note, not a skip, which would leave it not verified).
    if (typeof shown !== 'string' || shown === spot.holder[spot.key]) {
      t.note(`account 2's definition read shows ${typeof shown === 'string' ? 'the password as it is' : 'no password'}: there is no stand-in to send back, so no stored secret can be borrowed through one`);
      return;
    }
    const format = definitionFormat(t);
    const send = async (document: unknown) => {
      const ex = await aSend(t, t.a(0), 'pipelines.create', documentBody(document, format));
      archiveIfCreated(t, 0, ex);
      return ex;
    };
    const renamed = (base: string) => (isObject(made.document) && typeof made.document.name === 'string' ? { ...made.document, name: t.name(base) } : made.document);
    const control = await send(withSecret(renamed('enum-secret-fresh'), shown, `${t.name('enum-secret-nobody')}.example.com`));
    // A password is any string (the definition's schema is the deployment's): a target that stores
    // the stand-in as it is looks nothing up for it, and there is no borrowing to see.
    if (is2xx(control)) {
      t.note(`account 1's create with the stand-in ${JSON.stringify(shown)} as the password of a server no account uses was taken (${describeResponse(control)}): the target stores it as a value and looks no stored secret up for it`);
      return;
    }
    const theirs = await send(withSecret(renamed('enum-secret-same'), shown));
    t.expect.that(theirs.response.status === control.response.status, {
      clause: 'X-ISO-1',
      message: `account 1 sent the definition read's stand-in ${JSON.stringify(shown)} as a password: refused for a server no account uses, yet answered otherwise for the connection of account 2's pipeline ${made.id}: account 2's stored password was looked up for account 1`,
      expected: `${control.response.status}, as for the unused server`,
      received: describeResponse(theirs),
      exchange: theirs,
    });
  },
});
