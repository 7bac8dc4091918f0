import { generateKeyPairSync, type RSAKeyPairOptions } from 'node:crypto';

/**
 * The public parts of fresh key pairs, read from the DER that key generation writes itself.
 * Never through `KeyObject#export({ format: 'jwk' })`: on Node 20 that export can block its
 * thread for good when a garbage collection runs inside it (the collection frees a key
 * generation job, whose clean-up waits for the lock the export holds). Seen as a soak run that
 * hung with both RSA key makers stopped in that export; generating P-256 pairs and exporting
 * each as JWK in a loop hung within 4,000 pairs, while 115,000 pairs with the encoding done by
 * the generation went through.
 */

// Each generation below asks for the public key as DER: PKCS #1 (`SEQUENCE { INTEGER n, INTEGER
// e }`) for RSA, SubjectPublicKeyInfo otherwise; and for the private key (unused, but the
// typings want both once one is encoded) PKCS #8 DER.

/** An RSA public key's modulus and exponent, unsigned big-endian bytes without leading zeros (as a JWK writes them). */
export interface RsaPublicNumbers {
  n: Buffer;
  e: Buffer;
}

/** What `generateKeyPair('rsa', ...)` is asked for: both keys as DER, the public one as PKCS #1. */
export function rsaKeyPairOptions(modulusLength: number): RSAKeyPairOptions<'der', 'der'> {
  return { modulusLength, publicKeyEncoding: { type: 'pkcs1', format: 'der' }, privateKeyEncoding: { type: 'pkcs8', format: 'der' } };
}

/** `n` and `e` of a PKCS #1 RSA public key in DER. */
export function rsaNumbersOfDer(der: Buffer): RsaPublicNumbers {
  let at = 0;
  const header = (tag: number): number => {
    if (der[at++] !== tag) throw new Error('not a DER RSA public key');
    let length = der[at++] ?? 0;
    if (length & 0x80) {
      const bytes = length & 0x7f;
      length = 0;
      for (let i = 0; i < bytes; i++) length = length * 256 + (der[at++] ?? 0);
    }
    if (at + length > der.length) throw new Error('a DER RSA public key cut short');
    return length;
  };
  const integer = (): Buffer => {
    const length = header(0x02);
    let start = at;
    const end = at + length;
    at = end;
    while (start < end - 1 && der[start] === 0) start++;
    return der.subarray(start, end);
  };
  header(0x30);
  const n = integer();
  const e = integer();
  return { n, e };
}

export function rsaPublicNumbers(modulusLength: number): RsaPublicNumbers {
  return rsaNumbersOfDer(generateKeyPairSync('rsa', rsaKeyPairOptions(modulusLength)).publicKey);
}

/** The 32 bytes of a fresh Ed25519 public key: the end of its SubjectPublicKeyInfo. */
export function ed25519PublicKey(): Buffer {
  return generateKeyPairSync('ed25519', { publicKeyEncoding: { type: 'spki', format: 'der' }, privateKeyEncoding: { type: 'pkcs8', format: 'der' } }).publicKey.subarray(-32);
}

const COORDINATE_BYTES = { 'P-256': 32, 'P-384': 48, 'P-521': 66 } as const;

/** A fresh ECDSA public key as its uncompressed point (`04 || x || y`): the end of its SubjectPublicKeyInfo. */
export function ecPublicPoint(curve: keyof typeof COORDINATE_BYTES): Buffer {
  const der = generateKeyPairSync('ec', { namedCurve: curve, publicKeyEncoding: { type: 'spki', format: 'der' }, privateKeyEncoding: { type: 'pkcs8', format: 'der' } }).publicKey;
  const point = der.subarray(-(1 + 2 * COORDINATE_BYTES[curve]));
  if (point[0] !== 0x04) throw new Error(`the ${curve} key is not written as an uncompressed point`);
  return point;
}
