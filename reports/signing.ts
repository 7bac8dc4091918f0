import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Ed25519 signatures of certificates (node:crypto; no dependency). A certificate is signed over
 * the canonical JSON (RFC 8785) of the whole document without its `signature` member, the digest
 * included; the signature names the public key's fingerprint (SHA-256 of its SPKI DER, hex) so
 * a board can tell which of its keys to verify with.
 */

export interface SignatureBlock {
  algorithm: 'Ed25519';
  /** SHA-256 of the signer's public key (SPKI DER), lowercase hex. */
  keyFingerprint: string;
  covers: string;
  /** Base64 of the 64-byte signature. */
  value: string;
}

export class KeyError extends Error {
  override name = 'KeyError';
}

/** Reads a PEM private key and insists it is Ed25519 (the message never quotes the key). */
export function ed25519PrivateKey(pem: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (err) {
    // An encrypted key is a key: say what is wrong with it, not that it is none.
    const code = (err as NodeJS.ErrnoException).code;
    if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem) || code === 'ERR_MISSING_PASSPHRASE') {
      throw new KeyError(`${where} is encrypted: give the key unencrypted (disco keygen makes one; keep it 0600)`);
    }
    throw new KeyError(`${where} is not a PEM private key (make one with disco keygen)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new KeyError(`${where} is a ${key.asymmetricKeyType ?? 'unknown'} key; certificates are signed with Ed25519 (disco keygen)`);
  return key;
}

/** Reads a PEM public key (or the private key, whose public half is taken) and insists it is Ed25519. */
export function ed25519PublicKey(pem: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new KeyError(`${where} is not a PEM public key`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new KeyError(`${where} is a ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519`);
  return key;
}

export function keyFingerprint(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
}

export function signText(text: string, privateKey: KeyObject): SignatureBlock {
  return {
    algorithm: 'Ed25519',
    keyFingerprint: keyFingerprint(createPublicKey(privateKey)),
    covers: 'this document without its signature member, as canonical JSON (RFC 8785)',
    value: sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}

export function signatureValid(text: string, signature: SignatureBlock, publicKey: KeyObject): boolean {
  if (signature.algorithm !== 'Ed25519' || typeof signature.value !== 'string') return false;
  try {
    return verify(null, Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature.value, 'base64'));
  } catch {
    return false;
  }
}

/** A new Ed25519 key pair as PEM (PKCS#8 private, SPKI public). */
export function newKeyPair(): { privatePem: string; publicPem: string; fingerprint: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: keyFingerprint(publicKey),
  };
}
