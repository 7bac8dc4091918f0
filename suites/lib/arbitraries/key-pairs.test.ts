import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ecPublicPoint, ed25519PublicKey, rsaNumbersOfDer, rsaPublicNumbers } from './key-pairs.ts';

describe('public keys read from the DER their generation writes', () => {
  it('gives an RSA key the n and e its JWK gives', () => {
    for (const modulusLength of [1024, 2048]) {
      const { publicKey } = generateKeyPairSync('rsa', { modulusLength, publicKeyEncoding: { type: 'pkcs1', format: 'der' }, privateKeyEncoding: { type: 'pkcs8', format: 'der' } });
      const jwk = createPublicKey({ key: publicKey, format: 'der', type: 'pkcs1' }).export({ format: 'jwk' });
      const { n, e } = rsaNumbersOfDer(publicKey);
      expect(n.toString('base64url')).toBe(jwk.n);
      expect(e.toString('base64url')).toBe(jwk.e);
    }
    expect(rsaPublicNumbers(1024).n.length).toBe(128);
    expect(() => rsaNumbersOfDer(Buffer.from([0x30, 0x03, 0x02, 0x05, 0x01]))).toThrow(/cut short/);
    expect(() => rsaNumbersOfDer(Buffer.from([0x04, 0x00]))).toThrow(/not a DER RSA public key/);
  });

  it('gives Ed25519 and ECDSA public keys that are keys of their curve', () => {
    const x = ed25519PublicKey();
    expect(x.length).toBe(32);
    expect(createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: x.toString('base64url') }, format: 'jwk' }).asymmetricKeyType).toBe('ed25519');
    for (const [curve, size] of [['P-256', 32], ['P-384', 48], ['P-521', 66]] as const) {
      const point = ecPublicPoint(curve);
      expect(point.length).toBe(1 + 2 * size);
      // Importing checks that the point lies on the curve.
      const key = createPublicKey({ key: { kty: 'EC', crv: curve, x: point.subarray(1, 1 + size).toString('base64url'), y: point.subarray(1 + size).toString('base64url') }, format: 'jwk' });
      expect(key.asymmetricKeyDetails?.namedCurve).toBe({ 'P-256': 'prime256v1', 'P-384': 'secp384r1', 'P-521': 'secp521r1' }[curve]);
    }
  });

  it('makes thousands of key pairs in a row without hanging (a JWK export of each hung within 4,000 on Node 20)', async () => {
    // In a child, so that a hang is a timeout here rather than this test process stuck for good.
    const program = `
      const { ecPublicPoint } = await import(${JSON.stringify(fileURLToPath(new URL('./key-pairs.ts', import.meta.url)))});
      for (let i = 0; i < 12000; i++) ecPublicPoint('P-256');
      process.stdout.write('made\\n');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    expect(out).toBe('made\n');
    expect(code).toBe(0);
  }, 45_000);
});
