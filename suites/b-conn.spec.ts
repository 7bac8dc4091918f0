import fc from 'fast-check';
import { expectVendorMediaType } from './lib/b-media-type.ts';
import { check } from './lib/registry.ts';
import { listCatalog } from './catalog/b-lists.ts';
import { B_CONN_3_SAMPLES, bEndpoint, bPath } from './catalog/b-endpoints.ts';
import { queryOf } from './catalog/b-requests.ts';
import { howToPermit, permitted } from './lib/permissions.ts';
import { describePaging, extensionPaging } from './lib/paging.ts';
import type { CheckContext, Exchange, InterfaceClient } from './lib/types.ts';
import { characters, displayName, longConnectionName } from './lib/arbitraries/resources.ts';
import { arrayBody, createdId, fieldsIn, idOf, integerId, is2xx, isObject, objectBody, pageListing, recordIn, sameJson, show, type JsonObject } from './lib/answers.ts';
import { readWithinListLag } from './lib/list-lag.ts';
import { expectFormats } from './lib/formats.ts';
import { absentIdFrom } from './lib/arbitraries/ids-and-paths.ts';
import { describeResponse } from './lib/expect.ts';
import { CRASH_AND_LEAK, expectNoCrashOrLeak } from './lib/robustness.ts';
import { deleteConnectionOnCleanup, madeUpOAuthConnectionBody, NEW_CONNECTION_TYPE, unreachableConnectionBody } from './lib/factories/new-connections.ts';
import { readConnection, restoreConnectionAfter } from './lib/factories/connections.ts';
import { uniqueName } from './lib/unique-names.ts';

/**
 * Database and cloud-storage connection types (the real service's types of those groups): the
 * ones the spec says a connection group may hold, so the ones a check puts in a group, unless the
 * target document names its own (`interface_b.groupable_connection_types`). Left out:
 * the analytical warehouses (Redshift, BigQuery, Snowflake, Athena), which the real service groups
 * apart and the spec does not name, and NetSuite, reached like a database but a SaaS source: a
 * deployment may count either way.
 */
const DATABASE_TYPES: ReadonlySet<string> = new Set(['mysql', 'postgres', 'sqlserver', 'mongo', 'oracle', 'googlecloudsql', 'googlecloudpostgres', 'googlecloudspanner', 'herokupostgres']);
const CLOUD_STORAGE_TYPES: ReadonlySet<string> = new Set(['s3', 'gs', 'hdfs', 'azureblobstorage', 'rackspace', 'softlayer', 'swift', 'sftp']);
const GROUPABLE_TYPES = new Set([...DATABASE_TYPES, ...CLOUD_STORAGE_TYPES]);

interface ConnectionRef {
  type: string;
  id: number;
  /** Made by the run (POST /connections/{type}), deleted after it: no name to restore. */
  made?: true;
}

function fixtureConnections(t: CheckContext, account: 0 | 1 = 0): ConnectionRef[] {
  return Object.entries(t.fixtures(account).connections ?? {}).map(([type, id]) => ({ type, id }));
}

/** Who reads the types list: an account's api_key, or account 1's member_api_key. */
interface TypesReader {
  account: 0 | 1;
  client: InterfaceClient;
  /** How messages name the read (`GET /connections/types (member_api_key)`) and the connections' list (`of account 2`, `with member_api_key`). */
  what: string;
  whose: string;
  /** Account 1's member_api_key: a 4xx may refuse members. */
  member?: true;
}

check({
  id: 'b-conn/types',
  clauses: ['B-CONN-1'],
  supports: ['B-SCHEMA-1'],
  title: "B-CONN-1: GET /connections/types returns an array of connection types, for each account and for another user of account 1 (member_api_key, where given), listing the type of every connection that account has (GET /connections, an extension, where served; with the reader's key)",
  needs: ['b'],
  async run(t) {
    // Every account the document gives: the catalog is the same read for each, and an answer
    // shape rolled out by account would pass a look at the first alone. And a member of account
    // 1: an answer built by role (the types members may create, say) would pass the owner's.
    const readers: TypesReader[] = t.target.b.map((_, i) => ({ account: i as 0 | 1, client: t.b(i as 0 | 1), what: `GET /connections/types${i === 0 ? '' : ` (account ${i + 1})`}`, whose: i === 0 ? '' : ` of account ${i + 1}` }));
    const memberKey = t.target.b[0]?.memberApiKey;
    if (memberKey !== undefined) readers.push({ account: 0, client: t.bWithKey(memberKey), what: 'GET /connections/types (member_api_key)', whose: ' with member_api_key', member: true });
    else t.note("the target document gives no member_api_key (a key of a second user of account 1): the types list was read with each account's api_key only");
    for (const reader of readers) {
      const { what } = reader;
      const ex = await reader.client.get('/connections/types');
      // Any 4xx to a member is a refusal of members: which roles may call what is not shown (section 5).
      if (reader.member && ex.response.status >= 400 && ex.response.status < 500) {
        // A note, not "not verified": the clause is judged on each account's api_key above, and
        // refusing members is a conformant choice (as b-inv/list judges a member's invoice read).
        t.note(`GET /connections/types with member_api_key answered ${ex.response.status}: a refusal of members, the deployment's choice (which roles may call what is not shown), so whether a member is answered the array of connection types was not seen`);
        continue;
      }
      t.expect.status(ex, '2xx', 'B-CONN-1', `${what} answered ${ex.response.status}`);
      const types = arrayBody(t, ex, 'B-CONN-1', what);
      types.forEach((type, i) => {
        t.expect.that(isObject(type), { clause: 'B-CONN-1', message: `item ${i} of ${what} is not an object`, expected: 'a connection type object', received: show(type), exchange: ex });
        t.expect.schema(ex, 'connection-type', 'B-SCHEMA-1', type);
      });
      t.note(`${what}: ${types.length} connection types`);
      await expectTypesOfOwnConnections(t, reader, ex, types);
    }
  },
});

/**
 * "An array of connection types" is the catalog of the types a connection may have: one the
 * account has a connection of is in it. A list cut short (a default page size applied to an
 * unpaged list) or one served empty to some accounts is still an array; the account's own
 * connections (GET /connections with its own key, an extension, walked with the target's paging)
 * show it. The spec fixes no spelling of a type in an extension's answer: a connection's `type`
 * is found in a listed type's `type` or `name`, in any letter case (noted where not as written).
 * One found in no spelling fails where the spec fixes its name: a type the target document names
 * the account's connections by (the `{connection_type}` of the spec's paths), or one a connection
 * of it is read under (`servedUnderType`: the same spelling is a type of the spec's paths). Any
 * other may be the list's spelling of a listed type, or missing: B-CONN-1 is not verified for it,
 * saying which. Where the connections cannot be listed, a note says so.
 */
async function expectTypesOfOwnConnections(t: CheckContext, reader: TypesReader, ex: Exchange, types: readonly unknown[]): Promise<void> {
  if (!is2xx(ex)) return;
  const { account, client, what, whose } = reader;
  const connections = await listCatalog(client, t.target, '/connections', 20);
  if (!connections) {
    t.note(`GET /connections${whose} (an extension) is not served, so whether ${what} lists the type of every connection of the account was not seen`);
    return;
  }
  const listed = types.filter(isObject);
  // Each type the account's connections have, with the id of one connection of it (to read it under its type).
  const held = new Map<string, unknown>();
  for (const c of connections.items) if (isObject(c) && typeof c.type === 'string' && !held.has(c.type)) held.set(c.type, c.id);
  const spelt: string[] = [];
  const unmatched: string[] = [];
  for (const type of held.keys()) {
    const found = listedSpelling(listed, type);
    if (found === undefined) unmatched.push(type);
    else if (found !== type) spelt.push(`${show(type)} (as ${show(found)})`);
  }
  const named = new Set(Object.keys(t.fixtures(account).connections ?? {}).map((type) => type.toLowerCase()));
  const missing: string[] = [];
  const readUnder: string[] = [];
  const unnamed: string[] = [];
  for (const type of unmatched) {
    if (named.has(type.toLowerCase())) missing.push(type);
    else if (await servedUnderType(client, type, held.get(type))) {
      missing.push(type);
      readUnder.push(`${show(type)} (connection ${show(held.get(type))})`);
    } else unnamed.push(type);
  }
  t.expect.that(missing.length === 0, {
    clause: 'B-CONN-1',
    message: `${what} does not list ${missing.length === 1 ? 'the type' : 'the types'} of connections the account has (GET /connections${whose} shows ${missing.map((type) => show(type)).join(', ')}${readUnder.length ? `; read under GET /connections/{type}/{id}, a type of the spec's paths: ${readUnder.join(', ')}` : ''})`,
    expected: `every type of the account's connections among the ${listed.length} types listed (a type's type or name, in any letter case)`,
    received: `${missing.join(', ')} not listed`,
    exchange: ex,
  });
  if (spelt.length) t.note(`${what}: connections' types found in GET /connections/types only in another letter case or as a type's name: ${spelt.join(', ')}`);
  if (unnamed.length) t.partial('B-CONN-1', `GET /connections${whose} shows ${unnamed.length === 1 ? 'the type' : 'the types'} ${unnamed.map((type) => show(type)).join(', ')}, in no spelling in ${what} and not a type the target document names connections by (the spec's {connection_type}), nor a connection of ${unnamed.length === 1 ? 'it' : 'them'} read under GET /connections/{type}/{id}: whether ${what} leaves ${unnamed.length === 1 ? 'it' : 'them'} out or spells ${unnamed.length === 1 ? 'it' : 'them'} otherwise was not seen`);
  if (held.size === 0) t.note(`GET /connections${whose} lists no connection with a type, so no type of the account's own was looked for in ${what}`);
  else t.note(`${what}: the ${held.size} types of the account's ${connections.items.length} connections${connections.complete ? '' : ' (as far as GET /connections was walked)'} are among those listed${unmatched.length ? `, but for ${unmatched.join(', ')}` : ''}`);
}

/**
 * Whether the connection `id` of the account reads back under `type` as GET /connections spells
 * it (GET /connections/{type}/{id}, an extension beside the spec's PUT on that path): then that
 * spelling is a `{connection_type}` of the spec's paths, whose name the spec fixes, and a types
 * list without it leaves the type out. Another answer shows nothing either way.
 */
async function servedUnderType(client: InterfaceClient, type: string, id: unknown): Promise<boolean> {
  if (typeof id !== 'number') return false;
  const ex = await client.get(`/connections/${encodeURIComponent(type)}/${id}`);
  // The read is an extension: its record may come wrapped (`{"connection": {...}}`).
  return is2xx(ex) && recordIn(ex.json)?.id === id;
}

/**
 * How the types list spells a connection's `type`: a listed type's `type` as written first, else
 * its `type`, `name` or a string `id` (a list keyed by id, its `type` a category: section 2's
 * shape is B-SCHEMA-1's to judge) in any letter case; undefined where none matches.
 */
function listedSpelling(listed: readonly JsonObject[], type: string): string | undefined {
  if (listed.some((l) => l.type === type)) return type;
  const lower = type.toLowerCase();
  for (const l of listed) {
    for (const field of [l.type, l.name, l.id]) if (typeof field === 'string' && field.toLowerCase() === lower) return field;
  }
  return undefined;
}

/**
 * The groups that list each connection of the account, when the whole group list can be read;
 * else null. GET /connection_groups is not in the spec (nor among the extensions
 * docs/interface-b.md lists from the real service), so its paging is the target's, as the
 * document names it for every list; the list counts only when the walk was complete
 * (`listCatalog`: the page size honoured, the end reached).
 */
async function connectionGroups(t: CheckContext): Promise<Map<number, Set<number>> | null> {
  const groups = await listCatalog(t.b(), t.target, '/connection_groups', 20);
  if (!groups || !groups.complete) return null;
  const out = new Map<number, Set<number>>();
  for (const g of groups.items) {
    if (!isObject(g) || !Array.isArray(g.connections) || typeof g.id !== 'number') return null;
    for (const c of g.connections) {
      if (!isObject(c) || typeof c.id !== 'number') continue;
      const of = out.get(c.id) ?? new Set<number>();
      out.set(c.id, of.add(g.id));
    }
  }
  return out;
}

/**
 * So that B-CONN-2 sees a grouped connection's rename too (its `connection_group_id` is then the
 * group's, not null): where none of the fixture connections is in a group and the document
 * permits moving one, one groupable fixture connection is put in a group of the run's. Groups
 * cannot be deleted through the API: it stays there, as `b-conn/group-create`'s do. Returns the
 * connection it put in a group, if any.
 */
async function groupOneConnection(t: CheckContext, connections: readonly ConnectionRef[], groups: Map<number, Set<number>> | null): Promise<ConnectionRef | undefined> {
  if (groups === null || connections.some((c) => (groups.get(c.id)?.size ?? 0) > 0)) return undefined;
  const member = groupable(t, [...connections]).at(-1);
  if (!membershipAllowed(t) || !member) {
    t.note(`no fixture connection is in a group, so only ungrouped connections are renamed${membershipAllowed(t) ? ' (none is a database or cloud-storage connection to put in one)' : ` (${howToPermit('assign_connections_to_groups')} to have the run put one in a group of its own)`}`);
    return undefined;
  }
  const ex = await t.b().post('/connection_groups', { body: groupBody(t.name('rename-group'), 'B-CONN-2: a grouped connection renamed', [member]) });
  t.note(`${member.type} connection ${member.id} put in a group of the run, so a grouped connection is renamed too: POST /connection_groups answered ${ex.response.status}`);
  return is2xx(ex) ? member : undefined;
}

/**
 * B-CONN-2 after a move: the update "returns the connection", so a connection moved from one group
 * to another (a second POST /connection_groups naming it) is answered with the group it is in now,
 * not the one it first joined. Only where the document permits moving connections, and only a
 * connection in none of the deployment's own groups (the one `groupOneConnection` grouped, else
 * an ungrouped groupable one, first put in a group of the run's): a move takes nothing out of a
 * group of theirs. Both groups stay (they cannot be deleted); the name is restored (`restoreName`).
 * Where it is afterwards is read from the group list, else from the connection itself; a target
 * that keeps it in both groups passes with either.
 */
async function renameMovedConnection(t: CheckContext, connections: readonly ConnectionRef[], grouped: ConnectionRef | undefined, groups: Map<number, Set<number>> | null, restoreName: (ref: ConnectionRef) => void): Promise<void> {
  if (!membershipAllowed(t)) return;
  let member = grouped;
  if (!member) {
    for (const ref of groupable(t, [...connections]).reverse()) {
      const ungrouped = groups !== null ? (groups.get(ref.id)?.size ?? 0) === 0 : (await readConnection(t, ref))?.connection.connection_group_id === null;
      if (ungrouped) {
        member = ref;
        break;
      }
    }
    if (!member) {
      t.note('no connection was renamed after moving it to a second group: every database or cloud-storage fixture connection is in a group of the deployment\'s (or its group could not be read), and moving one would take it out for good');
      return;
    }
    const first = await t.b().post('/connection_groups', { body: groupBody(t.name('rename-group-1'), 'B-CONN-2: a connection moved out of this group, then renamed', [member]) });
    if (!is2xx(first)) {
      t.note(`no connection was renamed after moving it to a second group: putting ${member.type} connection ${member.id} in a first group answered ${first.response.status}`);
      return;
    }
  }
  const second = await t.b().post('/connection_groups', { body: groupBody(t.name('rename-group-2'), 'B-CONN-2: a connection moved into this group, then renamed', [member]) });
  const secondId = is2xx(second) ? idOf(second) : undefined;
  if (secondId === undefined) {
    t.note(`no connection was renamed after moving it to a second group: POST /connection_groups naming ${member.type} connection ${member.id} again answered ${second.response.status}${is2xx(second) ? ' without an id' : ''}`);
    return;
  }
  // Where it is now: the group list, else the connection's own connection_group_id.
  const listed = (await connectionGroups(t))?.get(member.id);
  const read = listed ? undefined : await readConnection(t, member);
  const readGroup = read?.connection.connection_group_id;
  const inGroups = listed ?? (typeof readGroup === 'number' ? new Set([readGroup]) : undefined);
  if (inGroups && !inGroups.has(secondId)) t.note(`${member.type} connection ${member.id}, named in a second group ${secondId}, is not in it afterwards (group ${[...inGroups].join(', ')}): B-CG-1's checks judge the assignment`);
  restoreName(member);
  const path = `/connections/${member.type}/${member.id}`;
  const ex = await t.b().put(path, { body: { name: t.name('conn-moved') } });
  t.expect.status(ex, 200, 'B-CONN-2', `PUT ${path} of a connection moved to a second group answered ${ex.response.status}`);
  const connection = objectBody(t, ex, 'B-CONN-2', `PUT ${path} (the connection moved to a second group)`);
  expectGroupId(t, ex, connection, inGroups, listed ? 'GET /connection_groups lists it' : `GET of the connection shows it, after it was moved there from a first group`);
  if (!inGroups) t.note(`${member.type} connection ${member.id} was renamed after moving it to a second group, but where it is could not be read (GET /connection_groups and the connection reads are extensions), so only the type of its connection_group_id was judged`);
  else t.note(`${member.type} connection ${member.id} moved to a second group (${[...inGroups].join(', ')}) and renamed`);
}

/** What the renames of `b-conn/rename` saw, for its notes and partials. */
interface RenameTally {
  groupedRenames: number;
  /** Connections answered with a group id while the group list could not be read (see below). */
  unjudged: Set<number>;
  /** Long names refused with a 4xx, as a deployment may (the spec fixes no length). */
  refusedLong: string[];
  /** Names with path separators refused with a 4xx, as a deployment may (the spec fixes no characters). */
  refusedSeparators: string[];
  /** Long names a 2xx took (then answered and read back whole). */
  keptLong: number;
}

/**
 * Past this many characters a name is "long": a deployment may refuse it with a 4xx (the spec
 * fixes no length), but a 200 answers and stores it whole. 64 is a common column width
 * (VARCHAR(64)), so the long names start just past it.
 */
const LONG_NAME = 64;

/**
 * Long names of exactly these lengths, sent to one connection whatever the draws: a store that
 * cuts names at some width shows only with names past it, and the property may draw few long ones.
 */
const FIXED_LONG_LENGTHS = [65, 140, 300] as const;

/** A name of exactly `length` characters (code points): the run's prefix, then words of several scripts over and over, never ending in a space. */
function nameOfLength(prefix: string, length: number): string {
  const words = ['Production', 'MySQL', 'réplica', 'São Paulo', 'Zürich', 'Abrechnung', 'データベース', 'Łódź', 'nightly', 'orders', 'Ελλάδα', '(read-only)'];
  let text = prefix;
  for (let i = 0; characters(text) < length; i++) text += ` ${words[i % words.length]}`;
  const cut = [...text].slice(0, length);
  if (cut[length - 1] === ' ') cut[length - 1] = 'x';
  return cut.join('');
}

/**
 * One rename as B-CONN-2 states it: 200 and the connection under the name sent, with its
 * connection_group_id (null when the group list shows it in none), and the name read back. A long
 * name may be refused with a 4xx; a 2xx with another name (one cut short, say) fails. `again`:
 * the name is the one the connection has already (said in the messages).
 */
async function renameOnce(t: CheckContext, ref: ConnectionRef, name: string, tally: RenameTally, again = false): Promise<void> {
  const long = characters(name) > LONG_NAME;
  // The spec types the name a string and fixes neither its length nor its characters, and
  // validation errors exist (their body is not shown): a long name, or one with path separators,
  // may be refused with a 4xx. Taken, it must be taken as sent.
  const separators = /[\\/]/.test(name);
  const path = `/connections/${ref.type}/${ref.id}`;
  const what = `PUT ${path}${ref.made ? ' (a connection the run made)' : ''}${long ? ` with a name of ${characters(name)} characters` : ''}${again ? ' with the name it has already' : ''}`;
  const groups = await connectionGroups(t);
  const ex = await t.b().put(path, { body: { name } });
  if ((long || separators) && ex.response.status >= 400 && ex.response.status < 500) {
    if (long) tally.refusedLong.push(`${characters(name)} characters (${ex.response.status})`);
    else tally.refusedSeparators.push(`${show(name)} (${ex.response.status})`);
    return;
  }
  t.expect.status(ex, 200, 'B-CONN-2', `${what} answered ${ex.response.status}${long || separators ? ': expected 200 with the connection under the name sent, or a 4xx refusing the name' : ''}`);
  const connection = objectBody(t, ex, 'B-CONN-2', what);
  const inGroups = groups === null ? undefined : (groups.get(ref.id) ?? new Set<number>());
  expectGroupId(t, ex, connection, inGroups);
  if (inGroups?.size) tally.groupedRenames++;
  if (groups === null && connection.connection_group_id !== null) tally.unjudged.add(ref.id);
  // What was seen, not a guess: a name that starts the one sent may be the name the connection
  // had before (a run's names share its prefix) with the rename applied, so the connection is
  // read back before the answer is called cut short.
  const seen = connection.id === ref.id && connection.name !== name && is2xx(ex) ? await seenAfterRename(t, ref, name, connection.name) : '';
  t.expect.that(connection.id === ref.id && connection.name === name, {
    clause: 'B-CONN-2',
    message: `the answer to ${what} is not the renamed connection${seen}`,
    expected: `id ${ref.id}, name ${show(name)}`,
    received: `id ${show(connection.id)}, name ${show(connection.name)}`,
    exchange: ex,
  });
  t.expect.schema(ex, 'connection', 'B-SCHEMA-1');
  // "The renamed connection": renamed, not only answered so. Read back as the name was read
  // before the run (the check does not run without such a read).
  if (!is2xx(ex) || connection.name !== name) return;
  const stored = await readConnection(t, ref);
  if (!stored && ref.made) {
    t.note(`connection ${ref.id}, made by the run, was not found by GET ${path} nor in the first 20 pages of GET /connections (extensions) after it was renamed, so its stored name was not read back`);
    return;
  }
  t.expect.that(stored?.connection.name === name, {
    clause: 'B-CONN-2',
    message: `connection ${ref.id} read after ${what} answered it renamed ${stored ? `shows another name${cutShort(name, stored.connection.name)}` : 'is not found'}`,
    expected: `name ${show(name)}`,
    received: stored ? `name ${show(stored.connection.name)}` : 'not found',
    exchange: stored?.ex ?? ex,
  });
  if (long) tally.keptLong++;
}

/**
 * What a rename whose answer names the connection otherwise shows, read back: the name sent
 * stored (the rename applied, the answer holding another name, such as the one it had before),
 * the answer's name stored and cut short, or another name.
 */
async function seenAfterRename(t: CheckContext, ref: ConnectionRef, sent: string, answered: unknown): Promise<string> {
  const stored = (await readConnection(t, ref))?.connection.name;
  if (stored === sent) return ` (it names the connection ${show(answered)}, yet a read afterwards shows the name sent: the rename was applied, the answer holds another name, such as the one it had before)`;
  if (stored !== undefined && stored === answered) {
    const cut = cutShort(sent, answered);
    return cut ? `${cut}, as a read afterwards shows` : `: it names the connection ${show(answered)}, as a read afterwards does`;
  }
  return `: it names the connection ${show(answered)}${stored === undefined ? '' : `, a read afterwards ${show(stored)}`}`;
}

/** `(N characters sent, its first M kept)` when `got` is the start of `sent`. */
function cutShort(sent: string, got: unknown): string {
  return typeof got === 'string' && got.length < sent.length && sent.startsWith(got) ? ` (${characters(sent)} characters sent, its first ${characters(got)} kept)` : '';
}

/**
 * B-CONN-2 holds for any connection, not only the fixtures a deployment was seeded with: where
 * the document permits making connections, the run makes one (`POST /connections/{type}`, an
 * extension; a MySQL connection at an `.invalid` host, which connects nowhere) and renames it too.
 * A deployment may store what it makes otherwise than what it was seeded with (its group left
 * unset rather than null, say). Deleted after the check.
 */
async function madeConnection(t: CheckContext): Promise<ConnectionRef | undefined> {
  if (!permitted(t, 'create_connections')) {
    t.note(`only the fixture connections were renamed, none the run made: ${howToPermit('create_connections')}`);
    return undefined;
  }
  const path = `/connections/${NEW_CONNECTION_TYPE}`;
  const made = await t.b().post(path, { body: unreachableConnectionBody(t.name('conn-made')) });
  const id = is2xx(made) ? idOf(made) : undefined;
  if (id === undefined) {
    t.note(`only the fixture connections were renamed: POST ${path} (an extension) answered ${made.response.status}${is2xx(made) ? ' without an id' : ''}, so no connection of the run's own was made`);
    return undefined;
  }
  deleteConnectionOnCleanup(t, id);
  return { type: NEW_CONNECTION_TYPE, id, made: true };
}

/**
 * The kinds of connection type the real service groups its types in (its `groups`: gaps.md), each
 * with the types of it seen there or in its docs and the one a check makes where the fixtures hold
 * none (a body as the docs give that type, at a host that never resolves or with a token that
 * authorises nothing). A type of none of the lists counts as a service.
 */
const CONNECTION_KINDS: readonly { kind: string; types: ReadonlySet<string>; make: { type: string; body: (name: string) => Record<string, unknown> } }[] = [
  { kind: 'database', types: DATABASE_TYPES, make: { type: NEW_CONNECTION_TYPE, body: unreachableConnectionBody } },
  { kind: 'warehouse', types: new Set(['redshift', 'bigquery', 'snowflake', 'athena']), make: { type: 'redshift', body: (name) => ({ ...unreachableConnectionBody(name), port: 5439, region: 'us-east-1' }) } },
  { kind: 'cloud storage', types: CLOUD_STORAGE_TYPES, make: { type: 's3', body: (name) => ({ name, username: 'disco', password: 'disco-conformance-only', region: 'us-east-1' }) } },
  { kind: 'services', types: new Set(), make: { type: 'salesforce', body: (name) => madeUpOAuthConnectionBody('salesforce', name) } },
];

function kindOf(type: string): string {
  return CONNECTION_KINDS.find((k) => k.types.has(type))?.kind ?? 'services';
}

/**
 * One connection of each kind of type: the fixtures' first of it, else (with leave to make
 * connections) one made of the kind's type, deleted after the run. A kind neither held nor made is
 * said. At most one create per kind: a bounded number of requests.
 */
async function oneOfEachKind(t: CheckContext, fixtures: readonly ConnectionRef[], made: ConnectionRef | undefined): Promise<ConnectionRef[]> {
  const out: ConnectionRef[] = [];
  const unseen: string[] = [];
  for (const { kind, make } of CONNECTION_KINDS) {
    const held = fixtures.find((c) => kindOf(c.type) === kind) ?? (made && kindOf(made.type) === kind ? made : undefined);
    if (held) {
      if (held !== made) out.push(held);
      continue;
    }
    if (!permitted(t, 'create_connections')) {
      unseen.push(`${kind} (no such connection in fixtures.connections; ${howToPermit('create_connections')} to make one)`);
      continue;
    }
    const path = `/connections/${make.type}`;
    const ex = await t.b().post(path, { body: make.body(t.name(`conn-kind-${make.type}`)) });
    const id = is2xx(ex) ? idOf(ex) : undefined;
    if (id === undefined) {
      unseen.push(`${kind} (none in fixtures.connections, and POST ${path} (an extension) answered ${ex.response.status}${is2xx(ex) ? ' without an id' : ''})`);
      continue;
    }
    deleteConnectionOnCleanup(t, id, 0, make.type);
    out.push({ type: make.type, id, made: true });
  }
  if (unseen.length) t.note(`no connection of these kinds of type was renamed, so whether they carry connection_group_id was not seen: ${unseen.join('; ')}`);
  return out;
}

check({
  id: 'b-conn/rename',
  clauses: ['B-CONN-2', 'B-CONN-3'],
  supports: ['B-SCHEMA-1'],
  title: "B-CONN-2: PUT /connections/{connection_type}/{connection_id} with a name answers 200 with the renamed connection, fixture or made by the run, under exactly the name sent (one with path separators too, a long one too, or a 4xx; also the name it has already, sent again; also one renamed with member_api_key, and one of account 2's with its own key, each answered with a connection_group_id and read back under the name sent, or a 4xx); connection_group_id is present, null when ungrouped, the group's when grouped, the second group's after a move; B-CONN-3: a renamed Salesforce or Bing Ads connection's metadata reads still answer 200 with an array of objects",
  needs: ['b', 'write'],
  async run(t) {
    const connections = fixtureConnections(t);
    if (connections.length === 0) t.skip('needs at least one connection id in fixtures.connections of account 1');
    const originals = new Map<number, string>();
    for (const ref of connections) {
      const now = (await readConnection(t, ref))?.connection;
      if (!now || typeof now.name !== 'string') {
        return t.skip(`the target serves neither GET /connections/{type}/{id} nor GET /connections (extensions), so connection ${ref.id}'s name could not be restored after renaming it`);
      }
      originals.set(ref.id, now.name);
    }
    const restored = new Set<number>();
    const restoreName = (ref: ConnectionRef): void => {
      // A connection the run made is deleted after the check, its name with it.
      if (ref.made || restored.has(ref.id)) return;
      restored.add(ref.id);
      t.cleanup(`restore the name of connection ${ref.id}`, async () => {
        const ex = await t.b().put(`/connections/${ref.type}/${ref.id}`, { body: { name: originals.get(ref.id) } });
        if (!is2xx(ex)) throw new Error(`renaming connection ${ref.id} back answered ${ex.response.status}`);
      });
    };
    const groupsBefore = await connectionGroups(t);
    const grouped = await groupOneConnection(t, connections, groupsBefore);
    await renameMovedConnection(t, connections, grouped, groupsBefore, restoreName);
    await metadataAfterRename(t, connections, restoreName);
    const tally: RenameTally = { groupedRenames: 0, unjudged: new Set(), refusedLong: [], refusedSeparators: [], keptLong: 0 };
    const made = await madeConnection(t);
    if (made) await renameOnce(t, made, `${t.name('conn-made')} Zoë Núñez`, tally);
    // Renamed to the name it has already (a form saved unchanged): nothing to change is still a
    // rename, answered 200 with the connection, not a 204 with no body. The name is set first.
    const unchangedTarget = made ?? connections[0];
    if (unchangedTarget) {
      restoreName(unchangedTarget);
      const kept = uniqueName(t, 'conn-same');
      await renameOnce(t, unchangedTarget, kept, tally);
      await renameOnce(t, unchangedTarget, kept, tally, true);
    }
    // "null when ungrouped" binds every connection type: one connection of each kind (database,
    // warehouse, cloud storage, services), a fixture one or one made where leave is given, is
    // renamed once whatever the draws below pick.
    for (const ref of await oneOfEachKind(t, connections, made)) {
      restoreName(ref);
      await renameOnce(t, ref, `${t.name('conn-kind')} ${ref.type}`, tally);
    }
    // The long names whatever the draws: on the made connection, else the last fixture one.
    const longTarget = made ?? connections.at(-1);
    if (longTarget) {
      restoreName(longTarget);
      // A name with path separators, as people name things ("eu/orders", a Windows share): a
      // deployment that keys files by the name must not make the name itself "safe".
      await renameOnce(t, longTarget, `${t.name('conn-path')} eu/orders \\ backup`, tally);
      for (const length of FIXED_LONG_LENGTHS) await renameOnce(t, longTarget, nameOfLength(t.name('conn-long'), length), tally);
    }
    // Renames by other callers than api_key: the member's (another user of account 1) and account 2's own.
    const memberTarget = made ?? connections[0];
    if (memberTarget) {
      restoreName(memberTarget);
      const memberUnseen = await memberRenameStored(t, memberTarget);
      if (memberUnseen) t.note(`that a rename by another user of the account than api_key's (member_api_key) is stored was not seen: ${memberUnseen}`);
    }
    const secondUnseen = await secondAccountRenameStored(t);
    if (secondUnseen) t.note(`that a rename of one of account 2's connections with its own api_key is stored was not seen: ${secondUnseen}`);
    const pool = made ? [...connections, made] : connections;
    // A third of the cases a long name (65 to 300 characters), as `b-user/update` draws them.
    const names = fc.oneof({ arbitrary: displayName, weight: 2 }, { arbitrary: longConnectionName, weight: 1 });
    const input = fc.record({ ref: fc.constantFrom(...pool), name: names.map((n) => `${t.name('conn')} ${n}`) });
    await t.property('a renamed connection carries the new name', input, async ({ ref, name }) => {
      restoreName(ref);
      await renameOnce(t, ref, name, tally);
    });
    if (tally.groupedRenames > 0) t.note(`${tally.groupedRenames} renames of a connection in a group`);
    if (tally.refusedSeparators.length) t.note(`PUT /connections/{type}/{id} refused a name with path separators with a 4xx, as it may (the spec fixes no characters): ${tally.refusedSeparators.join('; ')}; whether such a name is kept as sent was not seen`);
    if (tally.refusedLong.length) t.note(`PUT /connections/{type}/{id} refused ${tally.refusedLong.length} long name(s) with a 4xx, as it may (the spec fixes no length): ${tally.refusedLong.slice(0, 3).join('; ')}${tally.refusedLong.length > 3 ? '; …' : ''}`);
    if (tally.keptLong === 0) t.note(`no long name (over ${LONG_NAME} characters) was taken in this run (every one refused with a 4xx), so whether a stored name is kept whole was not seen`);
    // null needs no membership to judge (it is what an ungrouped connection shows); a group id does.
    if (tally.unjudged.size > 0) {
      t.partial('B-CONN-2', `connection ${[...tally.unjudged].join(', ')} answered with a connection_group_id, but whether it is in a group could not be read (GET /connection_groups, an extension, paged by ${describePaging(extensionPaging(t.target))}: interface_b.extension_paging says how it pages), so "null when ungrouped" was not verified for it; serving that list, or giving in fixtures.connections a connection in no group, lets it be`);
    }
  },
});

/**
 * PUT /connections/{type}/{id} with `client` (whose key `who` names), of account `account`'s
 * connection `ref`: a 200 whose connection is `ref` under the name sent, and the connection then
 * read back (with api_key of that account) under that name: "returns 200 and the connection"
 * renamed, not only answered so. A deployment that saves a rename through its owner's connector
 * credentials, and answers another caller's from a copy never stored, passes every rename made
 * with account 1's api_key. Which roles may rename is not shown (section 5): where `refusable` (a
 * member's key), a 4xx is returned as why it was not seen; else undefined.
 */
async function renameStoredFor(t: CheckContext, client: InterfaceClient, who: string, ref: ConnectionRef, account: 0 | 1, name: string, refusable: boolean): Promise<string | undefined> {
  const path = `/connections/${ref.type}/${ref.id}`;
  const what = `PUT ${path} with ${who}`;
  const ex = await client.put(path, { body: { name } });
  if (refusable && ex.response.status >= 400 && ex.response.status < 500) return `${what} answered ${ex.response.status} (which roles may rename a connection is not shown)`;
  t.expect.status(ex, 200, 'B-CONN-2', `${what} answered ${ex.response.status}`);
  const connection = objectBody(t, ex, 'B-CONN-2', what);
  t.expect.that(connection.id === ref.id && connection.name === name, { clause: 'B-CONN-2', message: `the answer to ${what} is not the renamed connection`, expected: `id ${ref.id}, name ${show(name)}`, received: `id ${show(connection.id)}, name ${show(connection.name)}`, exchange: ex });
  // The connection it answers carries connection_group_id, an integer or null, as api_key's
  // renames do: an answer serialised otherwise for another caller or account (nulls dropped) shows here only.
  expectGroupId(t, ex, connection, undefined);
  const stored = await readConnection(t, ref, account);
  if (!stored) return `connection ${ref.id} of account ${account + 1} was found neither by GET ${path} nor in GET /connections (extensions) after ${what}, so its stored name was not read back`;
  t.expect.that(stored.connection.name === name, {
    clause: 'B-CONN-2',
    message: `connection ${ref.id} of account ${account + 1}, read after ${what} answered it renamed, shows another name${stored.connection.name === connection.name ? '' : cutShort(name, stored.connection.name)}: the rename was answered, not stored`,
    expected: `name ${show(name)}`,
    received: `name ${show(stored.connection.name)}`,
    exchange: stored.ex,
  });
  return undefined;
}

/** A rename with member_api_key (another user of account 1), where the target document gives one. The name is restored by the check's cleanup (`restoreName`, with api_key). */
async function memberRenameStored(t: CheckContext, ref: ConnectionRef): Promise<string | undefined> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) return 'it needs a key of a second user of account 1 (member_api_key in the target document)';
  return renameStoredFor(t, t.bWithKey(memberKey), 'member_api_key', ref, 0, `${t.name('conn-member')} Zoë`, true);
}

/**
 * A rename of account 2's first fixture connection with account 2's own api_key: account 1's
 * renames alone cannot show a rename stored only for one account. Its name is read first, to be
 * restored (`restoreConnectionAfter`); where it cannot be read, nothing is renamed.
 */
async function secondAccountRenameStored(t: CheckContext): Promise<string | undefined> {
  if (t.target.b[1] === undefined) return 'the target document gives no second account';
  const ref = fixtureConnections(t, 1)[0];
  if (!ref) return 'fixtures.connections of account 2 names no connection';
  if (!(await restoreConnectionAfter(t, ref.type, ref.id, 1))) return `the name of account 2's connection ${ref.id} could not be read (GET /connections, an extension), so it was not renamed: it could not be restored`;
  return renameStoredFor(t, t.b(1), "account 2's api_key", ref, 1, `${t.name('conn-account-2')} Núñez`, false);
}

/**
 * B-CONN-3 holds for a connection whatever its name: a deployment that keys what it fetched from
 * the connector by the connection's name loses it on a rename, and the restore puts it back before
 * any other check reads it. So each fixture connection of a type B-CONN-3 reads (Salesforce, Bing
 * Ads) is read, renamed, and read again before its name is restored: every read that answered 200
 * before the rename answers 200 with an array of objects after it (one that did not is
 * `b-conn/salesforce-fields`' and its siblings' to judge, and only noted here).
 */
async function metadataAfterRename(t: CheckContext, connections: readonly ConnectionRef[], restoreName: (ref: ConnectionRef) => void): Promise<void> {
  for (const { type, reads } of METADATA_READS) {
    const ref = connections.find((c) => c.type === type);
    if (!ref) continue;
    const answering: { path: string; query: Record<string, string>; what: string }[] = [];
    for (const key of reads) {
      const endpoint = bEndpoint(key);
      const path = bPath(endpoint, { id: ref.id });
      const query = queryOf(endpoint, t.target.interfaceB) ?? {};
      const what = `GET ${withQuery(path, query)}`;
      const before = await t.b().get(path, { query });
      if (before.response.status === 200) answering.push({ path, query, what });
      else t.note(`${what} answered ${before.response.status} before any rename, so it was not read after one`);
    }
    if (answering.length === 0) continue;
    restoreName(ref);
    const renamed = await t.b().put(`/connections/${ref.type}/${ref.id}`, { body: { name: t.name(`conn-meta-${type}`) } });
    // The rename's own answer is the property's to judge below.
    if (!is2xx(renamed)) {
      t.note(`${type} connection ${ref.id}'s metadata was not read after a rename: PUT /connections/${ref.type}/${ref.id} answered ${renamed.response.status}`);
      continue;
    }
    for (const { path, query, what } of answering) arrayOfObjects(t, await t.b().get(path, { query }), `${what} after PUT /connections/${ref.type}/${ref.id} renamed the connection`);
    t.note(`${type} connection ${ref.id}: ${answering.length} metadata read${answering.length === 1 ? '' : 's'} read again after a rename, before its name was restored`);
  }
}

/**
 * `connection_group_id` as B-CONN-2 and the connection table state it: present, an integer or
 * null; null when the group list shows the connection in no group (`inGroups` empty); one of the
 * groups listing it when it shows some (a null there says "ungrouped" of a grouped connection).
 * `inGroups` undefined: the group list could not be read, so only the type is judged.
 */
function expectGroupId(t: CheckContext, ex: Exchange, connection: JsonObject, inGroups: ReadonlySet<number> | undefined, seenIn = 'GET /connection_groups lists it'): void {
  const value = connection.connection_group_id;
  t.expect.that(Object.hasOwn(connection, 'connection_group_id'), {
    clause: 'B-CONN-2',
    message: 'the connection has no connection_group_id field; an ungrouped connection carries it as null',
    expected: 'connection_group_id: an integer, or null when ungrouped',
    received: '(field missing)',
    exchange: ex,
  });
  t.expect.that(value === null || (typeof value === 'number' && Number.isSafeInteger(value)), {
    clause: 'B-CONN-2',
    message: 'connection_group_id is neither an integer nor null',
    expected: 'an integer or null',
    received: show(value),
    exchange: ex,
  });
  if (inGroups === undefined || !Object.hasOwn(connection, 'connection_group_id')) return;
  if (inGroups.size === 0) {
    t.expect.that(value === null, { clause: 'B-CONN-2', message: 'the connection is in no group, yet its connection_group_id is not null', expected: 'null', received: show(value), exchange: ex });
    return;
  }
  t.expect.that(typeof value === 'number' && inGroups.has(value), {
    clause: 'B-CONN-2',
    message: `the connection is in group ${[...inGroups].join(', ')} (${seenIn}), yet its connection_group_id ${value === null ? 'says it is in none' : 'names another'}`,
    expected: `connection_group_id ${[...inGroups].join(' or ')}`,
    received: show(value),
    exchange: ex,
  });
}

function expectArrayOfObjects(t: CheckContext, ex: Exchange, what: string): void {
  t.note(`${what}: ${arrayOfObjects(t, ex, what)} objects`);
}

/** The answer is 200 with an array of objects (else a B-CONN-3 failure): how many. */
function arrayOfObjects(t: CheckContext, ex: Exchange, what: string): number {
  t.expect.status(ex, 200, 'B-CONN-3', `${what} answered ${ex.response.status}`);
  const items = arrayBody(t, ex, 'B-CONN-3', what);
  const bad = items.findIndex((item) => !isObject(item));
  t.expect.that(bad === -1, { clause: 'B-CONN-3', message: `item ${bad} of ${what} is not a JSON object`, expected: 'an array of objects', received: show(items[bad]), exchange: ex });
  return items.length;
}

/**
 * B-CONN-3 holds for every account's connections, not the first's only: a deployment that serves
 * its accounts from more than one place (a region, a shard, each behind its own connector
 * gateway) may answer one account's metadata reads in another shape. So the read is made once
 * more, with the second account's key on its own fixture connection of the type, where the
 * target document gives one (nothing of account 1's is named, so ids numbered per account do not
 * matter); where it gives none, a note says so.
 */
async function expectSecondAccountArray(t: CheckContext, type: 'salesforce' | 'bingads', pathOf: (id: number) => string, query: Record<string, string> = {}): Promise<void> {
  const id = t.target.b[1]?.fixtures.connections?.[type];
  if (id === undefined) {
    t.note(`the second account's read not made: ${t.target.b[1] ? `the target document names no ${type} connection of account 2 (fixtures.connections.${type})` : 'the target document names no second interface B account'}, so only account 1's connection was read`);
    return;
  }
  const path = pathOf(id);
  expectArrayOfObjects(t, await t.b(1).get(path, { query }), `GET ${withQuery(path, query)} with account 2's key (its own ${type} connection)`);
}

/** `path` with `query`, for messages. */
function withQuery(path: string, query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The read for other values of its query (other objects, report types): a deployment may refuse
 * one it does not know with any 4xx, and that is only noted; a 200 is an array of objects, as for
 * the declared query, and anything else (a redirect, a 5xx, another 2xx) is not the spec's answer.
 */
async function expectSamples(t: CheckContext, path: string, queries: readonly Record<string, string>[]): Promise<Set<Record<string, string>>> {
  const refused: string[] = [];
  const answered: string[] = [];
  const refusedQueries = new Set<Record<string, string>>();
  for (const query of queries) {
    const what = `GET ${withQuery(path, query)}`;
    const ex = await t.b().get(path, { query });
    const status = ex.response.status;
    if (status >= 400 && status < 500) {
      refused.push(`${new URLSearchParams(query).toString()} (${status})`);
      refusedQueries.add(query);
      continue;
    }
    t.expect.that(status === 200, { clause: 'B-CONN-3', message: `${what} answered ${status}: the read answers 200 with an array of objects, or refuses a value it does not take with a 4xx`, expected: '200 with an array of objects, or a 4xx', received: describeResponse(ex), exchange: ex });
    answered.push(`${new URLSearchParams(query).toString()} (${arrayOfObjects(t, ex, what)} objects)`);
  }
  if (answered.length) t.note(`also an array of objects: ${answered.join(', ')}`);
  if (refused.length) t.note(`refused (a value this deployment does not take): ${refused.join(', ')}`);
  return refusedQueries;
}

check({
  id: 'b-conn/salesforce-fields',
  clauses: ['B-CONN-3'],
  title: 'B-CONN-3: GET /connections/{id}/salesforce/fields answers 200 with an array of objects, for the declared object and for the other objects (standard and custom) and force_fetch sampled (a 4xx refusing one it does not take aside)',
  needs: ['b', 'connection:salesforce'],
  async run(t) {
    const id = t.fixtures().connections?.salesforce;
    // The spec says query parameters exist, not which: the target document's
    // (interface_b.salesforce_fields_query), else the real service's object_name.
    const endpoint = bEndpoint('GET /connections/{id}/salesforce/fields');
    const path = bPath(endpoint, { id });
    const query = queryOf(endpoint, t.target.interfaceB) ?? {};
    expectArrayOfObjects(t, await t.b().get(path, { query }), `GET ${withQuery(path, query)}`);
    await expectSecondAccountArray(t, 'salesforce', (own) => bPath(endpoint, { id: own }), query);
    // Other objects, under the parameter that names the declared one.
    const parameter = objectParameter(query);
    const objects = parameter === undefined ? [] : B_CONN_3_SAMPLES.salesforceObjects.filter((name) => name.toLowerCase() !== query[parameter]?.toLowerCase());
    if (parameter === undefined) t.note(`other objects not sampled: the query ${withQuery('', query)} does not say which of its parameters names the object (one parameter, object_name, or one whose value is a standard object would)`);
    const fetched = Object.keys(B_CONN_3_SAMPLES.salesforceFetch).some((k) => Object.hasOwn(query, k)) ? [] : [{ ...query, ...B_CONN_3_SAMPLES.salesforceFetch }];
    const objectQueries = parameter === undefined ? [] : objects.map((name) => ({ ...query, [parameter]: name }));
    // A custom object (Name__c) may be described by another path than the standard ones (an
    // org's own objects): one is read too, the declared one where it is custom, else a sample.
    const declaredObject = parameter === undefined ? undefined : query[parameter];
    const declaredCustom = declaredObject !== undefined && /__c$/i.test(declaredObject);
    const custom = parameter === undefined || declaredCustom ? undefined : { ...query, [parameter]: B_CONN_3_SAMPLES.salesforceCustomObject };
    if (declaredCustom) t.note(`the declared object ${declaredObject} is a custom object: its fields were read above`);
    const refused = await expectSamples(t, path, [...objectQueries, ...(custom ? [custom] : []), ...fetched]);
    // The sample is no object of a real org: its refusal leaves custom objects unseen, and only
    // the target document can name one of the fixture org's own.
    if (custom && refused.has(custom)) t.note(`no custom object was read: ${B_CONN_3_SAMPLES.salesforceCustomObject} was refused (an org's custom objects are its own); interface_b.salesforce_fields_query naming one of the fixture connection's org (Name__c) would let its fields be read`);
  },
});

/**
 * Which parameter of the declared Salesforce query names the object: its only one, else the real
 * service's object_name, else the one whose value is a standard object; undefined when none says.
 */
function objectParameter(query: Record<string, string>): string | undefined {
  const names = Object.keys(query);
  if (names.length === 1) return names[0];
  if (names.includes('object_name')) return 'object_name';
  const standard = new Set(B_CONN_3_SAMPLES.salesforceObjects.map((name) => name.toLowerCase()));
  const naming = names.filter((name) => standard.has((query[name] ?? '').toLowerCase()));
  return naming.length === 1 ? naming[0] : undefined;
}

check({
  id: 'b-conn/bingads-accounts',
  clauses: ['B-CONN-3'],
  title: "B-CONN-3: GET /connections/{id}/bingads/accounts answers 200 with an array of objects, also asked for each Bing Ads API version sampled (the real service's api_version), with force_fetch=true, and for the campaigns of one and of two of the accounts it listed (the real service's accounts; a 4xx refusing a parameter it does not take aside)",
  needs: ['b', 'connection:bingads'],
  async run(t) {
    const id = t.fixtures().connections?.bingads;
    const path = `/connections/${id}/bingads/accounts`;
    const listed = await t.b().get(path);
    expectArrayOfObjects(t, listed, `GET ${path}`);
    await expectSecondAccountArray(t, 'bingads', (own) => `/connections/${own}/bingads/accounts`);
    // The real service's api_version, accounts and force_fetch (gaps): another version of Bing
    // Ads' API is another client behind the same read, whose answer may come in that client's own
    // shape; accounts and force_fetch load the accounts' campaigns too (its docs), another path
    // to the answer, which B-CONN-3 holds to the same array of objects.
    const versions = B_CONN_3_SAMPLES.bingAdsApiVersions.map((version) => ({ api_version: version }));
    const ids = bingAdsAccountIds(listed);
    if (ids.length === 0) t.note(`accounts not sampled: no object of GET ${path} carries an id (an integer or digits under id or account_id, the real service's docs' name) to ask for its campaigns by`);
    const accounts = [ids.slice(0, 1), ids.length > 1 ? ids.slice(0, 2) : []].filter((some) => some.length > 0).map((some) => ({ accounts: some.join(',') }));
    await expectSamples(t, path, [...versions, B_CONN_3_SAMPLES.bingAdsFetch, ...accounts]);
  },
});

/**
 * The ids of the accounts a Bing Ads accounts read listed, for the real service's `accounts`
 * (gaps.md): the spec shows no member of an account, so each object's `account_id` (the real
 * service's docs' name, a string of digits there) or else its `id`, an integer or digits. Read
 * from `exchange.json`, so an id beyond 2^53 is its stand-in, which the request carries as the
 * literal again.
 */
function bingAdsAccountIds(ex: Exchange): string[] {
  if (ex.response.status !== 200 || !Array.isArray(ex.json)) return [];
  const ids: string[] = [];
  for (const item of ex.json as unknown[]) {
    if (!isObject(item)) continue;
    const id = [item.account_id, item.id].find((v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'string' && /^[0-9]+$/.test(v)));
    if (id !== undefined) ids.push(String(id));
  }
  return ids;
}

check({
  id: 'b-conn/bingads-columns',
  clauses: ['B-CONN-3'],
  title: 'B-CONN-3: GET /connections/{id}/bingads/columns answers 200 with an array of objects, without a report type and for each report type sampled (a 4xx refusing one it does not take aside)',
  needs: ['b', 'connection:bingads'],
  async run(t) {
    const path = `/connections/${t.fixtures().connections?.bingads}/bingads/columns`;
    // The spec's read takes no query; the real service's report_type (gaps.md) picks the report.
    expectArrayOfObjects(t, await t.b().get(path), `GET ${path}`);
    await expectSecondAccountArray(t, 'bingads', (own) => `/connections/${own}/bingads/columns`);
    await expectSamples(t, path, B_CONN_3_SAMPLES.bingAdsReportTypes.map((reportType) => ({ report_type: reportType })));
  },
});

/** The metadata reads of B-CONN-3 by the connection type they read. */
const METADATA_READS = [
  { type: 'salesforce', reads: ['GET /connections/{id}/salesforce/fields'] },
  { type: 'bingads', reads: ['GET /connections/{id}/bingads/accounts', 'GET /connections/{id}/bingads/columns'] },
] as const;

/**
 * The connections `b-conn/metadata-of-made-connections` makes: one of each type B-CONN-3 reads,
 * and a Salesforce one in a sandbox too (the real service's `environment: sandbox`), whose org a
 * deployment may describe through another host and call than a production one's: the fixture
 * connection's environment is whatever it was given, so the run makes one of each.
 */
const MADE_CONNECTIONS: readonly { type: (typeof METADATA_READS)[number]['type']; reads: readonly string[]; environment?: 'sandbox' }[] = [
  ...METADATA_READS,
  { type: 'salesforce', reads: METADATA_READS[0].reads, environment: 'sandbox' },
];

check({
  id: 'b-conn/metadata-of-made-connections',
  clauses: ['B-CONN-3'],
  title: "B-CONN-3: the Salesforce fields and Bing Ads accounts and columns reads of a connection the run made (POST /connections/{type}, an extension; Salesforce's both in production and in a sandbox) answer 200 with an array of objects, as the fixtures' do; a 4xx (the made-up token authorises nothing) is only noted, a 5xx fails",
  needs: ['b', 'write'],
  async run(t) {
    // The fixtures' reads pass where a deployment answers only for connections it was seeded
    // with: B-CONN-3 holds for any connection of the type, so one the API made is read too.
    if (!permitted(t, 'create_connections')) t.skip(`making Salesforce and Bing Ads connections (with a made-up token) may make a deployment call those services: ${howToPermit('create_connections')}`);
    const notMade: string[] = [];
    const refused: string[] = [];
    let answered = 0;
    for (const { type, reads, environment } of MADE_CONNECTIONS) {
      const made = await t.b().post(`/connections/${type}`, { body: madeUpOAuthConnectionBody(type, t.name(`meta-${type}`), environment) });
      const kind = environment === 'sandbox' ? `${type} connection (environment sandbox)` : `${type} connection`;
      const id = is2xx(made) ? idOf(made) : undefined;
      if (id === undefined) {
        notMade.push(`POST /connections/${type}${environment === 'sandbox' ? ' (environment sandbox)' : ''} answered ${made.response.status}${is2xx(made) ? ' without an id' : ''}`);
        continue;
      }
      deleteConnectionOnCleanup(t, id, 0, type);
      for (const key of reads) {
        const endpoint = bEndpoint(key);
        const path = bPath(endpoint, { id });
        const query = queryOf(endpoint, t.target.interfaceB) ?? {};
        const what = `GET ${withQuery(path, query)} (a ${kind} the run made)`;
        const ex = await t.b().get(path, { query });
        // A deployment that fetches the metadata from the service may find the made-up token
        // refused there and say so: that refusal is no answer about the read itself.
        if (ex.response.status >= 400 && ex.response.status < 500) {
          refused.push(`${what}: ${ex.response.status}`);
          continue;
        }
        expectArrayOfObjects(t, ex, what);
        answered += 1;
      }
    }
    if (notMade.length === MADE_CONNECTIONS.length) t.skip(`no connection of the types B-CONN-3 reads could be made (an extension): ${notMade.join('; ')}`);
    if (notMade.length > 0) t.note(`not made: ${notMade.join('; ')}`);
    if (refused.length > 0) t.note(`refused: ${refused.join('; ')}`);
    if (answered === 0) t.partial('B-CONN-3', `every read of the connections the run made was refused (${refused.join('; ')}): whether they answer as the fixtures' do was not seen`);
  },
});

check({
  id: 'b-conn/types-of-made-connections',
  clauses: ['B-CONN-1'],
  title: "B-CONN-1: GET /connections/types, read before, lists the type of a connection the run then makes (POST /connections/{type}, an extension, where permitted), of a kind of type the account holds none of (a warehouse, say), in account 1 and in account 2 with its own key (where the target document has one): the list is the catalog of the types a connection may have, not only those the account uses; and read after with member_api_key (where given), it lists the type of that connection too, which the member lists (GET /connections, an extension, where served)",
  needs: ['b', 'write'],
  async run(t) {
    // b-conn/types finds in the list the types of the account's own connections: a list of those
    // alone (the distinct types in use), or one that leaves out a kind the account happens to hold
    // none of, passes there. A connection made of another kind shows it. In account 2 too: a
    // catalog kept by account (by shard, by plan) may leave the kind out of one account's alone.
    if (!permitted(t, 'create_connections')) t.skip(`making a connection may make a deployment reach out to it: ${howToPermit('create_connections')}`);
    const accounts: (0 | 1)[] = t.target.b[1] ? [0, 1] : [0];
    let made: MadeOfType | undefined;
    let heldAll = 0;
    // Each account's part either verifies the clause (the made type listed, or a failure) or says why it could not.
    const unseen: string[] = [];
    let partSeen = false;
    for (const account of accounts) {
      const one = await madeTypeListed(t, account);
      if (one === 'holds every type') {
        heldAll++;
        continue;
      }
      if (account === 0) made = one.made;
      if (one.unseen === undefined) partSeen = true;
      else unseen.push(one.unseen);
    }
    if (heldAll === accounts.length) t.skip(`${accounts.length > 1 ? 'each account' : 'account 1'} holds a connection of every type this check makes (${CONNECTION_KINDS.map((k) => k.make.type).join(', ')}): b-conn/types finds them in the list`);
    // The second account's part deepens the first's (a catalog kept by account): where one account
    // showed the made type listed, the other's not being seen is noted; where none did, not verified.
    if (unseen.length > 0) {
      if (partSeen) t.note(`${unseen.join('; ')} (the other account's part was seen)`);
      else t.partial('B-CONN-1', unseen.join('; '));
    }
    // A member of account 1 reads the list after the make: the account now holds a connection of
    // the made type, which the owner's list showed and the member sees, so the member's list holds
    // that type too, as b-conn/types holds it to every type of the account's connections (a list
    // built by role, the types members may set up, leaves out a kind the owner's list has).
    const memberKey = t.target.b[0]?.memberApiKey;
    if (memberKey === undefined) {
      t.note('the target document gives no member_api_key (a key of a second user of account 1): the types list was not read by a member after the make');
      return;
    }
    if (made?.listedAs === undefined) return;
    const member = t.bWithKey(memberKey);
    const ex = await member.get('/connections/types');
    if (ex.response.status >= 400 && ex.response.status < 500) {
      t.note(`GET /connections/types with member_api_key answered ${ex.response.status}: a refusal of members, the deployment's choice (which roles may call what is not shown), so whether a member is answered the type of the ${show(made.type)} connection the run made was not seen`);
      return;
    }
    t.expect.status(ex, '2xx', 'B-CONN-1', `GET /connections/types (member_api_key) answered ${ex.response.status}`);
    const listed = arrayBody(t, ex, 'B-CONN-1', 'GET /connections/types (member_api_key)').filter(isObject);
    const found = listedSpelling(listed, made.listedAs) ?? listedSpelling(listed, made.type);
    if (found !== undefined) {
      t.note(`GET /connections/types (member_api_key) lists ${show(found)}, the type of connection ${made.id} the run made in account 1`);
      return;
    }
    // The member's sight of that connection: in its GET /connections, or read under its type (extensions).
    const connections = await listCatalog(member, t.target, '/connections', 20);
    const seen = connections?.items.some((c) => isObject(c) && c.id === made.id) || (await servedUnderType(member, made.type, made.id));
    if (!seen) {
      t.note(`GET /connections/types (member_api_key) does not list ${show(made.listedAs)}, which api_key's list shows, and member_api_key was not seen to have connection ${made.id} of that type (GET /connections, GET /connections/${made.type}/${made.id}: extensions): whether a member is answered the whole catalog was not judged`);
      return;
    }
    t.expect.that(false, {
      clause: 'B-CONN-1',
      message: `GET /connections/types (member_api_key) does not list ${show(made.listedAs)}, which GET /connections/types with api_key lists, yet the member has connection ${made.id} of that type (made by the run in account 1; GET /connections${connections?.items.some((c) => isObject(c) && c.id === made.id) ? '' : `/${made.type}/${made.id}`} with member_api_key): the account's connection types are one catalog, whoever reads it`,
      expected: `${show(made.listedAs)} among the ${listed.length} types listed (a type's type, name or id, in any letter case)`,
      received: `not listed (${listed.length} types listed)`,
      exchange: ex,
    });
  },
});

/** A connection the check made, and how the types list read before spelt its type, where it listed it. */
interface MadeOfType extends ConnectionRef {
  listedAs?: string;
}

/**
 * In `account`, with its own key: the types list read before, then a connection made of the
 * first kind of type (CONNECTION_KINDS) the account holds none of; its type must be in the list
 * read before, in some spelling, or, where the connection is read under a type the list lacks,
 * the clause fails. Returns the connection made, if one was, and why the part was not seen
 * (`unseen`: nothing made, or the type neither listed nor read under; the caller notes it where
 * the other account's part was seen, else covers the clause in part), or that the account holds
 * a connection of every type the check makes (none made).
 */
async function madeTypeListed(t: CheckContext, account: 0 | 1): Promise<{ made?: MadeOfType; unseen?: string } | 'holds every type'> {
  const whose = account === 0 ? 'account 1' : 'account 2';
  const client = t.b(account);
  const held = new Set(fixtureConnections(t, account).map((c) => c.type));
  const listedConnections = await listCatalog(client, t.target, '/connections', 20);
  for (const c of listedConnections?.items ?? []) if (isObject(c) && typeof c.type === 'string') held.add(c.type);
  const candidates = CONNECTION_KINDS.map((k) => k.make).filter((make) => !held.has(make.type));
  if (candidates.length === 0) {
    t.note(`${whose} holds a connection of every type this check makes (${CONNECTION_KINDS.map((k) => k.make.type).join(', ')}): b-conn/types finds them in its list`);
    return 'holds every type';
  }
  const what = `GET /connections/types${account === 0 ? '' : ' (account 2)'}`;
  const ex = await client.get('/connections/types');
  t.expect.status(ex, '2xx', 'B-CONN-1', `${what} answered ${ex.response.status}`);
  const listed = arrayBody(t, ex, 'B-CONN-1', what).filter(isObject);
  const notMade: string[] = [];
  for (const make of candidates) {
    const path = `/connections/${make.type}`;
    const made = await client.post(path, { body: make.body(t.name(`conn-type-${make.type}`)) });
    // The make is an extension: its answer may wrap the connection, or give its id in a Location alone.
    const id = is2xx(made) ? createdId(made) : undefined;
    if (id === undefined) {
      notMade.push(`POST ${path} answered ${made.response.status}${is2xx(made) ? ' without an id' : ''}`);
      continue;
    }
    deleteConnectionOnCleanup(t, id, account, make.type);
    // The type as the path names it, or as the connection made shows it: either spelling, in any letter case.
    const shown = fieldsIn(made.json)?.type;
    const answered = typeof shown === 'string' ? shown : make.type;
    const found = listedSpelling(listed, make.type) ?? listedSpelling(listed, answered);
    if (found !== undefined) {
      t.note(`${what} lists ${show(make.type)}${found === make.type ? '' : ` (as ${show(found)})`}, a type ${whose} held no connection of until the run made one (connection ${id})`);
      return { made: { type: make.type, id, made: true, listedAs: found } };
    }
    // Read again within the list's lag: a connection made in the background (a 202) is read a
    // moment later; under the type the path named, or the one its answer spelled otherwise.
    const spellings = answered === make.type ? [make.type] : [make.type, answered];
    const servedUnder = async (): Promise<string | undefined> => {
      for (const spelling of spellings) if (await servedUnderType(client, spelling, id)) return spelling;
      return undefined;
    };
    const { last: readUnder } = await readWithinListLag(t, servedUnder, (spelling) => spelling !== undefined);
    if (readUnder !== undefined) {
      t.expect.that(false, {
        clause: 'B-CONN-1',
        message: `${what} does not list ${show(readUnder)}, yet a connection of that type was made in ${whose} (${path} answered ${made.response.status}) and is read under it (GET /connections/${readUnder}/${id}): a type of the spec's paths a connection may have`,
        expected: `${show(readUnder)} among the ${listed.length} types listed (a type's type, name or id, in any letter case)`,
        received: `not listed (${listed.length} types listed)`,
        exchange: ex,
      });
      return { made: { type: make.type, id, made: true } };
    }
    return { made: { type: make.type, id, made: true }, unseen: `${what} lists ${spellings.map(show).join(' or ')} in no spelling, and connection ${id}, made in ${whose} by POST ${path}, is not read under ${spellings.length > 1 ? 'either' : 'that type'} (${spellings.map((s) => `GET /connections/${s}/${id}`).join(', ')}, an extension): whether the list leaves the type out or spells it otherwise was not seen` };
  }
  return { unseen: `no connection of a type ${whose} holds none of could be made (an extension: ${notMade.join('; ')}), so whether GET /connections/types lists more than the types in use there was not seen` };
}

/**
 * The owner's groupable connections that are surely not the caller's (account 1 naming account
 * 2's, or account 2 naming account 1's): the spec does not say ids are global, so with per-account
 * numbering the owner's id may name one of the caller's own (grouping it would rightly succeed,
 * and move it). Any id the caller's key can read is dropped, before anything is written; outside
 * the simulator, when the caller cannot read even its own connections (the reads are extensions),
 * no id can be told apart and none is used (`unreadable` says so).
 */
async function foreignConnections(t: CheckContext, caller: 0 | 1, kind: 'groupable' | 'other' = 'groupable'): Promise<{ foreign: ConnectionRef[]; dropped: number[]; unreadable: boolean }> {
  const owner = caller === 0 ? 1 : 0;
  const mine = fixtureConnections(t, caller);
  const ownIds = new Set(mine.map((c) => c.id));
  const theirs = kind === 'groupable' ? groupable(t, fixtureConnections(t, owner)) : notGroupable(t, fixtureConnections(t, owner));
  const candidates = theirs.filter((c) => !ownIds.has(c.id));
  // Ids the caller's own fixtures also have: the same numbers, per account.
  const shared = theirs.filter((c) => ownIds.has(c.id)).map((c) => c.id);
  if (candidates.length === 0) return { foreign: [], dropped: shared, unreadable: false };
  const canRead = mine[0] !== undefined && (await readConnection(t, mine[0], caller)) !== null;
  if (!canRead && t.profile !== 'simulator') return { foreign: [], dropped: shared, unreadable: true };
  const out: ConnectionRef[] = [];
  const dropped: number[] = [...shared];
  for (const ref of candidates) {
    if (canRead && (await readConnection(t, { type: ref.type, id: ref.id }, caller)) !== null) dropped.push(ref.id);
    else out.push(ref);
  }
  if (dropped.length) t.note(`account ${owner + 1}'s connections ${dropped.join(', ')} are also ids of account ${caller + 1}'s own (ids numbered per account): not used as foreign ids`);
  return { foreign: out, dropped, unreadable: false };
}

/** Why no connection of the owner's can be named by the caller as another account's. */
function noForeignReason(caller: 0 | 1, found: { dropped: number[]; unreadable: boolean }): string {
  const owner = caller === 0 ? 1 : 0;
  if (found.unreadable) return `account ${caller + 1} cannot read its own connections (GET /connections/{type}/{id} and GET /connections are extensions), so account ${owner + 1}'s connection ids cannot be told apart from account ${caller + 1}'s own`;
  if (found.dropped.length) return `account ${owner + 1}'s connections ${found.dropped.join(', ')} are also ids of account ${caller + 1}'s own (ids numbered per account): none can stand for another account's`;
  return `needs a database or cloud-storage connection of account ${owner + 1} in its fixtures.connections that account ${caller + 1}'s key cannot read`;
}

function groupable(t: CheckContext, refs: ConnectionRef[]): ConnectionRef[] {
  const declared = t.target.interfaceB.groupableConnectionTypes;
  return refs.filter((r) => (declared ? declared.includes(r.type) : GROUPABLE_TYPES.has(r.type)));
}

/** The connections of types a group may not hold (services, and the warehouses a deployment may count either way). */
function notGroupable(t: CheckContext, refs: ConnectionRef[]): ConnectionRef[] {
  const yes = new Set(groupable(t, refs));
  return refs.filter((r) => !yes.has(r));
}

/**
 * Whether groups may be made with the account's connections in them. A group cannot be deleted
 * through the API and putting a connection in it moves that connection for good: on a real
 * deployment only when the target document permits it.
 */
function membershipAllowed(t: CheckContext): boolean {
  return permitted(t, 'assign_connections_to_groups');
}

/**
 * The answer to POST /connection_groups is the group made: the name and description it was given
 * and every connection named in it (B-CG-1), in section 2's shape; returns its id.
 */
function expectCreatedGroup(t: CheckContext, ex: Exchange, name: string, description: string, members: readonly ConnectionRef[]): number {
  const group = objectBody(t, ex, 'B-CG-1', 'POST /connection_groups');
  const groupId = integerId(t, ex, group, 'B-CG-1', 'POST /connection_groups');
  // An item given as a bare id still names the connection: its shape (section 2's objects) is
  // B-SCHEMA-1's to judge below, not the assignment's.
  const listed = new Set(Array.isArray(group.connections) ? group.connections.map((c) => (isObject(c) ? c.id : typeof c === 'number' ? c : undefined)) : []);
  const missing = members.filter((m) => !listed.has(m.id));
  t.expect.that(group.name === name && group.description === description && missing.length === 0, {
    clause: 'B-CG-1',
    message: 'the created group does not have the name, description and connections it was given',
    expected: `name ${show(name)}, description ${show(description)}, connections ${show(members.map((m) => m.id))}`,
    received: `name ${show(group.name)}, description ${show(group.description)}, connections ${show(group.connections)}`,
    exchange: ex,
  });
  expectFormats(t, ex, 'POST /connection_groups', group);
  t.expect.schema(ex, 'connection-group', 'B-SCHEMA-1');
  return groupId;
}

function groupBody(name: string, description: string, members: ConnectionRef[]): JsonObject {
  return { connection_group: { name, description }, connections: members.map(({ id, type }) => ({ id, type })) };
}

check({
  id: 'b-conn/group-create',
  clauses: ['B-CG-1', 'B-SCHEMA-1', 'B-FMT-1', 'B-VER-2'],
  // X-ROB-1 for a group naming one connection twice: made here, where groups may be made.
  supports: ['X-ROB-1'],
  title: "B-CG-1: POST /connection_groups creates a group (201) with the name and description given, holding the account's database and cloud-storage connections it names, for account 2's own connections too, and for a group another user of account 1 makes (member_api_key, where given and not refused); without the optional connections, and with an empty connections array, too; one named like a group the account has is a new group (or refused with a 4xx); X-ROB-1: one naming the same connection twice is created holding it (201) or refused with a 4xx and the error object, never a 5xx",
  needs: ['b', 'write'],
  async run(t) {
    const own = membershipAllowed(t) ? groupable(t, fixtureConnections(t)) : [];
    if (membershipAllowed(t) && own.length === 0) t.skip('needs a database or cloud-storage connection (mysql, postgres, sftp, s3, ...; interface_b.groupable_connection_types names your types) in fixtures.connections of account 1');
    // There is no way to delete a group through the API: a real deployment keeps what is made here.
    if (!t.target.controlUrl) t.note('connection groups cannot be deleted through the API: the groups this check creates stay (named after the run)');
    if (!membershipAllowed(t)) t.partial('B-CG-1', `groups were created empty, so assigning connections was not verified: that would move the account's real connections into groups that cannot be deleted (${howToPermit('assign_connections_to_groups')})`);
    let assigned = 0;
    // Members read back after their group was made, and members no read could find.
    let readBack = 0;
    let unreadable = 0;
    const input = fc.record({
      name: displayName.map((n) => `${t.name('group')} ${n}`),
      description: fc.string({ unit: 'grapheme', maxLength: 40 }),
      // At least one member whenever membership is allowed: every case then exercises the
      // assignment (a run with few cases, as without the control API, would otherwise miss it).
      members: own.length ? fc.subarray(own, { minLength: 1 }) : fc.constant<ConnectionRef[]>([]),
    });
    // `connections` is optional: a group made without it is created (201) all the same. One such
    // group per run (a real deployment keeps it), whatever the membership permission.
    const bareGroup = { name: t.name('group-bare'), description: 'disco: a group made without connections' };
    const bare = await t.b().post('/connection_groups', { body: { connection_group: bareGroup } });
    t.expect.status(bare, 201, 'B-CG-1', `POST /connection_groups without the optional connections answered ${bare.response.status}`);
    const bareId = expectCreatedGroup(t, bare, bareGroup.name, bareGroup.description, []);
    expectVendorMediaType(t, bare);
    await sameNameGroup(t, bareGroup.name, bareId);
    // Sent, the optional array may be empty: it is the array the spec describes, naming no
    // connection (a body schema with minItems 1 refuses it, though leaving it out is taken). One
    // such group per run, whatever the membership permission: it moves nothing.
    const emptyGroup = { name: t.name('group-empty'), description: 'disco: a group made with an empty connections array' };
    const empty = await t.b().post('/connection_groups', { body: { connection_group: emptyGroup, connections: [] } });
    t.expect.status(empty, 201, 'B-CG-1', `POST /connection_groups with an empty connections array answered ${empty.response.status}`);
    const emptyId = expectCreatedGroup(t, empty, emptyGroup.name, emptyGroup.description, []);
    await groupsKept(t, [{ id: bareId, name: bareGroup.name, how: 'without connections' }, { id: emptyId, name: emptyGroup.name, how: 'with an empty connections array' }]);
    await t.property('the group lists the connections it was given', input, async ({ name, description, members }) => {
      assigned = Math.max(assigned, members.length);
      const ex = await t.b().post('/connection_groups', { body: groupBody(name, description, members) });
      t.expect.status(ex, 201, 'B-CG-1', `POST /connection_groups with ${members.length} of the account's own connections answered ${ex.response.status}`);
      const groupId = expectCreatedGroup(t, ex, name, description, members);
      // The answer listing them is not the assignment: each connection, read back, is in the group.
      for (const member of members) {
        const read = await readConnection(t, member);
        // A read that shows no group (a list of summaries, say) cannot tell membership either.
        if (!read || !Object.hasOwn(read.connection, 'connection_group_id')) {
          unreadable++;
          continue;
        }
        readBack++;
        t.expect.that(read.connection.connection_group_id === groupId, {
          clause: 'B-CG-1',
          message: `${member.type} connection ${member.id}, named in the new group ${groupId}, is not in it when read back`,
          expected: `connection_group_id ${groupId}`,
          received: `connection_group_id ${show(read.connection.connection_group_id)}`,
          exchange: read.ex,
        });
      }
      // A write b-ver's media-type check cannot undo, so its label is looked at here (last: a
      // wrong label does not cut the membership short).
      expectVendorMediaType(t, ex);
    }, { runs: t.target.controlUrl ? undefined : 2 });
    const repeatedUnseen = await repeatedMemberHandled(t, own);
    if (repeatedUnseen) t.note(`that a group naming the same connection twice is handled (made holding it, or refused with a 4xx), never a 5xx, was not seen: ${repeatedUnseen}`);
    const second = await secondAccountGroup(t);
    readBack += second.readBack;
    unreadable += second.unreadable;
    const byMember = await memberGroup(t, own);
    readBack += byMember.readBack;
    unreadable += byMember.unreadable;
    if (membershipAllowed(t) && assigned === 0) t.partial('B-CG-1', 'no generated group named any connection, so assigning connections was not verified');
    if (readBack === 0 && unreadable > 0) {
      t.partial('B-CG-1', "the assignment was seen only in POST /connection_groups' answer: no connection it named could be read back with its group (GET /connections/{type}/{id} and GET /connections are extensions this target does not serve, or they show no connection_group_id), so whether they joined the group was not seen");
    }
  },
});

/**
 * A group naming one of the account's connections twice (`connections: [{mysql 3}, {mysql 3}]`),
 * as a form that lets a user pick the same connection twice sends it; generated members never
 * repeat. The spec does not say whether a deployment drops the repeat or refuses the body: made
 * (201), the group holds the connection (B-CG-1); refused, with a 4xx and the error object
 * (X-ROB-1). Never a 5xx: a bulk insert of the memberships under a unique (group, connection)
 * index fails there, after the group itself is inserted. One group, where membership is permitted
 * (it moves the connection, and cannot be deleted). Returns why it was not seen, or undefined.
 */
async function repeatedMemberHandled(t: CheckContext, own: readonly ConnectionRef[]): Promise<string | undefined> {
  const member = own[0];
  if (!membershipAllowed(t) || !member) return `no group may be made with the account's connections in it (${howToPermit('assign_connections_to_groups')})`;
  const name = uniqueName(t, 'group-repeated');
  const description = 'disco: a group naming one connection twice';
  const ex = await t.b().post('/connection_groups', { body: { connection_group: { name, description }, connections: [member, member].map(({ id, type }) => ({ id, type })) } });
  expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, [], `naming ${member.type} connection ${member.id} twice`);
  if (ex.response.status >= 400) {
    t.expect.errorObjectB(ex, 'X-ROB-1');
    t.note(`POST /connection_groups naming ${member.type} connection ${member.id} twice was refused (${ex.response.status}), as a deployment may (the spec does not say whether a repeat is dropped or refused)`);
    return undefined;
  }
  t.expect.status(ex, 201, 'B-CG-1', `POST /connection_groups naming ${member.type} connection ${member.id} twice answered ${ex.response.status}: expected 201 with the group holding it, or a 4xx refusing the repeat`);
  expectCreatedGroup(t, ex, name, description, [member]);
  return undefined;
}

/**
 * Account 2 makes one group of its own groupable connections, where the document has a second
 * account and membership is permitted: created (201) with them, each read back with account 2's
 * key in it, as account 1's groups are judged. Account 1's groups alone pass a service that
 * resolves every group's references in one account's connections (the first that made a group,
 * say): there account 2's own are refused. One group only: it cannot be deleted either.
 */
async function secondAccountGroup(t: CheckContext): Promise<{ readBack: number; unreadable: number }> {
  const counts = { readBack: 0, unreadable: 0 };
  if (!t.target.b[1] || !membershipAllowed(t)) return counts;
  const members = groupable(t, fixtureConnections(t, 1));
  if (members.length === 0) {
    t.note("account 2 made no group of its own connections: its fixtures.connections hold no database or cloud-storage connection, so that another account's groups hold its own connections too was not seen");
    return counts;
  }
  const name = t.name('group-account-2');
  const description = "disco: account 2's own connections";
  const ex = await t.b(1).post('/connection_groups', { body: groupBody(name, description, members) });
  t.expect.status(ex, 201, 'B-CG-1', `POST /connection_groups with account 2's key and ${members.length} of account 2's own connections answered ${ex.response.status}`);
  const groupId = expectCreatedGroup(t, ex, name, description, members);
  for (const member of members) {
    const read = await readConnection(t, member, 1);
    if (!read || !Object.hasOwn(read.connection, 'connection_group_id')) {
      counts.unreadable++;
      continue;
    }
    counts.readBack++;
    t.expect.that(read.connection.connection_group_id === groupId, {
      clause: 'B-CG-1',
      message: `account 2's ${member.type} connection ${member.id}, named in account 2's new group ${groupId}, is not in it when read back with account 2's key`,
      expected: `connection_group_id ${groupId}`,
      received: `connection_group_id ${show(read.connection.connection_group_id)}`,
      exchange: read.ex,
    });
  }
  return counts;
}

/**
 * "Creates a group": the groups made without a connection to assign (the optional array left out,
 * or empty) are kept, not only answered: account 1's GET /connection_groups (an extension; where
 * it cannot be read whole, noted) lists each by its id, read again for the list's lag. A service
 * that commits the insert with the memberships answers 201 and keeps nothing when there are none.
 */
async function groupsKept(t: CheckContext, made: { id: number; name: string; how: string }[]): Promise<void> {
  const shows = (all: Awaited<ReturnType<typeof listCatalog>>, id: number) => !!all && all.items.some((g) => isObject(g) && g.id === id);
  const { last } = await readWithinListLag(
    t,
    () => listCatalog(t.b(), t.target, '/connection_groups', 20),
    (all) => !all || !all.complete || made.every((m) => shows(all, m.id)),
  );
  if (!last || !last.complete) {
    t.note("GET /connection_groups (an extension) could not be read whole with account 1's key, so that the groups made without connections were kept (not only answered) was not seen");
    return;
  }
  for (const m of made) {
    t.expect.that(shows(last, m.id), {
      clause: 'B-CG-1',
      message: `group ${m.id} (${show(m.name)}), created (201) ${m.how}, is not in account 1's GET /connection_groups: it was answered but not kept`,
      expected: `a group with id ${m.id} listed`,
      received: `${last.items.length} groups listed, none with id ${m.id}`,
      exchange: last.exchanges.at(-1),
    });
  }
}

/**
 * A second group named like one the account has (the run's bare group `name`, `firstId`), with
 * another description: the spec fixes no rule on names, so a deployment may refuse the repeat
 * (a 4xx, noted); made (2xx), it is a new group with the description given (B-CG-1 "creates a
 * group"), not the old one given back, as a find-or-create by name answers. No connections: it
 * moves nothing, and it stays (groups cannot be deleted).
 */
async function sameNameGroup(t: CheckContext, name: string, firstId: number): Promise<void> {
  const description = 'disco: a second group named like the first';
  const ex = await t.b().post('/connection_groups', { body: { connection_group: { name, description } } });
  if (ex.response.status >= 400 && ex.response.status < 500) {
    t.note(`POST /connection_groups naming a group like one the account has was refused (${ex.response.status}), as a deployment may (the spec fixes no rule on names)`);
    return;
  }
  t.expect.status(ex, 201, 'B-CG-1', `POST /connection_groups naming a group like one the account has answered ${ex.response.status}: expected 201 with a new group, or a 4xx refusing the name`);
  const id = expectCreatedGroup(t, ex, name, description, []);
  t.expect.that(id !== firstId, {
    clause: 'B-CG-1',
    message: `POST /connection_groups naming a group like the account's group ${firstId} answered that group again instead of creating one`,
    expected: `a new group, not ${firstId}`,
    received: `id ${show(id)}`,
    exchange: ex,
  });
}

/**
 * A group made by another user of account 1 (member_api_key), naming one of the account's own
 * groupable connections, where the document gives that key and permits membership: created (201)
 * holding it, the connection read back in it with api_key's key, as api_key's groups are judged.
 * A service that keeps moving connections to admins by skipping the move answers the group listing
 * it and leaves it where it was. Which roles may create groups is not shown (section 5): a 4xx is
 * noted. One group only: it cannot be deleted.
 */
async function memberGroup(t: CheckContext, own: readonly ConnectionRef[]): Promise<{ readBack: number; unreadable: number }> {
  const counts = { readBack: 0, unreadable: 0 };
  const memberKey = t.target.b[0]?.memberApiKey;
  const member = own.at(-1);
  if (memberKey === undefined || !member) {
    if (membershipAllowed(t) && member) t.note('no group was made by another user of account 1: that needs member_api_key in the target document');
    return counts;
  }
  const name = t.name('group-member');
  const description = 'disco: made with member_api_key';
  const ex = await t.bWithKey(memberKey).post('/connection_groups', { body: groupBody(name, description, [member]) });
  if (ex.response.status >= 400 && ex.response.status < 500) {
    t.note(`POST /connection_groups with member_api_key answered ${ex.response.status}: a refusal of members, the deployment's choice (which roles may call what is not shown), so whether a member's group holds the connections it names was not seen`);
    return counts;
  }
  t.expect.status(ex, 201, 'B-CG-1', `POST /connection_groups with member_api_key and ${member.type} connection ${member.id} answered ${ex.response.status}`);
  const groupId = expectCreatedGroup(t, ex, name, description, [member]);
  const read = await readConnection(t, member);
  if (!read || !Object.hasOwn(read.connection, 'connection_group_id')) {
    counts.unreadable++;
    return counts;
  }
  counts.readBack++;
  t.expect.that(read.connection.connection_group_id === groupId, {
    clause: 'B-CG-1',
    message: `${member.type} connection ${member.id}, named in group ${groupId} that member_api_key's user made, is not in it when read back`,
    expected: `connection_group_id ${groupId}`,
    received: `connection_group_id ${show(read.connection.connection_group_id)}`,
    exchange: read.ex,
  });
  return counts;
}

/** Account `account`'s groups named `name`, read whole from GET /connection_groups (an extension); null when it cannot be. */
async function groupsNamed(t: CheckContext, account: 0 | 1, name: string): Promise<{ groups: JsonObject[]; ex: Exchange | undefined } | null> {
  const all = await listCatalog(t.b(account), t.target, '/connection_groups', 20);
  if (!all || !all.complete) return null;
  const named = (g: unknown): g is JsonObject => isObject(g) && g.name === name;
  return { groups: all.items.filter(named), ex: pageListing(all, named) ?? all.exchanges.at(-1) };
}

check({
  id: 'b-conn/group-name-per-account',
  clauses: ['X-ISO-1'],
  supports: ['B-CG-1'],
  title: "X-ISO-1: account 2 creates a connection group named like one of account 1's (201), and account 1's group stays as it was: one account's group names are not taken from another",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    // Empty groups, so no connection is moved into a group that cannot be deleted.
    const name = t.name('group-both-accounts');
    const first = { name, description: "disco: account 1's group, whose name account 2 gives its own" };
    const one = await t.b(0).post('/connection_groups', { body: { connection_group: first } });
    t.expect.status(one, 201, 'B-CG-1', `POST /connection_groups (account 1, no connections) answered ${one.response.status}`);
    if (!t.target.controlUrl) t.note("connection groups cannot be deleted through the API: account 1's and account 2's groups this check made stay (named after the run)");
    const second = { name, description: "disco: account 2's group, named like account 1's" };
    const two = await t.b(1).post('/connection_groups', { body: { connection_group: second } });
    if (!is2xx(two)) {
      // Whether the name was the reason: the same request under a fresh name. Refused as well,
      // account 2 may not make groups here, and the check cannot tell; taken, the name was refused.
      const fresh = await t.b(1).post('/connection_groups', { body: { connection_group: { ...second, name: t.name('group-account-2-fresh') } } });
      if (!is2xx(fresh)) t.skip(`account 2 could not create a connection group (POST /connection_groups answered ${two.response.status}, and ${fresh.response.status} under a fresh name): a key of account 2 that may create groups would let it run`);
      t.expect.that(false, {
        clause: 'X-ISO-1',
        message: `POST /connection_groups with account 2's key, naming its group like account 1's, answered ${two.response.status}, while a fresh name was created (${fresh.response.status}): the refusal tells account 2 that another account has a group of that name`,
        expected: "a 201: account 1's group names are nothing to account 2",
        received: describeResponse(two),
        exchange: two,
      });
    }
    t.expect.status(two, 201, 'B-CG-1', `POST /connection_groups with account 2's key, naming its group like account 1's, answered ${two.response.status}`);
    expectCreatedGroup(t, two, second.name, second.description, []);
    // Account 1's group is still its own: account 2's create did not take it over (an upsert by name, say).
    const mine = await groupsNamed(t, 0, name);
    if (!mine) {
      t.note("GET /connection_groups (an extension) could not be read whole with account 1's key, so that account 1's group stayed as it was was not seen");
      return;
    }
    t.expect.that(mine.groups.length === 1 && mine.groups[0]?.description === first.description, {
      clause: 'X-ISO-1',
      message: `after account 2 created a group named like account 1's, account 1's GET /connection_groups holds ${mine.groups.length} group${mine.groups.length === 1 ? '' : 's'} of that name${mine.groups.length === 1 ? ', not as account 1 made it' : ''}`,
      expected: `one group ${show(name)} with description ${show(first.description)}`,
      received: show(mine.groups),
      exchange: mine.ex,
    });
  },
});

check({
  id: 'b-conn/group-foreign-connection',
  clauses: ['B-CG-1'],
  title: "B-CG-1: POST /connection_groups naming another account's connection is refused with a 4xx and changes nothing, account 1 naming account 2's and account 2 naming account 1's: that connection, the caller's own connections named beside it, and the group list stay as they were",
  needs: ['b', 'b2', 'write'],
  async run(t) {
    // Both ways: a service that resolved the references in one account's connections (the first
    // that made a group, say) refuses account 2's foreign references to nothing and takes account
    // 1's into account 2's group, so account 1 alone naming account 2's passes it.
    const one = await foreignConnections(t, 0);
    const two = await foreignConnections(t, 1);
    if (one.foreign.length === 0 && two.foreign.length === 0) t.skip(`${noForeignReason(0, one)}; and ${noForeignReason(1, two)}`);
    if (!membershipAllowed(t)) t.note(`the refused groups name no connection of the caller's own (${howToPermit('assign_connections_to_groups')} to include some)`);
    for (const [caller, found] of [[0, one], [1, two]] as const) {
      if (found.foreign.length === 0) {
        t.note(`account ${caller + 1} naming account ${caller === 0 ? 2 : 1}'s connection was not tried: ${noForeignReason(caller, found)}`);
        continue;
      }
      await refusedForeignGroups(t, caller, found.foreign);
    }
    // "All referenced connections must belong to the same account" binds every reference, not only
    // those of the types a group may hold: a service that passes over a services-type reference
    // before looking up whose it is makes the group with another account's (or no) connection
    // named. Refusing it for its type is as good; a 2xx is not.
    await refusedOtherTypeReferences(t);
    t.note("the foreign connection is read back with its owner's key through an extension read when the target serves one");
  },
});

/**
 * `caller` names `foreign`, connections of the other account's, in new groups, with its own
 * connections beside them where membership is permitted: each must be refused (any 4xx) and change
 * nothing: the foreign connection read back by its owner as before, the caller's own where they
 * were, and no group of a refused name in the caller's group list.
 */
async function refusedForeignGroups(t: CheckContext, caller: 0 | 1, foreign: ConnectionRef[]): Promise<void> {
  const owner = caller === 0 ? 1 : 0;
  const who = `account ${caller + 1}`;
  const whose = `account ${owner + 1}'s`;
  const own = membershipAllowed(t) ? groupable(t, fixtureConnections(t, caller)) : [];
  // Every refused group's name starts so, and no other group of the run's does: a group of that
  // name in the list afterwards is one a refusal kept (a name the target trimmed still starts so).
  const refusedPrefix = t.name(caller === 0 ? 'refused-group' : 'refused-group-2');
  // The caller's own connections named beside the foreign one, read back before and after.
  let ownReadBack = 0;
  let ownUnreadable = 0;
  const input = fc.record({ foreign: fc.constantFrom(...foreign), own: fc.subarray(own, { maxLength: Math.min(2, own.length) }), name: displayName.map((n) => `${refusedPrefix} ${n}`) });
  await t.property(`another account's connection cannot be grouped (${who} naming ${whose})`, input, async ({ foreign: ref, own: mine, name }) => {
    const before = await readConnection(t, ref, owner);
    const mineBefore = await Promise.all(mine.map(async (m) => ({ ref: m, read: await readConnection(t, m, caller) })));
    const ex = await t.b(caller).post('/connection_groups', { body: groupBody(name, 'disco: must be refused', [...mine, ref]) });
    t.expect.status(ex, '4xx', 'B-CG-1', `POST /connection_groups with ${who}'s key naming ${whose} ${ref.type} connection ${ref.id} answered ${ex.response.status}`);
    if (before) {
      const after = await readConnection(t, ref, owner);
      const wasGroup = Object.hasOwn(before.connection, 'connection_group_id') ? `; connection_group_id ${show(before.connection.connection_group_id)} before, ${show(after?.connection.connection_group_id ?? null)} after` : '';
      t.expect.that(after !== null && sameJson(after.connection, before.connection), {
        clause: 'B-CG-1',
        message: `${whose} connection ${ref.id} changed after ${who} tried to group it${wasGroup}`,
        expected: show(before.connection),
        received: show(after?.connection ?? null),
        exchange: ex,
      });
    }
    // A refusal moves none of the caller's own connections named with it: a service that checks
    // the references only after moving them answers the 4xx with them already moved.
    for (const { ref: m, read } of mineBefore) {
      if (!read || !Object.hasOwn(read.connection, 'connection_group_id')) {
        ownUnreadable++;
        continue;
      }
      const after = await readConnection(t, m, caller);
      ownReadBack++;
      const was = read.connection.connection_group_id;
      t.expect.that(after !== null && sameJson(after.connection.connection_group_id, was), {
        clause: 'B-CG-1',
        message: `${who}'s own ${m.type} connection ${m.id}, named beside ${whose} connection ${ref.id} in a refused POST /connection_groups, has moved`,
        expected: `connection_group_id ${show(was)}, as before the refused request`,
        received: after === null ? 'the connection could not be read back' : `connection_group_id ${show(after.connection.connection_group_id)}`,
        exchange: after?.ex ?? ex,
      });
    }
  });
  if (ownUnreadable > 0 && ownReadBack === 0) {
    t.note(`${who}'s own connections named in the refused groups could not be read with their group (GET /connections/{type}/{id} and GET /connections are extensions this target does not serve, or they show no connection_group_id), so whether a refusal moved them was not seen`);
  }
  await expectNoRefusedGroup(t, refusedPrefix, caller);
}

/**
 * B-CG-1 for references of a type a group may not hold (a services connection, say): account 1
 * names account 2's and account 2 account 1's (one each, where the fixtures have one whose id the
 * caller does not also have), then an absent id of such a type. Each must be refused with a 4xx
 * (for whose it is or for its type: either is the spec's), and no group of the refused name kept.
 */
async function refusedOtherTypeReferences(t: CheckContext): Promise<void> {
  let tried = 0;
  for (const caller of [0, 1] as const) {
    const owner = caller === 0 ? 1 : 0;
    const who = `account ${caller + 1}`;
    const prefix = t.name(caller === 0 ? 'refused-other-type' : 'refused-other-type-2');
    const found = await foreignConnections(t, caller, 'other');
    const refs: { ref: ConnectionRef; what: string }[] = [];
    const [foreign] = found.foreign;
    if (foreign) refs.push({ ref: foreign, what: `account ${owner + 1}'s ${foreign.type} connection ${foreign.id}` });
    else t.note(`${who} naming account ${owner + 1}'s connection of a type a group may not hold was not tried: ${found.unreadable || found.dropped.length ? noForeignReason(caller, found) : `account ${owner + 1}'s fixtures.connections hold no such connection`}`);
    const [ownOther] = notGroupable(t, fixtureConnections(t, caller));
    const type = ownOther?.type ?? foreign?.type;
    if (type !== undefined) {
      const id = absentIdFrom(t.target, Date.now() + caller);
      refs.push({ ref: { type, id }, what: `${type} connection ${id}, which names nothing` });
    }
    for (const { ref, what } of refs) {
      tried++;
      const ex = await t.b(caller).post('/connection_groups', { body: groupBody(`${prefix} ${tried}`, 'disco: must be refused', [ref]) });
      t.expect.status(ex, '4xx', 'B-CG-1', `POST /connection_groups with ${who}'s key naming ${what} (a type a group may not hold: refused for its type or for whose it is, never taken) answered ${ex.response.status}`);
    }
    if (refs.length) await expectNoRefusedGroup(t, prefix, caller);
  }
  if (tried === 0) t.note('no connection of a type a group may not hold (a services connection) is in either account\'s fixtures.connections, so references of such a type were not tried');
}

/**
 * A refused group is not made: the group list, read whole (GET /connection_groups is an
 * extension), holds no group named as a refused one. A group found counts even in a walk that
 * could not be completed; a walk that could not be completed, or a list not served, is said.
 */
async function expectNoRefusedGroup(t: CheckContext, refusedPrefix: string, caller: 0 | 1): Promise<void> {
  const groups = await listCatalog(t.b(caller), t.target, '/connection_groups', 20);
  if (!groups) {
    t.note('GET /connection_groups (an extension) is not served, so whether a refused group was kept anyway was not seen');
    return;
  }
  const kept = groups.items.filter((g) => isObject(g) && typeof g.name === 'string' && g.name.startsWith(refusedPrefix));
  const [first] = kept;
  t.expect.that(first === undefined, {
    clause: 'B-CG-1',
    message: `GET /connection_groups${caller === 0 ? '' : ` (account ${caller + 1})`} lists ${kept.length} group${kept.length === 1 ? '' : 's'} whose POST /connection_groups was refused (it named account ${caller === 0 ? 2 : 1}'s connection)`,
    expected: `no group named "${refusedPrefix} ..."`,
    received: show(first ?? null),
    exchange: pageListing(groups, (g) => g === first) ?? groups.exchanges.at(-1),
  });
  if (!groups.complete) t.note(`GET /connection_groups could not be read whole (${groups.pageSizeHonoured ? 'more than 20 pages' : 'the page size named in the target document was not honoured'}), so a refused group kept beyond what was read would not be seen`);
}
