import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { absentId, wideAbsentId } from './lib/arbitraries/ids-and-paths.ts';
import { is2xx, isObject, objectBody, sameJson, show, type JsonObject } from './lib/answers.ts';
import type { CheckContext } from './lib/types.ts';
import { requiredFields } from './lib/schemas.ts';
import { B_ENDPOINTS } from './catalog/b-endpoints.ts';

check({
  id: 'b-pkg/read',
  clauses: ['B-PKG-1'],
  supports: ['B-SCHEMA-1'],
  title: 'B-PKG-1: GET /packages/{package_id} returns that package, the same package (its owner_id too) to another user of the account; and a package the account lists in another status than the fixture package\'s (an archived one) is returned too',
  needs: ['b', 'fixture:package_id'],
  async run(t) {
    const id = t.fixtures().package_id;
    const ex = await t.b().get(`/packages/${id}`);
    t.expect.status(ex, '2xx', 'B-PKG-1', `GET /packages/${id} (the fixture package) answered ${ex.response.status}`);
    const pkg = objectBody(t, ex, 'B-PKG-1', `GET /packages/${id}`);
    t.expect.schema(ex, 'package', 'B-SCHEMA-1');
    t.expect.that(pkg.id === id, { clause: 'B-PKG-1', message: `GET /packages/${id} returned another package`, expected: `id ${id}`, received: `id ${show(pkg.id)}`, exchange: ex });
    await sameToMember(t, id, pkg);
    await otherStatusRead(t, pkg.status);
  },
});

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
    if (!is2xx(ex) || !Array.isArray(ex.json)) continue;
    const other = ex.json.find((p): p is JsonObject => isObject(p) && typeof p.id === 'number' && typeof p.status === 'string' && p.status !== fixtureStatus);
    if (other === undefined) continue;
    const read = await t.b().get(`/packages/${other.id}`);
    const what = `GET /packages/${other.id} (a package ${list.label} shows with status ${show(other.status)}, the fixture package's being ${show(fixtureStatus)})`;
    t.expect.status(read, '2xx', 'B-PKG-1', `${what} answered ${read.response.status}`);
    const pkg = objectBody(t, read, 'B-PKG-1', what);
    t.expect.that(sameJson(pkg.id, other.id), { clause: 'B-PKG-1', message: `${what} returned another package`, expected: `id ${show(other.id)}`, received: `id ${show(pkg.id)}`, exchange: read });
    return;
  }
  t.partial('B-PKG-1', `no package in another status than the fixture package's (${show(fixtureStatus)}) was listed (${OTHER_STATUS_LISTS.map((l) => l.label).join(', ')}: not served or showing none), so the read of an archived package was not seen; an archived package in account 1 (DELETE /packages/{id} on the real service) lets it run`);
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
  const ex = await t.bWithKey(memberKey).get(`/packages/${id}`);
  if (!is2xx(ex)) {
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

check({
  id: 'b-pkg/absent',
  clauses: ['B-PKG-1'],
  title: 'B-PKG-1: GET /packages/{package_id} of an absent package answers 404 with the message object',
  needs: ['b'],
  async run(t) {
    await t.property('absent package ids are 404', fc.oneof(absentId(t.target), wideAbsentId(t.target)), async (id) => {
      const ex = await t.b().get(`/packages/${id}`);
      t.expect.status(ex, 404, 'B-PKG-1', `GET /packages/${id} (no such package) answered ${ex.response.status}`);
      t.expect.errorObjectB(ex, 'B-PKG-1');
    });
  },
});
