import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { listCatalog } from './catalog/b-lists.ts';
import { describePaging, extensionPaging, listPagingFor, pageQuery, pagingNames } from './lib/paging.ts';
import { absentId, absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { CRASH_AND_LEAK, expectNoCrashOrLeak } from './lib/robustness.ts';
import { Volatility, comparableBody, expectSameAnswer, normalisedBody } from './lib/comparison.ts';
import { bodyShows, idOf, is2xx, isObject, listAll, pageListing, sameJson, show, userIn, walkList, whyNotWhole, type JsonObject, type ListWalk } from './lib/answers.ts';
import { deleteDeliveryOnCleanup, weeklyDeliveryBody } from './lib/factories/deliveries.ts';
import { howToPermit, permitted } from './lib/permissions.ts';
import { invoiceIdentity, sameInvoices } from './lib/invoices.ts';
import { deleteHookOnCleanup, inactiveHookBody, makeHook } from './lib/factories/hooks.ts';
import { setupFailed } from './lib/factories/setup.ts';
import { listenForDeliveries } from './lib/hook-listener.ts';
import { jsonOfBody } from './lib/big-ids.ts';
import { zonedDateTimeMs } from './lib/dates.ts';
import { jobEndMs, jobTimingHint } from './lib/job-timing.ts';
import { ENDED_STATUSES } from './lib/job-statuses.ts';
import { undoCreation } from './lib/factories/undo.ts';
import { B_ENDPOINTS, bEndpoint, bPath } from './catalog/b-endpoints.ts';
import { queryOf, type PathValues } from './catalog/b-requests.ts';
import { specReadRequests } from './catalog/b-exercise.ts';
import { GONE, partReader, type PartReader } from './catalog/b-state.ts';
import { ownership } from './catalog/b-ownership.ts';
import type { BEndpoint, BodyContext, ResourceKind, StatePart } from './catalog/types.ts';
import { B_ROOT_ENDPOINTS, type BRootEndpoint } from './catalog/b-root-endpoints.ts';
import { makeJob, stopJobOnCleanup } from './lib/factories/jobs.ts';
import { deleteSshKeyOnCleanup, makeSshKey, sshKeyBody } from './lib/factories/ssh-keys.ts';
import { keyUserId, removeMemberOnCleanup } from './lib/factories/members.ts';
import { readConnection } from './lib/factories/connections.ts';
import { makeSchedule } from './lib/factories/schedules.ts';

import { B_ACCEPT, basicAuthorization, bRootClient } from './lib/clients.ts';
import { describeResponse } from './lib/expect.ts';
import type { CheckContext, Exchange, RequestOptions } from './lib/types.ts';
import { requiredFields } from './lib/schemas.ts';

/*
 * B-AUTH-3 and X-ISO-1: account 1's key gets nothing of account 2. Two ways in:
 *  - account 2's `{account_id}` in the path;
 *  - account 2's resource ids in account 1's own path, for reads and writes; account 2 (read
 *    with its own key) must see no change.
 * What the spec states (B-AUTH-3, must): no access. So the foreign request must be refused with
 * a 4xx carrying none of account 2's data or keys, unless an absent id gets the same 2xx (a
 * write that does nothing whatever it names, such as marking an unknown notification).
 * That the foreign and the absent answers are identical (no enumeration) is the simulator's
 * convention, as the real service's: binding only in the `simulator` profile, a note elsewhere
 * (a target answering 403 for "exists, not yours" and 404 for "absent" is conformant).
 * Ids are not assumed unique across accounts (the spec never says so): a foreign id that account
 * 1's key can read names one of account 1's own things, so it is dropped before any request
 * naming it; writes use only ids proven not to be account 1's.
 */

/** Why a part read before a write may not read after it: nothing the write is judged by. */
const UNREADABLE_AFTER = 'refused, another shape, or a list grown past what is read whole';

/** A request of account 1 naming one id of account 2 (or, for the reference, an absent id). */
interface IdProbe {
  label: string;
  method: string;
  path: (id: number) => string;
  body?: (id: number, word: string) => unknown;
  query?: Record<string, string>;
  /** The catalog entry it comes from: what it may change, what it may create. */
  endpoint: BEndpoint;
}

/** Account 2's things, by kind, as far as the target has them (fixtures) and the check made them. */
type Foreign = Partial<Record<ResourceKind, PathValues[]>>;

interface MadeForeign {
  ids: Foreign;
  hookName: string;
  sshKeyName: string;
  /** The name of account 2's disabled schedule the check made, where the target serves schedules. */
  scheduleName?: string;
  /** The name of account 2's connection group the check made, where it made one. */
  groupName?: string;
}

/**
 * What account 2's fixtures name: its package, cluster, connections, a delivery and a notification.
 * (Its invoices, whose ids are strings, are read by b-iso/foreign-invoice-read-as-absent.)
 */
function foreignFixtures(t: CheckContext): Foreign {
  const f = t.fixtures(1);
  const one = (id: number | undefined): PathValues[] | undefined => (id === undefined ? undefined : [{ id }]);
  const out: Foreign = {};
  const set = (kind: ResourceKind, values: PathValues[] | undefined) => {
    if (values?.length) out[kind] = values;
  };
  set('package', one(f.package_id));
  set('cluster', one(f.cluster_id));
  set('delivery', one(f.delivery_ids?.[0]));
  set('notification', one(f.notification_ids?.[0]));
  set('connection', Object.entries(f.connections ?? {}).map(([type, id]) => ({ id, type })));
  return out;
}

/**
 * Creates a hook, an SSH key, a job and a disabled schedule a year ahead (an extension: where
 * served) in account 2 with its own key (all removed afterwards), and reads its key user's id: a
 * member of account 2. With `group`, also an empty connection group of
 * account 2's (the fixtures name none): the API cannot delete it, so it stays, as b-conn's do.
 */
async function makeForeign(t: CheckContext, options: { group?: boolean } = {}): Promise<MadeForeign> {
  const ids = foreignFixtures(t);
  ids.hook = [{ id: (await makeHook(t, 1, 'iso-hook')).id }];
  ids.sshKey = [{ id: (await makeSshKey(t, 1, 'iso-key')).id }];
  const job = await makeJob(t, 1);
  if (job) ids.job = [{ id: job.id }];
  const member = await keyUserId(t, 1);
  if (member !== undefined) ids.member = [{ id: member }];
  const made: MadeForeign = { ids, hookName: t.name('iso-hook'), sshKeyName: t.name('iso-key') };
  const schedule = await makeSchedule(t, 1, 'iso-schedule');
  if (schedule) {
    ids.schedule = [{ id: schedule.id }];
    made.scheduleName = t.name('iso-schedule');
  }
  if (options.group) {
    // Empty: no connection of account 2's is moved into a group that cannot be deleted.
    const groupName = t.name('iso-group');
    const ex = await t.b(1).post(bEndpoint('POST /connection_groups').path, { body: { connection_group: { name: groupName, description: "disco: account 2's group, read with account 1's key" } } });
    const id = is2xx(ex) && isObject(ex.json) ? idOf(ex) : undefined;
    if (id === undefined) {
      t.note(`POST /connection_groups with account 2's key answered ${ex.response.status}${is2xx(ex) ? " without the group's id" : ''}, so no connection group of account 2's was read with account 1's key`);
    } else {
      ids.connectionGroup = [{ id }];
      made.groupName = groupName;
      // The control: where account 2 cannot read its own group (the read is an extension), account 1's refusal shows nothing.
      const own = await t.b(1).get(bPath(bEndpoint('GET /connection_groups/{id}'), { id }));
      if (!is2xx(own)) t.note(`account 2's GET /connection_groups/${id} of its own new group answered ${own.response.status} (an extension this target may not serve), so account 1's refusal of it shows little`);
      if (!t.target.controlUrl) t.note("connection groups cannot be deleted through the API: account 2's group this check made stays (named after the run)");
    }
  }
  return made;
}

/** Names only account 2's things made by this run carry: a read of account 1's showing one shows account 2's. */
function foreignMarks(foreign: MadeForeign): string[] {
  return [foreign.hookName, foreign.sshKeyName, ...[foreign.scheduleName, foreign.groupName].filter((name): name is string => name !== undefined)];
}

/**
 * Account 2's ids sorted by what account 1's key may safely name: `reads` drops every id that is
 * account 1's own (a 2xx there is no leak), `writes` keeps only ids proven not to be account 1's
 * (a write on an id of its own would change account 1's real things). Only reads.
 */
async function screenForeign(t: CheckContext, foreign: MadeForeign): Promise<{ reads: Foreign; writes: Foreign; untried: string[]; unproven: string[] }> {
  const reads: Foreign = {};
  const writes: Foreign = {};
  const dropped: string[] = [];
  const untried: string[] = [];
  const unproven: string[] = [];
  const marks = foreignMarks(foreign);
  for (const [kind, all] of Object.entries(foreign.ids) as [ResourceKind, PathValues[]][]) {
    for (const values of all) {
      const what = `${values.type ? `${values.type} ` : ''}${kind} ${values.id}`;
      const owned = await ownership(t, kind, values, marks);
      if (owned === 'unproven') {
        // Read as a foreign id, its 2xx would be blamed on the target if it is account 1's own.
        dropped.push(`${what} (account 1's key reads it, and whether as account 1's own or account 2's could not be told)`);
        unproven.push(what);
        continue;
      }
      if (owned !== 'own') (reads[kind] ??= []).push(values);
      else dropped.push(`${what} (account 1 has one)`);
      if (owned === 'not-own' || owned === 'leak') (writes[kind] ??= []).push(values);
      else if (owned === 'unknown') {
        dropped.push(`${what} from writes (cannot tell whether account 1 has one)`);
        untried.push(what);
      }
    }
  }
  if (dropped.length) t.note(`ids of account 2 not used with account 1's key: ${dropped.join('; ')}`);
  return { reads, writes, untried: [...untried, ...unproven], unproven };
}

/**
 * Covered in part: account 1's key read these ids of account 2 (2xx), and neither a mark of this
 * run, account 1's own list read whole (an extension) nor account 2's own read of them told
 * whether that was account 1's own thing of the same id (ids may be numbered per account) or
 * account 2's leaking.
 */
function unprovenReads(t: CheckContext, clauses: readonly string[], unproven: readonly string[]): void {
  if (unproven.length === 0) return;
  for (const clause of clauses) t.partial(clause, `account 1's key read account 2's ${unproven.join(', ')} (2xx), and whether as a thing of account 1's own with the same id or as account 2's could not be told: account 1's whole list of them (an extension) would tell`);
}

/**
 * Covered in part: writes naming these ids of account 2 were not sent, since nothing told whether
 * account 1 has things of the same ids (its reads of them are extensions not served, or its list
 * is not read whole) and a write there could change account 1's own.
 */
function untriedWrites(t: CheckContext, clauses: readonly string[], untried: readonly string[]): void {
  if (untried.length === 0) return;
  for (const clause of clauses) t.partial(clause, `writes naming account 2's ${untried.join(', ')} were not sent: whether account 1 has things of the same ids could not be told (ids may be numbered per account; account 1's read or whole list of them would tell)`);
}

/**
 * Covered in part: what account 2 shows of `parts` could not be read back with its own key (reads
 * the spec does not have), so whether `writes` changed it was not seen.
 */
function unseenParts(t: CheckContext, parts: readonly string[], writes: readonly string[], when: string): void {
  if (parts.length === 0) return;
  t.partial('X-ISO-1', `account 2's ${parts.join(', ')} could not be read back with its own key ${when} (an extension read not served, refused, or a list not read whole), so whether ${writes.join(', ')} with account 1's key changed ${parts.length > 1 ? 'them' : 'it'} was not seen`);
}

/**
 * Parts of account 2 that could not be read before the writes: a part only extension writes touch
 * is left out with a note (a target without the extension has nothing that write could change);
 * one a write of the spec touches (`bySpec` names them) leaves X-ISO-1 covered in part.
 */
function leaveOutUnreadable<P extends string>(t: CheckContext, unreadable: readonly P[], bySpec: (part: P) => string[]): void {
  const unseen = unreadable.filter((part) => bySpec(part).length > 0);
  const onlyExtension = unreadable.filter((part) => !unseen.includes(part));
  if (onlyExtension.length) t.note(`parts of account 2 only extension writes touch, which cannot be read back here, so not compared: ${onlyExtension.join(', ')}`);
  unseenParts(t, unseen, [...new Set(unseen.flatMap(bySpec))], 'before the writes');
}

/** The catalog entries that name `kind` in their path (and, for a connection route of one type, only that type). */
function namingEntries(foreign: Foreign, select: (e: BEndpoint) => boolean): { endpoint: BEndpoint; values: PathValues }[] {
  const out: { endpoint: BEndpoint; values: PathValues }[] = [];
  for (const endpoint of B_ENDPOINTS.filter(select)) {
    const param = endpoint.id;
    if (!param) continue;
    for (const values of foreign[param.kind] ?? []) {
      if (param.connectionType && values.type !== param.connectionType) continue;
      out.push({ endpoint, values });
    }
  }
  return out;
}

function probeFor(t: CheckContext, endpoint: BEndpoint, values: PathValues): IdProbe {
  const type = values.type;
  const label = type && endpoint.path.includes('{type}') ? endpoint.key.replace('{type}', type) : endpoint.key;
  const query = queryOf(endpoint, t.target.interfaceB);
  return {
    label,
    method: endpoint.method,
    path: (id) => bPath(endpoint, { id, ...(type !== undefined ? { type } : {}) }),
    ...(endpoint.body ? { body: (_id: number, word: string) => endpoint.body?.(stolenContext(t, word)) } : {}),
    ...(query ? { query } : {}),
    endpoint,
  };
}

/** Bodies of writes on another account's things carry names a reader can spot. */
function stolenContext(t: CheckContext, word: string): BodyContext {
  return { fixtures: t.fixtures(0), interfaceB: t.target.interfaceB, name: (base) => t.name(`stolen-${base}-${word}`) };
}

/** Reads of account 1 that name an id of account 2: every catalog read that takes an id of a kind account 2 has. */
function readProbes(t: CheckContext, foreign: Foreign): { probe: IdProbe; id: number }[] {
  return namingEntries(foreign, (e) => e.method === 'GET').map(({ endpoint, values }) => ({ probe: probeFor(t, endpoint, values), id: values.id ?? 0 }));
}

/**
 * Writes of account 1 that name an id of account 2 (pass only ids screened for writes): every
 * catalog write that takes an id in its path, and every id a body names (a job on account 2's
 * package or cluster, marking account 2's notification).
 */
function writeProbes(t: CheckContext, foreign: Foreign): { probe: IdProbe; id: number }[] {
  const out = namingEntries(foreign, (e) => e.method !== 'GET').map(({ endpoint, values }) => ({ probe: probeFor(t, endpoint, values), id: values.id ?? 0 }));
  for (const endpoint of B_ENDPOINTS.filter((e) => e.bodyIds && e.effect !== 'destructive')) {
    for (const field of endpoint.bodyIds ?? []) {
      for (const values of foreign[field.kind] ?? []) {
        const base = endpoint.body?.(stolenContext(t, 'probe'));
        if (!base) continue;
        out.push({
          probe: { label: `${endpoint.key} with account 2's ${field.kind} as ${field.field}`, method: endpoint.method, path: () => endpoint.path, body: (id, word) => ({ ...endpoint.body?.(stolenContext(t, word)), [field.field]: id }), endpoint },
          id: values.id ?? 0,
        });
      }
    }
  }
  return out;
}

/** The key of every account but `own`: no answer to `own` may carry them. */
function otherKeys(t: CheckContext, own: 0 | 1): string[] {
  return t.target.b.filter((_, i) => i !== own).map((b) => b.apiKey);
}

/** Sends a probe with account 1's key; what a write that should have been refused created anyway is undone. */
async function send(t: CheckContext, probe: IdProbe, id: number, word: string): Promise<Exchange> {
  const options: RequestOptions = probe.body ? { body: probe.body(id, word) } : {};
  if (probe.query) options.query = { ...probe.query };
  const ex = await t.b(0).request(probe.method, probe.path(id), options);
  const made = idOf(ex);
  if (is2xx(ex) && made !== undefined && probe.endpoint.creates) undoCreation(t, 0, probe.endpoint.creates, made);
  return ex;
}

/** The reference's request sent once more, naming another absent id or account: the answer, and what it names. */
type AbsentAgain = () => Promise<{ ex: Exchange; echoes: string[] }>;

/**
 * What a target varies per answer in a body (a request id, a time stamp), where the foreign and
 * the absent answers differ in their bodies alone: learnt from the absent request sent once more
 * (`again`), so that a deployment that writes a request id into each error body is not taken to
 * tell account 2's things apart, and each answer's own time stamp (`learnStamps`: the absent
 * answers may share one, sent within the same millisecond). Nothing is sent where the answers are
 * alike.
 */
async function perAnswerVolatility(foreign: Exchange, absent: Exchange, echoes: { subject: string[]; reference: string[] }, again: AbsentAgain | undefined): Promise<Volatility | undefined> {
  if (foreign.response.status !== absent.response.status) return undefined;
  if (normalisedBody(foreign, echoes.subject) === normalisedBody(absent, echoes.reference)) return undefined;
  const volatility = new Volatility();
  volatility.learnStamps(foreign, absent);
  if (again) {
    const second = await again();
    volatility.learn(absent, echoes.reference, second.ex, second.echoes);
  }
  return volatility;
}

/**
 * B-AUTH-3 for one foreign request and its absent reference. Must (spec): a 4xx, or the same 2xx
 * an absent id gets (for a read, the same body but for the echoed id); and no answer carries
 * `markers` (names of account 2's things). The identical answer (no enumeration; what the target
 * varies per answer, such as a request id, aside: `again`) is binding in the simulator profile
 * only; elsewhere a difference of status or of a refusal is noted once per `what`.
 */
async function expectNoAccess(t: CheckContext, foreign: Exchange, absent: Exchange, options: { what: string; markers: readonly string[]; echoes: { subject: string[]; reference: string[] }; noted: Set<string>; again?: AbsentAgain }): Promise<void> {
  const status = foreign.response.status;
  const uniformNoOp = is2xx(foreign) && is2xx(absent);
  t.expect.that((status >= 400 && status < 500) || uniformNoOp, {
    clause: 'B-AUTH-3',
    message: `${options.what}: the foreign request was not refused, so account 1's key reached account 2`,
    expected: `a 4xx (an absent one got ${describeResponse(absent)})`,
    received: describeResponse(foreign),
    exchange: foreign,
  });
  const shown = options.markers.filter((m) => m !== '' && bodyShows(foreign, m));
  t.expect.that(shown.length === 0, {
    clause: 'B-AUTH-3',
    message: `${options.what}: the answer shows account 2's data`,
    expected: "nothing of account 2's",
    received: `the answer names ${shown.join(', ')}`,
    exchange: foreign,
  });
  if (t.profile === 'simulator') {
    const volatility = await perAnswerVolatility(foreign, absent, options.echoes, options.again);
    expectSameAnswer(t, foreign, absent, { clause: 'B-AUTH-3', what: options.what, echoes: options.echoes, ...(volatility ? { volatility } : {}) });
    return;
  }
  // Each answer's own time stamp aside (an error body's `timestamp`): no tell.
  const stamps = new Volatility();
  stamps.learnStamps(foreign, absent);
  const sameBody = comparableBody(foreign, options.echoes.subject, stamps) === comparableBody(absent, options.echoes.reference, stamps);
  // A read that succeeds for both may differ in nothing but the echoed id or account: a body the
  // absent one does not get shows something of what the foreign one names (account 2's invoices
  // on its path, say, where an unknown account gets an empty list).
  if (uniformNoOp && foreign.request.method === 'GET') {
    t.expect.that(sameBody, {
      clause: 'B-AUTH-3',
      message: `${options.what}: both succeeded, and the foreign read answered with another body than the absent one's, so it showed something of account 2`,
      expected: `the absent read's body: ${describeResponse(absent)}`,
      received: describeResponse(foreign),
      exchange: foreign,
    });
  }
  if (!options.noted.has(options.what) && (status !== absent.response.status || !sameBody)) {
    options.noted.add(options.what);
    t.note(`${options.what}: the foreign and the absent answers differ (${status} vs ${absent.response.status}), so existence shows; the spec does not forbid that (the simulator answers alike)`);
  }
}

/**
 * For each probe, the foreign id gives no access compared with random absent ids (B-AUTH-3), no
 * answer crashes (X-ROB-1) or carries another account's key (X-ISO-1).
 */
async function compareWithAbsent(t: CheckContext, probes: { probe: IdProbe; id: number }[], markers: readonly string[]): Promise<void> {
  if (probes.length === 0) t.skip("no id of account 2 can be named with account 1's key (see the notes): nothing to compare");
  const noted = new Set<string>();
  const compare = async (entry: { probe: IdProbe; id: number }, absent: number, word: string): Promise<void> => {
    const foreignAnswer = await send(t, entry.probe, entry.id, word);
    expectNoCrashOrLeak(t, foreignAnswer, CRASH_AND_LEAK, otherKeys(t, 0));
    const absentAnswer = await send(t, entry.probe, absent, word);
    const other = absentIdFrom(t.target, absent + 7919);
    await expectNoAccess(t, foreignAnswer, absentAnswer, {
      what: `${entry.probe.label} with account 2's id ${entry.id} and with the absent id ${absent}`,
      markers,
      echoes: { subject: [String(entry.id)], reference: [String(absent)] },
      noted,
      again: async () => ({ ex: await send(t, entry.probe, other, word), echoes: [String(other)] }),
    });
  };
  // Every probe once, then random absent ids and payloads.
  for (const entry of probes) await compare(entry, absentIdFrom(t.target, 1_999_999_937), 'sweep');
  const cases = fc.tuple(fc.constantFrom(...probes.map((p) => p.probe.label)), absentId(t.target), fc.stringMatching(/^[a-z0-9]{1,10}$/));
  await t.property('a foreign id gives no access', cases, ([label, absent, word]) => compare(probes.find((p) => p.probe.label === label) ?? probes[0]!, absent, word));
}

/** Account slugs that name no account: marked with the run, so no real customer is written to. */
function absentSlug(t: CheckContext): fc.Arbitrary<string> {
  const known = new Set(t.target.b.map((b) => b.accountId));
  return fc.stringMatching(/^[a-z0-9]{1,12}$/).map((s) => `disco-absent-${t.runId}-${s}`.toLowerCase()).filter((s) => !known.has(s));
}

/** Texts that only account 2's data would carry (its user's email, its package's name), read with its own key. */
async function accountMarkers(t: CheckContext): Promise<string[]> {
  const out: string[] = [];
  const user = await t.b(1).get('/user');
  const email = userIn(user)?.email;
  if (typeof email === 'string' && email.length >= 6) out.push(email);
  const packageId = t.fixtures(1).package_id;
  if (packageId !== undefined) {
    const pkg = await t.b(1).get(`/packages/${packageId}`);
    const name = pkg.response.status === 200 && pkg.json && typeof pkg.json === 'object' ? (pkg.json as Record<string, unknown>).name : undefined;
    if (typeof name === 'string' && name.length >= 6) out.push(name);
  }
  return out;
}

/** Every catalog read on an account's path: those without an id, and those naming account 2's fixtures. */
function accountPathReads(t: CheckContext): string[] {
  const paths = B_ENDPOINTS.filter((e) => e.method === 'GET' && !e.id).map((e) => e.path);
  for (const { endpoint, values } of namingEntries(foreignFixtures(t), (e) => e.method === 'GET')) {
    const query = queryOf(endpoint, t.target.interfaceB);
    paths.push(`${bPath(endpoint, values)}${query ? `?${new URLSearchParams(query).toString()}` : ''}`);
  }
  return paths;
}

check({
  id: 'b-iso/foreign-account-path',
  clauses: ['B-AUTH-3', 'X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "B-AUTH-3: account 1's keys (api_key, and member_api_key where given) on account 2's {account_id} path, for every read of the endpoint catalog, as GET and as HEAD, are refused with a 4xx showing nothing of account 2 (in the simulator profile: exactly what a nonexistent account gets, HEAD's Content-Length too)",
  needs: ['b', 'b2'],
  async run(t) {
    const foreignSlug = t.target.b[1]?.accountId ?? '';
    const paths = accountPathReads(t);
    const keys = await accountOneKeys(t);
    const markers = await accountMarkers(t);
    const noted = new Set<string>();
    const onAccount = (slug: string, path: string, key: string, method: 'GET' | 'HEAD' = 'GET') =>
      t.http.request(method, `${t.target.baseUrl}/${encodeURIComponent(slug)}/api${path}`, { headers: { accept: B_ACCEPT, authorization: basicAuthorization(key) } });
    const compare = async (path: string, absentAccount: string, who: { label: string; key: string }): Promise<void> => {
      const foreign = await onAccount(foreignSlug, path, who.key);
      expectNoCrashOrLeak(t, foreign, CRASH_AND_LEAK, otherKeys(t, 0));
      const absent = await onAccount(absentAccount, path, who.key);
      const what = (method: string) => `${method} /{account}/api${path} with ${who.label}, on account 2 and on an account that does not exist`;
      const again: AbsentAgain = async () => ({ ex: await onAccount(`${absentAccount}-again`, path, who.key), echoes: [`${absentAccount}-again`] });
      await expectNoAccess(t, foreign, absent, { what: what('GET'), markers, echoes: { subject: [foreignSlug], reference: [absentAccount] }, noted, again });
      // The same read as HEAD: a guard that lists the methods it checks may leave HEAD out, and its
      // status and Content-Length tell what exists in account 2 and how big it is.
      const heads = { foreign: await onAccount(foreignSlug, path, who.key, 'HEAD'), absent: await onAccount(absentAccount, path, who.key, 'HEAD') };
      expectHeadNoAccess(t, heads, { foreign, absent }, { what: what('HEAD'), noted });
    };
    // Every read once with every key, then random absent accounts.
    for (const who of keys) for (const path of paths) await compare(path, `disco-absent-${t.runId}-sweep`, who);
    await t.property('foreign account path gives no access', fc.tuple(fc.constantFrom(...paths), absentSlug(t), fc.constantFrom(...keys)), ([path, absentAccount, who]) => compare(path, absentAccount, who));
  },
});

/** A HEAD answer's Content-Length, where it gives one. */
function contentLength(ex: Exchange): number | undefined {
  const value = ex.response.headers['content-length'];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * B-AUTH-3 for a HEAD of account 2's path with account 1's key, beside the same HEAD of a
 * nonexistent account and the two GETs. A HEAD has no body, so what it shows is its status and
 * headers: a 2xx is access (must: refused, unless the nonexistent account's HEAD and the foreign
 * GET are served too, the same no-op); any refusal counts, a 405 too (a proxy may answer HEAD
 * itself). In the simulator profile the answer is the nonexistent account's exactly: the same
 * status, and a Content-Length that differs only as the GETs' bodies do (they may echo the
 * account), so neither existence nor size shows; elsewhere a difference is noted once.
 */
function expectHeadNoAccess(t: CheckContext, heads: { foreign: Exchange; absent: Exchange }, gets: { foreign: Exchange; absent: Exchange }, options: { what: string; noted: Set<string> }): void {
  const { foreign, absent } = heads;
  const status = foreign.response.status;
  t.expect.that(!is2xx(foreign) || (is2xx(absent) && is2xx(gets.foreign)), {
    clause: 'B-AUTH-3',
    message: `${options.what}: the foreign HEAD was served where ${is2xx(gets.foreign) ? 'the nonexistent account\'s was not' : `the same GET was refused (${gets.foreign.response.status})`}, so account 1's key probes account 2's resources (their existence and Content-Length)`,
    expected: `not a 2xx (the nonexistent account's HEAD got ${absent.response.status})`,
    received: `${status}${contentLength(foreign) === undefined ? '' : ` with Content-Length ${contentLength(foreign)}`}`,
    exchange: foreign,
  });
  const lengths = [contentLength(foreign), contentLength(absent)];
  const echoed = Buffer.byteLength(gets.foreign.response.body) - Buffer.byteLength(gets.absent.response.body);
  const sameLength = lengths[0] === undefined || lengths[1] === undefined || lengths[0] - lengths[1] === echoed;
  if (t.profile === 'simulator') {
    t.expect.that(status === absent.response.status && sameLength, {
      clause: 'B-AUTH-3',
      message: `${options.what}: the answers differ, so the caller can tell account 2's resources from absent ones`,
      expected: `${absent.response.status} with Content-Length ${lengths[1] ?? '(none)'} (the GETs' bodies differ by ${echoed} bytes)`,
      received: `${status} with Content-Length ${lengths[0] ?? '(none)'}`,
      exchange: foreign,
    });
    return;
  }
  if (!options.noted.has(options.what) && (status !== absent.response.status || !sameLength)) {
    options.noted.add(options.what);
    t.note(`${options.what}: the foreign and the absent HEAD answers differ (${status} vs ${absent.response.status}${sameLength ? '' : ', and in Content-Length'}), so existence shows; the spec does not forbid that (the simulator answers alike)`);
  }
}

/**
 * Account 1's keys to send on account 2's path: api_key (its owner's, as the document gives it)
 * and member_api_key, another user's: a gate may hold only one kind of key to its account (the
 * owner's, say, where members may belong to several accounts). The member key is sent only once
 * it is seen to read its own account's path, the control: refused there, its refusal on account
 * 2's path would show nothing.
 */
async function accountOneKeys(t: CheckContext): Promise<{ label: string; key: string }[]> {
  const keys = [{ label: "account 1's key", key: t.target.b[0]?.apiKey ?? '' }];
  const member = t.target.b[0]?.memberApiKey;
  if (member === undefined) {
    t.note("the target document gives no member_api_key (a key of a second user of account 1), so only api_key was sent on account 2's path: a member's key held to no account was not looked for");
    return keys;
  }
  const control = await t.http.request('GET', `${t.target.baseUrl}/${encodeURIComponent(t.target.b[0]?.accountId ?? '')}/api/connections/types`, { headers: { accept: B_ACCEPT, authorization: basicAuthorization(member) } });
  if (!is2xx(control)) {
    t.partial('B-AUTH-3', `member_api_key was refused on account 1's own path (GET /connections/types answered ${control.response.status}), so it was not sent on account 2's: whether a member's key is held to its account was not seen`);
    return keys;
  }
  return [...keys, { label: "account 1's member_api_key", key: member }];
}

/**
 * The catalog's writes that name no id in their path and can be undone: each sent with account
 * 1's key to account 2's path must change nothing there.
 */
function accountPathWrites(t: CheckContext): BEndpoint[] {
  return B_ENDPOINTS.filter((e) => e.method !== 'GET' && e.effect === 'write' && !e.id && e.body?.(stolenContext(t, 'probe')) !== undefined);
}

/**
 * The account itself at the API's root, where the real service's docs give it (`GET` and `PUT
 * {base_url}/accounts/{account_id}`; extensions outside the account path, which a target may not
 * serve): account 1's key naming account 2's account_id must neither show nor change account 2's
 * account (X-ISO-1 holds on every route; an admin check that then takes whichever account the path
 * names breaks it). The PUT sends an empty object, which changes nothing wherever it is taken. What
 * marks account 2's account is its `id` and `name` as account 2 reads them, where they differ from
 * account 1's own (the slug is not: the path echoes it).
 */
async function expectRootAccountGuarded(t: CheckContext, foreignSlug: string, key: string): Promise<void> {
  const { marks: byField, unread } = await accountMarks(t);
  if (unread !== undefined) {
    t.note(`GET {base_url}/accounts/{account_id} (the account at the API's root, where the real service's docs give it; an extension) did not answer each account its own (${unread}), so account 1's key on account 2's account there was not tried`);
    return;
  }
  const marks = Object.keys(byField);
  if (marks.length === 0) {
    t.note("account 2's account at the API's root has no id or name of its own apart from account 1's, so an answer showing it could not be told: account 1's key on it there was not judged");
    return;
  }
  const shows = (ex: Exchange): boolean => is2xx(ex) && isObject(ex.json) && marks.some((f) => isObject(ex.json) && sameJson(ex.json[f], byField[f]));
  for (const method of ['GET', 'PUT'] as const) {
    const ex = await bRootClient(t, key).request(method, `/accounts/${encodeURIComponent(foreignSlug)}`, method === 'PUT' ? { body: {} } : {});
    expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, otherKeys(t, 0));
    t.expect.that(!shows(ex), {
      clause: 'X-ISO-1',
      message: `${method} {base_url}/accounts/${foreignSlug}${method === 'PUT' ? ' {}' : ''} with account 1's key answered ${ex.response.status} with account 2's account (its ${marks.join(' and ')}): ${method === 'PUT' ? 'account 1 may change' : 'account 1 sees'} another account`,
      expected: "a refusal, or nothing of account 2's",
      received: `${ex.response.status} with account 2's ${marks.join(' and ')}`,
      exchange: ex,
    });
  }
}

check({
  id: 'b-iso/foreign-account-path-writes',
  clauses: ['B-AUTH-3', 'X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "B-AUTH-3, X-ISO-1: every write of the endpoint catalog sent with account 1's key on account 2's path (a job, the user, an SSH key, a hook, marking notifications) is refused and changes nothing of account 2 (in the simulator profile: answered exactly like a nonexistent account); nor do GET and PUT of account 2's account at the API's root (where served) show it",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    const foreignSlug = t.target.b[1]?.accountId ?? '';
    const key = t.target.b[0]?.apiKey ?? '';
    const writes = accountPathWrites(t);
    // What account 2 shows before, part by part (X-ISO-1 is judged against it).
    const readers = new Map<StatePart, PartReader>();
    for (const part of new Set(writes.flatMap((w) => w.touches ?? []))) {
      const reader = partReader(t, 1, part, {}, t.fixtures(1).notification_ids ?? []);
      if (reader) readers.set(part, reader);
    }
    const before = new Map<StatePart, string | undefined>();
    for (const [part, read] of readers) {
      const value = await read();
      if (value !== undefined && value !== GONE) before.set(part, value);
    }
    // The spec's writes must be seen to change nothing; a part only extension writes touch needs no read.
    leaveOutUnreadable(
      t,
      [...readers.keys()].filter((part) => !before.has(part)),
      (part) => writes.filter((w) => w.source === 'spec' && w.touches?.includes(part)).map((w) => w.key),
    );
    const markers = await accountMarkers(t);
    const onAccount = (slug: string, endpoint: BEndpoint, word: string) =>
      t.http.request(endpoint.method, `${t.target.baseUrl}/${encodeURIComponent(slug)}/api${endpoint.path}`, { headers: { accept: B_ACCEPT, authorization: basicAuthorization(key) }, body: endpoint.body?.(stolenContext(t, word)) });
    const answers: { foreign: Exchange; absent: Exchange; label: string; absentSlug: string; word: string }[] = [];
    const attempt = async (endpoint: BEndpoint, absentAccount: string, word: string): Promise<void> => {
      const foreign = await onAccount(foreignSlug, endpoint, word);
      expectNoCrashOrLeak(t, foreign, CRASH_AND_LEAK, otherKeys(t, 0));
      const made = idOf(foreign);
      if (is2xx(foreign) && made !== undefined && endpoint.creates) undoCreation(t, 1, endpoint.creates, made);
      const absent = await onAccount(absentAccount, endpoint, word);
      answers.push({ foreign, absent, label: endpoint.key, absentSlug: absentAccount, word });
    };
    for (const endpoint of writes) await attempt(endpoint, `disco-absent-${t.runId}-sweep`, 'sweep');
    await t.property('writes on a foreign account path', fc.tuple(fc.constantFrom(...writes.map((w) => w.key)), absentSlug(t), fc.stringMatching(/^[a-z0-9]{1,8}$/)), ([label, absentAccount, word]) =>
      attempt(bEndpoint(label), absentAccount, word),
    );
    // First what account 2 sees (X-ISO-1), then how the answers compare (B-AUTH-3).
    for (const [part, value] of before) {
      const after = await readers.get(part)?.();
      if (after === undefined) {
        unseenParts(t, [part], writes.filter((w) => w.touches?.includes(part)).map((w) => w.key), `after the writes (${UNREADABLE_AFTER})`);
        continue;
      }
      t.expect.that(after === value, { clause: 'X-ISO-1', message: `account 2's ${part} changed after writes with account 1's key on account 2's path`, expected: value, received: String(after) });
    }
    await expectRootAccountGuarded(t, foreignSlug, key);
    const noted = new Set<string>();
    for (const m of answers) {
      const again: AbsentAgain = async () => ({ ex: await onAccount(`${m.absentSlug}-again`, bEndpoint(m.label), m.word), echoes: [`${m.absentSlug}-again`] });
      await expectNoAccess(t, m.foreign, m.absent, { what: `${m.label} with account 1's key on account 2's path and on a nonexistent account`, markers, echoes: { subject: [foreignSlug], reference: [m.absentSlug] }, noted, again });
    }
  },
});

/**
 * Account 2's account as its own key reads it at the API's root (`GET /accounts/{account_id}`, an
 * extension), and account 1's the same way: what marks account 2's account in a list is its slug
 * in `account_id` (the docs' field), and its `id` and `name` where they differ from account 1's
 * (the slug alone does not mark an answer to a path naming it: the path echoes it). `unread`: the
 * two statuses, where either read did not answer its account.
 */
async function accountMarks(t: CheckContext): Promise<{ slug: string; marks: Record<string, unknown>; unread?: string }> {
  const read = (i: 0 | 1) => bRootClient(t, t.target.b[i]?.apiKey ?? '').get(`/accounts/${encodeURIComponent(t.target.b[i]?.accountId ?? '')}`);
  const [theirs, mine] = [await read(1), await read(0)];
  const slug = t.target.b[1]?.accountId ?? '';
  if (!is2xx(theirs) || !isObject(theirs.json) || !is2xx(mine) || !isObject(mine.json)) return { slug, marks: {}, unread: `${theirs.response.status}, ${mine.response.status}` };
  const marks: Record<string, unknown> = {};
  for (const f of ['id', 'name'] as const) if (Object.hasOwn(theirs.json, f) && theirs.json[f] !== null && !sameJson(theirs.json[f], mine.json[f])) marks[f] = theirs.json[f];
  return { slug, marks };
}

/**
 * X-ISO-1 on a root list of the caller's own accounts (`GET /accounts`, with each of its filters):
 * no item may be account 2's. Judged against what account 1 may see, its own accounts, never
 * against its unfiltered list (a list that forgets the membership leaks with every filter alike).
 */
async function expectOwnAccountsOnly(t: CheckContext, endpoint: BRootEndpoint, filters: readonly Readonly<Record<string, string>>[]): Promise<void> {
  const client = bRootClient(t, t.target.b[0]?.apiKey ?? '');
  const { slug, marks } = await accountMarks(t);
  const names = extensionPaging(t.target);
  const foreign = (item: unknown): boolean => isObject(item) && (item.account_id === slug || Object.entries(marks).some(([f, v]) => sameJson(item[f], v)));
  let pageSizeHonoured: boolean | undefined;
  const refused: string[] = [];
  for (const filter of filters) {
    const walked = await walkList(client, endpoint.path, names, { query: filter, maxPages: 20, ...(pageSizeHonoured === undefined ? {} : { pageSizeHonoured }) });
    const shown = `${endpoint.path}${Object.keys(filter).length ? `?${queryText(filter)}` : ''}`;
    if ('refused' in walked) {
      expectNoCrashOrLeak(t, walked.refused, CRASH_AND_LEAK, otherKeys(t, 0));
      refused.push(`${shown} (${walked.refused.response.status})`);
      continue;
    }
    pageSizeHonoured = walked.pageSizeHonoured;
    for (const ex of walked.exchanges) expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, otherKeys(t, 0));
    const leaked = walked.items.filter(foreign);
    const page = pageListing(walked, foreign);
    t.expect.that(leaked.length === 0, {
      clause: 'X-ISO-1',
      message: `GET {base_url}${shown} (the caller's accounts at the API's root, an extension) with account 1's key lists account 2's account (its account_id ${slug}${Object.keys(marks).length ? ` or its ${Object.keys(marks).join(' or ')}` : ''}): account 1 sees another account`,
      expected: "only accounts of account 1's key",
      received: show(leaked.slice(0, 1)),
      ...(page ? { exchange: page } : {}),
    });
    if (!walked.complete && leaked.length === 0) t.partial('X-ISO-1', `GET {base_url}${shown} could not be read whole (${whyNotWhole(walked, names)}), so whether it lists account 2's account further on was not seen`);
  }
  if (refused.length) t.note(`the root list of the caller's accounts was not served or took no such filter (an extension; nothing listed, nothing to leak): ${refused.join('; ')}`);
}

/**
 * X-ISO-1 on a root write naming ids of the caller's account in its body (`POST
 * /user/notifications/mark {id}`): sent with account 1's key naming account 2's fixture ids, it
 * must change nothing account 2 sees (read back with account 2's key, as on the account path).
 */
async function expectRootWriteLeavesTheirs(t: CheckContext, endpoint: BRootEndpoint): Promise<void> {
  const client = bRootClient(t, t.target.b[0]?.apiKey ?? '');
  for (const { field, kind } of endpoint.bodyIds ?? []) {
    const ids = kind === 'notification' ? (t.fixtures(1).notification_ids ?? []).slice(0, 2) : [];
    if (ids.length === 0) {
      t.note(`${endpoint.key} at the API's root was not sent naming account 2's ${kind}: the target document gives account 2 none`);
      continue;
    }
    const readers = (endpoint.touches ?? []).map((part) => ({ part, read: partReader(t, 1, part, {}, ids) }));
    const before = new Map<StatePart, string>();
    for (const { part, read } of readers) {
      const value = await read?.();
      if (value !== undefined && value !== GONE) before.set(part, value);
    }
    if (before.size === 0) {
      t.note(`${endpoint.key} at the API's root was not sent naming account 2's ${kind}s: account 2's ${(endpoint.touches ?? []).join(', ')} could not be read (extensions)`);
      continue;
    }
    const answers: Exchange[] = [];
    for (const id of ids) {
      const ex = await client.request(endpoint.method, endpoint.path, { body: { [field]: id } });
      expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, otherKeys(t, 0));
      answers.push(ex);
    }
    for (const { part, read } of readers) {
      const was = before.get(part);
      if (was === undefined) continue;
      const now = await read?.();
      t.expect.that(now === undefined || now === was, {
        clause: 'X-ISO-1',
        message: `${endpoint.key} at the API's root (an extension) with account 1's key naming account 2's ${kind}s (${field} ${ids.join(', ')}) changed account 2's ${part}`,
        expected: was,
        received: String(now),
        exchange: answers[0],
      });
    }
    t.note(`${endpoint.key} at the API's root naming account 2's ${kind}s answered ${answers.map((a) => a.response.status).join(', ')}`);
  }
}

check({
  id: 'b-iso/root-routes-own-only',
  clauses: ['X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "X-ISO-1: the real service's calls at the API's root (extensions, where served; suites/catalog/b-root-endpoints.ts) keep to the key's own account: a root write naming ids in its body (POST /user/notifications/mark {id}) sent with account 1's key naming account 2's notifications changes nothing account 2 sees, and the root list of the caller's accounts (GET /accounts, with each of the docs' role filters) lists no account of account 2",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    for (const endpoint of B_ROOT_ENDPOINTS) {
      if (endpoint.ownAccounts) await expectOwnAccountsOnly(t, endpoint, endpoint.ownAccounts.filters);
      if (endpoint.bodyIds && endpoint.effect === 'write') await expectRootWriteLeavesTheirs(t, endpoint);
    }
  },
});

check({
  id: 'b-iso/foreign-ids-read-as-absent',
  clauses: ['B-AUTH-3', 'X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "B-AUTH-3: every read of the endpoint catalog in account 1's path naming account 2's package, hook, SSH key, job, schedule, cluster, connection or connection group is refused showing nothing of account 2 (in the simulator profile: exactly like absent ids)",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    const foreign = await makeForeign(t, { group: true });
    const { reads, unproven } = await screenForeign(t, foreign);
    unprovenReads(t, ['B-AUTH-3', 'X-ISO-1'], unproven);
    await compareWithAbsent(t, readProbes(t, reads), foreignMarks(foreign));
    await memberReadsForeign(t, readProbes(t, reads), foreignMarks(foreign));
  },
});

/**
 * The same reads with member_api_key (another user of account 1): a lookup may hold only the
 * owner's key to its account (a team view that finds a record by id in any account for members,
 * once shared between accounts). One read per kind of account 2's thing, its record's own (the
 * shortest path naming it), sent once with the member's key: a 4xx showing none of account 2's
 * names passes; a 2xx is compared with the member's read of an absent id, as the owner's are
 * (`expectNoAccess`). Where the member's key does not read account 1's own path (the control),
 * nothing is sent; where the document gives no member key, a note says so.
 */
async function memberReadsForeign(t: CheckContext, probes: { probe: IdProbe; id: number }[], markers: readonly string[]): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) {
    t.note("the target document gives no member_api_key (a key of a second user of account 1), so account 2's ids were read with api_key only");
    return;
  }
  const member = t.bWithKey(memberKey);
  const control = await member.get(bEndpoint('GET /connections/types').path);
  if (!is2xx(control)) {
    t.note(`member_api_key was refused on account 1's own path (GET /connections/types answered ${control.response.status}), so account 2's ids were not read with it`);
    return;
  }
  const byKind = new Map<string, { probe: IdProbe; id: number }>();
  for (const entry of probes) {
    const kind = entry.probe.endpoint.id?.kind;
    if (kind === undefined) continue;
    const held = byKind.get(kind);
    if (!held || entry.probe.endpoint.path.length < held.probe.endpoint.path.length) byKind.set(kind, entry);
  }
  const noted = new Set<string>();
  const sendAsMember = (probe: IdProbe, id: number): Promise<Exchange> => member.request(probe.method, probe.path(id), probe.query ? { query: { ...probe.query } } : {});
  for (const { probe, id } of byKind.values()) {
    const ex = await sendAsMember(probe, id);
    expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, otherKeys(t, 0));
    const what = `${probe.label} with member_api_key (another user of account 1) and account 2's id ${id}`;
    if (ex.response.status >= 400 && ex.response.status < 500) {
      const shown = markers.filter((m) => m !== '' && bodyShows(ex, m));
      t.expect.that(shown.length === 0, { clause: 'B-AUTH-3', message: `${what}: the refusal shows account 2's data`, expected: "nothing of account 2's", received: `the answer names ${shown.join(', ')}`, exchange: ex });
      continue;
    }
    const absent = absentIdFrom(t.target, 1_999_999_937);
    await expectNoAccess(t, ex, await sendAsMember(probe, absent), { what: `${what}, and with the absent id ${absent}`, markers, echoes: { subject: [String(id)], reference: [String(absent)] }, noted });
  }
  t.note(`account 2's ${[...byKind.keys()].join(', ')} read once each with member_api_key too`);
}

/** The output preview of the real docs (docs/interface-b.md), an extension taking two ids. */
const previewPath = (jobId: number, outputId: number): string => `/jobs/${jobId}/outputs/${outputId}/preview`;

/**
 * B-AUTH-3 on the output preview (`GET /jobs/{id}/outputs/{output_id}/preview`, the real docs',
 * an extension): a store that addresses previews by job and output id alone, as a bucket does,
 * serves any account's rows. The endpoint catalog names one id per read, so
 * b-iso/foreign-ids-read-as-absent never sends it: here account 2 runs a job of its own to its
 * end and reads an output's preview with its own key (the control: a target without the
 * extension, or whose job does not complete in time, gets a note saying so), then account 1's key asks
 * for that job and output, compared with absent job ids and the same output id. The job id is
 * screened as the other foreign reads are: one account 1 reads as its own (ids may be numbered
 * per account) is not sent.
 */
check({
  id: 'b-iso/foreign-job-output-preview',
  clauses: ['B-AUTH-3', 'X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "B-AUTH-3: account 1's key asking for the output preview of account 2's completed job (GET /jobs/{id}/outputs/{output_id}/preview, an extension) is refused showing none of its rows (in the simulator profile: exactly like an absent job)",
  needs: ['b', 'b2', 'write'],
  // With the control API it moves the clock to end account 2's job at once, which no other check
  // may see; without one it waits for the job in real time, beside the other interface B checks.
  runsAloneWithControl: 'it moves the simulator clock',
  async run(t) {
    const made = await makeJob(t, 1);
    if (!made) return t.skip("account 2's fixtures name no package_id and cluster_id (fixtures.package_id, fixtures.cluster_id would let it run): no job of account 2's was run to have an output");
    const jobId = made.id;
    if (t.target.controlUrl) await t.advanceClock(60_000);
    let outputs: unknown[] = [];
    const ended = await t.poll(async () => {
      const read = await t.b(1).get(`/jobs/${jobId}`);
      if (!is2xx(read) || !isObject(read.json)) return 'unread';
      outputs = Array.isArray(read.json.outputs) ? read.json.outputs : [];
      return ENDED_STATUSES.has(String(read.json.status)) ? String(read.json.status) : undefined;
    }, { timeoutMs: jobEndMs(t.target), intervalMs: 500 });
    // The preview and the job read are extensions: a target without them has nothing to leak
    // here, which is noted, not skipped (the spec's reads carry B-AUTH-3 in the other checks).
    if (ended === 'unread') return t.note(`account 2's GET /jobs/${jobId} (an extension) was not served, so its job's outputs, and their previews, were not asked for`);
    if (ended !== 'completed') return t.note(`account 2's job ${jobId} ${ended ? `ended ${ended}` : `had not ended within ${jobEndMs(t.target) / 1000} s ${jobTimingHint('job_end_seconds')}`}: it has no output whose preview account 1's key could ask for`);
    const outputId = outputs.map((o) => (isObject(o) && typeof o.id === 'number' ? o.id : undefined)).find((id) => id !== undefined);
    if (outputId === undefined) return t.note(`account 2's completed job ${jobId} lists no output with an id: there is no preview to ask for`);
    const own = await t.b(1).get(previewPath(jobId, outputId));
    if (!is2xx(own)) return t.note(`account 2's own GET ${previewPath(jobId, outputId)} answered ${own.response.status} (an extension this target may not serve): account 1's refusal of it would show nothing, so it was not asked for`);
    const owned = await ownership(t, 'job', { id: jobId }, []);
    if (owned === 'own') return t.note(`account 1 has a job of id ${jobId}, the id of account 2's (ids numbered per account): the preview of its output, account 1's own, was not asked for as account 2's`);
    if (owned === 'unproven') return unprovenReads(t, ['B-AUTH-3'], [`job ${jobId}`]);
    const preview = isObject(own.json) ? own.json.preview : undefined;
    const markers = typeof preview === 'string' && preview.length >= 6 ? [preview] : [];
    const noted = new Set<string>();
    const compare = async (absent: number): Promise<void> => {
      const foreign = await t.b(0).get(previewPath(jobId, outputId));
      expectNoCrashOrLeak(t, foreign, CRASH_AND_LEAK, otherKeys(t, 0));
      const reference = await t.b(0).get(previewPath(absent, outputId));
      const other = absentIdFrom(t.target, absent + 7919);
      await expectNoAccess(t, foreign, reference, {
        what: `GET /jobs/{id}/outputs/{output_id}/preview with account 2's job ${jobId} and its output ${outputId}, and with the absent job ${absent}`,
        markers,
        echoes: { subject: [String(jobId)], reference: [String(absent)] },
        noted,
        again: async () => ({ ex: await t.b(0).get(previewPath(other, outputId)), echoes: [String(other)] }),
      });
    };
    await compare(absentIdFrom(t.target, 1_999_999_937));
    await t.property("the preview of account 2's job output gives no access", absentId(t.target), compare, { runs: 10 });
  },
});

/**
 * Whether an invoice on a page of one account's list is the other account's: equal, whole, to one
 * of the other's (a leak drawn as its owner draws it), or, where the account's own list was read
 * whole, alike in identity (id, date, amount, currency, status) to one of the other's and to none
 * of its own (a leak drawn with the caller's links).
 */
function foreignInvoiceTest(own: ListWalk | null, other: ListWalk): (invoice: unknown) => boolean {
  const otherWhole = new Set(other.items.map((i) => JSON.stringify(i)));
  const otherIdentities = new Set(other.items.map(invoiceIdentity));
  const ownIdentities = own?.complete ? new Set(own.items.map(invoiceIdentity)) : undefined;
  return (invoice) => otherWhole.has(JSON.stringify(invoice)) || (ownIdentities !== undefined && otherIdentities.has(invoiceIdentity(invoice)) && !ownIdentities.has(invoiceIdentity(invoice)));
}

/** The invoice list's path (the spec's GET /invoices, from the catalog). */
const INVOICE_LIST = bEndpoint('GET /invoices');

check({
  id: 'b-iso/foreign-invoices-not-listed',
  clauses: ['B-AUTH-3', 'X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "B-AUTH-3: no page of account 1's invoice list holds an invoice of account 2, and the two accounts' lists do not each hold every invoice of the other",
  needs: ['b', 'b2'],
  async run(t) {
    const names = pagingNames(t.target);
    const theirs = await listAll(t.b(1), INVOICE_LIST.path, names);
    if (!theirs) return t.skip("account 2's own GET /invoices was not answered with an array, so there is nothing of account 2 to look for");
    if (theirs.items.length === 0) t.skip('account 2 has no invoices, so none could leak');
    const mine = await listAll(t.b(0), INVOICE_LIST.path, names);
    const bothWhole = theirs.complete && mine?.complete === true;
    // Drawn with the caller's links, a leaked invoice equals nothing of account 2's whole; by
    // identity (the fields but the URL) one alike in both lists is no proof (ids may be numbered
    // per account), nor are two lists each holding all of the other's (accounts billed alike).
    if (mine && bothWhole && sameInvoices(mine.items, theirs.items)) {
      // Two accounts billed alike with ids numbered per account show the same: not told apart, not passed.
      const reason = `accounts 1 and 2 list the same ${mine.items.length} invoices by id, date, amount, currency and status, their URLs aside: either account 1 is shown account 2's invoices, or the two accounts' invoices are alike, which the lists cannot tell apart; accounts billed differently verify it`;
      t.partial('B-AUTH-3', reason);
      t.partial('X-ISO-1', reason);
    }
    // An invoice of account 2 on a page of account 1 that account 1's whole list does not hold is
    // account 2's, however it is drawn.
    const isForeign = foreignInvoiceTest(mine, theirs);
    const pages = fc.record({ offset: fc.oneof(fc.nat({ max: 300 }), fc.constant(0)), limit: fc.integer({ min: 1, max: 100 }) });
    await t.property("account 1's invoice pages", pages, async ({ offset, limit }) => {
      const ex = await t.b(0).get(INVOICE_LIST.path, { query: pageQuery(names, { offset, size: limit }) });
      expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, otherKeys(t, 0));
      if (!Array.isArray(ex.json)) return;
      const leaked = ex.json.filter(isForeign);
      t.expect.that(leaked.length === 0, { clause: 'B-AUTH-3', message: `account 1's invoice list holds ${leaked.length} invoice(s) of account 2`, expected: "only account 1's invoices", received: JSON.stringify(leaked.slice(0, 2)), exchange: ex });
    }, { runs: 5 });
  },
});

/**
 * B-INV-1 (and so B-AUTH-3) on the plain GET /invoices (no query: a billing widget's request, the one
 * a cache in front of the service may keep, keyed without the account): each account's plain list,
 * read right after the other account's, holds none of the other's invoices. The paged walks of the
 * other checks all send a query, which such a cache passes by. Three reads (account 1, 2, 1): a
 * cache filled by either account before is caught by the read of the other.
 */
check({
  id: 'b-iso/plain-invoice-lists-own',
  clauses: ['B-INV-1'],
  supports: ['X-ROB-1'],
  title: "B-INV-1: each account's plain GET /invoices (no query), read right after the other account's, lists only its own invoices: none of the other account's whole paged list that its own does not hold",
  needs: ['b', 'b2'],
  deepens: "b-inv/only-own verifies B-INV-1 on the lists as the kit pages them; this one adds the plain GET /invoices, read right after the other account's",
  async run(t) {
    const names = pagingNames(t.target);
    const mine = await listAll(t.b(0), INVOICE_LIST.path, names);
    const theirs = await listAll(t.b(1), INVOICE_LIST.path, names);
    if (!mine || !theirs) return t.skip(`account ${mine ? 2 : 1}'s own GET /invoices, walked with the target's paging names, was not answered with an array: nothing to compare its plain list with`);
    const lists: readonly [ListWalk, ListWalk] = [mine, theirs];
    if (mine.items.length === 0 && theirs.items.length === 0) return t.skip('neither account has invoices, so none could show in the other\'s plain list (accounts with invoices would let it run)');
    let compared = 0;
    for (const account of [0, 1, 0] as const) {
      const other = account === 0 ? 1 : 0;
      const ex = await t.b(account).get(INVOICE_LIST.path);
      expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, otherKeys(t, account));
      if (!is2xx(ex) || !Array.isArray(ex.json)) {
        t.note(`account ${account + 1}'s GET /invoices without a query answered ${describeResponse(ex)}, not a list: its plain list was not compared`);
        continue;
      }
      compared++;
      const isForeign = foreignInvoiceTest(lists[account], lists[other]);
      const leaked = ex.json.filter(isForeign);
      // Account 2's invoices shown to account 1's key (or the reverse) break B-AUTH-3 too; the list's own clause is named.
      t.expect.that(leaked.length === 0, {
        clause: 'B-INV-1',
        message: `account ${account + 1}'s GET /invoices without a query, read right after account ${other + 1}'s, lists ${leaked.length} invoice(s) of account ${other + 1}'s that its own paged list does not hold`,
        expected: `only account ${account + 1}'s invoices (its paged list begins ${show(lists[account].items.slice(0, 1))})`,
        received: show(leaked.slice(0, 2)),
        exchange: ex,
      });
      const own = lists[account];
      if (own.complete) {
        const ownIdentities = new Set(own.items.map(invoiceIdentity));
        const unknown = ex.json.filter((i) => !isForeign(i) && !ownIdentities.has(invoiceIdentity(i)));
        if (unknown.length) t.note(`account ${account + 1}'s plain GET /invoices lists ${unknown.length} invoice(s) its whole paged list, read before, does not hold (new since, or drawn otherwise): ${show(unknown.slice(0, 1))}`);
      }
    }
    if (compared === 0) t.skip('no plain GET /invoices was answered with a list (see the notes), so none was compared');
  },
});

/** An invoice id like `id` that names nothing: its digits (the last run of them) replaced by an absent id's, or an absent id where it has none. */
function absentInvoiceId(t: CheckContext, id: string | number, seed: number): string | number {
  const absent = absentIdFrom(t.target, seed);
  if (typeof id === 'number') return absent;
  const digits = /\d+(?!.*\d)/.exec(id);
  return digits ? `${id.slice(0, digits.index)}${String(absent).padStart(digits[0].length, '0')}${id.slice(digits.index + digits[0].length)}` : `${id}${absent}`;
}

/**
 * B-AUTH-3 on the invoice read by id (GET /invoices/{id}, the real service's, an extension):
 * account 1's key reading an invoice id taken from account 2's own list is refused as an absent id
 * of the same shape is (in the simulator profile: exactly alike). Invoice ids are strings (section
 * 2), which the id probes of b-iso/foreign-ids-read-as-absent do not take, so the invoice kind is
 * read here. An id account 1's own list holds too (ids may be numbered per account) is not asked
 * for; where account 2 cannot read its own invoice by id (the extension not served) there is
 * nothing to leak, which is noted.
 */
check({
  id: 'b-iso/foreign-invoice-read-as-absent',
  clauses: ['B-AUTH-3', 'X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "B-AUTH-3: account 1's key reading an invoice of account 2 by id (GET /invoices/{id}, an extension; the ids from account 2's own list) is refused showing nothing of it (in the simulator profile: exactly like an absent id)",
  needs: ['b', 'b2'],
  deepens: "b-iso/foreign-ids-read-as-absent verifies B-AUTH-3 and X-ISO-1 on the catalog's numeric ids; this one adds account 2's invoices, by their string ids, where the target serves GET /invoices/{id}",
  async run(t) {
    const names = pagingNames(t.target);
    const read = bEndpoint('GET /invoices/{id}');
    const theirs = await listAll(t.b(1), INVOICE_LIST.path, names);
    if (!theirs) return t.skip("account 2's own GET /invoices was not answered with an array, so no invoice id of account 2's was found to read");
    const idOfInvoice = (i: unknown): string | number | undefined => (isObject(i) && (typeof i.id === 'string' || typeof i.id === 'number') ? i.id : undefined);
    const theirIds = theirs.items.map(idOfInvoice).filter((id) => id !== undefined);
    if (theirIds.length === 0) return t.skip("account 2 lists no invoice with an id, so none could be read by id with account 1's key (an account with invoices would let it run)");
    // Ids account 1's own list holds too (numbered per account) name account 1's invoices: the first and last of the others are read.
    const mine = await listAll(t.b(0), INVOICE_LIST.path, names);
    const ownIds = new Set((mine?.items ?? []).map(idOfInvoice));
    const notOwn = theirIds.filter((id) => !ownIds.has(id));
    if (notOwn.length === 0) t.skip(`account 1 lists an invoice of every id account 2 lists (${theirIds.length}, ids numbered per account): none of account 2's was read with account 1's key`);
    const ids = [...new Set([notOwn[0]!, notOwn[notOwn.length - 1]!])];
    const noted = new Set<string>();
    const compared: (string | number)[] = [];
    for (const id of ids) {
      const path = bPath(read, { id });
      // The control: where account 2 cannot read its own invoice by id, account 1's refusal shows nothing.
      const own = await t.b(1).get(path);
      if (!is2xx(own)) {
        t.note(`account 2's GET ${path} of its own invoice answered ${own.response.status} (an extension this target may not serve): account 1's refusal of it would show nothing, so it was not asked for`);
        continue;
      }
      const foreign = await t.b(0).get(path);
      if (is2xx(foreign) && !mine?.complete) {
        // Account 1 may hold an invoice of that id further on in a list not read whole.
        for (const clause of ['B-AUTH-3', 'X-ISO-1']) t.partial(clause, `account 1's key read account 2's invoice ${id} (2xx), and account 1's own invoice list, not read whole (${mine ? 'walked only in part' : 'not answered'}), cannot tell whether it holds one of the same id`);
        continue;
      }
      compared.push(id);
      const compare = async (subject: Exchange, seed: number): Promise<void> => {
        expectNoCrashOrLeak(t, subject, CRASH_AND_LEAK, otherKeys(t, 0));
        const absent = absentInvoiceId(t, id, seed);
        const other = absentInvoiceId(t, id, seed + 7919);
        await expectNoAccess(t, subject, await t.b(0).get(bPath(read, { id: absent })), {
          what: `GET /invoices/{id} with account 2's invoice ${id} and with the absent id ${absent}`,
          markers: [],
          echoes: { subject: [String(id)], reference: [String(absent)] },
          noted,
          again: async () => ({ ex: await t.b(0).get(bPath(read, { id: other })), echoes: [String(other)] }),
        });
      };
      await compare(foreign, 1_999_999_937);
      await t.property(`account 2's invoice ${id} read with account 1's key gives no access`, absentId(t.target), async (seed) => compare(await t.b(0).get(path), seed), { runs: 3 });
    }
    if (compared.length === 0) t.skip("no invoice of account 2's was read with account 1's key (see the notes)");
  },
});

check({
  id: 'b-iso/foreign-ids-write-as-absent',
  clauses: ['B-AUTH-3', 'X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "B-AUTH-3: every write of the endpoint catalog in account 1's path naming account 2's hook, job, schedule, SSH key, connection, delivery, notification, package or cluster is refused (or the same no-op an absent id gets), showing nothing of account 2 (in the simulator profile: exactly like absent ids)",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    const foreign = await makeForeign(t);
    const { writes, untried } = await screenForeign(t, foreign);
    untriedWrites(t, ['B-AUTH-3', 'X-ISO-1'], untried);
    await compareWithAbsent(t, writeProbes(t, writes), foreignMarks(foreign));
  },
});

/**
 * What a write probe may change in account 2: each part the catalog says it touches, read with
 * account 2's key, for the id the probe names (`part:id`), or the whole part (`part`).
 */
function touchedParts(t: CheckContext, entry: { probe: IdProbe; id: number; values?: PathValues }): { key: string; part: StatePart; read: PartReader }[] {
  const out: { key: string; part: StatePart; read: PartReader }[] = [];
  for (const part of entry.probe.endpoint.touches ?? []) {
    const perId = entry.values !== undefined;
    const read = partReader(t, 1, part, entry.values ?? {}, t.fixtures(1).notification_ids ?? []);
    if (read) out.push({ key: perId ? `${part}:${entry.values?.type ?? ''}${entry.id}` : part, part, read });
  }
  return out;
}

check({
  id: 'b-iso/foreign-writes-change-nothing',
  clauses: ['X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "X-ISO-1: account 1's writes of the endpoint catalog on account 2's ids (reset its hook salt, rename or delete its hook, watch or stop its job, change or delete its schedule, delete its SSH key or delivery, rename its connection, mark its notification), and account 1's own jobs, mark-all and new hook (not its salt either), change nothing account 2 sees",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    const foreign = await makeForeign(t);
    // Reads first: only ids proven not to be account 1's own are written to.
    const { writes, untried } = await screenForeign(t, foreign);
    untriedWrites(t, ['X-ISO-1'], untried);
    const probes: { probe: IdProbe; id: number; values?: PathValues }[] = namingEntries(writes, (e) => e.method !== 'GET').map(({ endpoint, values }) => ({ probe: probeFor(t, endpoint, values), id: values.id ?? 0, values }));
    probes.push(...writeProbes(t, writes).filter((p) => !p.probe.endpoint.id));
    // Account 1's own writes that name ids in their body, as the catalog sends them (a job of its
    // own, marking all its notifications): account 2 must see nothing of them either.
    for (const endpoint of B_ENDPOINTS.filter((e) => e.bodyIds && e.effect === 'write' && e.body?.(stolenContext(t, 'probe')) !== undefined)) {
      probes.push({ probe: { label: `${endpoint.key} (account 1's own)`, method: endpoint.method, path: () => endpoint.path, body: (_id, word) => endpoint.body?.(stolenContext(t, word)), endpoint }, id: 0 });
    }
    const parts = new Map<string, { part: StatePart; read: PartReader }>();
    for (const entry of probes) for (const p of touchedParts(t, entry)) parts.set(p.key, p);
    // Taken before the baseline: the run's own writes made before it may show in a lagging list
    // only later, and are no change account 1 made (WriteLedger).
    const since = t.writes.mark();
    const baseline = new Map<string, string>();
    for (const [key, { read }] of parts) {
      const value = await read();
      // A 404 before any write: the read is not served (an extension), not "deleted".
      if (value !== undefined && value !== GONE) baseline.set(key, value);
    }
    // As on the account path: parts only extension writes touch are left out with a note.
    leaveOutUnreadable(
      t,
      [...parts.keys()].filter((key) => !baseline.has(key)),
      (key) => probes.filter((p) => p.probe.endpoint.source === 'spec' && touchedParts(t, p).some((tp) => tp.key === key)).map((p) => p.probe.label),
    );

    // What account 1's own writes made: with ids numbered per account, its new job may take the
    // id of account 2's, and then rightly shows in its own list.
    const madeByAccountOne = new Set<unknown>();
    const lateSeen = new Set<string>();
    const attempt = async (label: string, word: string): Promise<void> => {
      const entry = probes.find((p) => p.probe.label === label) ?? probes[0]!;
      const answer = await send(t, entry.probe, entry.id, word);
      if (entry.id === 0 && is2xx(answer) && isObject(answer.json)) madeByAccountOne.add(answer.json.id);
      expectNoCrashOrLeak(t, answer, CRASH_AND_LEAK, otherKeys(t, 0));
      for (const { key, part, read } of touchedParts(t, entry)) {
        const before = baseline.get(key);
        if (before === undefined) continue;
        const after = await read();
        if (after === undefined) {
          unseenParts(t, [part], [label], `after the write (${UNREADABLE_AFTER})`);
          continue;
        }
        const late = after === before ? undefined : read.late?.(t.writes, since, before, after);
        if (late !== undefined) {
          lateSeen.add(`account 2's ${part} (${late})`);
          continue;
        }
        t.expect.that(after === before, {
          clause: 'X-ISO-1',
          message: `${label} with account 1's key${entry.id ? ` on account 2's id ${entry.id}` : ''} changed account 2's ${part}`,
          expected: before,
          received: String(after),
          exchange: answer,
        });
      }
    };
    // Every write once, then random payloads.
    for (const p of probes) await attempt(p.probe.label, 'sweep');
    await t.property("account 1's writes on account 2's ids", fc.tuple(fc.constantFrom(...probes.map((p) => p.probe.label)), fc.stringMatching(/^[a-z0-9]{1,10}$/)), ([label, word]) => attempt(label, word));
    if (lateSeen.size) t.note(`the list showed writes made before the baseline only later: ${[...lateSeen].join('; ')}`);

    await expectOwnHookLeavesTheirs(t, foreign);

    // Nor does anything of account 2 show up in account 1's lists.
    // By name where things have one (unique to the run); the job by id only when that id is
    // proven not to be one of account 1's own.
    await expectNotListed(t, '/hooks', (h) => h.name === foreign.hookName, `account 2's hook ${foreign.ids.hook?.[0]?.id}`);
    await expectNotListed(t, '/user/keys', (k) => k.name === foreign.sshKeyName, `account 2's SSH key ${foreign.ids.sshKey?.[0]?.id}`);
    const job = writes.job?.[0]?.id;
    if (job !== undefined && madeByAccountOne.has(job)) t.note(`account 1's own write made a job of id ${job}, the id of account 2's (ids numbered per account): its job list was not searched for account 2's`);
    else if (job !== undefined) await expectNotListed(t, '/jobs', (j) => j.id === job, `account 2's job ${job}`);
  },
});

/** What POST /hooks sets of a hook (B-HOOK-1), and its signing salt: what X-ISO-1 says account 1's own writes leave alone. */
const HOOK_FIELDS = ['type', 'name', 'settings', 'events', 'active', 'salt'] as const;

/**
 * Account 1's own POST /hooks (the spec's creation, B-HOOK-1) changes nothing of account 2's hook,
 * read with account 2's key through the spec's GET /hooks/{hook_id}: a salt drawn into storage
 * shared by every hook (one buffer each hook keeps a view of) would show account 1's new salt in
 * account 2's hook. Only the fields the spec names are compared: a deployment may show more that
 * moves by itself (a last delivery time).
 */
async function expectOwnHookLeavesTheirs(t: CheckContext, foreign: MadeForeign): Promise<void> {
  const id = foreign.ids.hook?.[0]?.id;
  if (id === undefined) return;
  const path = bPath(bEndpoint('GET /hooks/{id}'), { id });
  const read = async (): Promise<{ ex: Exchange; values: unknown[] } | undefined> => {
    const ex = await t.b(1).get(path);
    if (!is2xx(ex) || !isObject(ex.json)) return undefined;
    const body = ex.json;
    return { ex, values: HOOK_FIELDS.map((f) => (Object.hasOwn(body, f) ? body[f] : undefined)) };
  };
  const before = await read();
  if (before === undefined) {
    t.partial('X-ISO-1', `account 2's GET ${path} of its own hook did not answer it, so whether account 1's own new hook changes it was not seen`);
    return;
  }
  const made = await makeHook(t, 0, 'iso-own-hook');
  const after = await read();
  const changed = after === undefined ? [] : HOOK_FIELDS.filter((_f, i) => !sameJson(after.values[i], before.values[i]));
  t.expect.that(after !== undefined && changed.length === 0, {
    clause: 'X-ISO-1',
    message: `account 1's own POST /hooks (its hook ${made.id}) changed account 2's hook ${id}${after === undefined ? ' (it no longer answers)' : ` (its ${changed.join(', ')})`}`,
    expected: "account 2's hook as it was",
    received: after === undefined ? 'no hook' : `other values of ${changed.join(', ')} (not shown: the salt is a secret)`,
    ...(after ? { exchange: after.ex } : {}),
  });
}

/**
 * Account 1's list at `path` (an extension) shows nothing of account 2's. Read to its end: where
 * it cannot be (longer than 20 pages of 100, or deaf to the page size), what lies past the pages
 * read is unseen, and X-ISO-1 is covered in part there.
 */
async function expectNotListed(t: CheckContext, path: string, theirs: (item: Record<string, unknown>) => boolean, what: string): Promise<void> {
  const listed = await listCatalog(t.b(0), t.target, path, 20);
  if (!listed) return; // an extension the target does not serve: nothing to show it in
  const page = pageListing(listed, (item) => isObject(item) && theirs(item));
  t.expect.that(page === undefined, { clause: 'X-ISO-1', message: `GET ${path} of account 1 lists ${what}`, expected: "only account 1's items", received: page ? describeResponse(page) : '', exchange: page });
  if (page === undefined && !listed.complete) {
    const why = listed.pageSizeHonoured ? `it is longer than the ${listed.items.length} items read` : `it does not take a page size as ${describePaging(listPagingFor(t.target, path))} (a page of 1 held more: interface_b.extension_paging says how it pages)`;
    t.partial('X-ISO-1', `account 1's GET ${path} could not be read whole (${why}), so whether it lists ${what} further on was not seen`);
  }
}

/**
 * The list filters asked of each extension list: the real service's (docs/interface-b.md, its API
 * docs: `status` on jobs, packages, clusters, schedules and deliveries, gaps.md naming their
 * values; `type` on connections and hooks; `role` on members; `flow_type` on packages), each with
 * the values the two accounts' own items carry (so no value is assumed, and one neither account
 * has names nothing to leak), and the orders every list takes (`sort`, `direction`, `since`).
 * A filter may be served by another code path (an index of its own) that forgets the account.
 */
const FILTERED_FIELDS = ['status', 'type', 'role', 'flow_type'] as const;
const ORDER_QUERIES: readonly Readonly<Record<string, string>>[] = [{ sort: 'updated' }, { direction: 'asc' }, { since: '2000-01-01T00:00:00Z' }];

/**
 * What identifies an item of a list whoever lists it: its id, with its name and creation time
 * where it has them, fields a presenter does not draw from the caller (URLs are, and so may
 * nested connections be), that stay put while the check reads (a status, a progress may not).
 */
function itemIdentity(item: unknown): string | undefined {
  if (!isObject(item) || item.id === undefined || item.id === null) return undefined;
  return JSON.stringify([item.id, item.name ?? null, item.created_at ?? null]);
}

function countIdentities(items: readonly unknown[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const identity = itemIdentity(item);
    if (identity !== undefined) counts.set(identity, (counts.get(identity) ?? 0) + 1);
  }
  return counts;
}

function queryText(query: Readonly<Record<string, string>>): string {
  return Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&');
}

check({
  id: 'b-iso/filtered-lists-own-only',
  clauses: ['X-ISO-1'],
  supports: ['X-ROB-1'],
  title: "X-ISO-1: account 1's extension lists asked with the real service's filters and orders (status, type, role, flow_type with the values the accounts' items carry; sort, direction, since) hold none of account 2's items that its list without them lacks (or holds fewer times)",
  needs: ['b', 'b2'],
  async run(t) {
    const names = extensionPaging(t.target);
    const lists = B_ENDPOINTS.filter((e) => e.method === 'GET' && e.source === 'extension' && e.answer?.list && e.answer.paged && !e.path.includes('{') && !e.query);
    let judged = 0;
    const unserved: string[] = [];
    const refused: string[] = [];
    for (const endpoint of lists) {
      const path = endpoint.path;
      const mine = await listCatalog(t.b(0), t.target, path, 20);
      const theirs = await listCatalog(t.b(1), t.target, path, 20);
      if (!mine || !theirs) {
        unserved.push(path);
        continue;
      }
      // By count: where ids are numbered per account and the accounts were set up alike, account
      // 2's item is the double of one of account 1's, and shows only as the same item listed twice.
      const own = countIdentities(mine.items);
      const foreign = new Set(theirs.items.map(itemIdentity).filter((id) => id !== undefined));
      if (foreign.size === 0) continue; // account 2 has nothing here: nothing to leak
      if (!theirs.complete) t.partial('X-ISO-1', `account 2's GET ${path} could not be read whole (${whyNotWhole(theirs, names)}), so an item of account 2's further on, listed to account 1 under a filter, would not be known for account 2's`);
      const queries: Record<string, string>[] = ORDER_QUERIES.map((q) => ({ ...q }));
      for (const field of FILTERED_FIELDS) {
        const values = new Set<string>();
        for (const item of [...mine.items, ...theirs.items]) if (isObject(item) && typeof item[field] === 'string') values.add(item[field]);
        for (const value of [...values].slice(0, 6)) queries.push({ [field]: value });
      }
      for (const filter of queries) {
        const query = { ...(endpoint.everyItemQuery ?? {}), ...filter };
        const walked = await walkList(t.b(0), path, names, { query, pageSizeHonoured: mine.pageSizeHonoured, maxPages: 20 });
        if ('refused' in walked) {
          refused.push(`${path}?${queryText(filter)} (${walked.refused.response.status})`);
          continue;
        }
        judged++;
        for (const ex of walked.exchanges) expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, otherKeys(t, 0));
        const listed = countIdentities(walked.items);
        const leaked = walked.items.filter((item) => {
          const identity = itemIdentity(item);
          return identity !== undefined && foreign.has(identity) && (listed.get(identity) ?? 0) > (own.get(identity) ?? 0);
        });
        const page = pageListing(walked, (item) => leaked.includes(item));
        t.expect.that(leaked.length === 0, {
          clause: 'X-ISO-1',
          message: `GET ${path}?${queryText(filter)} with account 1's key lists ${leaked.length} item(s) of account 2 (by id, name and creation time) that account 1's list without the filter does not hold, or holds fewer times`,
          expected: "only account 1's items",
          received: show(leaked.slice(0, 2)),
          ...(page ? { exchange: page } : {}),
        });
      }
    }
    if (unserved.length) t.note(`lists not served to both accounts (extensions), not read filtered: ${unserved.join(', ')}`);
    if (refused.length) t.note(`filters refused (extensions; nothing listed, nothing to leak): ${refused.join('; ')}`);
    if (judged === 0) t.skip(`no extension list holding items of account 2 was served to both accounts with a filter (${lists.map((e) => e.path).join(', ')}), so no filtered list could leak one`);
    t.note(`${judged} filtered lists of account 1 read`);
  },
});

/** The members of a delivery blueprint the check sends, compared before and after where the read shows them: its status and times may move by themselves. */
const BLUEPRINT_MEMBERS = ['id', 'name', 'interval_amount', 'interval_unit', 'source', 'destination'] as const;

/** Account 2's delivery as account 2 sees it: read by id, or else found in its list read whole (both extensions). */
type SeenDelivery = { how: 'read' | 'list'; item: JsonObject; exchange: Exchange } | { how: 'read' | 'list'; gone: Exchange | undefined } | { unseen: string };

async function seeForeignDelivery(t: CheckContext, id: number, how?: 'read' | 'list'): Promise<SeenDelivery> {
  let unread = '';
  if (how !== 'list') {
    const read = await t.b(1).get(`/deliveries/${id}`);
    if (is2xx(read) && isObject(read.json) && read.json.id === id) return { how: 'read', item: read.json, exchange: read };
    if (how === 'read' && (read.response.status === 404 || read.response.status === 410)) return { how, gone: read };
    unread = `GET /deliveries/${id} answered ${read.response.status}`;
    if (how === 'read') return { unseen: unread };
  }
  const listed = await listCatalog(t.b(1), t.target, '/deliveries', 20);
  if (!listed) return { unseen: `${unread ? `${unread}, and ` : ''}GET /deliveries is not served` };
  const page = pageListing(listed, (d) => isObject(d) && d.id === id);
  const item = listed.items.find((d): d is JsonObject => isObject(d) && d.id === id);
  if (item && page) return { how: 'list', item, exchange: page };
  // Not listed says it is gone only where the list was read to its end.
  if (how === 'list' && listed.complete) return { how, gone: listed.exchanges[listed.exchanges.length - 1] };
  return { unseen: `${unread ? `${unread}, and ` : ''}GET /deliveries ${listed.complete ? 'does not list it' : 'could not be read whole'}` };
}

/**
 * X-ISO-1 across accounts that share a delivery name: nothing makes names unique across
 * accounts, and a scheduler that addresses blueprints by name deletes every blueprint of that
 * name with the one deleted. The check makes the pair itself, one name in each account, each
 * between the account's own fixture connections, so that only the account differs and what a
 * faulty target deletes is one the run made: account 1 deletes its own, and account 2's is read
 * back by account 2 (by id, or in its list: extensions), still there, its blueprint unchanged.
 * Making a delivery moves data on a real deployment: only with leave (`create_deliveries`), as
 * b-rob/free-form-values; without it, or where the pair cannot be made or read, the check skips
 * saying why, and X-ISO-1 rests on the other checks.
 */
check({
  id: 'b-iso/same-name-delivery-delete-spares-other-account',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: account 1 deleting its own delivery leaves account 2's delivery of the same name in place, its blueprint unchanged",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    if (!permitted(t, 'create_deliveries')) return t.skip(`a delivery of one name in each account is made only with leave: ${howToPermit('create_deliveries')}`);
    const name = t.name('iso-dlv-same-name');
    const theirBody = weeklyDeliveryBody(name, t.fixtures(1));
    const ourBody = weeklyDeliveryBody(name, t.fixtures(0));
    if (!theirBody || !ourBody) return t.skip(`the fixtures of account ${theirBody ? 1 : 2} name fewer than two connections (fixtures.connections), so no delivery of one name could be made in each account`);
    const made = await t.b(1).post('/deliveries', { body: theirBody });
    const theirs = idOf(made);
    if (!is2xx(made) || theirs === undefined) return t.skip(`account 2's POST /deliveries (an extension) answered ${made.response.status}${is2xx(made) ? ' without an id' : ''}: no delivery of account 2 to spare`);
    deleteDeliveryOnCleanup(t, theirs, 1);
    const before = await seeForeignDelivery(t, theirs);
    if ('unseen' in before || !('item' in before)) return t.skip(`account 2's delivery ${theirs} cannot be seen by account 2 (${'unseen' in before ? before.unseen : 'not found'}): whether it is spared could not be seen`);
    const created = await t.b(0).post('/deliveries', { body: ourBody });
    const ours = idOf(created);
    if (!is2xx(created) || ours === undefined) return t.skip(`account 1 could not create a delivery named ${JSON.stringify(name)} like account 2's ${theirs} (${describeResponse(created)}): the check needs one name in both accounts`);
    deleteDeliveryOnCleanup(t, ours, 0);
    const deleted = await t.b(0).delete(`/deliveries/${ours}`);
    // What the deletion answers is B-DLV-1's (b-dlv/delete): here it only has to have happened.
    if (!is2xx(deleted)) return t.skip(`account 1's DELETE /deliveries/${ours} of its own delivery answered ${deleted.response.status}: nothing deleted to judge account 2's by`);
    const after = await seeForeignDelivery(t, theirs, before.how);
    if ('unseen' in after) {
      t.partial('X-ISO-1', `after account 1 deleted its delivery ${ours} named ${JSON.stringify(name)}, account 2's delivery ${theirs} of that name could not be seen again (${after.unseen})`);
      return;
    }
    const what = `account 1's DELETE /deliveries/${ours} of its own delivery named ${JSON.stringify(name)}`;
    if (!('item' in after)) {
      return t.fail({ clause: 'X-ISO-1', message: `${what} deleted account 2's delivery ${theirs} of the same name: account 2 ${before.how === 'read' ? 'reads it' : 'lists it'} no more`, expected: `account 2's delivery ${theirs} still there`, received: after.gone ? describeResponse(after.gone) : 'gone', ...(after.gone ? { exchange: after.gone } : {}) });
    }
    for (const member of BLUEPRINT_MEMBERS) {
      if (!Object.hasOwn(before.item, member)) continue;
      t.expect.that(sameJson(after.item[member], before.item[member]), {
        clause: 'X-ISO-1',
        message: `${what} changed the ${member} of account 2's delivery ${theirs} of the same name`,
        expected: show(before.item[member]),
        received: Object.hasOwn(after.item, member) ? show(after.item[member]) : '(missing)',
        exchange: after.exchange,
      });
    }
  },
});

/** The members of an SSH public key (section 2, its schema's) that must read back unchanged. */
const SSH_KEY_MEMBERS = requiredFields('ssh-key');

/**
 * X-ISO-1 across accounts that hold one public key: one person may well be a user of two
 * accounts with the same key, and a store whose fingerprint index is unique across the service
 * and upserts on it moves the key to whoever added it last, out of the other account. So account
 * 2 adds a fresh key, then account 1 adds the same key material: whether account 1's key is
 * created or refused (a deployment may hold a public key to one user service-wide; the spec says
 * nothing of it, so that is only noted), account 2's key must read back afterwards, with account
 * 2's own key, unchanged. The ids sent are each account's own, so ids numbered per account change
 * nothing here. Both keys are deleted after (DELETE /user/keys/{id}, an extension).
 */
check({
  id: 'b-iso/same-ssh-key-spares-other-account',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: account 1 adding the public key a user of account 2 has (POST /user/keys) leaves account 2's key in place and unchanged, whether account 1's is created or refused",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    const theirs = sshKeyBody(t.name('iso-same-key-2'));
    const made = await t.b(1).post('/user/keys', { body: theirs });
    const id = idOf(made);
    if (!is2xx(made) || id === undefined) return setupFailed(t, 'add an SSH key with POST /user/keys in account 2', made);
    deleteSshKeyOnCleanup(t, id, 1);
    // The control: account 2 reads its own key before, so a key it cannot read afterwards is one taken.
    const before = await t.b(1).get(`/user/keys/${id}`);
    if (!is2xx(before) || !isObject(before.json)) return setupFailed(t, `read account 2's new SSH key ${id} with account 2's key (GET /user/keys/${id})`, before);
    const original = before.json;
    const ours = await t.b(0).post('/user/keys', { body: { name: t.name('iso-same-key-1'), public_key: theirs.public_key } });
    const ourId = is2xx(ours) ? idOf(ours) : undefined;
    if (ourId !== undefined) deleteSshKeyOnCleanup(t, ourId, 0);
    if (!is2xx(ours)) t.note(`account 1's POST /user/keys of the public key account 2's user has answered ${ours.response.status} (a deployment may hold a public key to one user service-wide): account 2's key is judged all the same`);
    const what = `account 1's POST /user/keys of the public key account 2's key ${id} holds (answered ${ours.response.status})`;
    const after = await t.b(1).get(`/user/keys/${id}`);
    expectReadBackUnchanged(t, after, original, SSH_KEY_MEMBERS, what, `account 2's key ${id}`, `after ${what}, account 2's GET /user/keys/${id} of its own key no longer returns it: account 1 took account 2's key`);
  },
});

/**
 * X-ISO-1: one account's record (`thing`), read back with its own key after another account's
 * request (`what`), is still there (else fails with `gone`) and holds each of `members` it held
 * before (`original`), as JSON values.
 */
function expectReadBackUnchanged(t: CheckContext, after: Exchange, original: JsonObject, members: readonly string[], what: string, thing: string, gone: string): void {
  if (!is2xx(after) || !isObject(after.json)) {
    t.fail({ clause: 'X-ISO-1', message: gone, expected: `${thing}, as before`, received: describeResponse(after), exchange: after });
    return;
  }
  const now = after.json;
  for (const member of members) {
    if (!Object.hasOwn(original, member)) continue;
    t.expect.that(sameJson(now[member], original[member]), {
      clause: 'X-ISO-1',
      message: `${what} changed the ${member} of ${thing}`,
      expected: show(original[member]),
      received: Object.hasOwn(now, member) ? show(now[member]) : '(missing)',
      exchange: after,
    });
  }
}

/** The members of a hook (section 2, its schema's) that must read back unchanged. */
const HOOK_MEMBERS = requiredFields('hook');

/**
 * X-ISO-1 on hook names, as b-conn/group-name-per-account on group names: a store whose unique
 * index on the hooks' type and name leaves out the account refuses account 2 a hook named like
 * one of account 1's ('has already been taken'), telling account 2 that another account has a
 * hook of that name (and an upsert on that index takes account 1's over). So account 1 makes an
 * inactive hook, and account 2 posts the very same body. A deployment may hold hook names unique
 * within an account (the spec says nothing of it), so a refusal is judged against the same
 * request under a fresh name: refused as well, account 2 may not make hooks here and the check
 * skips; taken, the name was the reason. Account 1's hook must read back with account 1's key,
 * unchanged, either way. Every hook made is deleted after (DELETE /hooks/{id}, an extension).
 */
check({
  id: 'b-iso/same-name-hook-per-account',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: account 2 creating a hook of the type and name one of account 1's has (POST /hooks) is not refused for the name (the same hook under a fresh name is the control), and account 1's hook reads back unchanged",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    const base = 'iso-hook-both-accounts';
    const { id: ours } = await makeHook(t, 0, base);
    const before = await t.b(0).get(`/hooks/${ours}`);
    if (!is2xx(before) || !isObject(before.json)) return setupFailed(t, `read account 1's new hook ${ours} with account 1's key (GET /hooks/${ours})`, before);
    const original = before.json;
    const body = inactiveHookBody(t.target.interfaceB, t.name(base));
    const made = (ex: Exchange): void => {
      const id = is2xx(ex) ? idOf(ex) : undefined;
      if (id !== undefined) deleteHookOnCleanup(t, id, 1);
    };
    const theirs = await t.b(1).post('/hooks', { body });
    made(theirs);
    if (!is2xx(theirs)) {
      // Whether the name was the reason: the same hook under a fresh name.
      const fresh = await t.b(1).post('/hooks', { body: { ...body, name: t.name(`${base}-fresh`) } });
      made(fresh);
      if (!is2xx(fresh)) return t.skip(`account 2 could not create a hook (POST /hooks answered ${theirs.response.status}, and ${fresh.response.status} under a fresh name): a key of account 2 that may create hooks would let it run`);
      t.expect.that(false, {
        clause: 'X-ISO-1',
        message: `POST /hooks with account 2's key, a ${String(body.type)} hook named like account 1's hook ${ours}, answered ${theirs.response.status}, while the same hook under a fresh name was created (${fresh.response.status}): the refusal tells account 2 that another account has a hook of that name`,
        expected: "a 2xx: account 1's hook names are nothing to account 2",
        received: describeResponse(theirs),
        exchange: theirs,
      });
    }
    // Account 1's hook is still its own: account 2's create did not take it over (an upsert on the name, say).
    const what = `account 2's POST /hooks of a ${String(body.type)} hook named like account 1's hook ${ours} (answered ${theirs.response.status})`;
    const after = await t.b(0).get(`/hooks/${ours}`);
    expectReadBackUnchanged(t, after, original, HOOK_MEMBERS, what, `account 1's hook ${ours}`, `after ${what}, account 1's GET /hooks/${ours} of its own hook no longer returns it`);
  },
});

/**
 * An active hook of this target's that delivers to `url`: the first hook the target document
 * declares (`interface_b.hooks`, `interface_b.hook`) with a setting that is an http(s) URL, that
 * setting pointed at `url`, subscribed to all its declared events; without declared hooks, the
 * real service's web hook on job.completed (docs/interface-b.md). Undefined where the document
 * declares hooks and none has a URL among its settings: no hook can be heard then.
 */
function listeningHookBody(t: CheckContext, name: string, url: string): JsonObject | undefined {
  const declared = t.target.interfaceB.hooks;
  if (!declared) return { type: 'web', name, settings: { url }, events: ['job.completed'], active: true };
  for (const hook of declared) {
    const key = Object.keys(hook.settings).find((k) => typeof hook.settings[k] === 'string' && /^https?:\/\//i.test(hook.settings[k] as string));
    if (key !== undefined) return { type: hook.type, name, settings: { ...structuredClone(hook.settings), [key]: url }, events: [...hook.events], active: true };
  }
  return undefined;
}

/** A POST body about account 1's job: the very JSON account 1's hook got, or one of the job's id and creation time (ids may be numbered per account: an id alone may be account 2's own job's). */
function aboutJob(body: unknown, job: JsonObject, own: unknown): boolean {
  if (!isObject(body)) return false;
  if (sameJson(body, own)) return true;
  return body.id === job.id && sameCreation(body, job);
}

/**
 * Whether `body` was created the moment `job` was: the same instant, however each spells it (a
 * deployment may write its API's timestamps to the millisecond and its deliveries' to the second,
 * or through a gateway that does).
 */
function sameCreation(body: JsonObject, job: JsonObject): boolean {
  const created = zonedDateTimeMs(job.created_at);
  return created !== undefined && zonedDateTimeMs(body.created_at) === created;
}

/**
 * Whether a POST to account 1's own hook names its job: an object in it, at any depth (the job
 * itself, or wrapped in an event), with the job's id or its creation time. The creation time is
 * text, which no id translation touches: a deployment whose ids pass 2^53, read here as the
 * nearest double or a stand-in, still names the job by it (compared as an instant, not as text). The check runs alone, so no other job
 * of account 1 is made meanwhile.
 */
function namesJob(body: unknown, job: JsonObject, jobId: unknown): boolean {
  if (Array.isArray(body)) return body.some((item) => namesJob(item, job, jobId));
  if (!isObject(body)) return false;
  if (body.id === jobId || sameCreation(body, job)) return true;
  return Object.values(body).some((value) => namesJob(value, job, jobId));
}

/** How long account 2's listener is watched after account 1's own hook heard of its job: one dispatch sends to both. */
const FOREIGN_HOOK_WATCH_MS = 2_000;

/**
 * X-ISO-1 on hook dispatch: with a listening hook in each account, account 1's job is heard by
 * account 1's hook (the positive control: a target that delivers nothing the run can hear passes
 * nothing) and not by account 2's. A dispatcher whose query of subscribed hooks lost its account
 * sends account 1's job JSON to every account's hooks. The hooks must reach a listener on this
 * machine, so the target must be on loopback; hooks are made in the target's words (its declared
 * hooks, a URL setting pointed at the listener) and deleted after.
 */
check({
  id: 'b-iso/foreign-hooks-hear-nothing',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: a job of account 1, heard by account 1's listening hook, is not sent to account 2's listening hook",
  needs: ['b', 'b2', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  // With the control API it moves the clock to end its job at once, which no other check may see.
  runsAlone: 'it may move the simulator clock',
  async run(t) {
    const base = new URL(t.b().base);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) return t.skip('the hooks must reach a listener on this machine: it listens on loopback, and this target is not on this machine');
    const listener = await listenForDeliveries();
    t.cleanup('close the hook listener', listener.close);
    const ownPath = `/${t.name('iso-hook-account-1')}`;
    const theirPath = `/${t.name('iso-hook-account-2')}`;
    const hooks: [0 | 1, string][] = [[0, ownPath], [1, theirPath]];
    for (const [account, path] of hooks) {
      const body = listeningHookBody(t, t.name(`iso-hook-${account + 1}`), `${listener.url}${path}`);
      if (!body) return t.skip('no hook the target document declares (interface_b.hooks) has an http(s) URL among its settings: no hook can be pointed at a listener');
      const made = await t.b(account).post('/hooks', { body });
      const id = idOf(made);
      if (!is2xx(made) || id === undefined) return setupFailed(t, `create a listening ${String(body.type)} hook with POST /hooks in account ${account + 1}`, made);
      deleteHookOnCleanup(t, id, account);
    }
    const started = await t.b().post('/jobs', { body: { cluster_id: t.fixtures().cluster_id, package_id: t.fixtures().package_id, variables: {}, dynamic_variables: {} } });
    const jobId = idOf(started);
    if (!is2xx(started) || jobId === undefined || !isObject(started.json)) return setupFailed(t, 'start a job of account 1 with POST /jobs', started);
    const job = started.json;
    stopJobOnCleanup(t, jobId);
    if (t.target.controlUrl) await t.advanceClock(60_000);
    // Reading the job lets a target that settles jobs on read notice its end; what it says is not judged.
    const own = await t.poll(async () => {
      await t.b().get(`/jobs/${jobId}`);
      return listener.received.find((r) => r.path === ownPath && namesJob(jsonOfBody(r.body), job, jobId));
    }, { timeoutMs: jobEndMs(t.target), intervalMs: 500 });
    if (!own) return t.skip(`account 1's own hook heard nothing of its job ${jobId} within ${jobEndMs(t.target) / 1000} s ${jobTimingHint('job_end_seconds')}: that account 2's hears nothing would mean nothing`);
    const ownBody = jsonOfBody(own.body);
    const leaked = await t.poll(async () => listener.received.find((r) => r.path === theirPath && aboutJob(jsonOfBody(r.body), job, ownBody)), { timeoutMs: FOREIGN_HOOK_WATCH_MS, intervalMs: 50 });
    t.expect.that(leaked === undefined, {
      clause: 'X-ISO-1',
      message: `account 2's listening hook was sent account 1's job ${jobId}, which account 1's own hook heard`,
      expected: "nothing of account 1's job at account 2's hook",
      received: `a POST about job ${jobId} to account 2's hook`,
    });
  },
});

/** The members of account 2's user that say whose it is: an invitation elsewhere changes none. */
const USER_IDENTITY = ['id', 'email', 'name', 'api_key'] as const;

check({
  id: 'b-iso/foreign-user-invite-spares-other-account',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: account 1 inviting the address of account 2's user as a member (POST /members, an extension) leaves that user account 2's, whether the invitation is taken or refused: its key still reads account 2's path, and account 2's GET /user answers the same user (id, email, name, key) as before",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    // An invitation mails a real address (account 2's user's, the operator's own): sent only with leave.
    if (!permitted(t, 'invite_members')) return t.skip(`an invitation mails the address of account 2's user: ${howToPermit('invite_members')}`);
    // Members and the user read are extensions: without them there is nothing to invite, noted.
    const members = await t.b(0).get('/members');
    if (!is2xx(members)) return t.note(`account 1's GET /members (an extension) answered ${members.response.status}, so no address was invited into it`);
    const before = await t.b(1).get('/user');
    const theirs = userIn(before);
    const email = theirs?.email;
    if (!theirs || typeof email !== 'string' || email === '') return t.note(`account 2's GET /user (an extension) answered ${before.response.status}${is2xx(before) ? ' without an email' : ''}, so the address of account 2's user is not known to invite`);
    // The control: a spec read of account 2's, with account 2's key, served before.
    const read = specReadRequests(t, 1)[0];
    if (!read) return t.note("no spec read of account 2's could be named with its fixtures, so its key's access was not judged");
    const control = await t.b(1).get(read.path, read.query ? { query: read.query } : {});
    if (!is2xx(control)) return setupFailed(t, `read GET ${read.path} with account 2's key`, control);
    // The address is the run's own second account's (the target document gave it): an
    // invitation sent there reaches no stranger. A membership made is removed after.
    const invited = await t.b(0).post('/members', { body: { email, role: 'member' } });
    const id = is2xx(invited) ? idOf(invited) : undefined;
    if (id !== undefined) removeMemberOnCleanup(t, id, 0);
    const what = `account 1's POST /members inviting the address of account 2's user (answered ${invited.response.status})`;
    const after = await t.b(1).get(read.path, read.query ? { query: read.query } : {});
    t.expect.status(after, '2xx', 'X-ISO-1', `after ${what}, account 2's key no longer reads GET ${read.path} of account 2 (${after.response.status}; it did before): account 1 took account 2's user`);
    const again = await t.b(1).get('/user');
    const now = userIn(again);
    if (!now) {
      return t.fail({ clause: 'X-ISO-1', message: `after ${what}, account 2's GET /user no longer answers its user`, expected: "account 2's user, as before", received: describeResponse(again), exchange: again });
    }
    for (const member of USER_IDENTITY) {
      if (!Object.hasOwn(theirs, member)) continue;
      t.expect.that(sameJson(now[member], theirs[member]), {
        clause: 'X-ISO-1',
        message: `${what} changed the ${member === 'api_key' ? 'key' : member} of account 2's user`,
        // The key itself is a secret: named, never shown.
        expected: member === 'api_key' ? 'the key as before' : show(theirs[member]),
        received: member === 'api_key' ? 'another key' : Object.hasOwn(now, member) ? show(now[member]) : '(missing)',
        exchange: again,
      });
    }
  },
});

/**
 * X-ISO-1 across accounts whose connections share a type and a name: people name connections
 * alike ("orders-db"), and a deployment whose connector registry addresses a connection by type
 * and name across the service pushes one account's rename to the other's. So a type both accounts'
 * fixtures name is taken, a pair of the same name preferred; where the names differ, account 1's
 * connection first takes account 2's name (the run makes the pair). Then account 1 renames its own
 * to a fresh name, and account 2's connection must still read back, with account 2's own key,
 * under its name. Account 1's connection gets its name back after. The reads are extensions: a
 * target serving neither GET /connections/{type}/{id} nor GET /connections skips, saying so.
 */
check({
  id: 'b-iso/same-name-connection-rename-spares-other-account',
  clauses: ['X-ISO-1'],
  title: "X-ISO-1: account 1 renaming its own connection (PUT /connections/{type}/{id}) leaves account 2's connection of the same type and name under its name",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    const ours = t.fixtures(0).connections ?? {};
    const shared = Object.entries(t.fixtures(1).connections ?? {}).filter(([type]) => ours[type] !== undefined);
    if (shared.length === 0) return t.skip('fixtures.connections of the two accounts name no connection type in common: a connection of each of one type is needed');
    let pair: { type: string; ourId: number; theirId: number; ourName: string; theirs: JsonObject } | undefined;
    for (const [type, theirId] of shared) {
      const ourId = ours[type] as number;
      const [mine, theirs] = [await readConnection(t, { type, id: ourId }, 0), await readConnection(t, { type, id: theirId }, 1)];
      if (!mine || !theirs || typeof mine.connection.name !== 'string' || typeof theirs.connection.name !== 'string') continue;
      const candidate = { type, ourId, theirId, ourName: mine.connection.name, theirs: theirs.connection };
      if (pair === undefined) pair = candidate;
      if (candidate.ourName === theirs.connection.name) {
        pair = candidate;
        break;
      }
    }
    if (!pair) return t.skip("neither account's fixture connections could be read with a name (GET /connections/{type}/{id} or GET /connections, extensions): whether account 2's connection keeps its name could not be seen");
    const { type, ourId, theirId, ourName, theirs } = pair;
    const theirName = theirs.name as string;
    t.cleanup(`give account 1's ${type} connection ${ourId} its name back`, async () => {
      const ex = await t.b(0).put(`/connections/${type}/${ourId}`, { body: { name: ourName } });
      if (!is2xx(ex)) throw new Error(`renaming connection ${ourId} back answered ${ex.response.status}`);
    });
    if (ourName !== theirName) {
      const took = await t.b(0).put(`/connections/${type}/${ourId}`, { body: { name: theirName } });
      if (!is2xx(took)) return t.skip(`account 1's ${type} connection ${ourId} could not take the name of account 2's (${describeResponse(took)}): no pair of one type and name to rename`);
    }
    const fresh = t.name('iso-conn-rename');
    const renamed = await t.b(0).put(`/connections/${type}/${ourId}`, { body: { name: fresh } });
    // What the rename answers is B-CONN-2's (b-conn/rename): here it only has to have happened.
    if (!is2xx(renamed)) return t.skip(`account 1's PUT /connections/${type}/${ourId} answered ${renamed.response.status}: nothing renamed to judge account 2's connection by`);
    const after = await readConnection(t, { type, id: theirId }, 1);
    if (!after) return t.fail({ clause: 'X-ISO-1', message: `after account 1 renamed its ${type} connection ${ourId} (named ${JSON.stringify(theirName)} like account 2's), account 2 no longer sees its ${type} connection ${theirId}`, expected: `account 2's connection ${theirId} named ${JSON.stringify(theirName)}`, received: 'not found' });
    t.expect.that(after.connection.name === theirName, {
      clause: 'X-ISO-1',
      message: `account 1 renaming its own ${type} connection ${ourId} from ${JSON.stringify(theirName)} to ${JSON.stringify(fresh)} renamed account 2's ${type} connection ${theirId} of the same name`,
      expected: `account 2's connection named ${JSON.stringify(theirName)}`,
      received: show(after.connection.name),
      exchange: after.ex,
    });
  },
});
