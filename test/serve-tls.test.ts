import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
