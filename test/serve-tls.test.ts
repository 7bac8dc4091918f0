import { readFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../api/index.ts';
import { disco } from './support/cli.ts';

/*
 * `disco serve --tls-cert --tls-key`: the simulator over HTTPS, for clients that only speak
 * HTTPS or must be tested with their TLS settings. The target document it writes names a
 * self-signed certificate as the CA to trust, so `disco check --target` reaches it as it is.
 */

const TLS = fileURLToPath(new URL('./fixtures/tls/', import.meta.url));
const at = (name: string) => join(TLS, name);

/** Reads the target document in the command alongside and exits with what it finds wrong (0: nothing). */
const INSPECT = (expectCaFile: boolean) =>
  `const d = JSON.parse(require('fs').readFileSync(process.env.DISCO_TARGET, 'utf8'));
   if (!process.env.DISCO_BASE_URL.startsWith('https://127.0.0.1:') || !d.base_url.startsWith('https://')) process.exit(3);
   if (${expectCaFile} ? d.tls?.ca_file !== ${JSON.stringify(at('serve-self-signed.pem'))} : d.tls !== undefined) process.exit(4);`;

describe('disco serve over HTTPS', () => {
  it('with a self-signed certificate: https base URLs, the document trusts it, disco check passes, plain HTTP on the port harms nothing', { timeout: 60_000 }, async () => {
    // Plain HTTP sent to the TLS port first: refused in the handshake, and the simulator still answers.
    const plainHttp = `node -e "require('http').get(process.env.DISCO_BASE_URL.replace('https:', 'http:') + '/_disco/health', () => process.exit(9)).on('error', () => process.exit(0))"`;
    const r = await disco(['serve', '--port', '0', '--rate-limit', '0', '--tls-cert', at('serve-self-signed.pem'), '--tls-key', at('serve-self-signed.key'), '--', 'sh', '-c', `node -e "${INSPECT(true).replace(/"/g, '\\"')}" && ${plainHttp} && node bin/disco.mjs check --target "$DISCO_TARGET" --only B-AUTH-1,A-AUTH-1 --runs 3 --report-dir "$(mktemp -d)"`]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/disco simulator listening on https:\/\/127\.0\.0\.1:\d+/);
    expect(r.stdout).toMatch(/disco check: PASS|clauses: 2 passed/);
  });

  it('disco journal and disco state drive it: the certificate from the target document, or --ca', { timeout: 60_000 }, async () => {
    // A request to journal, then the journal read through the document, the state read with --ca.
    const script = [
      `node -e "require('https').get(process.env.DISCO_BASE_URL + '/nobody/api/packagez', { ca: require('fs').readFileSync('${at('serve-self-signed.pem')}') }, (r) => r.resume().on('end', () => process.exit(0)))"`,
      'node bin/disco.mjs journal --once --target "$DISCO_TARGET"',
      `node bin/disco.mjs state export --url "$DISCO_BASE_URL/_disco" --ca ${at('serve-self-signed.pem')} | head -c 40`,
      'node bin/disco.mjs journal --once --url "$DISCO_BASE_URL/_disco" || echo "without the CA: $?"',
    ].join(' && ');
    const r = await disco(['serve', '--port', '0', '--tls-cert', at('serve-self-signed.pem'), '--tls-key', at('serve-self-signed.key'), '--', 'sh', '-c', script]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/ 404 GET +\/nobody\/api\/packagez /);
    expect(r.stdout).toContain('{"format":"disco-state/1"');
    // Without the certificate the journal is refused, saying so (exit 2), not trusted blindly.
    expect(r.stdout).toContain('without the CA: 2');
    expect(r.stderr).toMatch(/self[- ]signed certificate/i);
  });

  it('startSimulator({tls}) serves HTTPS in-process: its control client and target document trust a self-signed certificate', { timeout: 30_000 }, async () => {
    const cert = readFileSync(at('serve-self-signed.pem'), 'utf8');
    const sim = await startSimulator({ tls: { cert, key: readFileSync(at('serve-self-signed.key'), 'utf8') }, clock: 'frozen' });
    try {
      expect(sim.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(sim.interfaceB()).toMatch(/^https:/);
      expect(await sim.control.health()).toMatchObject({ ok: true });
      expect(sim.target.tls).toEqual({ ca: cert });
      expect(sim.target.base_url).toBe(sim.origin);
      const key = sim.accounts[0]!.users[0]!.api_key;
      const status = await new Promise<number>((resolve, reject) =>
        https
          .get(`${sim.interfaceB()}/packages`, { ca: cert, headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, accept: 'application/vnd.service+json; version=2' } }, (res) => resolve(res.resume().statusCode ?? 0))
          .on('error', reject),
      );
      expect(status).toBe(200);
      expect(await sim.control.journal.count({ path: '/*/api/packages' })).toBe(1);
    } finally {
      await sim.close();
    }
    // A CA's certificate needs no trusting here, and a pair that does not go together is refused at once.
    const signed = await startSimulator({ tls: { cert: readFileSync(at('mtls-server.pem'), 'utf8'), key: readFileSync(at('mtls-server.key'), 'utf8') } });
    expect(signed.target.tls).toBeUndefined();
    await signed.close();
    await expect(startSimulator({ tls: { cert, key: readFileSync(at('mtls-client.key'), 'utf8') } })).rejects.toThrow('tls: key is not the key of cert');
  });

  it('with a certificate a CA signed: the document names no CA (the client trusts the CA its own way)', { timeout: 30_000 }, async () => {
    const r = await disco(['serve', '--port', '0', '--tls-cert', at('mtls-server.pem'), '--tls-key', at('mtls-server.key'), '--', 'node', '-e', INSPECT(false)]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });

  it.each([
    [['--tls-cert', at('serve-self-signed.pem')], '--tls-cert and --tls-key go together: the certificate and its private key (PEM)'],
    [['--tls-cert', at('mtls-server.pem'), '--tls-key', at('mtls-client.key')], `--tls-key ${at('mtls-client.key')} is not the key of --tls-cert ${at('mtls-server.pem')}`],
    [['--tls-cert', at('mtls-server.key'), '--tls-key', at('mtls-server.key')], `--tls-cert ${at('mtls-server.key')} is not a PEM certificate (-----BEGIN CERTIFICATE-----)`],
    [['--tls-cert', at('absent.pem'), '--tls-key', at('mtls-server.key')], `--tls-cert ${at('absent.pem')}: cannot read it (ENOENT)`],
    [['--tls-cert', at('mtls-server.pem'), '--tls-key', at('mtls-client-encrypted.key')], `--tls-key ${at('mtls-client-encrypted.key')} is not a PEM private key without a passphrase`],
  ])('refuses %j before it listens (exit 2, the reason)', { timeout: 30_000 }, async (args, message) => {
    const r = await disco(['serve', '--port', '0', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).not.toContain('listening');
  });
});
