import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { buildCertification, canonicalJson, verifyCertification, type Certification } from './certification.ts';
import { ed25519PrivateKey, ed25519PublicKey, newKeyPair } from './signing.ts';
import { sampleReport } from './testing/sample-report.ts';
import type { RunReport } from './model.ts';
import { readSuiteVersion, type SuiteVersion } from './suite-version.ts';

const suite: SuiteVersion = { name: 'disco', version: '0.1.0', commit: 'a'.repeat(40), dirty: false };

function allPass(report: RunReport): RunReport {
  const clauses = report.clauses.map((c) => ({ ...c, verdict: c.binding ? ('pass' as const) : c.verdict }));
  return { ...report, clauses, outcome: 'conformant', exitCode: 0 };
}

describe('certification summary', () => {
  it('canonicalises JSON with sorted keys and no whitespace', () => {
    expect(canonicalJson({ b: [1, 'x', true, null], a: { d: 'é\n', c: 2 } })).toBe('{"a":{"c":2,"d":"é\\n"},"b":[1,"x",true,null]}');
    expect(() => canonicalJson({ x: Number.NaN })).toThrow();
  });

  it('holds the inputs and every clause verdict, sorted by id, and a digest that verifies', () => {
    const cert = buildCertification(sampleReport(), suite);
    expect(cert).toMatchObject({ format: 'disco-certification/1', target: { name: 'staging <eu> & "friends"', baseUrl: 'http://127.0.0.1:4010' }, suite, profile: 'spec', seed: 42, runs: 25, date: '2026-11-22T05:00:00.000Z', complete: true });
    expect(cert.clauses.map((c) => c.id)).toEqual([...cert.clauses.map((c) => c.id)].sort());
    expect(cert.clauses.find((c) => c.id === 'B-LIM-2')).toEqual({ id: 'B-LIM-2', kind: 'must', binding: true, verdict: 'fail' });
    expect(cert.digest.value).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCertification(JSON.parse(JSON.stringify(cert)))).toMatchObject({ ok: true });
  });

  it('records the properties a time limit cut short, so the runs it states are not taken for every property\'s', () => {
    expect(buildCertification(sampleReport(), suite).casesCutShort).toBeUndefined();
    const report = sampleReport();
    const check = report.checks.find((c) => c.verdict === 'pass')!;
    check.properties = [{ seed: 1, runs: 12, asked: 25 }];
    const cert = buildCertification(report, suite);
    expect(cert.casesCutShort).toEqual([{ check: check.id, ran: 12, asked: 25 }]);
    expect(verifyCertification(JSON.parse(JSON.stringify(cert)))).toMatchObject({ ok: true });
  });

  it('refuses a document nested past any certificate by its depth, not by a stack overflow', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    expect(verifyCertification({ ...deep, digest: { value: 'x' } })).toMatchObject({ ok: false, problem: 'not a certification document (it nests deeper than 64 levels)' });
  });

  it('says a signing key is encrypted, rather than no key at all, and names a key of another type', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const encrypted = privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'board-secret' }) as string;
    expect(() => ed25519PrivateKey(encrypted, '--sign-key board.key')).toThrow('--sign-key board.key is encrypted: give the key unencrypted');
    expect(() => ed25519PrivateKey('not a key', '--sign-key x')).toThrow('--sign-key x is not a PEM private key');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => ed25519PrivateKey(rsa, '--sign-key rsa.key')).toThrow('--sign-key rsa.key is a rsa key; certificates are signed with Ed25519');
  });

  it('detects any edit of the content', () => {
    const cert = JSON.parse(JSON.stringify(buildCertification(sampleReport(), suite))) as { clauses: { verdict: string }[] };
    cert.clauses[0]!.verdict = 'pass';
    expect(verifyCertification(cert)).toMatchObject({ ok: false, problem: 'the digest does not match the content' });
    expect(verifyCertification('nope').ok).toBe(false);
  });

  it('is fail on a binding failure, conformant only for a complete conformant run, otherwise incomplete', () => {
    expect(buildCertification(sampleReport(), suite).outcome).toBe('fail');
    expect(buildCertification(allPass(sampleReport()), suite).outcome).toBe('conformant');
    expect(buildCertification(allPass(sampleReport({ interrupted: 'SIGTERM' })), suite).outcome).toBe('incomplete');
    expect(buildCertification(allPass(sampleReport({ options: { only: ['b-auth'], readOnly: false, timeoutMs: 1, allowIncomplete: true } })), suite)).toMatchObject({ outcome: 'incomplete', complete: false });
    // Checks left out by --skip: never complete, never a certificate, and the record says what was left out.
    const skipped = buildCertification(allPass(sampleReport({ options: { only: [], skip: ['b-hook'], readOnly: false, timeoutMs: 1, allowIncomplete: false } })), suite, { certify: true });
    expect(skipped).toMatchObject({ outcome: 'incomplete', complete: false, certified: false, options: { only: [], skip: ['b-hook'] } });
    // Without --skip the record has no skip member: older records keep their form and digest.
    expect('skip' in buildCertification(allPass(sampleReport()), suite).options).toBe(false);
  });

  it('is a certificate only for a --certify run that is complete and CONFORMANT, and only a certificate is signed', () => {
    const key = ed25519PrivateKey(newKeyPair().privatePem, 'test');
    expect(buildCertification(allPass(sampleReport()), suite, { certify: true })).toMatchObject({ certified: true });
    expect(buildCertification(allPass(sampleReport()), suite, { certify: true }).signature).toBeUndefined();
    expect(buildCertification(allPass(sampleReport()), suite, { certify: true, signKey: key }).signature).toMatchObject({ algorithm: 'Ed25519' });
    // Not asked to certify, failed, incomplete: records, never certificates, never signed.
    for (const [report, certify] of [
      [allPass(sampleReport()), false],
      [sampleReport(), true],
      [allPass(sampleReport({ interrupted: 'SIGINT' })), true],
      [allPass(sampleReport({ options: { only: ['b-auth'], readOnly: false, timeoutMs: 1, allowIncomplete: true } })), true],
      [allPass(sampleReport({ options: { only: [], readOnly: true, timeoutMs: 1, allowIncomplete: false } })), true],
    ] as const) {
      const cert = buildCertification(report, suite, { certify, signKey: key });
      expect(cert.certified).toBe(false);
      expect(cert.signature).toBeUndefined();
    }
  });

  it('verifies a signed certificate with its public key, and refuses a tampered one, another key, an unsigned one and a record', () => {
    const pair = newKeyPair();
    const other = newKeyPair();
    const publicKey = ed25519PublicKey(pair.publicPem, 'test');
    const signed = JSON.parse(JSON.stringify(buildCertification(allPass(sampleReport()), suite, { certify: true, signKey: ed25519PrivateKey(pair.privatePem, 'test') }))) as Certification;
    expect(verifyCertification(signed, publicKey)).toMatchObject({ ok: true, certified: true, signatureVerified: true });
    expect(signed.signature?.keyFingerprint).toBe(pair.fingerprint);
    expect(verifyCertification(signed, ed25519PublicKey(other.publicPem, 'test'))).toMatchObject({ ok: false, problem: expect.stringMatching(/signature does not verify/) });
    // A changed verdict with a recomputed digest: only the signature shows it.
    const tampered = { ...signed, clauses: signed.clauses.map((c) => ({ ...c, verdict: 'pass' })) };
    const { digest: _d, signature: _s, ...body } = tampered;
    const redigested = { ...tampered, digest: { ...signed.digest, value: createHash('sha256').update(canonicalJson(body)).digest('hex') } };
    expect(verifyCertification(redigested)).toMatchObject({ ok: true });
    expect(verifyCertification(redigested, publicKey)).toMatchObject({ ok: false, problem: expect.stringMatching(/signature does not verify/) });
    expect(verifyCertification({ ...signed, seed: 1 }, publicKey)).toMatchObject({ ok: false, problem: 'the digest does not match the content' });
    const { signature: _unsigned, ...unsigned } = signed;
    expect(verifyCertification(unsigned, publicKey)).toMatchObject({ ok: false, problem: 'the certificate is not signed' });
    const record = buildCertification(sampleReport(), suite);
    expect(verifyCertification(record, publicKey)).toMatchObject({ ok: false, problem: expect.stringMatching(/not a certificate/) });
  });

  it.skipIf(!existsSync('/usr/bin/jq'))('can be recomputed with the documented jq recipe', () => {
    const cert = buildCertification(sampleReport(), suite);
    const out = execFileSync('sh', ['-c', "jq -cS 'del(.digest, .signature)' | tr -d '\\n' | sha256sum"], { input: JSON.stringify(cert, null, 2), encoding: 'utf8' });
    expect(out.split(' ')[0]).toBe(cert.digest.value);
    const signed = buildCertification(allPass(sampleReport()), suite, { certify: true, signKey: ed25519PrivateKey(newKeyPair().privatePem, 'test') });
    const again = execFileSync('sh', ['-c', "jq -cS 'del(.digest, .signature)' | tr -d '\\n' | sha256sum"], { input: JSON.stringify(signed, null, 2), encoding: 'utf8' });
    expect(again.split(' ')[0]).toBe(signed.digest.value);
  });

  it('identifies the suite by package version and, in a checkout, the commit', async () => {
    const v = await readSuiteVersion();
    expect(v.version).toMatch(/^\d+\.\d+\.\d+/);
    let head: string | undefined;
    try {
      head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // Not a checkout: no commit to compare.
    }
    expect(v.commit).toBe(head);
    if (head) expect(typeof v.dirty).toBe('boolean');
  });

  it('takes no commit from a repository the package is only installed in (under its node_modules/)', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'disco-suite-version-'));
    try {
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      git('init', '-q');
      writeFileSync(join(repo, 'README'), 'a project that uses disco\n');
      git('add', 'README');
      git('commit', '-q', '-m', 'start');
      const installed = join(repo, 'node_modules', 'disco');
      mkdirSync(installed, { recursive: true });
      expect((await readSuiteVersion(installed)).commit).toBeUndefined();
      // The same repository seen from its own tree is a checkout: its commit and state count.
      expect(await readSuiteVersion(repo)).toMatchObject({ commit: git('rev-parse', 'HEAD'), dirty: false });
      // A report folder left in the checkout changes nothing of the suite; a new check does (suites/index.ts runs it).
      mkdirSync(join(repo, 'disco-report'));
      writeFileSync(join(repo, 'disco-report', 'result.json'), '{}\n');
      expect((await readSuiteVersion(repo)).dirty).toBe(false);
      mkdirSync(join(repo, 'suites'));
      writeFileSync(join(repo, 'suites', 'zz-local.spec.ts'), '// a check of my own\n');
      expect((await readSuiteVersion(repo)).dirty).toBe(true);
      rmSync(join(repo, 'suites'), { recursive: true });
      writeFileSync(join(repo, 'README'), 'changed\n');
      expect((await readSuiteVersion(repo)).dirty).toBe(true);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
