import { check } from './lib/registry.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { deleteHookOnCleanup, inactiveHookBody } from './lib/factories/hooks.ts';
import { deleteSshKeyOnCleanup } from './lib/factories/ssh-keys.ts';
import { is2xx, isObject } from './lib/answers.ts';
import { stopJobOnCleanup } from './lib/factories/jobs.ts';
import { generateOpenSshKey } from './lib/arbitraries/ssh-keys.ts';
import { howToPermit } from './lib/permissions.ts';
import { giveKeyBackOnCleanup, regenerableKeys } from './lib/regenerable-keys.ts';

/**
 * Success codes the spec leaves open (B-GAP-1), as docs/interface-b.md records the real service: creations
 * answer 201, reads and updates 200, the salt reset 200. Advisory outside the simulator profile.
 */
function expectCode(t: CheckContext, ex: Exchange, expected: number, what: string): void {
  t.expect.status(ex, expected, 'B-GAP-1', `${what} answered ${ex.response.status}; the real service answers ${expected}`);
}

function idOf(ex: Exchange): number | null {
  return is2xx(ex) && isObject(ex.json) && typeof ex.json.id === 'number' ? ex.json.id : null;
}

check({
  id: 'b-gap/read-success-codes',
  clauses: ['B-GAP-1'],
  title: 'B-GAP-1 (simulator convention): package read, invoice list and connection types answer 200',
  needs: ['b', 'fixture:package_id'],
  async run(t) {
    expectCode(t, await t.b().get(`/packages/${t.fixtures().package_id}`), 200, 'GET /packages/{package_id}');
    expectCode(t, await t.b().get('/invoices'), 200, 'GET /invoices');
    expectCode(t, await t.b().get('/connections/types'), 200, 'GET /connections/types');
  },
});

check({
  id: 'b-gap/write-success-codes',
  clauses: ['B-GAP-1'],
  title: 'B-GAP-1 (simulator convention): POST /jobs, /hooks (inactive and active) and /user/keys answer 201; hook and key reads 200; the salt reset 200',
  needs: ['b', 'write', 'fixture:package_id', 'fixture:cluster_id'],
  async run(t) {
    const job = await t.b().post('/jobs', { body: { cluster_id: t.fixtures().cluster_id, package_id: t.fixtures().package_id, variables: {}, dynamic_variables: {} } });
    const jobId = idOf(job);
    if (jobId !== null) stopJobOnCleanup(t, jobId);
    expectCode(t, job, 201, 'POST /jobs');

    const hook = await t.b().post('/hooks', { body: inactiveHookBody(t.target.interfaceB, t.name('hook-codes')) });
    const hookId = idOf(hook);
    if (hookId !== null) deleteHookOnCleanup(t, hookId);
    expectCode(t, hook, 201, 'POST /hooks');
    expectCode(t, await t.b().get(`/hooks/${hookId}`), 200, 'GET /hooks/{hook_id}');
    expectCode(t, await t.b().put(`/hooks/${hookId}/reset`), 200, 'PUT /hooks/{hook_id}/reset');
    // An active hook is made too: a service may ping it as it is made, and that path must answer the
    // same 201 (the hook points where b-hook's member hook points: the target document's, or nowhere).
    const active = await t.b().post('/hooks', { body: { ...inactiveHookBody(t.target.interfaceB, t.name('hook-codes-active')), active: true } });
    const activeId = idOf(active);
    if (activeId !== null) deleteHookOnCleanup(t, activeId);
    expectCode(t, active, 201, 'POST /hooks of an active hook');

    const key = await t.b().post('/user/keys', { body: { name: t.name('key-codes'), public_key: generateOpenSshKey('ed25519', 'disco@codes').line } });
    const keyId = idOf(key);
    if (keyId !== null) deleteSshKeyOnCleanup(t, keyId);
    expectCode(t, key, 201, 'POST /user/keys');
    expectCode(t, await t.b().get(`/user/keys/${keyId}`), 200, 'GET /user/keys/{key_id}');
  },
});

check({
  id: 'b-gap/body-size-limit',
  clauses: ['B-GAP-6'],
  title: 'B-GAP-6 (simulator convention): a request body over 1 MiB is refused with 413 and the error object, by POST /hooks and PUT /user alike',
  needs: ['b', 'write'],
  async run(t) {
    // The body would be refused anyway (no such hook type): a target without a size limit creates nothing.
    const body = JSON.stringify({ type: 'disco-not-a-type', name: t.name('too-large'), padding: 'x'.repeat(1024 * 1024 + 1) });
    // The target may answer before reading the whole body; closing the connection ends it cleanly.
    const ex = await t.b().post('/hooks', { body, headers: { 'content-type': 'application/json', connection: 'close' } });
    const id = idOf(ex);
    if (id !== null) deleteHookOnCleanup(t, id);
    t.expect.status(ex, 413, 'B-GAP-6', `a ${Math.round(body.length / 1024)} KiB body to POST /hooks answered ${ex.response.status}, expected 413`);
    t.expect.errorObjectB(ex, 'B-GAP-6');
    // The limit is the service's, not one route's: PUT /user (a form that might be given a larger
    // limit of its own) is sent one too. Its email is not one, so a target without a limit changes
    // nothing either.
    const userBody = JSON.stringify({ email: 'disco-not-an-email', padding: 'x'.repeat(1024 * 1024 + 1) });
    const user = await t.b().put('/user', { body: userBody, headers: { 'content-type': 'application/json', connection: 'close' } });
    t.expect.status(user, 413, 'B-GAP-6', `a ${Math.round(userBody.length / 1024)} KiB body to PUT /user answered ${user.response.status}, expected 413`);
    t.expect.errorObjectB(user, 'B-GAP-6');
  },
});

check({
  id: 'b-gap/rate-limit-headers',
  clauses: ['B-GAP-6'],
  title: 'B-GAP-6 (real service convention): every response carries X-RateLimit-Limit and a decreasing X-RateLimit-Remaining',
  needs: ['b'],
  async run(t) {
    const read = (ex: Awaited<ReturnType<ReturnType<typeof t.b>['get']>>) => ({
      limit: Number(ex.response.headers['x-ratelimit-limit']),
      remaining: Number(ex.response.headers['x-ratelimit-remaining']),
    });
    const first = await t.b().get('/connections/types');
    const second = await t.b().get('/connections/types');
    for (const ex of [first, second]) {
      const { limit, remaining } = read(ex);
      t.expect.that(Number.isInteger(limit) && limit > 0 && Number.isInteger(remaining) && remaining >= 0 && remaining <= limit, {
        clause: 'B-GAP-6',
        message: 'the response lacks integer X-RateLimit-Limit / X-RateLimit-Remaining headers',
        expected: 'X-RateLimit-Limit: N, X-RateLimit-Remaining: 0..N',
        received: `X-RateLimit-Limit: ${ex.response.headers['x-ratelimit-limit'] ?? '(none)'}, X-RateLimit-Remaining: ${ex.response.headers['x-ratelimit-remaining'] ?? '(none)'}`,
        exchange: ex,
      });
    }
    // Other clients of the same user may spend quota in between, so "decreased" is all we know.
    t.expect.that(read(second).remaining < read(first).remaining, {
      clause: 'B-GAP-6',
      message: 'X-RateLimit-Remaining did not go down between two requests',
      expected: `below ${read(first).remaining}`,
      received: String(read(second).remaining),
      exchange: second,
    });
  },
});

/** X-RateLimit-Remaining of an answer (B-GAP-6's convention), or undefined where it is not an integer. */
function remainingOf(ex: Exchange): number | undefined {
  const value = Number(ex.response.headers['x-ratelimit-remaining']);
  return Number.isInteger(value) ? value : undefined;
}

check({
  id: 'b-gap/rate-limit-per-user',
  clauses: ['B-GAP-6'],
  title: "B-GAP-6 (simulator convention): the rate limit is the user's (5,000 requests an hour per user), not its key's: POST /user/tokens gives a new key, not a fresh quota (its first X-RateLimit-Remaining is below the old key's last); runs last, since it regenerates the key, and only where the control API gives the key back",
  needs: ['b', 'write'],
  runsLast: true,
  async run(t) {
    // A regeneration kills the key, so it is sent only where the control API gives it back (below);
    // outside the simulator profile a difference is an advisory (B-GAP-6 is a gap clause), as for
    // every gap check.
    const account = t.target.b[0];
    if (!account) return t.skip('the target has no interface B account 1');
    const [holder] = regenerableKeys(t);
    if (!holder) return t.skip(`regenerating a key kills it; ${howToPermit('rotate_api_key')}, or ${howToPermit('rotate_member_api_key')}`);
    // The key must live on for b-auth/regenerated-key-replaces-old (also last, in either order):
    // only the control API gives it back.
    const controlUrl = t.target.controlUrl;
    if (!controlUrl) return t.skip(`regenerating ${holder.field} kills it, and without the simulator's control API to give it back b-auth/regenerated-key-replaces-old would find it dead`);
    let current = holder.configured;
    const alive = await t.bWithKey(current).get('/connections/types');
    if (!is2xx(alive)) return t.skip(`${holder.field} does not authenticate (GET /connections/types answered ${alive.response.status}), so it was not regenerated`);
    giveKeyBackOnCleanup(t, holder, controlUrl, () => current);
    // Twice at most: a window that resets (the hour turns) between the two keys' answers gives
    // the new key a fuller quota legitimately, and it does not turn twice in a few requests.
    for (let attempt = 1; attempt <= 2; attempt++) {
      // Two requests with the key first, so that its quota is spent below a fresh window's first answer.
      await t.bWithKey(current).get('/connections/types');
      const before = await t.bWithKey(current).get('/connections/types');
      const last = remainingOf(before);
      if (last === undefined) return t.partial('B-GAP-6', `GET /connections/types answered no integer X-RateLimit-Remaining (${before.response.headers['x-ratelimit-remaining'] ?? 'none'}), so the quota across a regeneration was not compared`);
      const regenerated = await t.bWithKey(current).post('/user/tokens');
      const body = regenerated.json;
      const next = is2xx(regenerated) && isObject(body) && typeof body.api_key === 'string' && body.api_key !== '' ? body.api_key : undefined;
      // Whether the regeneration works is B-AUTH-2's (b-auth/regenerated-key-replaces-old).
      if (next === undefined) return t.partial('B-GAP-6', `POST /user/tokens with ${holder.field} answered ${regenerated.response.status} without a new api_key, so the quota across a regeneration was not compared`);
      current = next;
      const after = await t.bWithKey(current).get('/connections/types');
      const first = remainingOf(after);
      if (first === undefined) return t.partial('B-GAP-6', `GET /connections/types with the regenerated ${holder.field} answered no integer X-RateLimit-Remaining (${after.response.headers['x-ratelimit-remaining'] ?? 'none'})`);
      // The same user's quota, and two more requests counted (the regeneration and this read):
      // other clients of the user may only have spent more of it.
      if (first < last) return;
      if (attempt === 2) {
        t.expect.that(false, {
          clause: 'B-GAP-6',
          message: `the key POST /user/tokens gave ${holder.field}'s user a quota of its own: its first X-RateLimit-Remaining is not below the replaced key's last (twice in a row, so no turn of the window explains it); the rate limit is the user's, 5,000 requests an hour per user`,
          expected: `below ${last} (the replaced key's last answer, before the regeneration and this request were counted)`,
          received: String(first),
          exchange: after,
        });
      }
    }
  },
});
