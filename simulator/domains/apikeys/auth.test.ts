import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { A, bearer, boot } from '../pipelines/test-support.ts';
import { REVOKED_KEY_GRACE_MS } from './authenticate.ts';

const basic = (key: string): string => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** Flips the case of the character at `i` (a letter), or null when it has none. */
function flipCase(key: string, i: number): string | null {
  const ch = key[i] ?? '';
  const flipped = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  return flipped === ch ? null : key.slice(0, i) + flipped + key.slice(i + 1);
}

/** Authorization values built from a real key that must never authenticate (A-AUTH-1, -2, -7). */
function refusedAuthorization(key: string): fc.Arbitrary<string> {
  const body = key.slice(key.indexOf('_') + 1);
  const scheme = fc.constantFrom('Basic', 'Token', 'Bearer:', 'Bearerx', 'Bear', 'Digest', 'ApiKey', 'fdk');
  return fc.oneof(
    scheme.map((s) => `${s} ${key}`),
    fc.constant(key), // a bare key
    fc.constantFrom('Bearer', 'bearer', 'BEARER', 'Bearer '),
    fc.constant(basic(key)),
    fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('x', '1', '-', 'Z') }).map((extra) => `Bearer ${key} ${extra}`),
    fc.constant(`Bearer\t${key}`),
    fc.constant(`Bearer ${key},`),
    fc.integer({ min: 0, max: key.length - 1 }).map((n) => `Bearer ${key.slice(0, n)}`), // truncated
    fc.constantFrom('x', '0', 'Z').map((c) => `Bearer ${key}${c}`), // extended
    fc.constantFrom('', 'FDK_', 'fdk-', 'fdk', 'fdk__', 'xyz_', '_', 'Fdk_').map((p) => `Bearer ${p}${body}`), // wrong prefix
    fc.integer({ min: 0, max: key.length - 1 }).map((i) => flipCase(key, i)).filter((v): v is string => v !== null && v !== key).map((v) => `Bearer ${v}`),
    fc.string({ minLength: 1, maxLength: 60, unit: fc.constantFrom(...'abcXYZ019_') }).map((s) => `Bearer fdk_${s}`),
  );
}

describe('interface A authentication (A-AUTH-1, A-AUTH-2, A-AUTH-7, A-ERR-1)', () => {
  it('a missing key gets 401 with the error object and WWW-Authenticate: Bearer', async () => {
    const { http } = boot();
    const res = await http.get(`${A}/pipelines`);
    expect(res.status).toBe(401);
    expect(validateResource('error-a', res.body)).toEqual([]);
    expect(res.body.code).toBe('unauthorized');
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('any scheme casing and 1..3 spaces before a valid key authenticate, and record last_used_at', async () => {
    const { http, acme, clock } = boot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('Bearer', 'bearer', 'BEARER', 'BeArEr', 'bEARER'), fc.integer({ min: 1, max: 3 }), async (scheme, spaces) => {
        const res = await http.get(`${A}/pipelines`).set('Authorization', `${scheme}${' '.repeat(spaces)}${acme.plain}`);
        expect(res.status).toBe(200);
      }),
      { seed: 42, numRuns: 15 },
    );
    clock.advance(5_000);
    await http.get(`${A}/pipelines`).set(bearer(acme.plain));
    const listed = await http.get(`${A}/api-keys/${acme.plainId}`).set(bearer(acme.admin));
    expect(listed.body.last_used_at).toBe(new Date(clock.now()).toISOString().replace('.000Z', 'Z'));
  });

  it('every other scheme, prefix, casing, extra token or truncation gets 401 with the error object', async () => {
    const { http, acme } = boot();
    await fc.assert(
      fc.asyncProperty(refusedAuthorization(acme.plain), async (authorization) => {
        const res = await http.get(`${A}/pipelines`).set('Authorization', authorization);
        expect(res.status).toBe(401);
        expect(validateResource('error-a', res.body)).toEqual([]);
        expect(res.headers['www-authenticate']).toBe('Bearer');
      }),
      { seed: 42, numRuns: 120 },
    );
  });

  it('a key of another key prefix never authenticates, even when the digest would match', async () => {
    const { http, sim, acme } = boot();
    // The same body under another configured prefix: the prefix check happens before the lookup.
    sim.options.pipelineKeyPrefix = 'abc';
    expect((await http.get(`${A}/pipelines`).set(bearer(acme.plain))).status).toBe(401);
  });

  it('the key is checked after the path: unknown paths are 404 and wrong methods 405 without a key', async () => {
    const { http, acme } = boot();
    const unknown = await http.get(`${A}/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(validateResource('error-a', unknown.body)).toEqual([]);
    const wrongMethod = await http.put(`${A}/pipelines`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('HEAD, GET, POST');
    expect(validateResource('error-a', wrongMethod.body)).toEqual([]);
    // Paths are case-sensitive: even with a valid key, another casing is no path of interface A.
    expect((await http.get('/API/PUBLIC/V1/pipelines').set(bearer(acme.plain))).status).toBe(404);
  });
});

describe('revoked and expired keys (A-AUTH-4, A-AUTH-6)', () => {
  it('a revoked key fails on the very next request, and stays refused', async () => {
    const { http, acme, clock } = boot();
    expect((await http.get(`${A}/pipelines`).set(bearer(acme.plain))).status).toBe(200);
    expect((await http.delete(`${A}/api-keys/${acme.plainId}`).set(bearer(acme.admin))).status).toBe(200);
    const next = await http.get(`${A}/pipelines`).set(bearer(acme.plain));
    expect(next.status).toBe(401);
    expect(validateResource('error-a', next.body)).toEqual([]);
    clock.advance(3_600_000);
    expect((await http.get(`${A}/pipelines`).set(bearer(acme.plain))).status).toBe(401);
  });

  it('an admin key revoking itself is refused from the next request on', async () => {
    const { http, acme } = boot();
    expect((await http.delete(`${A}/api-keys/${acme.adminId}`).set(bearer(acme.admin))).status).toBe(200);
    expect((await http.get(`${A}/api-keys`).set(bearer(acme.admin))).status).toBe(401);
  });

  it('a key with an expiry works until it and fails at it (frozen clock)', async () => {
    const { http, acme, clock } = boot();
    const expiresAt = new Date(clock.now() + 60_000).toISOString();
    const created = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: 'short-lived', expires_at: expiresAt });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    clock.advance(59_999);
    expect((await http.get(`${A}/pipelines`).set(bearer(key))).status).toBe(200);
    clock.advance(1);
    const expired = await http.get(`${A}/pipelines`).set(bearer(key));
    expect(expired.status).toBe(401);
    expect(validateResource('error-a', expired.body)).toEqual([]);
    const record = await http.get(`${A}/api-keys/${created.body.id}`).set(bearer(acme.admin));
    expect(record.body.status).toBe('expired');
  });

  it('the Date header tells the simulated time, so a client can set an expiry on the server\'s clock', async () => {
    const { http, acme, clock } = boot();
    clock.advance(3 * 3_600_000);
    const answer = await http.get(`${A}/pipelines`).set(bearer(acme.admin));
    expect(Date.parse(answer.headers.date as string)).toBe(Math.floor(clock.now() / 1000) * 1000);
  });

  it('revoked and expired keys of random ages are all 401', async () => {
    const { http, acme, clock } = boot();
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 100_000 }), async (revoke, lifeSeconds, afterMs) => {
        const expires = new Date(clock.now() + lifeSeconds * 1000).toISOString();
        const created = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: 'prop', expires_at: expires });
        const key = created.body.key as string;
        if (revoke) await http.delete(`${A}/api-keys/${created.body.id}`).set(bearer(acme.admin));
        else clock.advance(lifeSeconds * 1000);
        clock.advance(afterMs);
        expect((await http.get(`${A}/pipelines`).set(bearer(key))).status).toBe(401);
      }),
      { seed: 42, numRuns: 25 },
    );
  });
});

describe('authentication faults', () => {
  it('a-basic-scheme-accepted: Basic base64(key:) authenticates only with the fault', async () => {
    const plain = boot();
    expect((await plain.http.get(`${A}/pipelines`).set('Authorization', basic(plain.acme.plain))).status).toBe(401);
    const faulty = boot(['a-basic-scheme-accepted']);
    expect((await faulty.http.get(`${A}/pipelines`).set('Authorization', basic(faulty.acme.plain))).status).toBe(200);
  });

  it('a-unprefixed-key-accepted: the key without fdk_ authenticates only with the fault', async () => {
    const plain = boot();
    expect((await plain.http.get(`${A}/pipelines`).set(bearer(plain.acme.plain.slice(4)))).status).toBe(401);
    const faulty = boot(['a-unprefixed-key-accepted']);
    expect((await faulty.http.get(`${A}/pipelines`).set(bearer(faulty.acme.plain.slice(4)))).status).toBe(200);
  });

  it('a-expired-key-accepted: an expired key keeps authenticating', async () => {
    const { http, acme, clock } = boot(['a-expired-key-accepted']);
    const created = await http.post(`${A}/api-keys`).set(bearer(acme.admin)).send({ name: 'short', expires_at: new Date(clock.now() + 1000).toISOString() });
    clock.advance(5_000);
    expect((await http.get(`${A}/pipelines`).set(bearer(created.body.key as string))).status).toBe(200);
  });

  it('a-revoked-key-grace: a revoked key works for 60 s more, then fails', async () => {
    const { http, acme, clock } = boot(['a-revoked-key-grace']);
    await http.delete(`${A}/api-keys/${acme.plainId}`).set(bearer(acme.admin));
    expect((await http.get(`${A}/pipelines`).set(bearer(acme.plain))).status).toBe(200);
    clock.advance(REVOKED_KEY_GRACE_MS - 1);
    expect((await http.get(`${A}/pipelines`).set(bearer(acme.plain))).status).toBe(200);
    clock.advance(1);
    expect((await http.get(`${A}/pipelines`).set(bearer(acme.plain))).status).toBe(401);
  });

  it('a-revoked-key-reactivated: PATCH of the key record brings it back only with the fault; without it the method is 405 with Allow', async () => {
    const plain = boot();
    await plain.http.delete(`${A}/api-keys/${plain.acme.plainId}`).set(bearer(plain.acme.admin));
    const refused = await plain.http.patch(`${A}/api-keys/${plain.acme.plainId}`).set(bearer(plain.acme.admin)).send({ status: 'active' });
    expect(refused.status).toBe(405);
    expect(refused.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD']);
    expect((await plain.http.get(`${A}/pipelines`).set(bearer(plain.acme.plain))).status).toBe(401);

    const faulty = boot(['a-revoked-key-reactivated']);
    await faulty.http.delete(`${A}/api-keys/${faulty.acme.plainId}`).set(bearer(faulty.acme.admin));
    // A body that does not ask for the key back changes nothing; one that does brings it back.
    expect((await faulty.http.patch(`${A}/api-keys/${faulty.acme.plainId}`).set(bearer(faulty.acme.admin)).send({ name: 'renamed' })).status).toBe(200);
    expect((await faulty.http.get(`${A}/pipelines`).set(bearer(faulty.acme.plain))).status).toBe(401);
    expect((await faulty.http.patch(`${A}/api-keys/${faulty.acme.plainId}`).set(bearer(faulty.acme.admin)).send([])).status).toBe(422);
    const back = await faulty.http.patch(`${A}/api-keys/${faulty.acme.plainId}`).set(bearer(faulty.acme.admin)).send({ revoked_at: null });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('active');
    expect((await faulty.http.get(`${A}/pipelines`).set(bearer(faulty.acme.plain))).status).toBe(200);
    // Switched off live, the route is gone again.
    faulty.sim.faults.set([]);
    expect((await faulty.http.patch(`${A}/api-keys/${faulty.acme.plainId}`).set(bearer(faulty.acme.admin)).send({ status: 'active' })).status).toBe(405);
  });

  it('a-invalid-key-403: an invalid key is answered 403 (a missing one stays 401)', async () => {
    const { http } = boot(['a-invalid-key-403']);
    const invalid = await http.get(`${A}/pipelines`).set(bearer('fdk_notakey'));
    expect(invalid.status).toBe(403);
    expect((await http.get(`${A}/pipelines`)).status).toBe(401);
  });

  it('a-wrong-version-prefix: interface A moves from /api/public/v1 to /api/public/v2', async () => {
    const plain = boot();
    expect((await plain.http.get('/api/public/v2/pipelines').set(bearer(plain.acme.plain))).status).toBe(404);
    const faulty = boot(['a-wrong-version-prefix']);
    const v1 = await faulty.http.get(`${A}/pipelines`).set(bearer(faulty.acme.plain));
    expect(v1.status).toBe(404);
    expect(validateResource('error-a', v1.body)).toEqual([]);
    const v2 = await faulty.http.post('/api/public/v2/pipelines').set(bearer(faulty.acme.plain)).send({
      name: 'moved',
      source: { type: 'mysql', connection: { host: 'db', port: 3306, database: 'd', user: 'u', password_env: 'PW' }, tables: ['t'] },
      destination: { type: 's3', settings: { bucket: 'my-bucket', region: 'eu-west-1' } },
      sync: { mode: 'cdc' },
    });
    expect(v2.status).toBe(201);
    expect(v2.body.url).toMatch(/\/api\/public\/v2\/pipelines\/\d+$/);
  });
});
