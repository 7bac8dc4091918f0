import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../api/index.ts';
import { disco } from './support/cli.ts';

/**
 * `disco serve --compress` (`startSimulator({compress: true})`): answers compressed as the
 * request's Accept-Encoding allows, as a real deployment behind nginx or a CDN answers, so a
 * client that asks for gzip and forgets to decode it (or decodes what was never encoded) shows.
 */

const ACCEPT = 'application/vnd.service+json; version=2';

/** A GET with node:http, which neither asks for a coding nor decodes one: the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('answers compressed as the client accepts', () => {
  let sim: RunningSimulator;
  let auth: Record<string, string>;
  beforeAll(async () => {
    sim = await startSimulator({ compress: true, clock: 'frozen' });
    auth = { authorization: `Basic ${Buffer.from(`${sim.accounts[0]!.users[0]!.api_key}:`).toString('base64')}`, accept: ACCEPT };
  });
  afterAll(() => sim.close());

  it('in the coding the request prefers among those it takes; plain without Accept-Encoding; the journal keeps the plain body', async () => {
    const url = `${sim.interfaceB()}/connections/types`;
    const plain = await rawGet(url, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const types = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(plain.body.length).toBeGreaterThan(1024);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync } as const;
    for (const [accepted, coding] of [['gzip', 'gzip'], ['br, gzip', 'br'], ['deflate', 'deflate'], ['gzip;q=0.5, deflate;q=0.9', 'deflate'], ['identity', undefined], ['gzip;q=0', undefined]] as const) {
      const res = await rawGet(url, { ...auth, 'accept-encoding': accepted });
      expect(res.headers['content-encoding'], accepted).toBe(coding);
      expect(res.headers.vary ?? '', accepted).toMatch(/accept-encoding/i);
      const body = coding ? decoders[coding](res.body) : res.body;
      expect(JSON.parse(body.toString('utf8'))).toEqual(types);
    }
    // A small answer is not worth compressing.
    const small = await rawGet(`${sim.interfaceB()}/packages/999999`, { ...auth, 'accept-encoding': 'gzip' });
    expect([small.status, small.headers['content-encoding']]).toEqual([404, undefined]);
    const [entry] = await sim.control.journal.list({ path: '/*/api/connections/types' }, 1);
    // Its first 4 KB, as text: recorded before compression.
    expect(entry!.response.body?.startsWith(plain.body.toString('utf8').slice(0, 100))).toBe(true);
  });

  it('never without --compress, and disco serve --compress answers so', { timeout: 30_000 }, async () => {
    const plain = await startSimulator({ clock: 'frozen' });
    try {
      const key = plain.accounts[0]!.users[0]!.api_key;
      const res = await rawGet(`${plain.interfaceB()}/connections/types`, { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, accept: ACCEPT, 'accept-encoding': 'gzip' });
      expect(res.headers['content-encoding']).toBeUndefined();
    } finally {
      await plain.close();
    }
    const script = `const t = JSON.parse(require('fs').readFileSync(process.env.DISCO_TARGET, 'utf8'));
      const a = t.accounts[0];
      require('http').get(t.base_url + '/' + a.account_id + '/api/connections/types', { headers: { authorization: 'Basic ' + Buffer.from(a.api_key + ':').toString('base64'), accept: '${ACCEPT}', 'accept-encoding': 'gzip' } }, (r) => process.exit(r.headers['content-encoding'] === 'gzip' ? 0 : 5));`;
    const r = await disco(['serve', '--port', '0', '--compress', '--', 'node', '-e', script]);
    expect(r.code, r.stderr).toBe(0);
  });
});
