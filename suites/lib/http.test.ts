import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
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
      if (req.url === '/paced-by-date' && limited > 0) {
        // A target whose clock runs 400 days ahead of this machine's asks for a 1 s pause by date.
        limited--;
        const now = Date.now() + 400 * 86_400_000;
        res.writeHead(429, { date: new Date(now).toUTCString(), 'retry-after': new Date(now + 1000).toUTCString() }).end();
        return;
      }
      if (req.url === '/echo') {
        // What arrived: the framing headers and the body, read whole.
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ length: req.headers['content-length'] ?? null, te: req.headers['transfer-encoding'] ?? null, body: Buffer.concat(chunks).toString('utf8') })));
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

  it('sends a body chunked when told to, without Content-Length, and records the framing it sent', async () => {
    const http = createHttpClient({ timeoutMs: 2000 });
    const body = { location: 'Chunkville é', n: 1 };
    const chunked = await http.request('PUT', `${base}/echo`, { body, framing: 'chunked' });
    expect(chunked.json).toEqual({ length: null, te: 'chunked', body: JSON.stringify(body) });
    expect(chunked.request.headers['transfer-encoding']).toBe('chunked');
    expect(chunked.request.headers['content-length']).toBeUndefined();
    const whole = await http.request('PUT', `${base}/echo`, { body });
    expect(whole.json).toEqual({ length: String(Buffer.byteLength(JSON.stringify(body))), te: null, body: JSON.stringify(body) });
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

  it('measures an HTTP-date Retry-After from the answer\'s own Date header, whatever this machine\'s clock says', () => {
    const days = 86_400_000;
    for (const skew of [-400 * days, -2 * 3_600_000, 0, 2 * 3_600_000, 400 * days]) {
      const sent = Math.floor((Date.now() + skew) / 1000) * 1000;
      expect(retryAfterMs(new Date(sent + 2000).toUTCString(), new Date(sent).toUTCString())).toBe(2000);
    }
    // A Date header that does not read: this machine's clock, as before.
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    expect(retryAfterMs(inTwoSeconds, 'yesterday')).toBeGreaterThan(0);
    expect(retryAfterMs(inTwoSeconds, 'yesterday')).toBeLessThanOrEqual(2000);
  });

  it('waits out a 429 whose Retry-After is a date on a clock 400 days ahead, and asks again', async () => {
    limited = 1;
    const http = createHttpClient({ timeoutMs: 2000 });
    const started = performance.now();
    const ex = await http.request('GET', `${base}/paced-by-date`);
    expect(ex.response.status).toBe(200);
    // The pause the target meant (1 s, second precision: 0 to 1 s), not its skew.
    expect(performance.now() - started).toBeLessThan(2_000);
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

  it('tells a view of every request it sent that got no answer, with what was sent, and of none it did not send', async () => {
    const server = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const unanswered: { method: string; url: string; body?: string; error: string }[] = [];
      let refuse = false;
      const http = createHttpClient({ timeoutMs: 2000, maxConsecutiveFailures: 2 }).view({
        refusal: () => (refuse ? 'halted' : null),
        onUnanswered: (sent, error) => unanswered.push({ method: sent.request.method, url: sent.request.url, ...(sent.request.body !== undefined ? { body: sent.request.body } : {}), error }),
      });
      await expect(http.request('POST', `${base}/a`, { body: { n: 1 } })).rejects.toBeInstanceOf(TransportError);
      refuse = true;
      await expect(http.request('GET', `${base}/refused`)).rejects.toThrow(/^not sent: halted$/);
      refuse = false;
      await expect(http.request('GET', `${base}/b`)).rejects.toBeInstanceOf(TransportError);
      // Two in a row got nothing: the third is not sent.
      await expect(http.request('GET', `${base}/c`)).rejects.toThrow(/^not sent: the target stopped answering/);
      expect(unanswered.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
        { method: 'POST', url: `${base}/a`, body: '{"n":1}' },
        { method: 'GET', url: `${base}/b`, body: undefined },
      ]);
      for (const u of unanswered) expect(u.error).toMatch(/socket hang up|ECONNRESET/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('an answer whose body does not end', () => {
  // 64 KB chunks as fast as the socket takes them, or a byte every 50 ms: each keeps the
  // connection busy, so the idle timeout alone would never end the request.
  const chunk = Buffer.alloc(65_536, 0x20);
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/flood') {
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
        };
        res.on('drain', pump);
        pump();
      } else {
        const timer = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(timer));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is a transport error once it passes 16 MiB, read no further', { timeout: 10_000 }, async () => {
    const http = createHttpClient({ timeoutMs: 5_000 });
    await expect(http.request('GET', `${base}/flood`)).rejects.toMatchObject({ name: 'TransportError', message: 'the body passed 16 MiB, far beyond any answer of the spec; not read further', method: 'GET', url: `${base}/flood` });
  });

  it('is a transport error when it trickles on past the timeout after its headers', { timeout: 10_000 }, async () => {
    const http = createHttpClient({ timeoutMs: 500 });
    const started = performance.now();
    await expect(http.request('GET', `${base}/trickle`)).rejects.toThrow(/the body did not end within 500 ms of its headers/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('an answer in a content coding (the run sends no Accept-Encoding, so any is acceptable)', () => {
  const json = Buffer.from('{"error":"not found","message":"no such pipeline"}');
  const big = Buffer.alloc(64 * 2 ** 20, ' ');
  const bodies: Record<string, { coding: string; body: Buffer }> = {
    '/gzip': { coding: 'gzip', body: gzipSync(json) },
    '/x-gzip': { coding: 'X-GZIP', body: gzipSync(json) },
    '/deflate': { coding: 'deflate', body: deflateSync(json) },
    '/br': { coding: 'br', body: brotliCompressSync(json) },
    // Applied in the order listed: deflate first, then gzip (RFC 9110, 8.4).
    '/stacked': { coding: 'deflate, gzip', body: gzipSync(deflateSync(json)) },
    '/identity': { coding: 'identity', body: json },
    '/zstd': { coding: 'zstd', body: json },
    '/corrupt': { coding: 'gzip', body: json },
    // 64 MiB of spaces in about 64 KB: a small answer must not unpack into the run's memory.
    '/bomb': { coding: 'gzip', body: gzipSync(big) },
    '/empty': { coding: 'gzip', body: Buffer.alloc(0) },
  };
  let server: Server;
  let base = '';
  const asked: (string | undefined)[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.headers['accept-encoding']);
      const answer = bodies[req.url ?? ''];
      if (!answer) return void res.writeHead(404).end();
      res.writeHead(req.url === '/empty' ? 204 : 404, { 'content-type': 'application/json', 'content-encoding': answer.coding }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each(['/gzip', '/x-gzip', '/deflate', '/br', '/stacked', '/identity'])('%s: the body is judged as the JSON it carries; the header is kept as it came', async (path) => {
    const http = createHttpClient({ timeoutMs: 5_000 });
    const ex = await http.request('GET', `${base}${path}`);
    expect(ex.json).toEqual({ error: 'not found', message: 'no such pipeline' });
    expect(ex.response.body).toBe(json.toString('utf8'));
    expect(ex.response.headers['content-encoding']).toBe(bodies[path]!.coding);
    // Nothing was asked for: the request stays as the check built it.
    expect(asked.at(-1)).toBeUndefined();
  });

  it('a body-less answer that names a coding is an empty body, not an error', async () => {
    const ex = await createHttpClient({ timeoutMs: 5_000 }).request('GET', `${base}/empty`);
    expect(ex.response.status).toBe(204);
    expect(ex.response.body).toBe('');
  });

  it('a coding it cannot read, bytes that are not the coding, and a body that unpacks past 16 MiB are transport errors, saying which', { timeout: 10_000 }, async () => {
    const http = createHttpClient({ timeoutMs: 5_000 });
    await expect(http.request('GET', `${base}/zstd`)).rejects.toMatchObject({ name: 'TransportError', message: 'the answer came in content coding "zstd", which this client cannot read (it sent no Accept-Encoding; it reads gzip, deflate and br)', method: 'GET', url: `${base}/zstd` });
    await expect(http.request('GET', `${base}/corrupt`)).rejects.toThrow(/^the answer says Content-Encoding: gzip, but its body is not gzip \(incorrect header check\)$/);
    await expect(http.request('GET', `${base}/bomb`)).rejects.toMatchObject({ name: 'TransportError', message: 'the gzip body unpacks past 16 MiB, far beyond any answer of the spec; not read further', method: 'GET', url: `${base}/bomb` });
  });
});

describe('the User-Agent', () => {
  let server: Server;
  let base = '';
  const agents: (string | undefined)[] = [];
  const gatewayKeys: string[] = [];
  beforeAll(async () => {
    // As a web application firewall's rule does (AWS WAF's NoUserAgent_HEADER): no User-Agent, 403.
    server = createServer((req, res) => {
      agents.push(req.headers['user-agent']);
      gatewayKeys.push(String(req.headers['x-api-key']));
      res.writeHead(req.headers['user-agent'] ? 204 : 403).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('names the client on every request, as the run gives it, so a firewall that refuses requests without one lets the run through', async () => {
    const ex = await createHttpClient({ timeoutMs: 5_000 }).request('GET', `${base}/`);
    expect(ex.response.status).toBe(204);
    expect(ex.request.headers['user-agent']).toBe('disco');
    const run = createHttpClient({ timeoutMs: 5_000, userAgent: 'disco/9.9.9' });
    expect((await run.view({}).request('POST', `${base}/`, { body: { a: 1 } })).response.status).toBe(204);
    expect(agents.slice(-2)).toEqual(['disco', 'disco/9.9.9']);
  });

  it('a check may send its own, or none', async () => {
    const run = createHttpClient({ timeoutMs: 5_000, userAgent: 'disco/9.9.9' });
    expect((await run.request('GET', `${base}/`, { headers: { 'User-Agent': 'python-requests/2.32' } })).response.status).toBe(204);
    expect((await run.request('GET', `${base}/`, { headers: { 'user-agent': null } })).response.status).toBe(403);
    expect(agents.slice(-2)).toEqual(['python-requests/2.32', undefined]);
  });

  it('sends the headers the target document adds with every request, under a check\'s own', async () => {
    const run = createHttpClient({ timeoutMs: 5_000, userAgent: 'disco/9.9.9', headers: { 'x-api-key': 'gateway-key-1' } });
    await run.request('GET', `${base}/`);
    await run.view({}).request('POST', `${base}/`, { body: {} });
    await run.request('GET', `${base}/`, { headers: { 'X-Api-Key': 'a-check-s-own' } });
    expect(gatewayKeys.slice(-3)).toEqual(['gateway-key-1', 'gateway-key-1', 'a-check-s-own']);
  });
});
