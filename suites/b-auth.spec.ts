import fc from 'fast-check';
import { check } from './lib/registry.ts';
import { basicHeader, basicWithPassword, described, malformedAuthorization, mutatedKey, randomKey } from './lib/arbitraries/credentials.ts';
import { userFieldsOf, userIn } from './lib/answers.ts';
import { B_ACCEPT, interfaceClient } from './lib/clients.ts';
import type { CheckContext, Exchange, InterfaceClient } from './lib/types.ts';

// B-AUTH-1: HTTP Basic, the key as username, empty password. B-AUTH-2 (regenerating the key)
// lives in zz-b-auth-regenerate.spec.ts so that it runs last: it kills the configured key.

/** Spec reads that need nothing but the account: where authentication is probed. */
function readPaths(t: CheckContext): string[] {
  const paths = ['/connections/types', '/invoices'];
  const packageId = t.target.b[0]?.fixtures.package_id;
  if (packageId !== undefined) paths.push(`/packages/${packageId}`);
  return paths;
}

/** Account 1's interface B client with any Authorization header value (null: none). */
function withAuthorization(t: CheckContext, authorization: string | null): InterfaceClient {
  return interfaceClient(t.http, t.b().base, { accept: B_ACCEPT, authorization });
}

// The spec fixes the body of not-found answers only: a refusal must be a 4xx (B-AUTH-1), and its
// body the error object only as the real service's convention (B-GAP-2, b-auth/refusal-is-401).
function expectRefused(t: CheckContext, ex: Exchange, what: string, clause = 'B-AUTH-1'): void {
  t.expect.status(ex, '4xx', clause, `${what} was not refused: ${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.response.status}`);
}

check({
  id: 'b-auth/basic-key-authenticates',
  clauses: ['B-AUTH-1'],
  title: 'B-AUTH-1: HTTP Basic with the API key as username and an empty password authenticates on every read',
  needs: ['b'],
  async run(t) {
    for (const path of readPaths(t)) {
      const ex = await t.b().get(path);
      t.expect.status(ex, '2xx', 'B-AUTH-1', `GET ${path} with the configured key (Basic, empty password) was refused`);
    }
    // The second account's key, on its own account, the same way.
    if (t.target.b[1]) {
      const ex = await t.b(1).get('/connections/types');
      t.expect.status(ex, '2xx', 'B-AUTH-1', "GET /connections/types with account 2's key on account 2 was refused");
    }
  },
});

check({
  id: 'b-auth/unknown-keys-refused',
  clauses: ['B-AUTH-1'],
  title: 'B-AUTH-1: unknown keys, and near misses of the real key (truncated, extended, case changed), get a 4xx',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    const otherKeys = new Set(t.target.b.map((b) => b.apiKey));
    const keys = fc.oneof(randomKey().map((k) => described(k, JSON.stringify(k))), mutatedKey(key)).filter((k) => !otherKeys.has(k.value));
    await t.property('unknown key is refused', fc.tuple(keys, fc.constantFrom(...readPaths(t))), async ([candidate, path]) => {
      const ex = await t.bWithKey(candidate.value).get(path);
      expectRefused(t, ex, `the key ${candidate.description}`);
    });
  },
});

check({
  id: 'b-auth/malformed-authorization-refused',
  clauses: ['B-AUTH-1'],
  title: 'B-AUTH-1: a missing or malformed Authorization header (other schemes, Bearer, bad Base64, key as password, empty, whitespace) gets a 4xx',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    // Without an Authorization header at all, explicitly: the commonest client mistake.
    for (const path of readPaths(t)) expectRefused(t, await withAuthorization(t, null).get(path), 'a request without Authorization');
    await t.property('malformed Authorization is refused', fc.tuple(malformedAuthorization(key), fc.constantFrom(...readPaths(t))), async ([authorization, path]) => {
      const ex = await withAuthorization(t, authorization.value).get(path);
      expectRefused(t, ex, `Authorization ${authorization.description}`);
    });
  },
});

// The spec says the password is empty; it does not say a non-empty one is refused. Refusing it
// is the simulator's convention, so this check names the gap clause (advisory off the simulator).
check({
  id: 'b-auth/password-must-be-empty',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (simulator convention): the real key with a non-empty password is not the documented credential and gets a 4xx',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    await t.property('key:password is refused', fc.tuple(basicWithPassword(key), fc.constantFrom(...readPaths(t))), async ([authorization, path]) => {
      const ex = await withAuthorization(t, authorization.value).get(path);
      expectRefused(t, ex, `Authorization ${authorization.description} (a non-empty password)`, 'B-GAP-2');
    });
  },
});

check({
  id: 'b-auth/refused-writes-change-nothing',
  clauses: ['B-AUTH-1'],
  title: 'B-AUTH-1: PUT /user with a bad key is refused and the user stays as it was',
  needs: ['b', 'write'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    // The refusals are B-AUTH-1 itself; the user as it was is the proof that nothing slipped
    // through, where the target lets it be read (GET /user is an extension of the real service).
    const before = await t.b().get('/user');
    const readable = userIn(before) !== undefined;
    if (!readable) t.note(`the target does not serve GET /user (an extension of the real service; answered ${before.response.status}): the refusals are checked, the user is not compared after them`);
    const credentials = fc.oneof(
      mutatedKey(key).map((k) => described(basicHeader(k.value), `"Basic base64(${k.description}:)"`)),
      malformedAuthorization(key),
    );
    await t.property('refused PUT /user changes nothing', fc.tuple(credentials, fc.string({ minLength: 1, maxLength: 20 })), async ([credential, suffix]) => {
      const body = { name: `${t.name('auth')}-${suffix}`, location: t.name('nowhere') };
      const ex = await withAuthorization(t, credential.value).put('/user', { body });
      expectRefused(t, ex, `PUT /user with Authorization ${credential.description}`);
    });
    if (!readable) return;
    const after = await t.b().get('/user');
    t.expect.that(userFieldsOf(after) === userFieldsOf(before), {
      clause: 'B-AUTH-1',
      message: 'the user changed although every PUT /user was sent with bad credentials',
      expected: userFieldsOf(before),
      received: userFieldsOf(after),
      exchange: after,
    });
  },
});

check({
  id: 'b-auth/refusal-is-401',
  clauses: ['B-GAP-2'],
  title: 'B-GAP-2 (simulator convention, as the real service): a missing, malformed or unknown key gets 401 with the error object {message}',
  needs: ['b'],
  async run(t) {
    const key = t.target.b[0]?.apiKey ?? '';
    const header = fc.oneof(
      malformedAuthorization(key),
      mutatedKey(key).map((k) => described(basicHeader(k.value), `"Basic base64(${k.description}:)"`)),
      randomKey().map((k) => described(basicHeader(k), `"Basic base64(${JSON.stringify(k)}:)"`)),
    );
    await t.property('refusals are 401', fc.tuple(header, fc.constantFrom(...readPaths(t))), async ([h, path]) => {
      const ex = await withAuthorization(t, h.value).get(path);
      t.expect.status(ex, 401, 'B-GAP-2', `Authorization ${h.description} got ${ex.response.status}; the real service answers 401`);
      t.expect.errorObjectB(ex, 'B-GAP-2');
    });
  },
});
