import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { VENDOR_MEDIA_TYPE } from '../../http/accept.ts';
import { FIXED_ED25519, FIXED_P256_NO_COMMENT, keyLine, testKey } from './openssh-test-keys.ts';
import { errorFields, makeWorld, NOT_FOUND_BODY, observable, type Client } from './test-support.ts';

const md5Colons = (blob: Buffer) => (createHash('md5').update(blob).digest('hex').match(/../g) ?? []).join(':');

async function createKey(client: Client, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await client.post('/user/keys', body);
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, unknown>;
}

describe('POST /user/keys', () => {
  it('creates a key: 201 with id, name, fingerprint (MD5 of the blob), comment, timestamps and url', async () => {
    const { owner } = makeWorld();
    const key = testKey('ed25519', 'ada@laptop');
    const res = await owner.post('/user/keys', { name: 'Laptop', public_key: key.line }).expect(201);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('ssh-key', res.body)).toEqual([]);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Laptop',
      fingerprint: md5Colons(key.blob),
      comment: 'ada@laptop',
      created_at: '2026-01-05T09:00:00Z',
      updated_at: '2026-01-05T09:00:00Z',
      url: `http://sim.test/acme/api/user/keys/${res.body.id as number}`,
    });
  });

  it('gives the fingerprint ssh-keygen prints for a key ssh-keygen wrote', async () => {
    const { owner } = makeWorld();
    const body = await createKey(owner, { public_key: FIXED_ED25519.line });
    expect(body).toMatchObject({ fingerprint: FIXED_ED25519.fingerprint, comment: FIXED_ED25519.comment, name: FIXED_ED25519.comment });
  });

  it.each(['rsa', 'p256', 'p384', 'p521', 'sk-ed25519', 'sk-p256'] as const)('accepts a %s key', async (kind) => {
    const { owner } = makeWorld();
    const key = testKey(kind, 'k');
    expect((await createKey(owner, { public_key: key.line })).fingerprint).toBe(md5Colons(key.blob));
  });

  it('names the key after its comment when the name is absent, null or blank', async () => {
    const { owner } = makeWorld();
    for (const name of [undefined, null, '', '   ']) {
      const key = testKey('ed25519', 'ci runner@build-7');
      expect((await createKey(owner, { name, public_key: key.line })).name).toBe('ci runner@build-7');
    }
  });

  it('refuses a key with neither a name nor a comment with 422 naming name, creating nothing', async () => {
    const { owner } = makeWorld();
    const res = await owner.post('/user/keys', { public_key: FIXED_P256_NO_COMMENT.line }).expect(422);
    expect(errorFields(res.body)).toEqual(['name']);
    expect(validateResource('error-b', res.body)).toEqual([]);
    await owner.get('/user/keys').expect(200, []);
    expect((await createKey(owner, { name: 'named', public_key: FIXED_P256_NO_COMMENT.line })).comment).toBe('');
  });

  it.each([
    [{}, ['public_key']],
    [{ public_key: null }, ['public_key']],
    [{ public_key: 42 }, ['public_key']],
    [{ public_key: 'ssh-rsa AAAA' }, ['public_key']],
    [{ public_key: 'hello world' }, ['public_key']],
    [{ name: 7, public_key: FIXED_ED25519.line }, ['name']],
    [{ name: 'x'.repeat(256), public_key: FIXED_ED25519.line }, ['name']],
    [{ name: ['a'], public_key: 1 }, ['name', 'public_key']],
  ])('refuses %j with 422 naming %j', async (body, fields) => {
    const { owner } = makeWorld();
    const res = await owner.post('/user/keys', body).expect(422);
    expect(errorFields(res.body)).toEqual(fields);
    await owner.get('/user/keys').expect(200, []);
  });

  it('refuses a body that is not an object, and a missing body, with 422', async () => {
    const { owner } = makeWorld();
    expect(errorFields((await owner.post('/user/keys', '"ssh-ed25519 AAAA"').expect(422)).body)).toEqual(['body']);
    expect(errorFields((await owner.post('/user/keys').expect(422)).body)).toEqual(['public_key']);
  });

  it('refuses the same key twice for one user (422 naming public_key), but another user may add it', async () => {
    const { owner, colleague } = makeWorld();
    const key = testKey('ed25519', 'shared');
    await createKey(owner, { public_key: key.line });
    const again = await owner.post('/user/keys', { name: 'other name', public_key: `${key.line} different comment` }).expect(422);
    expect(errorFields(again.body)).toEqual(['public_key']);
    await createKey(colleague, { public_key: key.line });
  });

  describe('properties (fixed seed)', () => {
    it('random strings as public_key are refused with 422 naming public_key, never a 5xx, and create nothing', async () => {
      const { owner } = makeWorld();
      const prefix = fc.constantFrom('', 'ssh-rsa ', 'ssh-ed25519 ', 'ecdsa-sha2-nistp256 ', 'sk-ssh-ed25519@openssh.com ', 'ssh-dss ');
      const junk = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.uint8Array({ maxLength: 120 }).map((bytes) => Buffer.from(bytes).toString('base64')),
      );
      await fc.assert(
        fc.asyncProperty(prefix, junk, fc.option(fc.string({ maxLength: 20 })), async (p, body, comment) => {
          const line = comment === null ? `${p}${body}` : `${p}${body} ${comment}`;
          const res = await owner.post('/user/keys', { name: 'n', public_key: line });
          expect(res.status, line).toBe(422);
          expect(errorFields(res.body)).toEqual(['public_key']);
        }),
        { seed: 42, numRuns: 200 },
      );
      await owner.get('/user/keys').expect(200, []);
    });

    it('real keys with bytes flipped, cut or appended are answered 201 or 422, never a 5xx', async () => {
      const { owner } = makeWorld();
      const keys = (['rsa', 'ed25519', 'p256', 'sk-p256'] as const).map((kind) => testKey(kind));
      const mutation = fc.record({
        key: fc.constantFrom(...keys),
        at: fc.nat(),
        op: fc.constantFrom('flip', 'cut', 'append', 'length'),
        byte: fc.integer({ min: 0, max: 255 }),
      });
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(mutation, async ({ key, at, op, byte }) => {
          const blob = Buffer.from(key.blob);
          const i = at % blob.length;
          let mutated: Buffer;
          if (op === 'flip') {
            blob[i] = (blob[i] ?? 0) ^ (byte || 1);
            mutated = blob;
          } else if (op === 'cut') mutated = blob.subarray(0, i);
          else if (op === 'append') mutated = Buffer.concat([blob, Buffer.from([byte])]);
          else {
            blob[i % 4] = byte; // corrupt the first length prefix
            mutated = blob;
          }
          const res = await owner.post('/user/keys', { name: `m${at}`, public_key: keyLine(key.type, mutated) });
          statuses.add(res.status);
          expect([201, 422], res.text).toContain(res.status);
          if (res.status === 422) expect(errorFields(res.body)).toEqual(['public_key']);
          else expect(validateResource('ssh-key', res.body)).toEqual([]);
        }),
        { seed: 42, numRuns: 150 },
      );
      // Both branches above ran: some mutations still parse, most are refused.
      expect([...statuses].sort()).toEqual([201, 422]);
    });
  });
});

describe('GET /user/keys', () => {
  it('lists the caller\'s keys only, oldest first (the real service\'s default: created, asc), paged with offset and limit', async () => {
    const { owner, colleague, stranger, clock } = makeWorld();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createKey(owner, { public_key: testKey('ed25519', `k${i}`).line })).id as number);
      clock.advance(1000);
    }
    await createKey(colleague, { public_key: testKey('ed25519', 'colleague').line });
    await createKey(stranger, { public_key: testKey('ed25519', 'stranger').line });
    const all = await owner.get('/user/keys').expect(200);
    expect(all.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect((all.body as { id: number }[]).map((k) => k.id)).toEqual(ids);
    for (const key of all.body as unknown[]) expect(validateResource('ssh-key', key)).toEqual([]);
    const page = await owner.get('/user/keys?offset=1&limit=1').expect(200);
    expect((page.body as { id: number }[]).map((k) => k.id)).toEqual([ids[1]]);
    expect(page.headers.link).toContain('rel="next"');
    expect(page.headers.link).toContain('rel="prev"');
    expect(errorFields((await owner.get('/user/keys?limit=0').expect(422)).body)).toEqual(['limit']);
  });

  it('takes the real service\'s sort (name, created, updated) and direction, ascending unless asked', async () => {
    const { owner, clock } = makeWorld();
    const ids: number[] = [];
    for (const name of ['beta', 'Alpha', 'gamma']) {
      ids.push((await createKey(owner, { name, public_key: testKey('ed25519', name).line })).id as number);
      clock.advance(1000);
    }
    const listed = async (query: string) => ((await owner.get(`/user/keys${query}`).expect(200)).body as { id: number; name: string }[]);
    expect((await listed('?sort=name')).map((k) => k.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect((await listed('?sort=name&direction=desc')).map((k) => k.name)).toEqual(['gamma', 'beta', 'Alpha']);
    expect((await listed('?direction=desc')).map((k) => k.id)).toEqual([...ids].reverse());
    expect((await listed('?sort=created')).map((k) => k.id)).toEqual(ids);
    expect((await listed('?sort=name&limit=1&offset=1')).map((k) => k.name)).toEqual(['beta']);
    expect(errorFields((await owner.get('/user/keys?sort=fingerprint').expect(422)).body)).toEqual(['sort']);
    expect(errorFields((await owner.get('/user/keys?direction=up').expect(422)).body)).toEqual(['direction']);
  });
});

describe('GET /user/keys/{key_id}', () => {
  it('returns the caller\'s key', async () => {
    const { owner } = makeWorld();
    const created = await createKey(owner, { name: 'Laptop', public_key: FIXED_ED25519.line });
    const res = await owner.get(`/user/keys/${created.id as number}`).expect(200);
    expect(res.headers['content-type']).toBe(VENDOR_MEDIA_TYPE);
    expect(validateResource('ssh-key', res.body)).toEqual([]);
    expect(res.body).toEqual(created);
  });

  it('answers another user\'s key, another account\'s key, an absent id and a malformed id with the same 404', async () => {
    const { owner, colleague, stranger } = makeWorld();
    const theirs = await createKey(colleague, { public_key: testKey('ed25519', 'c').line });
    const foreign = await createKey(stranger, { public_key: testKey('ed25519', 's').line });
    const answers = await Promise.all(
      [theirs.id, foreign.id, 999_999, 'abc', '0', '-1', '1.5', '99999999999999999999'].map((id) => owner.get(`/user/keys/${String(id)}`)),
    );
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.text).toBe(NOT_FOUND_BODY);
      expect(observable(res)).toEqual(observable(answers[2] ?? res));
    }
    expect(validateResource('error-b', answers[0]?.body)).toEqual([]);
  });

  it('with b-ssh-key-read-404 does not find keys created through the API', async () => {
    const { owner } = makeWorld({ faults: ['b-ssh-key-read-404'] });
    const created = await createKey(owner, { public_key: FIXED_ED25519.line });
    const res = await owner.get(`/user/keys/${created.id as number}`).expect(404);
    expect(res.text).toBe(NOT_FOUND_BODY);
    expect((await owner.get('/user/keys').expect(200)).body).toHaveLength(1);
  });
});

describe('DELETE /user/keys/{key_id}', () => {
  it('deletes the caller\'s key: 200 with the key as it was (the real docs, sections/delete-public-key.md), then it is not found', async () => {
    const { owner } = makeWorld();
    const created = await createKey(owner, { public_key: FIXED_ED25519.line });
    const res = await owner.delete(`/user/keys/${created.id as number}`).expect(200);
    expect(res.body).toEqual(created);
    await owner.get(`/user/keys/${created.id as number}`).expect(404);
    expect((await owner.delete(`/user/keys/${created.id as number}`).expect(404)).text).toBe(NOT_FOUND_BODY);
    // The same key may be added again once deleted.
    await createKey(owner, { public_key: FIXED_ED25519.line });
  });

  it('cannot delete another user\'s or another account\'s key: 404, and the key stays', async () => {
    const { owner, colleague, stranger } = makeWorld();
    const theirs = await createKey(colleague, { public_key: testKey('ed25519', 'c').line });
    const foreign = await createKey(stranger, { public_key: testKey('ed25519', 's').line });
    expect((await owner.delete(`/user/keys/${theirs.id as number}`).expect(404)).text).toBe(NOT_FOUND_BODY);
    expect((await owner.delete(`/user/keys/${foreign.id as number}`).expect(404)).text).toBe(NOT_FOUND_BODY);
    await colleague.get(`/user/keys/${theirs.id as number}`).expect(200);
    await stranger.get(`/user/keys/${foreign.id as number}`).expect(200);
  });
});
