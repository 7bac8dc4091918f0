import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { rootCertificates } from 'node:tls';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadTargetFile, resolveTarget, targetSecrets } from './target.ts';
import { tlsRequestOptions } from './tls-settings.ts';

const TLS = fileURLToPath(new URL('../../test/fixtures/tls/', import.meta.url));
const at = (name: string) => join(TLS, name);
const read = (name: string) => readFileSync(at(name), 'utf8');
const PASSPHRASE = 'disco-test-passphrase';

/** A minimal https target with this `tls` section. */
function doc(tls: Record<string, unknown>, baseUrl = 'https://api.example.test') {
  return { base_url: baseUrl, accounts: [{ account_id: 'acme', api_key: 'k-1' }], tls };
}

/** The ConfigError resolving the document raises (its message), checked never to show a key or passphrase. */
function refusal(tls: Record<string, unknown>, env: Record<string, string> = {}, baseUrl?: string): string {
  try {
    resolveTarget(doc(tls, baseUrl), env, 'staging.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    for (const secret of [read('mtls-client.key'), read('mtls-client-encrypted.key'), PASSPHRASE, 'wrong-passphrase']) expect(message).not.toContain(secret.trim().split('\n')[1] ?? secret);
    return message;
  }
  throw new Error('the document was accepted');
}

describe('the tls section of a target document', () => {
  it('reads the CA and the client certificate and key; the request options trust Node\'s roots and the CA, and present the certificate', () => {
    const target = resolveTarget(doc({ ca_file: at('mtls-ca.pem'), client_cert_file: at('mtls-client.pem'), client_key_file: at('mtls-client.key') }), {});
    expect(target.tls?.ca).toEqual([read('mtls-ca.pem').trim()]);
    expect(target.tls?.clientCertShown).toMatch(/^CN=disco-ci \(SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}\)$/);
    const options = tlsRequestOptions(target.tls);
    expect(options.cert).toBe(read('mtls-client.pem'));
    expect(options.key).toBe(read('mtls-client.key'));
    expect((options.ca as string[]).slice(0, rootCertificates.length)).toEqual(rootCertificates);
    expect((options.ca as string[]).at(-1)).toBe(read('mtls-ca.pem').trim());
    // The key is a secret of the target: kept out of everything the run writes.
    expect(targetSecrets(target)).toContain(read('mtls-client.key'));
  });

  it('keeps the CAs of NODE_EXTRA_CA_CERTS, which a given ca list would otherwise leave out', () => {
    const saved = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = at('ca.pem');
    try {
      const options = tlsRequestOptions(resolveTarget(doc({ ca_file: at('mtls-ca.pem') }), {}).tls);
      expect(options.ca).toEqual([...rootCertificates, read('ca.pem').trim(), read('mtls-ca.pem').trim()]);
    } finally {
      if (saved === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = saved;
    }
  });

  it('takes the key and its passphrase from the environment, as CI secrets are given', () => {
    const target = resolveTarget(doc({ client_cert_file: at('mtls-client.pem'), client_key_env: 'CLIENT_KEY', client_key_passphrase_env: 'CLIENT_KEY_PASS' }), { CLIENT_KEY: read('mtls-client-encrypted.key'), CLIENT_KEY_PASS: PASSPHRASE });
    expect(tlsRequestOptions(target.tls)).toEqual({ cert: read('mtls-client.pem'), key: read('mtls-client-encrypted.key'), passphrase: PASSPHRASE });
    expect(targetSecrets(target)).toEqual(expect.arrayContaining([read('mtls-client-encrypted.key'), PASSPHRASE]));
  });

  it('adds nothing to a request without a tls section: Node\'s own CAs (and NODE_EXTRA_CA_CERTS) stay', () => {
    expect(tlsRequestOptions(resolveTarget({ base_url: 'https://api.example.test', accounts: [{ account_id: 'acme', api_key: 'k' }] }, {}).tls)).toEqual({});
    expect(tlsRequestOptions(resolveTarget(doc({ ca_file: at('mtls-ca.pem') }), {}).tls)).not.toHaveProperty('cert');
  });

  describe('reads paths relative to the document', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'disco-tls-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });
    it('from the target file\'s folder', async () => {
      const file = join(dir, 'staging.json');
      await writeFile(file, JSON.stringify(doc({ client_cert_file: relative(dir, at('mtls-client.pem')), client_key_file: relative(dir, at('mtls-client.key')) })));
      expect((await loadTargetFile(file, {})).tls?.clientCert).toBe(read('mtls-client.pem'));
    });
  });

  it('refuses a key of another type than its certificate, which OpenSSL loads and every handshake then fails', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'disco-tls-types-'));
    try {
      const key = join(dir, 'ed25519.key');
      await writeFile(key, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
      expect(refusal({ client_cert_file: at('mtls-client.pem'), client_key_file: key })).toBe('staging.yaml: tls.client_key is not the key of client_cert');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ client_cert_file: at('mtls-client.pem'), client_key_file: at('mtls-stranger.key') }, 'staging.yaml: tls.client_key is not the key of client_cert'],
    [{ client_cert_file: at('mtls-client.pem'), client_key_file: at('mtls-client-encrypted.key') }, 'staging.yaml: tls.client_key is encrypted: set client_key_passphrase (or client_key_passphrase_env)'],
    [{ client_cert_file: at('mtls-client.pem'), client_key_file: at('mtls-client-encrypted.key'), client_key_passphrase: 'wrong-passphrase' }, 'staging.yaml: tls.client_key cannot be decrypted with client_key_passphrase (a wrong passphrase?)'],
    [{ client_cert_file: at('mtls-client.key'), client_key_file: at('mtls-client.key') }, 'staging.yaml: tls.client_cert is not a PEM certificate (-----BEGIN CERTIFICATE-----)'],
    [{ client_cert_file: at('mtls-client.pem'), client_key_file: at('mtls-client.pem') }, 'staging.yaml: tls.client_key is not a PEM private key (-----BEGIN PRIVATE KEY-----)'],
    [{ client_cert_file: at('mtls-client.pem') }, 'staging.yaml: tls.client_cert is set but client_key is not: set client_key_file (or client_key_env) to its private key'],
    [{ client_key_file: at('mtls-client.key') }, 'staging.yaml: tls.client_key is set but client_cert is not: set client_cert_file to the certificate the key belongs to'],
    [{ ca_file: at('mtls-client.key') }, 'staging.yaml: tls.ca holds no PEM certificate (-----BEGIN CERTIFICATE-----)'],
    [{ ca: read('mtls-ca.pem'), ca_file: at('mtls-ca.pem') }, 'staging.yaml: tls: set ca or ca_file, not both'],
    [{ ca_file: at('absent.pem') }, `staging.yaml: tls.ca_file: cannot read ${at('absent.pem')}: ENOENT`],
    [{ client_certfile: at('mtls-client.pem') }, /^staging\.yaml: unknown field tls\.client_certfile \(did you mean client_cert_file\?\)/],
  ] as const)('refuses %j, naming the field and never the key', (tls, message) => {
    expect(refusal(tls)).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message);
  });

  it('refuses a tls section for a target with no https:// base URL', () => {
    expect(refusal({ ca_file: at('mtls-ca.pem') }, {}, 'http://api.example.test')).toBe('staging.yaml: tls is for https:// base URLs, and neither base_url nor cdc_base_url is one');
  });
});
