import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePublicKeyLine, PublicKeyError } from './openssh.ts';
import { FIXED_ED25519, FIXED_P256_NO_COMMENT, keyLine, sshMpint, sshString, testKey, type TestKeyKind } from './openssh-test-keys.ts';
import { hasSshKeygen } from '../../../test/support/ssh-keygen.ts';

/** `ssh-keygen -l -E md5` on the line: the independent fingerprint, or null when it refuses it. */
function sshKeygenMd5(line: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'disco-ssh-'));
  try {
    const file = join(dir, 'key.pub');
    writeFileSync(file, `${line}\n`);
    const out = execFileSync('ssh-keygen', ['-l', '-E', 'md5', '-f', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /MD5:([0-9a-f:]{47})/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function md5Colons(blob: Buffer): string {
  return (createHash('md5').update(blob).digest('hex').match(/../g) ?? []).join(':');
}

function refusal(line: string): string {
  try {
    parsePublicKeyLine(line);
  } catch (err) {
    if (err instanceof PublicKeyError) return err.message;
    throw err;
  }
  throw new Error('the line was accepted');
}

const KINDS: TestKeyKind[] = ['rsa', 'ed25519', 'p256', 'p384', 'p521', 'sk-ed25519', 'sk-p256'];
const keygen = hasSshKeygen();

describe('parsePublicKeyLine', () => {
  it.each(KINDS)('reads a generated %s key: type, comment and the MD5 fingerprint of the blob', (kind) => {
    const key = testKey(kind, 'dev@laptop.example');
    const parsed = parsePublicKeyLine(key.line);
    expect(parsed).toEqual({ type: key.type, comment: 'dev@laptop.example', fingerprint: md5Colons(key.blob) });
    expect(parsed.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
  });

  it.runIf(keygen).each(KINDS)('agrees with ssh-keygen -l -E md5 on a generated %s key', (kind) => {
    const key = testKey(kind, 'dev@laptop.example');
    expect(sshKeygenMd5(key.line)).toBe(parsePublicKeyLine(key.line).fingerprint);
  });

  it('agrees with ssh-keygen on a 2048-bit RSA key', () => {
    const key = testKey('rsa', 'ops', 2048);
    const parsed = parsePublicKeyLine(key.line);
    if (keygen) expect(sshKeygenMd5(key.line)).toBe(parsed.fingerprint);
    expect(parsed.fingerprint).toBe(md5Colons(key.blob));
  });

  it('matches fingerprints ssh-keygen printed for keys it wrote (fixed pairs)', () => {
    expect(parsePublicKeyLine(FIXED_ED25519.line)).toEqual({ type: 'ssh-ed25519', fingerprint: FIXED_ED25519.fingerprint, comment: FIXED_ED25519.comment });
    expect(parsePublicKeyLine(FIXED_P256_NO_COMMENT.line)).toEqual({ type: 'ecdsa-sha2-nistp256', fingerprint: FIXED_P256_NO_COMMENT.fingerprint, comment: '' });
  });

  it('keeps a comment with spaces, drops surrounding whitespace and a trailing newline, accepts tabs between parts', () => {
    const key = testKey('ed25519');
    expect(parsePublicKeyLine(`  ${key.line} Ada Lovelace (work laptop)  \n`).comment).toBe('Ada Lovelace (work laptop)');
    expect(parsePublicKeyLine(`${key.type}\t${key.blob.toString('base64')}\tci`).comment).toBe('ci');
    expect(parsePublicKeyLine(key.line).comment).toBe('');
  });

  it('refuses lines that are not a single public key', () => {
    const key = testKey('ed25519', 'a');
    expect(refusal('')).toBe('is empty');
    expect(refusal('   \n ')).toBe('is empty');
    expect(refusal(`${key.line}\n${key.line}`)).toMatch(/single line/);
    expect(refusal(`${key.type} ${key.blob.toString('base64')} bell\u0007`)).toMatch(/control characters/);
    // Unicode's line separator is a line break too (and made the line pattern backtrack over every tab before it).
    expect(refusal(`${key.type}\t${key.blob.toString('base64')}${'\t'.repeat(8000)}\u2028second`)).toMatch(/control characters/);
    expect(refusal(key.blob.toString('base64'))).toMatch(/<key type> <base64 key>/);
    expect(refusal(`no-pty ${key.line}`)).toMatch(/of type ssh-rsa/); // authorized_keys options
    expect(refusal(`ssh-dss ${key.blob.toString('base64')}`)).toMatch(/of type/);
    expect(refusal(`${key.line} ${'x'.repeat(17 * 1024)}`)).toMatch(/longer than/);
  });

  it('refuses base64 that is malformed or not canonical', () => {
    const { type, blob } = testKey('p256');
    const b64 = blob.toString('base64');
    expect(blob.length % 3).toBe(2);
    expect(refusal(`${type} ${b64.replace(/=+$/, '')}`)).toMatch(/base64/); // padding dropped
    expect(refusal(`${type} ${b64.slice(0, 10)}*${b64.slice(11)}`)).toMatch(/base64/);
    // 104 bytes end in one '=': the low bits of the last character are padding, decoded to nothing.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const last = alphabet.indexOf(b64.at(-2) ?? 'A');
    const flipped = `${b64.slice(0, -2)}${alphabet[last ^ 1] ?? ''}=`;
    expect(Buffer.from(flipped, 'base64')).toEqual(blob);
    expect(refusal(`${type} ${flipped}`)).toMatch(/base64/);
  });

  it('refuses a blob whose inner type differs from the line, like the example key in the real docs', () => {
    const ed = testKey('ed25519');
    expect(refusal(keyLine('ssh-rsa', ed.blob))).toMatch(/blob whose type is not ssh-rsa/);
    const dssInRsaLine =
      'ssh-rsa AAAAB3NzaC1kc3MAAACBAJ7gwhsEDUOw1AkGD/9OhmyLVpDezUkAKUvSF//hdNX/uFNxqpnqunHRj1vhenM0CklrWDmgBe7K1tnPZzNb0kXfLDaBFkpuCfQLazWcTHUao5YvW4Ze8tzcPaNOrlg6Dlow1VfrFoX9zhjGKbPKUQlSKiRTf3mfB7MyWr3xNQ59AAAAFQCTGtEsp3X06DpK0X25zJXlGkhB+wAAAIBDHW10fingslAEmmp4cSKn7alYIannhtML7bHP62HaSJTV4jcCw88ZKU9sRp7D+t5qU0YaoTjvFOfVaiuekEM5Ch2A3RI+WkcmFUjP1+UFR6DKwUgCIjlokbwEgveEpttOBAODhD6OlL1977EUECwXLprYHoP37yHVqUfc78ui+gAAAIBR1dhKoMADWce31WA0arJKREJeiP0IEaR5xEEnclFkvRRhK71vszCWMeemjUPeahqgdVur4LQ2iX43KfESX8jpK3lDiRF4zsv8+2SeQIwi6XbRR0SpyuOVCtRtvQAbw/3n76htDtc9zDVw0qPrTjUEtONt9AE4McqF7V44wpwaYQ== owner@example.com';
    expect(refusal(dssInRsaLine)).toMatch(/blob whose type is not ssh-rsa/);
  });

  it('refuses truncated blobs and trailing data', () => {
    const { type, blob } = testKey('p256');
    expect(refusal(keyLine(type, blob.subarray(0, blob.length - 1)))).toMatch(/truncated/);
    expect(refusal(keyLine(type, blob.subarray(0, 2)))).toMatch(/truncated/);
    expect(refusal(keyLine(type, Buffer.concat([blob, Buffer.from([0])])))).toMatch(/trailing data/);
  });

  it('checks Ed25519 key length and the security-key application', () => {
    const short = Buffer.concat([sshString('ssh-ed25519'), sshString(Buffer.alloc(31, 7))]);
    expect(refusal(keyLine('ssh-ed25519', short))).toMatch(/31 bytes/);
    const sk = 'sk-ssh-ed25519@openssh.com';
    const noApp = Buffer.concat([sshString(sk), sshString(Buffer.alloc(32, 7))]);
    expect(refusal(keyLine(sk, noApp))).toMatch(/truncated/);
    expect(refusal(keyLine(sk, Buffer.concat([noApp, sshString('')])))).toMatch(/application/);
    expect(parsePublicKeyLine(keyLine(sk, Buffer.concat([noApp, sshString('ssh:')]))).type).toBe(sk);
  });

  it('checks the ECDSA curve name and that the point is an uncompressed point on the curve', () => {
    const type = 'ecdsa-sha2-nistp256';
    const { blob } = testKey('p256');
    const point = blob.subarray(blob.length - 65);
    const wrongCurve = Buffer.concat([sshString(type), sshString('nistp384'), sshString(point)]);
    expect(refusal(keyLine(type, wrongCurve))).toMatch(/curve is not nistp256/);
    const compressed = Buffer.concat([sshString(type), sshString('nistp256'), sshString(Buffer.concat([Buffer.from([2]), point.subarray(1, 33)]))]);
    expect(refusal(keyLine(type, compressed))).toMatch(/uncompressed/);
    const offCurve = Buffer.from(point);
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    expect(refusal(keyLine(type, Buffer.concat([sshString(type), sshString('nistp256'), sshString(offCurve)])))).toMatch(/valid public key/);
    const p384Point = testKey('p384').blob.subarray(-97);
    expect(refusal(keyLine(type, Buffer.concat([sshString(type), sshString('nistp256'), sshString(p384Point)])))).toMatch(/uncompressed nistp256/);
  });

  it('checks RSA parameters: canonical positive mpints, an odd exponent of at least 3, 1024 to 16384 bits', () => {
    const rsa = (e: Buffer, n: Buffer) => keyLine('ssh-rsa', Buffer.concat([sshString('ssh-rsa'), e, n]));
    const n1024 = Buffer.concat([Buffer.from([0xc1]), Buffer.alloc(126, 0x5a), Buffer.from([0x35])]);
    const e65537 = sshMpint(Buffer.from([1, 0, 1]));
    expect(refusal(rsa(sshMpint(Buffer.from([1, 0, 1])), sshMpint(n1024.subarray(64))))).toMatch(/RSA modulus of 511 bits/);
    expect(refusal(rsa(sshMpint(Buffer.from([4])), sshMpint(n1024)))).toMatch(/exponent/);
    expect(refusal(rsa(sshMpint(Buffer.from([1])), sshMpint(n1024)))).toMatch(/exponent/);
    expect(refusal(rsa(e65537, sshString(n1024)))).toMatch(/negative/); // top bit set, no 0 byte
    expect(refusal(rsa(e65537, sshString(Buffer.concat([Buffer.from([0, 0]), n1024]))))).toMatch(/canonical/);
    expect(refusal(rsa(e65537, sshString(Buffer.alloc(0))))).toMatch(/zero/);
    const even = Buffer.from(n1024);
    even[127] = 0x34;
    expect(refusal(rsa(e65537, sshMpint(even)))).toMatch(/even RSA modulus/);
    // A structurally valid 1024-bit modulus is accepted even if not a product of two primes: that
    // is not checkable from a public key, and ssh-keygen accepts it too.
    expect(parsePublicKeyLine(rsa(e65537, sshMpint(n1024))).type).toBe('ssh-rsa');
  });
});
