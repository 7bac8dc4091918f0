// Key pairs through the suites' generator, which reads public keys from DER (a JWK export can hang on Node 20).
import { ecPublicPoint, ed25519PublicKey, rsaPublicNumbers } from '../../../suites/lib/arbitraries/key-pairs.ts';

/**
 * Test support: real key pairs from Node's crypto, written out as OpenSSH public key lines by an
 * encoder of its own (independent of the parser under test), so the tests feed the simulator
 * exactly what `ssh-keygen` writes into an `id_*.pub` file.
 */

export type TestKeyKind = 'rsa' | 'ed25519' | 'p256' | 'p384' | 'p521' | 'sk-ed25519' | 'sk-p256';

export interface TestKey {
  kind: TestKeyKind;
  type: string;
  blob: Buffer;
  line: string;
}

/** An SSH wire `string`: uint32 big-endian length, then the bytes. */
export function sshString(value: Buffer | string): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'latin1') : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** An SSH wire `mpint` of a non-negative magnitude: minimal, with a 0 byte before a set top bit. */
export function sshMpint(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.subarray(start);
  const body = (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
  return sshString(body);
}

const CURVES = { p256: ['P-256', 'nistp256'], p384: ['P-384', 'nistp384'], p521: ['P-521', 'nistp521'] } as const;

export function blobOf(kind: TestKeyKind, rsaBits = 1024): { type: string; blob: Buffer } {
  switch (kind) {
    case 'rsa': {
      const { n, e } = rsaPublicNumbers(rsaBits);
      return { type: 'ssh-rsa', blob: Buffer.concat([sshString('ssh-rsa'), sshMpint(e), sshMpint(n)]) };
    }
    case 'ed25519':
      return { type: 'ssh-ed25519', blob: Buffer.concat([sshString('ssh-ed25519'), sshString(ed25519PublicKey())]) };
    case 'sk-ed25519': {
      const type = 'sk-ssh-ed25519@openssh.com';
      return { type, blob: Buffer.concat([sshString(type), sshString(ed25519PublicKey()), sshString('ssh:')]) };
    }
    case 'sk-p256': {
      const type = 'sk-ecdsa-sha2-nistp256@openssh.com';
      return { type, blob: Buffer.concat([sshString(type), sshString('nistp256'), sshString(ecPublicPoint('P-256')), sshString('ssh:')]) };
    }
    default: {
      const [namedCurve, sshCurve] = CURVES[kind];
      const type = `ecdsa-sha2-${sshCurve}`;
      return { type, blob: Buffer.concat([sshString(type), sshString(sshCurve), sshString(ecPublicPoint(namedCurve))]) };
    }
  }
}

export function keyLine(type: string, blob: Buffer, comment = ''): string {
  return comment === '' ? `${type} ${blob.toString('base64')}` : `${type} ${blob.toString('base64')} ${comment}`;
}

export function testKey(kind: TestKeyKind, comment = '', rsaBits = 1024): TestKey {
  const { type, blob } = blobOf(kind, rsaBits);
  return { kind, type, blob, line: keyLine(type, blob, comment) };
}

/** Written by `ssh-keygen -t ed25519 -C fixture@disco.example`; `ssh-keygen -l -E md5` printed the fingerprint. */
export const FIXED_ED25519 = {
  line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF63DzhK92UI+qugSErwz82S62VmQ2Sj+DZx6r0z8yPF fixture@disco.example',
  fingerprint: 'f1:f4:6c:dc:d2:5e:18:ba:f3:fb:0e:b7:bf:15:03:18',
  comment: 'fixture@disco.example',
};

/** Written by `ssh-keygen -t ecdsa -b 256 -C ''`, so it has no comment. */
export const FIXED_P256_NO_COMMENT = {
  line: 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBBnLJecNFe4wFQHMRtrnyyVSkuXSUGxJYwvFpjGY8noIKIw+wOL6YQ1cNy6a3akhZ//id6u5uSiSW4+m4VpVW1c=',
  fingerprint: '0e:b4:46:32:dd:5a:35:dd:79:25:e6:08:ba:17:e3:32',
};
