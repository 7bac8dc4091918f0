import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlRequest } from './control-transport.ts';

/** What is not a simulator's control API: an answer without end, for `disco journal` and `disco state`. */
describe('controlRequest against an answer that does not end', () => {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    // A megabyte at a time, for as long as it is read.
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const more = (): void => {
      while (res.write(chunk)) if (res.destroyed) return;
      res.once('drain', more);
    };
    more();
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_disco/journal`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('stops reading past the limit and says so, instead of growing a string until Node throws', async () => {
    await expect(controlRequest(url, 'GET', undefined, { answerLimitBytes: 8 * 1024 * 1024 })).rejects.toThrow(/larger than 8388608 bytes: is this a disco simulator's control API\?/);
  });
});
