import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, retryAfterMs, TransportError } from './http.ts';

describe('the recording HTTP client', () => {
  let server: Server;
  let base = '';
  const seen: Record<string, string | undefined>[] = [];
  let limited = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ accept: req.headers.accept, authorization: req.headers.authorization });
      if (req.url === '/paced' && limited > 0) {
        limited--;
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{"message":"slow down"}');
        return;
      }
      if (req.url === '/wall') {
        res.writeHead(429, { 'retry-after': '3600' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends no Accept header unless told to (fetch would add one)', async () => {
    const http = createHttpClient({ timeoutMs: 2000 });
    const ex = await http.request('GET', `${base}/x`);
    expect(seen.at(-1)?.accept).toBeUndefined();
    expect(ex.json).toEqual({ ok: true });
  });

  it('waits out a short 429 and asks again', async () => {
    limited = 2;
    const http = createHttpClient({ timeoutMs: 2000 });
    const ex = await http.request('GET', `${base}/paced`);
    expect(ex.response.status).toBe(200);
  });

  it('gives up with a transport error (verdict error, not fail) when the target wants a long pause', async () => {
    const http = createHttpClient({ timeoutMs: 2000 });
    await expect(http.request('GET', `${base}/wall`)).rejects.toBeInstanceOf(TransportError);
    await expect(http.request('GET', `${base}/wall`)).rejects.toThrow(/rate-limited the run \(429, Retry-After 3600 s\)/);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('5')).toBe(5000);
    expect(retryAfterMs(undefined)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    expect(retryAfterMs(inTwoSeconds)).toBeGreaterThan(0);
  });

  it('paces requests to --rate', async () => {
    const http = createHttpClient({ timeoutMs: 2000, rate: 20 });
    const started = performance.now();
    for (let i = 0; i < 5; i++) await http.request('GET', `${base}/x`);
    // Five requests at 20 per second: the fifth starts no earlier than 200 ms after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe('a keep-alive connection the target closed while idle', () => {
  it('sends the request again, once, on a new connection: the target never read it', async () => {
    // The second request on every connection finds it gone (as when the target's keep-alive
    // timeout and the client's next request cross), and is reset without being read.
    const served: string[] = [];
    const server = createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      if (socket.served === 2) return void socket.destroy();
      served.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const http = createHttpClient({ timeoutMs: 2000 });
      expect((await http.request('GET', `${base}/first`)).response.status).toBe(200);
      const second = await http.request('POST', `${base}/second`, { body: { a: 1 } });
      expect(second.response.status).toBe(200);
      // Answered once, on the new connection: never twice.
      expect(served).toEqual(['/first', '/second']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('is a transport error when a new connection is reset too', async () => {
    const server = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const http = createHttpClient({ timeoutMs: 2000 });
      await expect(http.request('GET', `${base}/x`)).rejects.toBeInstanceOf(TransportError);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
