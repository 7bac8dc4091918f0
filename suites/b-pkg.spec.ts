import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { absentId, absentIdFrom, wideAbsentId } from './lib/arbitraries/ids-and-paths.ts';
import { createdId, extensionListItems, fieldsIn, is2xx, isObject, objectBody, sameJson, show, walkList, type JsonObject } from './lib/answers.ts';
import { extensionPaging } from './lib/paging.ts';
import type { CheckContext, Exchange, InterfaceClient } from './lib/types.ts';
import { describeResponse } from './lib/expect.ts';
import { inStandInBand } from './lib/big-ids.ts';
import { requiredFields } from './lib/schemas.ts';
import { B_ENDPOINTS } from './catalog/b-endpoints.ts';
import { archivePackageOnCleanup, untitledPackageBody } from './lib/factories/packages.ts';

check({
  id: 'b-pkg/read',
  clauses: ['B-PKG-1'],
  supports: ['B-SCHEMA-1'],
  title: 'B-PKG-1: GET /packages/{package_id} returns that package, the same package (its owner_id too) to another user of the account; a package the account lists in another status than the fixture package\'s (an archived one) is returned too, in section 2\'s shape (B-SCHEMA-1), and so is account 2\'s fixture package to account 2\'s key',
  needs: ['b', 'fixture:package_id'],
  async run(t) {
    const id = t.fixtures().package_id;
    const ex = await t.b().get(`/packages/${id}`);
    t.expect.status(ex, '2xx', 'B-PKG-1', `GET /packages/${id} (the fixture package) answered ${ex.response.status}`);
    const pkg = objectBody(t, ex, 'B-PKG-1', `GET /packages/${id}`);
    t.expect.schema(ex, 'package', 'B-SCHEMA-1');
    t.expect.that(pkg.id === id, { clause: 'B-PKG-1', message: `GET /packages/${id} returned another package`, expected: `id ${id}`, received: `id ${show(pkg.id)}`, exchange: ex });
    await sameToMember(t, id, pkg);
    await sameAsListed(t, id, pkg, ex);
    await otherStatusRead(t, pkg.status);
    await secondAccountRead(t);
  },
});

/**
 * The read returns a package of any account, not of the first alone: account 2's fixture package,
 * read with account 2's key, is returned as account 1's is. A lookup that finds only the first
 * account's packages (a cache warmed from it, its miss answered 404) passes every read of account
 * 1. A target document with one account, or none of account 2's packages named, is noted.
 */
async function secondAccountRead(t: CheckContext): Promise<void> {
  const id = t.target.b[1] ? t.fixtures(1).package_id : undefined;
  if (id === undefined) {
    t.note("account 2's package was not read: the target document names no second account or no package of it (fixtures.package_id)");
    return;
  }
  const what = `GET /packages/${id} with account 2's key (account 2's fixture package)`;
  const ex = await t.b(1).get(`/packages/${id}`);
  t.expect.status(ex, '2xx', 'B-PKG-1', `${what} answered ${ex.response.status}`);
  const pkg = objectBody(t, ex, 'B-PKG-1', what);
  t.expect.that(sameJson(pkg.id, id), { clause: 'B-PKG-1', message: `${what} returned another package`, expected: `id ${id}`, received: `id ${show(pkg.id)}`, exchange: ex });
}

/**
 * Where the account's packages are listed in other statuses than the fixture's, first page each,
 * in this order, the first that shows one answering: the real service's list of archived ones
 * (`status=archived`: its list shows the active ones unless asked), the default list (a
 * deployment may list every status at once), and its search, which covers active and archived
 * packages alike (another deployment may name the statuses otherwise). An extension not served
 * shows none.
 */
const OTHER_STATUS_LISTS: readonly { label: string; path: string; query?: Record<string, string> }[] = [
  { label: 'GET /packages?status=archived', path: '/packages', query: { status: 'archived' } },
  { label: 'GET /packages', path: '/packages' },
  ...B_ENDPOINTS.filter((e) => e.key === 'GET /packages/search').map((e) => ({ label: e.key, path: e.path, ...(e.query ? { query: { ...e.query } } : {}) })),
];

/**
 * A package that still exists in another status (archived: DELETE /packages/{id}, an extension,
 * keeps it, gaps.md) is still a package: GET /packages/{package_id} returns it, as it returns an
 * active one. A read scoped to the active packages (the list's default) answers it 404. The run
 * archives no package on a real deployment (it cannot be made active again), so one the account
 * already lists is read: a package whose status differs from the fixture package's; none listed,
 * the clause is covered in part.
 */
async function otherStatusRead(t: CheckContext, fixtureStatus: unknown): Promise<void> {
  for (const list of OTHER_STATUS_LISTS) {
    const ex = await t.b().get(list.path, list.query ? { query: list.query } : {});
    // Extension lists, whose items sit where the target document says (interface_b.extension_list_items).
    const items = is2xx(ex) ? extensionListItems(t.target, ex.json) : undefined;
    if (items === undefined) continue;
    const other = items.find((p): p is JsonObject => isObject(p) && typeof p.id === 'number' && typeof p.status === 'string' && p.status !== fixtureStatus);
    if (other === undefined) continue;
    const read = await t.b().get(`/packages/${other.id}`);
    const what = `GET /packages/${other.id} (a package ${list.label} shows with status ${show(other.status)}, the fixture package's being ${show(fixtureStatus)})`;
    t.expect.status(read, '2xx', 'B-PKG-1', `${what} answered ${read.response.status}`);
    const pkg = objectBody(t, read, 'B-PKG-1', what);
    t.expect.that(sameJson(pkg.id, other.id), { clause: 'B-PKG-1', message: `${what} returned another package`, expected: `id ${show(other.id)}`, received: `id ${show(pkg.id)}`, exchange: read });
    // Still a package of section 2, whatever its status: a read built otherwise for an archived
    // one (its dashboard link, say, which has no page there) shows only on such a package.
    t.expect.schema(read, 'package', 'B-SCHEMA-1');
    return;
  }
  // A note, not a partial: the clause is about the packages the account has, and it shows none
  // in another status; the fixture package's read has verified it for what exists.
  t.note(`no package in another status than the fixture package's (${show(fixtureStatus)}) was listed (${OTHER_STATUS_LISTS.map((l) => l.label).join(', ')}: not served or showing none), so no archived package was read; an archived package in account 1 (DELETE /packages/{id} on the real service) lets it be read`);
}

/**
 * Section 2's package fields (its schema's) that are the package's, whoever reads it: all but
 * updated_at, which may move between two reads. Fields beyond the spec's are left out: a
 * deployment may add ones about the caller (what it may do with the package, say).
 */
const PACKAGE_OWN_FIELDS = requiredFields('package').filter((f) => f !== 'updated_at');

/**
 * One package has one owner: read by another user of the account (member_api_key), the fixture
 * package shows the same owner_id, and the same other fields, as to api_key's user. A service
 * filling owner_id (or another field) from the session's user passes a read by one user alone.
 */
async function sameToMember(t: CheckContext, id: number | undefined, pkg: JsonObject): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  if (memberKey === undefined) {
    t.note("the package was read by api_key's user only: that another user of the account reads the same package (the same owner_id) needs member_api_key in the target document");
    return;
  }
  const member = t.bWithKey(memberKey);
  const ex = await member.get(`/packages/${id}`);
  if (!is2xx(ex)) {
    if (ex.response.status === 404) await expectListedToMemberNotAbsent(t, member, pkg, ex);
    t.note(`GET /packages/${id} with member_api_key answered ${ex.response.status} (which roles may read packages is not shown), so that another user of the account reads the same package was not seen`);
    return;
  }
  const theirs = objectBody(t, ex, 'B-PKG-1', `GET /packages/${id} with member_api_key`);
  const differ = PACKAGE_OWN_FIELDS.filter((f) => Object.hasOwn(pkg, f) && Object.hasOwn(theirs, f) && !sameJson(pkg[f], theirs[f]));
  t.expect.that(differ.length === 0, {
    clause: 'B-PKG-1',
    message: `GET /packages/${id} shows another ${differ.join(', ')} to member_api_key's user than to api_key's: one package, read by two users of its account`,
    expected: show(Object.fromEntries(differ.map((f) => [f, pkg[f]]))),
    received: show(Object.fromEntries(differ.map((f) => [f, theirs[f]]))),
    exchange: ex,
  });
}

/**
 * A member's 404 to the fixture package's read says the package is absent. Which roles may read
 * packages is not shown, so a refusal of the member (403, or a 404 hiding from it what it may not
 * see) is the deployment's choice; but where the member's own list (GET /packages with
 * member_api_key, an extension, its first page) shows the package, it is neither hidden from the
 * member nor absent, and the 404 fails B-PKG-1 (a read scoped to the packages the caller owns,
 * while the list shows the account's). A list not served to the member, or not showing the
 * package, leaves the 404 a refusal (noted by the caller).
 */
async function expectListedToMemberNotAbsent(t: CheckContext, member: InterfaceClient, pkg: JsonObject, read: Exchange): Promise<void> {
  const walked = await walkList(member, '/packages', extensionPaging(t.target), { maxPages: 1 });
  if ('refused' in walked) return;
  const listed = walked.items.some((p) => isObject(p) && sameJson(p.id, pkg.id));
  t.expect.that(!listed, {
    clause: 'B-PKG-1',
    message: `GET /packages/${show(pkg.id)} with member_api_key answered 404, though GET /packages with the same key lists that package: a package the member is shown is not absent`,
    expected: `package ${show(pkg.id)} (a 2xx), or a refusal where the member's list does not show it`,
    received: describeResponse(read),
    exchange: read,
  });
}

/**
 * A second source for the read's values, where the account's packages are listed (GET /packages,
 * an extension): the package the read returns is the one the list shows, so it holds at least
 * what the list shows of it (updated_at aside: it may move between two reads). A read whose
 * detail query loses a part of the package (its variables joined through another version, `{}`
 * where the list shows them) passes a read judged by its id alone, and the member's read, which
 * shares the loss. The list's rows are the deployment's to shape (the spec has no list): a
 * summary showing fewer fields, a field as a count (`"variables": 2`) or an excerpt of a text is
 * no loss, only noted; what fails is a member of an object the list shows missing from the read.
 * A list not served, or not showing the package within its first page, leaves a note.
 */
async function sameAsListed(t: CheckContext, id: number | undefined, pkg: JsonObject, read: Exchange): Promise<void> {
  const walked = await walkList(t.b(), '/packages', extensionPaging(t.target), { maxPages: 1 });
  if ('refused' in walked) {
    t.note(`GET /packages (an extension) answered ${walked.refused.response.status}, so the read's fields were not compared with the package as the account's list shows it`);
    return;
  }
  const listed = walked.items.find((p): p is JsonObject => isObject(p) && sameJson(p.id, pkg.id));
  if (listed === undefined) {
    t.note(`GET /packages did not show package ${id} within its first ${walked.items.length} items, so the read's fields were not compared with the package as the account's list shows it`);
    return;
  }
  const both = PACKAGE_OWN_FIELDS.filter((f) => Object.hasOwn(pkg, f) && Object.hasOwn(listed, f));
  const lost = both.flatMap((f) => membersLost(listed[f], pkg[f], f));
  t.expect.that(lost.length === 0, {
    clause: 'B-PKG-1',
    message: `GET /packages/${id} lacks ${lost.join(', ')}, which GET /packages lists for the same package: the read must return the package`,
    expected: show(Object.fromEntries(both.filter((f) => lost.some((l) => l === f || l.startsWith(`${f}.`))).map((f) => [f, listed[f]]))),
    received: show(Object.fromEntries(both.filter((f) => lost.some((l) => l === f || l.startsWith(`${f}.`))).map((f) => [f, pkg[f]]))),
    exchange: read,
  });
  const shownOtherwise = both.filter((f) => !sameJson(pkg[f], listed[f]) && membersLost(listed[f], pkg[f], f).length === 0);
  if (shownOtherwise.length) t.note(`GET /packages shows ${shownOtherwise.join(', ')} of package ${id} otherwise than its read (a list's summary of its own, not judged): ${show(Object.fromEntries(shownOtherwise.map((f) => [f, listed[f]])))}`);
}

/**
 * The members of the object `listed` that `read` lacks, by path (`variables.run_date`), at any
 * depth where both are objects; none where either is not one (a count, an excerpt: another
 * shape of the same thing, not a loss).
 */
function membersLost(listed: unknown, read: unknown, path: string): string[] {
  if (!isObject(listed) || !isObject(read)) return [];
  return Object.entries(listed).flatMap(([name, value]) => (Object.hasOwn(read, name) ? membersLost(value, read[name], `${path}.${name}`) : [`${path}.${name}`]));
}

check({
  id: 'b-pkg/absent',
  clauses: ['B-PKG-1'],
  title: 'B-PKG-1: GET /packages/{package_id} of an absent package answers 404 with the message object, to another user of the account (member_api_key, where given and served the fixture package) too; the ids 0, minus the fixture package\'s and 2^32 above it answer no other package than the one asked for (a 2xx with that id, else a 404 with the message object)',
  needs: ['b'],
  async run(t) {
    await t.property('absent package ids are 404', fc.oneof(absentId(t.target), wideAbsentId(t.target)), async (id) => {
      const ex = await t.b().get(`/packages/${id}`);
      t.expect.status(ex, 404, 'B-PKG-1', `GET /packages/${id} (no such package) answered ${ex.response.status}`);
      t.expect.errorObjectB(ex, 'B-PKG-1');
    });
    await undrawnIds(t);
    await memberAbsent(t);
  },
});

/**
 * An absent package read by another user of the account (member_api_key), where the document
 * gives one and that user is served the fixture package (which roles may read what is not shown:
 * a member refused that read too is noted): a 404 with the message object, as api_key's user gets.
 * A deployment that authorizes a member's read on the record before asking whether there is one
 * answers it the permission refusal (403) instead. Two reads.
 */
async function memberAbsent(t: CheckContext): Promise<void> {
  const memberKey = t.target.b[0]?.memberApiKey;
  const fixture = t.fixtures().package_id;
  if (memberKey === undefined || fixture === undefined) {
    t.note('no absent package was read by another user of the account: that needs member_api_key and fixtures.package_id in the target document');
    return;
  }
  const member = t.bWithKey(memberKey);
  const control = await member.get(`/packages/${fixture}`);
  if (!is2xx(control)) {
    t.note(`member_api_key's user was not served the fixture package (GET /packages/${fixture} answered ${control.response.status}: which roles may read what is not shown), so its read of an absent one was not judged`);
    return;
  }
  const id = absentIdFrom(t.target, 7919);
  const ex = await member.get(`/packages/${id}`);
  t.expect.status(ex, 404, 'B-PKG-1', `GET /packages/${id} (no such package) with member_api_key, whose user is served the fixture package, answered ${ex.response.status}`);
  t.expect.errorObjectB(ex, 'B-PKG-1');
}

/** 2^32: an id this far above one that exists wraps onto it where a handler casts ids to 32 bits. */
const WRAP_32 = 2 ** 32;

/**
 * Ids the drawn absent ids never are, which a careless read takes for another package: 0 (`find(id)
 * || latest` behind a test of the id for truth reads the newest package), the fixture package's id
 * with a minus sign (an id read as the digits its segment holds drops the sign), and 2^32 above the
 * fixture's (a cast to a 32-bit integer wraps it onto the fixture; the drawn ids beyond 32 bits wrap
 * onto ids at random, almost never one the account has). The spec types package_id as an integer
 * with no bounds, and a deployment may number from 0, or that high: so none of them is taken to be
 * absent. What is judged is that a 2xx returns the package asked for (its id is the id sent: a
 * package of another id fails B-PKG-1) and that a 404 carries the message object. Another 4xx
 * refuses the id itself (a deployment storing 32-bit ids, or handing out positive ones, validates it
 * away with a body the spec does not show): noted. Where the fixture's id is not known, or is beyond
 * 2^53 (big-ids.ts: no arithmetic on ids), only the ids that need none are sent.
 */
async function undrawnIds(t: CheckContext): Promise<void> {
  const fixture = t.fixtures().package_id;
  const ids: { path: string; id: number; is: string }[] = [{ path: '0', id: 0, is: 'the id 0' }];
  if (typeof fixture === 'number' && fixture > 0) ids.push({ path: `-${fixture}`, id: -fixture, is: `the fixture package's id ${fixture} with a minus sign` });
  if (typeof fixture === 'number' && !inStandInBand(fixture) && fixture >= 0 && fixture < WRAP_32) ids.push({ path: String(fixture + WRAP_32), id: fixture + WRAP_32, is: `2^32 + the fixture package's id ${fixture}` });
  else t.note(`no package id 2^32 above the fixture package's was read: ${typeof fixture === 'number' ? `its id ${fixture} is not below 2^32, where a cast to 32 bits could wrap an id onto it` : 'the target document names no fixture package (fixtures.package_id)'}`);
  const refused: string[] = [];
  for (const { path, id, is } of ids) {
    const ex = await t.b().get(`/packages/${path}`);
    const what = `GET /packages/${path} (${is})`;
    if (is2xx(ex)) {
      const pkg = isObject(ex.json) ? ex.json : undefined;
      t.expect.that(pkg !== undefined && sameJson(pkg.id, id), {
        clause: 'B-PKG-1',
        message: `${what} answered ${ex.response.status} with ${pkg === undefined ? 'no package object' : `package ${show(pkg.id)}`}: the read returns the package asked for, and an absent one is a 404`,
        expected: `package ${path}, or 404 with the message object`,
        received: pkg === undefined ? describeResponse(ex) : `id ${show(pkg.id)}`,
        exchange: ex,
      });
      continue;
    }
    t.expect.status(ex, '4xx', 'B-PKG-1', `${what} answered ${ex.response.status}: the read of a package that exists is a 2xx, of an absent one a 404`);
    if (ex.response.status === 404) t.expect.errorObjectB(ex, 'B-PKG-1');
    else if (ex.response.status >= 400 && ex.response.status < 500) refused.push(`${path} (${ex.response.status})`);
  }
  if (refused.length) t.note(`GET /packages/{id} refused ${refused.join(', ')} with another 4xx than 404: the id itself refused (not one the deployment hands out), a body the spec does not show, not judged`);
}

/**
 * The package fields a PUT sends (name, description, variables) and a run may change only on a
 * package of its own: on a real deployment a package made can only be archived, and a PUT
 * leaves a revision behind, so this check makes one only where the control API shows the target
 * is the simulator.
 */
function changedFields(t: CheckContext): JsonObject {
  return { name: t.name('pkg-changed'), description: 'changed by disco', variables: { run_date: "'2026-02-02'", changed: "'yes'" } };
}

/** What a read after the PUT must show as sent: its texts (how variables merge is the deployment's; the PUT's answer shows them). */
function sentTexts(sent: JsonObject): JsonObject {
  return { name: sent.name, description: sent.description };
}

check({
  id: 'b-pkg/read-after-change',
  clauses: ['B-PKG-1'],
  title: 'B-PKG-1: GET /packages/{package_id} of a package the check made (control API targets only) returns it as it stands: after a PUT /packages/{id} its new fields, as the PUT answered them, and after its archive (DELETE /packages/{id}) the archived package, as the DELETE answered it',
  // A package made on a real deployment can only be archived, never removed (POST /packages is
  // destructive in the catalog): made only where the control API says the target is a simulator.
  needs: ['b', 'write', 'control'],
  async run(t) {
    const made = await t.b().post('/packages', { body: untitledPackageBody(t.name('pkg-read')) });
    const id = createdId(made);
    if (!is2xx(made) || id === undefined) return t.partial('B-PKG-1', `POST /packages (an extension) answered ${made.response.status}${is2xx(made) ? " without the package's id" : ''}, so no package was read after a change`);
    archivePackageOnCleanup(t, id);
    // The first read: a detail kept from it must not outlive the change.
    const first = await t.b().get(`/packages/${id}`);
    t.expect.status(first, '2xx', 'B-PKG-1', `GET /packages/${id} (a package the check just made) answered ${first.response.status}`);
    const sent = changedFields(t);
    const put = await t.b().put(`/packages/${id}`, { body: sent });
    if (!is2xx(put)) return t.partial('B-PKG-1', `PUT /packages/${id} (an extension) answered ${put.response.status}, so no package was read after an update`);
    await expectReadShows(t, id, 'PUT', fieldsIn(put.json), sentTexts(sent));
    const archived = await t.b().delete(`/packages/${id}`);
    if (!is2xx(archived)) return t.partial('B-PKG-1', `DELETE /packages/${id} (the real service's archive, an extension) answered ${archived.response.status}, so no archived package was read`);
    await expectReadShows(t, id, 'DELETE', fieldsIn(archived.json), {});
  },
});

/**
 * GET /packages/{id} after a write of the package: 2xx, the package itself, what the write sent
 * (`sent`), and section 2's fields as the write answered them (updated_at aside, which may move).
 */
async function expectReadShows(t: CheckContext, id: number, write: 'PUT' | 'DELETE', answered: JsonObject | undefined, sent: JsonObject): Promise<void> {
  const after = write === 'PUT' ? `PUT /packages/${id} changed its name, description and variables` : `DELETE /packages/${id} archived it`;
  const ex = await t.b().get(`/packages/${id}`);
  t.expect.status(ex, '2xx', 'B-PKG-1', `GET /packages/${id} after ${after} answered ${ex.response.status}`);
  const read = objectBody(t, ex, 'B-PKG-1', `GET /packages/${id} after ${after}`);
  t.expect.that(sameJson(read.id, id), { clause: 'B-PKG-1', message: `GET /packages/${id} after ${after} returned another package`, expected: `id ${id}`, received: `id ${show(read.id)}`, exchange: ex });
  const unsent = Object.keys(sent).filter((f) => !sameJson(read[f], sent[f]));
  t.expect.that(unsent.length === 0, {
    clause: 'B-PKG-1',
    message: `GET /packages/${id} after ${after} shows the package without the change: ${unsent.join(', ')} not as sent`,
    expected: show(Object.fromEntries(unsent.map((f) => [f, sent[f]]))),
    received: show(Object.fromEntries(unsent.map((f) => [f, read[f]]))),
    exchange: ex,
  });
  if (answered === undefined) return;
  const differ = PACKAGE_OWN_FIELDS.filter((f) => Object.hasOwn(answered, f) && Object.hasOwn(read, f) && !sameJson(answered[f], read[f]));
  t.expect.that(differ.length === 0, {
    clause: 'B-PKG-1',
    message: `GET /packages/${id} after ${after} shows another ${differ.join(', ')} than the ${write} answered: the read returns the package as it stood before`,
    expected: show(Object.fromEntries(differ.map((f) => [f, answered[f]]))),
    received: show(Object.fromEntries(differ.map((f) => [f, read[f]]))),
    exchange: ex,
  });
}
