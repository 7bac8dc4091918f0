import type { CheckContext, Exchange, RequestOptions } from '../lib/types.ts';
import { CheckSkipped } from '../lib/failure.ts';
import { idOf, is2xx } from '../lib/answers.ts';
import { restoreConnectionAfter } from '../lib/factories/connections.ts';
import { undoCreation } from '../lib/factories/undo.ts';
import { restoreUserAfter, userPutBody } from '../lib/factories/user.ts';
import { B_ENDPOINTS, bPath } from './b-endpoints.ts';
import { bodyContext, fixtureValues, ownValues, queryOf, requestOf, type PathValues } from './b-requests.ts';
import type { BEndpoint, ResourceKind } from './types.ts';
import type { Account } from '../lib/factories/removal.ts';
import { GONE, partReader, type PartReader } from './b-state.ts';

/**
 * Sending the catalog's requests for real, with account 1's own things, and leaving the account
 * as it was: what a write creates is removed, what it updates is put back, and a write whose
 * effect could not be undone on this target is not sent (a note says so).
 */

/** The spec's reads, each with `account`'s own fixture ids in its path: what any target serves. */
export function specReadRequests(t: CheckContext, account: Account = 0): { endpoint: BEndpoint; path: string; query?: Record<string, string> }[] {
  const fixtures = t.fixtures(account);
  const out: { endpoint: BEndpoint; path: string; query?: Record<string, string> }[] = [];
  for (const endpoint of B_ENDPOINTS) {
    if (endpoint.source !== 'spec' || endpoint.method !== 'GET') continue;
    const values: PathValues | undefined = endpoint.id ? fixtureValues(fixtures, endpoint.id) : {};
    if (!values) continue;
    const query = queryOf(endpoint, t.target.interfaceB);
    out.push({ endpoint, path: bPath(endpoint, values), ...(query ? { query } : {}) });
  }
  return out;
}

export interface ExerciseOptions {
  /** Which writes: by default every non-destructive write the spec lists. */
  select?: (endpoint: BEndpoint) => boolean;
  /** Bodies to send instead of the catalog's (generated inputs), by endpoint key. */
  bodies?: Readonly<Record<string, Record<string, unknown>>>;
  /** Also read, with the spec's reads, what the writes made (a hook, an SSH key, a job). */
  readBack?: boolean;
  /** Headers every write is sent with (a Content-Type spelled otherwise, say). */
  headers?: Readonly<Record<string, string>>;
  /** How every write's body is framed (`chunked`: Transfer-Encoding, no Content-Length). */
  framing?: 'chunked';
}

/**
 * Whether `ex` refused a write whose valid body holds values the spec leaves open and the target
 * document did not declare (hook types, settings and event names are then the real service's:
 * `bodyUsesGapValues`): outside the simulator profile a 4xx there means this target's differ, so
 * there is no answer to judge; the reason, else undefined.
 */
export function refusedGapValues(t: CheckContext, endpoint: BEndpoint, ex: Exchange): string | undefined {
  if (!endpoint.bodyUsesGapValues?.(t.target.interfaceB) || t.profile === 'simulator' || ex.response.status < 400 || ex.response.status >= 500) return undefined;
  return `answered ${ex.response.status} to the real service's values: this target's differ`;
}

/** A write `exerciseWrites` did not send, or sent and did not hand on (`answered`: its status), and why. */
export interface NotSent {
  key: string;
  why: string;
  answered?: number;
}

/** The writes not sent, and those whose answer was not judged, as a note says them. */
export function describeNotSent(notSent: readonly NotSent[]): string {
  const say = (list: readonly NotSent[]) => list.map((n) => `${n.key}: ${n.why}`).join('; ');
  const unsent = notSent.filter((n) => n.answered === undefined);
  const unjudged = notSent.filter((n) => n.answered !== undefined);
  return [unsent.length ? `not sent: ${say(unsent)}` : '', unjudged.length ? `answered, not judged: ${say(unjudged)}` : ''].filter((s) => s !== '').join('; ');
}

/**
 * Sends each selected write with account 1's own ids, then (with `readBack`) the spec's reads of
 * what was made, and hands every answer to `seen`. Returns the writes not sent, with the reason.
 */
export async function exerciseWrites(t: CheckContext, options: ExerciseOptions, seen: (endpoint: BEndpoint, ex: Exchange) => void | Promise<void>): Promise<NotSent[]> {
  const select = options.select ?? ((e: BEndpoint) => e.source === 'spec' && e.effect === 'write');
  const made = new Map<ResourceKind, number>();
  const notSent: NotSent[] = [];
  for await (const { endpoint, values, undo, request } of preparedWrites(t, select, made, notSent)) {
    // PUT /user with every field the spec's body names, the catalog's change over the user as read.
    const own = undo.user ? userPutBody(undo.user, request.options.body as Record<string, unknown>) : request.options.body;
    const body = options.bodies?.[endpoint.key] ?? withOwnBodyIds(endpoint, own, t);
    const mayHaveAlready = await clearedFirst(t, endpoint, values);
    const ex = await t.b().request(request.method, request.path, { ...request.options, ...(body !== undefined ? { body } : {}), ...(options.headers ? { headers: { ...options.headers } } : {}), ...(options.framing ? { framing: options.framing } : {}) });
    if (mayHaveAlready && ex.response.status >= 400 && ex.response.status < 500) {
      notSent.push({ key: endpoint.key, answered: ex.response.status, why: `answered ${ex.response.status}, and ${mayHaveAlready}, which the spec does not cover` });
      continue;
    }
    const id = idOf(ex);
    if (is2xx(ex) && endpoint.creates && id !== undefined) {
      undoCreation(t, 0, endpoint.creates, id);
      made.set(endpoint.creates, id);
    }
    // Before the next write: a judge that reads the resource back sees this write's effect alone.
    await seen(endpoint, ex);
  }
  if (options.readBack) {
    for (const endpoint of B_ENDPOINTS.filter((e) => e.source === 'spec' && e.method === 'GET' && e.id && made.has(e.id.kind))) {
      await seen(endpoint, await t.b().get(bPath(endpoint, { id: made.get(endpoint.id?.kind as ResourceKind) })));
    }
  }
  return notSent;
}

/** A selected write made ready to send: what its path names, how it is undone, the request. */
interface PreparedWrite {
  endpoint: BEndpoint;
  values: PathValues;
  undo: Exclude<Awaited<ReturnType<typeof undoable>>, { why: string }>;
  request: NonNullable<ReturnType<typeof requestOf>>;
}

/**
 * Each selected write of the catalog, one at a time, with what its path names made or found in
 * account 1 (`made` also holds what the caller's own sends created, so a later write can name
 * it), its undo registered and its request built; a write that cannot be prepared goes to
 * `notSent` with the reason. Shared by `exerciseWrites` and `ownWrites`.
 */
async function* preparedWrites(t: CheckContext, select: (endpoint: BEndpoint) => boolean, made: Map<ResourceKind, number>, notSent: NotSent[]): AsyncGenerator<PreparedWrite> {
  const c = bodyContext(t);
  for (const endpoint of B_ENDPOINTS.filter((e) => e.method !== 'GET' && select(e))) {
    let values: PathValues | undefined;
    try {
      values = endpoint.id ? await ownValues(t, 0, endpoint.id, made) : {};
    } catch (err) {
      // What the write names could not be made on this target (a hook of the real service's
      // type, say): that write is not sent; the others still are.
      if (!(err instanceof CheckSkipped)) throw err;
      notSent.push({ key: endpoint.key, why: err.message });
      continue;
    }
    if (!values) {
      notSent.push({ key: endpoint.key, why: `account 1 has no ${endpoint.id?.kind} of its own to name` });
      continue;
    }
    const undo = await undoable(t, endpoint, values);
    if ('why' in undo) {
      notSent.push({ key: endpoint.key, why: undo.why });
      continue;
    }
    const request = requestOf(endpoint, values, c);
    if (!request) {
      notSent.push({ key: endpoint.key, why: 'its body needs fixtures the target file does not give' });
      continue;
    }
    yield { endpoint, values, undo, request };
  }
}

/**
 * Takes off what the caller may have already (`clearFirst`) before the write; undefined when it
 * did or there is nothing to take off, else why the write may ask for what the caller has.
 */
async function clearedFirst(t: CheckContext, endpoint: BEndpoint, values: PathValues): Promise<string | undefined> {
  const clear = endpoint.clearFirst;
  if (!clear) return undefined;
  const path = bPath(clear, values);
  const ex = await t.b().request(clear.method, path);
  return is2xx(ex) ? undefined : `${clear.what} (${clear.method} ${path}, an extension that would take that off first, answered ${ex.response.status})`;
}

/**
 * Registers how a write's effect is undone, before it is sent, and gives the user it read to put
 * back (for a write of the user); the reason it cannot be undone, else. Creations are undone from
 * their answer (`undoCreation`).
 */
async function undoable(t: CheckContext, endpoint: BEndpoint, values: PathValues): Promise<{ why: string } | { user?: Record<string, unknown> }> {
  let user: Record<string, unknown> | undefined;
  if (endpoint.touches?.includes('user')) {
    user = (await restoreUserAfter(t))?.user;
    if (!user) return { why: 'the user cannot be read back (GET /user, an extension) to restore it' };
  }
  if (endpoint.touches?.includes('connection') && !(values.type !== undefined && values.id !== undefined && (await restoreConnectionAfter(t, values.type, values.id)))) {
    return { why: 'the connection\'s name cannot be read back (GET /connections, an extension) to restore it' };
  }
  return user ? { user } : {};
}

/** The body with every id it names filled with one of the account's own fixtures (a notification to mark). */
function withOwnBodyIds(endpoint: BEndpoint, body: unknown, t: CheckContext): unknown {
  if (!endpoint.bodyIds || typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of endpoint.bodyIds) {
    if (out[field.field] !== undefined) continue;
    const own = fixtureValues(t.fixtures(), { kind: field.kind });
    if (own?.id !== undefined) out[field.field] = own.id;
  }
  return out;
}

/** A write of the catalog with account 1's own ids and a valid body, ready to send with any credential. */
export interface OwnWrite {
  endpoint: BEndpoint;
  /** The key, with a connection route's `{type}` filled in. */
  label: string;
  values: PathValues;
  method: string;
  path: string;
  options: RequestOptions;
}

/**
 * Every selected write prepared once, to be sent many times with credentials that must be refused
 * (none of it should take effect): what a path names is account 1's own (a fixture, or a hook, SSH
 * key, job or schedule made for the check and removed after it), a write of the user or of a
 * connection gets its restore registered first and a write that adds what the caller may have
 * already gets it taken off first (`clearFirst`), as `exerciseWrites` does, so a write that is
 * taken anyway shows in the state read back. The writes that could not be prepared, and why.
 */
export async function ownWrites(t: CheckContext, select: (endpoint: BEndpoint) => boolean): Promise<{ writes: OwnWrite[]; notSent: NotSent[] }> {
  const made = new Map<ResourceKind, number>();
  const writes: OwnWrite[] = [];
  const notSent: NotSent[] = [];
  for await (const { endpoint, values, undo, request } of preparedWrites(t, select, made, notSent)) {
    await clearedFirst(t, endpoint, values);
    const own = undo.user ? userPutBody(undo.user, request.options.body as Record<string, unknown>) : request.options.body;
    const body = withOwnBodyIds(endpoint, own, t);
    const label = values.type !== undefined && endpoint.path.includes('{type}') ? endpoint.key.replace('{type}', values.type) : endpoint.key;
    writes.push({ endpoint, label, values, method: request.method, path: request.path, options: { ...request.options, ...(body !== undefined ? { body } : {}) } });
  }
  return { writes, notSent };
}

/** Where a write of `ownWrites` may change the account: one reader per part and thing named. */
interface WatchedPart {
  label: string;
  read: PartReader;
  /** The writes that touch it. */
  writes: string[];
}

function watchedParts(t: CheckContext, writes: readonly OwnWrite[]): WatchedPart[] {
  const byKey = new Map<string, WatchedPart>();
  const notificationIds = t.fixtures().notification_ids ?? [];
  for (const w of writes) {
    for (const part of w.endpoint.touches ?? []) {
      const label = w.values.id === undefined ? part : `${part} ${w.values.id}`;
      const known = byKey.get(label);
      if (known) {
        known.writes.push(w.label);
        continue;
      }
      const read = partReader(t, 0, part, w.values, notificationIds);
      if (read) byKey.set(label, { label, read, writes: [w.label] });
    }
  }
  return [...byKey.values()];
}

/**
 * Reads now every part of the account that `writes` may change, for writes about to be sent in a
 * way that must be refused; the function it gives reads them again and fails `clause` for each
 * that changed (`how`: how the writes were sent, "only sent with bad credentials"). Parts that
 * cannot be read before and after (an extension not served, a list not read whole) are named in
 * a note: only the refusals of the writes touching them are judged.
 */
export async function watchOwnWrites(t: CheckContext, writes: readonly OwnWrite[], clause: string, how: string): Promise<() => Promise<void>> {
  // Taken before the baseline: a list that shows only later what the run wrote before it (an
  // index lagging the store) has not changed by the writes watched; one written after it has.
  const since = t.writes.mark();
  const before = new Map<WatchedPart, string>();
  const unread: WatchedPart[] = [];
  for (const part of watchedParts(t, writes)) {
    const value = await part.read();
    if (value === undefined || value === GONE) unread.push(part);
    else before.set(part, value);
  }
  return async () => {
    for (const [part, was] of before) {
      const now = await part.read();
      if (now === undefined) {
        unread.push(part);
        continue;
      }
      const late = now === was ? undefined : part.read.late?.(t.writes, since, was, now);
      if (late !== undefined) {
        t.note(`the list showed writes made before the baseline only later: the account's ${part.label} (${late})`);
        continue;
      }
      t.expect.that(now === was, {
        clause,
        message: `the account's ${part.label} changed although ${part.writes.join(', ')} ${part.writes.length > 1 ? 'were' : 'was'} ${how}`,
        expected: was,
        received: now,
      });
    }
    if (unread.length) t.note(`not read back before and after (an extension read not served, refused, or a list not read whole), so only the refusals of the writes touching them were judged: ${unread.map((p) => p.label).join(', ')}`);
  };
}
