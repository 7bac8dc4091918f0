import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenForDeliveries, MAX_DELIVERIES, MAX_DELIVERY_BYTES, type HookListener } from './hook-listener.ts';

let listener: HookListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

/** POSTs `body` (sent in 64 KB chunks) and resolves with the status, or the error that ended the request. */
function post(url: string, body: Buffer): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hook-signature': 'abc' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err) => resolve(err.message));
    for (let at = 0; at < body.length; at += 65_536) req.write(body.subarray(at, at + 65_536));
    req.end();
  });
}

describe('the web hook listener of b-hook/signed-delivery', () => {
  it('records each delivery: path, headers and body', async () => {
    listener = await listenForDeliveries();
    expect(await post(`${listener.url}/disco-1-hook`, Buffer.from('{"id":7}'))).toBe(204);
    expect(listener.received).toEqual([expect.objectContaining({ path: '/disco-1-hook', body: '{"id":7}', headers: expect.objectContaining({ 'x-hook-signature': 'abc' }) })]);
  });

  it('refuses a body past 1 MiB (413) without keeping it, and goes on listening', async () => {
    listener = await listenForDeliveries();
    const answer = await post(`${listener.url}/big`, Buffer.alloc(MAX_DELIVERY_BYTES + 1, 'x'));
    // The 413, or the connection closed under a body still being sent: either way, refused.
    expect(answer === 413 || typeof answer === 'string').toBe(true);
    expect(await post(`${listener.url}/exact`, Buffer.alloc(MAX_DELIVERY_BYTES, 'y'))).toBe(204);
    expect(listener.received.map((r) => [r.path, r.body.length])).toEqual([['/exact', MAX_DELIVERY_BYTES]]);
  });

  it(`keeps at most ${MAX_DELIVERIES} deliveries, answering the rest`, async () => {
    listener = await listenForDeliveries();
    for (let i = 0; i < MAX_DELIVERIES + 5; i++) expect(await post(`${listener.url}/${i}`, Buffer.from('{}'))).toBe(204);
    expect(listener.received).toHaveLength(MAX_DELIVERIES);
    expect(listener.received.at(-1)?.path).toBe(`/${MAX_DELIVERIES - 1}`);
  });
});
