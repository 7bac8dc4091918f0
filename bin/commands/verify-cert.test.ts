import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCertification } from '../../reports/certification.ts';
import { sampleReport } from '../../reports/testing/sample-report.ts';
import { ed25519PrivateKey } from '../../reports/signing.ts';
import { keygen } from './keygen.ts';
import { verifyCert } from './verify-cert.ts';

describe('disco verify-cert', () => {
  let dir: string;
  let out = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-cert-'));
    out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('accepts an untouched certificate and refuses an edited one', async () => {
    const cert = buildCertification(sampleReport(), { name: 'disco', version: '0.1.0' });
    const file = join(dir, 'certification.json');
    await writeFile(file, JSON.stringify(cert, null, 2));
    expect(await verifyCert([file])).toBe(0);
    expect(out).toContain('digest OK');
    await writeFile(file, JSON.stringify({ ...cert, outcome: 'conformant' }, null, 2));
    expect(await verifyCert([file])).toBe(1);
    expect(out).toContain('the digest does not match the content');
    expect(await verifyCert([join(dir, 'missing.json')])).toBe(2);
  });

  it('with --public-key: accepts a certificate signed with that key; refuses another key, an unsigned certificate, a record and a tampered one', async () => {
    expect(await keygen(['--out', join(dir, 'board')])).toBe(0);
    expect(await keygen(['--out', join(dir, 'stranger')])).toBe(0);
    const signKey = ed25519PrivateKey(await readFile(join(dir, 'board.key'), 'utf8'), 'test');
    const conformant = { ...sampleReport(), clauses: sampleReport().clauses.map((c) => ({ ...c, verdict: c.binding ? ('pass' as const) : c.verdict })), outcome: 'conformant' as const, exitCode: 0 as const };
    const write = async (name: string, doc: unknown) => {
      const file = join(dir, name);
      await writeFile(file, JSON.stringify(doc, null, 2));
      return file;
    };
    const signed = buildCertification(conformant, { name: 'disco', version: '0.1.0' }, { certify: true, signKey });
    const good = await write('signed.json', signed);
    const pub = join(dir, 'board.pub');
    out = '';
    expect(await verifyCert([good, '--public-key', pub])).toBe(0);
    expect(out).toMatch(/VALID certificate of .*outcome CONFORMANT/);
    out = '';
    expect(await verifyCert([good, '--public-key', join(dir, 'stranger.pub')])).toBe(1);
    expect(out).toContain('REFUSED: the signature does not verify');
    const { signature: _s, ...unsignedCert } = signed;
    out = '';
    expect(await verifyCert([await write('unsigned.json', unsignedCert), '--public-key', pub])).toBe(1);
    expect(out).toContain('REFUSED: the certificate is not signed');
    out = '';
    expect(await verifyCert([await write('record.json', buildCertification(sampleReport(), { name: 'disco', version: '0.1.0' })), '--public-key', pub])).toBe(1);
    expect(out).toContain('not a certificate');
    out = '';
    expect(await verifyCert([await write('tampered.json', { ...signed, target: { name: 'someone else' } }), '--public-key', pub])).toBe(1);
    expect(out).toContain('REFUSED');
    // Unreadable or unfit keys: exit 2, and the key file's text is never printed.
    expect(await verifyCert([good, '--public-key', join(dir, 'nope.pub')])).toBe(2);
    const rsa = await write('rsa.pub', '');
    await writeFile(rsa, generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString());
    out = '';
    expect(await verifyCert([good, '--public-key', rsa])).toBe(2);
    expect(out).toContain('not Ed25519');
  });
});

describe('disco keygen', () => {
  let dir: string;
  let out = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disco-keygen-'));
    vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes an Ed25519 pair, the private key 0600, prints the fingerprint but never the key, and never overwrites', async () => {
    const prefix = join(dir, 'k');
    out = '';
    expect(await keygen(['--out', prefix])).toBe(0);
    const privatePem = await readFile(`${prefix}.key`, 'utf8');
    expect(ed25519PrivateKey(privatePem, 'test').asymmetricKeyType).toBe('ed25519');
    expect((await stat(`${prefix}.key`)).mode & 0o777).toBe(0o600);
    expect(out).toMatch(/fingerprint: [0-9a-f]{64}/);
    expect(out).not.toContain('PRIVATE KEY');
    expect(await keygen(['--out', prefix])).toBe(2);
    expect(await readFile(`${prefix}.key`, 'utf8')).toBe(privatePem);
  });
});
