// The bench's baselines (bench/endpoints.ts): every ratio it prints divides by one of them, so
// each must answer exactly the bytes it was given, and the Koa floor must really check what it
// says it checks (an earlier floor answered every request with a 406 and looked fast).
import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { measureBesideBare, startBare, startKoaReference, stopChild, type BenchRequest } from '../bench/endpoints.ts';
import { VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';

const sample = { status: 200, headers: { 'content-type': VENDOR_MEDIA_TYPE, 'x-sample': 'kept' }, body: JSON.stringify({ id: 7, name: 'package', tags: ['a', 'b'] }) };
const authorization = `Basic ${Buffer.from('bench-key:').toString('base64')}`;
const vendor = VENDOR_MEDIA_TYPE;
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => stopChild(c)));
});

/**
 * POSTs `body` in two writes, the second `pauseMs` after the first; resolves with the answer's
 * status, body, and whether it came before the second write (while the body was still unfinished).
 */
function postInTwoParts(origin: string, body: string, pauseMs: number): Promise<{ status: number; body: string; answeredEarly: boolean }> {
  return new Promise((resolve, reject) => {
    let secondSent = false;
    const req = httpRequest(`${origin}/`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const answeredEarly = !secondSent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, answeredEarly }));
    });
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    setTimeout(() => {
      secondSent = true;
      req.end(body.slice(half));
    }, pauseMs);
  });
}

async function ask(origin: string, headers: Record<string, string>): Promise<{ status: number; type: string | null; sampleHeader: string | null; body: string }> {
  const res = await fetch(`${origin}/`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), sampleHeader: res.headers.get('x-sample'), body: await res.text() };
}

describe('bench baselines', () => {
  it('the bare server replays the sample, and serialising writes the same body', async () => {
    for (const serialise of [false, true]) {
      const bare = await startBare(sample, { serialise });
      children.push(bare.child);
      expect(await ask(bare.origin, {})).toEqual({ status: 200, type: sample.headers['content-type'], sampleHeader: 'kept', body: sample.body });
    }
  });

  it('the bare server with busy work answers the same bytes, and no sooner than the work takes', async () => {
    // 30 ms of work per request: far above any scheduling noise, so only a lower bound is tested.
    const busy = await startBare(sample, { workUs: 30_000 });
    children.push(busy.child);
    await ask(busy.origin, {});
    const started = performance.now();
    expect(await ask(busy.origin, {})).toEqual({ status: 200, type: sample.headers['content-type'], sampleHeader: 'kept', body: sample.body });
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
  });

  it('the body-reading bare servers answer only once the whole body has come, and only when it is JSON', async () => {
    const json = JSON.stringify({ cluster_id: 1, package_id: 2, variables: { a: 'b' } });
    // The control: the bare server as it is answers without waiting for the body.
    const plain = await startBare(sample);
    children.push(plain.child);
    expect(await postInTwoParts(plain.origin, json, 300)).toEqual({ status: 200, body: sample.body, answeredEarly: true });
    for (const readBody of ['by-hand', 'raw-body'] as const) {
      const reading = await startBare(sample, { readBody });
      children.push(reading.child);
      expect(await postInTwoParts(reading.origin, json, 300), readBody).toEqual({ status: 200, body: sample.body, answeredEarly: false });
      expect(await postInTwoParts(reading.origin, '{"cluster_id": 1,', 50), readBody).toEqual({ status: 400, body: '', answeredEarly: false });
      // A request without a body is answered as it is.
      expect(await ask(reading.origin, {}), readBody).toEqual({ status: 200, type: sample.headers['content-type'], sampleHeader: 'kept', body: sample.body });
    }
  });

  it('the plain Koa app answers the sample only with the right credentials and Accept', async () => {
    const koa = await startKoaReference(sample, authorization);
    children.push(koa.child);
    expect(await ask(koa.origin, { authorization, accept: vendor })).toEqual({ status: 200, type: sample.headers['content-type'], sampleHeader: 'kept', body: sample.body });
    // Compared as a media type: parameters quoted or spaced otherwise, among other ranges.
    expect((await ask(koa.origin, { authorization, accept: 'text/html, application/VND.service+json;version="2";q=0.5' })).status).toBe(200);
    expect((await ask(koa.origin, { accept: vendor })).status).toBe(401);
    expect((await ask(koa.origin, { authorization: `Basic ${Buffer.from('other:').toString('base64')}`, accept: vendor })).status).toBe(401);
    for (const accept of ['application/json', 'application/vnd.service+json; version=1', `${vendor}; q=0`]) {
      expect((await ask(koa.origin, { authorization, accept })).status, accept).toBe(406);
    }
  });

  it('servers measured beside the bare server are asked first, and one answering otherwise is INVALID', async () => {
    // The request's own server (what the bare servers replay): answers the sample to any request.
    const own = createServer((_req, res) => res.writeHead(201, sample.headers).end(sample.body));
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const r: BenchRequest = { label: 'a write', method: 'POST', url: `http://127.0.0.1:${(own.address() as AddressInfo).port}/jobs`, headers: { 'content-type': 'application/json' }, body: '{"a": 1}', status: 201 };
      const fine = await measureBesideBare(r, [{ readBody: 'by-hand' }], { seconds: 1, connections: 2, rounds: 1 });
      expect(fine.bare.rps).toBeGreaterThan(0);
      expect(fine.beside[0]!.invalid).toBeUndefined();
      expect(fine.beside[0]!.ratio).toBeCloseTo(fine.beside[0]!.result.rps / fine.bare.rps, 9);
      // A body the reading server cannot parse: it answers 400, so its figure is not to be trusted.
      const broken = await measureBesideBare({ ...r, body: '{"a": ' }, [{ readBody: 'raw-body' }, { workUs: 1 }], { seconds: 1, connections: 2, rounds: 1 });
      expect(broken.beside[0]!.invalid).toBe('it answered 400 with another body than the simulator');
      expect(broken.beside[1]!.invalid).toBeUndefined();
    } finally {
      own.close();
      own.closeAllConnections();
    }
  }, 30_000);
});
