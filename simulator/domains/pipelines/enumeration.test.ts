import { observable } from '../../testing/observable.ts';
import { describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { A, bearer, boot, createVia, definition, type Booted } from './test-support.ts';
import { FOREIGN_DELAY_MS } from './lookup.ts';

type Operation = (b: Booted, key: string, id: string) => Promise<Response>;

/** Every operation that takes a pipeline id, each with a plausible body. */
const operations: Record<string, Operation> = {
  'GET /pipelines/{id}': (b, key, id) => b.http.get(`${A}/pipelines/${id}`).set(bearer(key)),
  'GET /pipelines/{id}/definition': (b, key, id) => b.http.get(`${A}/pipelines/${id}/definition`).set(bearer(key)).set('Accept', 'application/yaml'),
  'PUT /pipelines/{id}': (b, key, id) => b.http.put(`${A}/pipelines/${id}`).set(bearer(key)).send(definition('replaced')),
  'PATCH /pipelines/{id}': (b, key, id) => b.http.patch(`${A}/pipelines/${id}`).set(bearer(key)).send({ description: 'patched' }),
  'POST /pipelines/{id}/start': (b, key, id) => b.http.post(`${A}/pipelines/${id}/start`).set(bearer(key)),
  'POST /pipelines/{id}/stop': (b, key, id) => b.http.post(`${A}/pipelines/${id}/stop`).set(bearer(key)),
  'DELETE /pipelines/{id}': (b, key, id) => b.http.delete(`${A}/pipelines/${id}`).set(bearer(key)),
};
const operationNames = Object.keys(operations);

/** Status, body bytes and every header but Date: what A-ENUM-1 says must match. */
function fingerprint(res: Response): ReturnType<typeof observable> {
  return observable(res as unknown as { status: number; text: string; headers: Record<string, string> });
}

/** Two accounts with pipelines in every state; globex's are "another account's" for acme. */
async function populated(faults: Parameters<typeof boot>[0] = []): Promise<{ b: Booted; foreign: number[]; own: number[] }> {
  const b = boot(faults);
  const foreign: number[] = [];
  const own: number[] = [];
  for (let i = 0; i < 4; i++) {
    own.push((await createVia(b, b.acme.plain, `own-${i}`)).id);
    foreign.push((await createVia(b, b.globex.plain, `theirs-${i}`)).id);
  }
  await b.http.post(`${A}/pipelines/${foreign[1]}/start`).set(bearer(b.globex.plain));
  await b.http.delete(`${A}/pipelines/${foreign[2]}`).set(bearer(b.globex.plain));
  return { b, foreign, own };
}

describe('absent and foreign pipelines give the same 404 (A-ENUM-1, A-ERR-1)', () => {
  it('same status, body and headers (but Date) for random absent ids and the other account\'s pipelines, on every operation', async () => {
    const { b, foreign } = await populated();
    const absentId = fc.integer({ min: 1000, max: Number.MAX_SAFE_INTEGER });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operationNames), absentId, fc.constantFrom(...foreign), async (name, absent, theirs) => {
        const operation = operations[name] as Operation;
        const a = await operation(b, b.acme.plain, String(absent));
        const f = await operation(b, b.acme.plain, String(theirs));
        expect(a.status).toBe(404);
        expect(validateResource('error-a', a.body)).toEqual([]);
        expect(a.body).toEqual({ error: 'Pipeline not found.', code: 'not_found' });
        expect(fingerprint(f)).toEqual(fingerprint(a));
      }),
      { seed: 42, numRuns: 60 },
    );
    // The other account's pipelines are untouched.
    const theirs = await b.http.get(`${A}/pipelines?include_archived=true`).set(bearer(b.globex.plain));
    expect((theirs.body.items as { name: string; state: string }[]).map((p) => [p.name, p.state])).toEqual([
      ['theirs-3', 'not_deployed'],
      ['theirs-2', 'archived'],
      ['theirs-1', 'initial_sync'],
      ['theirs-0', 'not_deployed'],
    ]);
  });

  it('every malformed id gets that same 404 (A-PIPE-3), never a 5xx', async () => {
    const { b } = await populated();
    const reference = fingerprint(await operations['GET /pipelines/{id}']!(b, b.acme.plain, '999999'));
    const malformed = fc.oneof(
      fc.constantFrom('0', '-1', '01', '1.0', '1e3', '0x10', ' 1', '1%20', 'abc', 'null', '%ZZ', '%00', '9007199254740993', '99999999999999999999', '%F0%9F%9A%80'),
      fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(...'abz-_.~!$&\'()*+,;=:@') }).filter((s) => !/^[1-9][0-9]*$/.test(s) && s !== '.' && s !== '..'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operationNames), malformed, async (name, id) => {
        const res = await (operations[name] as Operation)(b, b.acme.plain, id);
        expect(res.status).toBe(404);
        expect(fingerprint(res).text).toBe(reference.text);
      }),
      { seed: 42, numRuns: 80 },
    );
  });

  it('the lookup stays inside the caller\'s account: no other account is consulted (A-ENUM-2)', async () => {
    const { b, foreign } = await populated();
    const values = vi.spyOn(b.sim.store.accounts, 'values');
    const get = vi.spyOn(b.sim.store.accounts, 'get');
    for (const name of operationNames) {
      await (operations[name] as Operation)(b, b.acme.plain, String(foreign[0]));
      await (operations[name] as Operation)(b, b.acme.plain, '424242');
    }
    expect(values).not.toHaveBeenCalled();
    // The key lookup resolves the caller's own account; nothing else is ever fetched.
    expect(new Set(get.mock.calls.map(([slug]) => slug))).toEqual(new Set(['acme-data']));
  });

  it('an own pipeline is found, so the 404s above are not an artefact', async () => {
    const { b, own } = await populated();
    expect((await operations['GET /pipelines/{id}']!(b, b.acme.plain, String(own[0]))).status).toBe(200);
  });
});

describe('enumeration faults', () => {
  it('a-foreign-pipeline-403: another account\'s pipeline is 403, an absent one still 404', async () => {
    const { b, foreign } = await populated(['a-foreign-pipeline-403']);
    expect((await operations['GET /pipelines/{id}']!(b, b.acme.plain, String(foreign[0]))).status).toBe(403);
    expect((await operations['GET /pipelines/{id}']!(b, b.acme.plain, '999999')).status).toBe(404);
  });

  it('a-cross-account-pipelines: another account\'s pipeline is read and archived like an own one', async () => {
    const { b, foreign } = await populated(['a-cross-account-pipelines']);
    expect((await operations['GET /pipelines/{id}']!(b, b.acme.plain, String(foreign[0]))).status).toBe(200);
    expect((await operations['DELETE /pipelines/{id}']!(b, b.acme.plain, String(foreign[0]))).status).toBe(200);
    expect((await b.http.get(`${A}/pipelines/${foreign[0]}`).set(bearer(b.globex.plain))).body.state).toBe('archived');
    expect((await operations['GET /pipelines/{id}']!(b, b.acme.plain, '999999')).status).toBe(404);
  });

  it('a-foreign-404-body-differs: both 404, different bodies', async () => {
    const { b, foreign } = await populated(['a-foreign-404-body-differs']);
    const f = await operations['DELETE /pipelines/{id}']!(b, b.acme.plain, String(foreign[0]));
    const a = await operations['DELETE /pipelines/{id}']!(b, b.acme.plain, '999999');
    expect([f.status, a.status]).toEqual([404, 404]);
    expect(f.text).not.toBe(a.text);
  });

  it('a-foreign-404-slower: the foreign 404 takes at least the fault\'s delay, with identical bytes', async () => {
    const { b, foreign } = await populated(['a-foreign-404-slower']);
    const started = performance.now();
    const f = await operations['GET /pipelines/{id}']!(b, b.acme.plain, String(foreign[0]));
    const elapsed = performance.now() - started;
    const a = await operations['GET /pipelines/{id}']!(b, b.acme.plain, '999999');
    expect(elapsed).toBeGreaterThanOrEqual(FOREIGN_DELAY_MS - 1);
    expect(fingerprint(f)).toEqual(fingerprint(a));
  });

  it('a-foreign-archive-404-slower: the DELETE\'s foreign 404 takes at least the fault\'s delay, with identical bytes', async () => {
    const { b, foreign } = await populated(['a-foreign-archive-404-slower']);
    const started = performance.now();
    const f = await operations['DELETE /pipelines/{id}']!(b, b.acme.plain, String(foreign[0]));
    const elapsed = performance.now() - started;
    const a = await operations['DELETE /pipelines/{id}']!(b, b.acme.plain, '999999');
    expect(elapsed).toBeGreaterThanOrEqual(FOREIGN_DELAY_MS - 1);
    expect(fingerprint(f)).toEqual(fingerprint(a));
  });

  it('a-404-without-error: pipeline 404 bodies carry message and no error', async () => {
    const { b } = await populated(['a-404-without-error']);
    const res = await operations['GET /pipelines/{id}']!(b, b.acme.plain, '999999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Pipeline not found.' });
    expect(validateResource('error-a', res.body)).not.toEqual([]);
  });

  it('a-non-integer-id-500: a non-integer id crashes with 500 (integers still 404)', async () => {
    const { b } = await populated(['a-non-integer-id-500']);
    expect((await operations['GET /pipelines/{id}']!(b, b.acme.plain, 'abc')).status).toBe(500);
    expect((await operations['GET /pipelines/{id}']!(b, b.acme.plain, '999999')).status).toBe(404);
  });
});
