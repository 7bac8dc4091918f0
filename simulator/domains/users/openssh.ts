import { createHash, createPublicKey, type JsonWebKey } from 'node:crypto';
import { decodeCanonicalBase64 } from '../../http/base64.ts';

/**
 * Parses one OpenSSH public key line (`<type> <base64 blob> [comment]`, the format of `id_*.pub`)
 * and checks the blob's wire structure (RFC 4253 section 6.6, RFC 5656, RFC 8709 and OpenSSH's
 * PROTOCOL.u2f for the security-key types): the type inside the blob matches the line's, every
 * field is present with the right length, nothing trails, and the key itself is a real one (RSA
 * parameters and EC points are loaded by Node's crypto, which refuses points off the curve).
 */

export const SSH_KEY_TYPES = [
  'ssh-rsa',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;

export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

export interface ParsedPublicKey {
  type: SshKeyType;
  /** MD5 of the decoded blob, 16 lowercase hex bytes joined by `:`. */
  fingerprint: string;
  /** The line's trailing comment, or "" when there is none. */
  comment: string;
}

/** Why a line is not a usable public key; the message never repeats the key. */
export class PublicKeyError extends Error {}

/** Longest accepted line: a 16384-bit RSA key is about 2.8 KB of base64. */
export const MAX_KEY_LINE = 16 * 1024;

const MIN_RSA_BITS = 1024; // what OpenSSH itself still accepts
const MAX_RSA_BITS = 16384;
const ED25519_KEY_BYTES = 32;
const MAX_APPLICATION_BYTES = 256;

const CURVES = {
  nistp256: { jwk: 'P-256', coordinateBytes: 32 },
  nistp384: { jwk: 'P-384', coordinateBytes: 48 },
  nistp521: { jwk: 'P-521', coordinateBytes: 66 },
} as const;
type CurveName = keyof typeof CURVES;

// C0 controls (tab aside), DEL and Unicode's line and paragraph separators have no place in a key
// line: a line break would smuggle a second key. (The line pattern's comment takes any character,
// so it always reaches the end once the first two parts match; with `.`, a separator after many
// tabs made it backtrack over every tab: quadratic in the line.)
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F\u2028\u2029]/;

/** `text` without the line feeds it ends in (a loop, not /\n+$/, which is quadratic in a run of line feeds not at the end). */
function withoutTrailingLineFeeds(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '\n') end--;
  return text.slice(0, end);
}

/**
 * `trustLengths`: the fault `b-ssh-key-blob-lengths-trusted`, a parser that believes the lengths
 * a key blob declares and reads past its end (a RangeError, a 500) on a truncated one.
 * `oneWordComment`: the fault `b-ssh-key-comment-one-word` (below).
 * `untrimmed`: the fault `b-ssh-key-trailing-newline-refused`, a parser that takes the text as the
 * line, so the line feed a .pub file ends in counts as a control character.
 * `lineFeedsChompedOnly`: the fault `b-ssh-key-crlf-refused`, a parser that chomps the line feeds
 * ending the text and trims nothing else (rstrip('\n')), so the CR of a line ending in CR LF, as a
 * .pub file saved on Windows is pasted, counts as a control character.
 * `skEcdsaNoApplication`: the fault `b-ssh-key-sk-ecdsa-refused` (in `checkBlob`).
 */
export function parsePublicKeyLine(text: string, options: { trustLengths?: boolean; oneWordComment?: boolean; untrimmed?: boolean; lineFeedsChompedOnly?: boolean; skEcdsaNoApplication?: boolean } = {}): ParsedPublicKey {
  const line = options.untrimmed === true ? text : options.lineFeedsChompedOnly === true ? withoutTrailingLineFeeds(text) : text.trim();
  if (line === '') throw new PublicKeyError('is empty');
  if (line.length > MAX_KEY_LINE) throw new PublicKeyError(`is longer than ${MAX_KEY_LINE} characters`);
  if (CONTROL.test(line)) throw new PublicKeyError('must be a single line without control characters');
  const match = /^(\S+)[ \t]+(\S+)(?:[ \t]+([^]*))?$/.exec(line);
  if (!match) throw new PublicKeyError('must be "<key type> <base64 key> [comment]"');
  const [, type = '', encoded = '', comment = ''] = match;
  // `oneWordComment`: the fault `b-ssh-key-comment-one-word`, a parser reading the line as three
  // words, so a comment such as ssh-keygen -C "Ada laptop" writes makes a valid key refused.
  if (options.oneWordComment && /\s/.test(comment.trim())) throw new PublicKeyError('must be "<key type> <base64 key> [comment]"');
  if (!isKeyType(type)) throw new PublicKeyError(`must be an OpenSSH public key of type ${SSH_KEY_TYPES.join(', ')}`);
  const blob = decodeBase64(encoded);
  checkBlob(type, blob, options.trustLengths === true, options.skEcdsaNoApplication === true);
  return { type, fingerprint: md5Fingerprint(blob), comment: comment.trim() };
}

export function md5Fingerprint(blob: Uint8Array): string {
  const hex = createHash('md5').update(blob).digest('hex');
  return hex.match(/../g)?.join(':') ?? hex;
}

function isKeyType(value: string): value is SshKeyType {
  return (SSH_KEY_TYPES as readonly string[]).includes(value);
}

function decodeBase64(encoded: string): Buffer {
  const blob = decodeCanonicalBase64(encoded);
  if (blob === null) throw new PublicKeyError('has a key part that is not valid base64');
  return blob;
}

function checkBlob(type: SshKeyType, blob: Buffer, trustLengths: boolean, skEcdsaNoApplication: boolean): void {
  const reader = new WireReader(blob, trustLengths);
  if (reader.readString('key type').toString('latin1') !== type) throw new PublicKeyError(`has a key blob whose type is not ${type}`);
  switch (type) {
    case 'ssh-rsa':
      checkRsa(reader);
      break;
    case 'ssh-ed25519':
      checkEd25519(reader);
      break;
    case 'sk-ssh-ed25519@openssh.com':
      checkEd25519(reader);
      checkApplication(reader);
      break;
    case 'ecdsa-sha2-nistp256':
    case 'ecdsa-sha2-nistp384':
    case 'ecdsa-sha2-nistp521':
      checkEcdsa(reader, type.slice('ecdsa-sha2-'.length) as CurveName);
      break;
    case 'sk-ecdsa-sha2-nistp256@openssh.com':
      checkEcdsa(reader, 'nistp256');
      // `skEcdsaNoApplication`: the fault `b-ssh-key-sk-ecdsa-refused`, a branch that forgets the
      // security key's application string, so the blob seems to have trailing data.
      if (!skEcdsaNoApplication) checkApplication(reader);
      break;
  }
  if (!reader.atEnd()) throw new PublicKeyError('has trailing data after the key');
}

function checkRsa(reader: WireReader): void {
  const e = reader.readPositiveMpint('RSA exponent');
  const n = reader.readPositiveMpint('RSA modulus');
  const bits = bitLength(n);
  if (bits < MIN_RSA_BITS || bits > MAX_RSA_BITS) throw new PublicKeyError(`has an RSA modulus of ${bits} bits; ${MIN_RSA_BITS} to ${MAX_RSA_BITS} are accepted`);
  const eLast = e[e.length - 1] ?? 0;
  if ((eLast & 1) === 0 || (e.length === 1 && eLast < 3)) throw new PublicKeyError('has an RSA exponent that is not an odd number of at least 3');
  if (((n[n.length - 1] ?? 0) & 1) === 0) throw new PublicKeyError('has an even RSA modulus');
  loadJwk({ kty: 'RSA', n: n.toString('base64url'), e: e.toString('base64url') });
}

function checkEd25519(reader: WireReader): void {
  const key = reader.readString('Ed25519 key');
  if (key.length !== ED25519_KEY_BYTES) throw new PublicKeyError(`has an Ed25519 key of ${key.length} bytes; it must be ${ED25519_KEY_BYTES}`);
}

function checkEcdsa(reader: WireReader, curve: CurveName): void {
  if (reader.readString('curve name').toString('latin1') !== curve) throw new PublicKeyError(`has a key blob whose curve is not ${curve}`);
  const point = reader.readString('EC point');
  const size = CURVES[curve].coordinateBytes;
  // OpenSSH writes uncompressed points only: 0x04 || X || Y.
  if (point.length !== 1 + 2 * size || point[0] !== 0x04) throw new PublicKeyError(`has an EC point that is not an uncompressed ${curve} point`);
  loadJwk({
    kty: 'EC',
    crv: CURVES[curve].jwk,
    x: point.subarray(1, 1 + size).toString('base64url'),
    y: point.subarray(1 + size).toString('base64url'),
  });
}

/** Security keys (FIDO) bind the key to an application string, `ssh:` by default. */
function checkApplication(reader: WireReader): void {
  const application = reader.readString('security key application');
  if (application.length === 0 || application.length > MAX_APPLICATION_BYTES) throw new PublicKeyError('has an invalid security key application');
  if (!/^[\x21-\x7e]+$/.test(application.toString('latin1'))) throw new PublicKeyError('has an invalid security key application');
}

function loadJwk(jwk: JsonWebKey): void {
  try {
    createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    throw new PublicKeyError('does not hold a valid public key');
  }
}

function bitLength(magnitude: Buffer): number {
  const top = magnitude[0] ?? 0;
  return (magnitude.length - 1) * 8 + (32 - Math.clz32(top));
}

/** Reads SSH wire format: uint32 big-endian lengths, then that many bytes. */
class WireReader {
  private offset = 0;

  constructor(
    private readonly data: Buffer,
    private readonly trustLengths = false,
  ) {}

  readString(what: string): Buffer {
    if (!this.trustLengths && this.data.length - this.offset < 4) throw new PublicKeyError(`has a truncated key blob (${what} missing)`);
    const length = this.data.readUInt32BE(this.offset);
    this.offset += 4;
    if (!this.trustLengths && length > this.data.length - this.offset) throw new PublicKeyError(`has a truncated key blob (${what} cut short)`);
    const value = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }

  /** A positive mpint in its canonical form; returns the magnitude without the sign byte. */
  readPositiveMpint(what: string): Buffer {
    const raw = this.readString(what);
    const first = raw[0];
    if (first === undefined) throw new PublicKeyError(`has a zero ${what}`);
    if (first & 0x80) throw new PublicKeyError(`has a negative ${what}`);
    if (first === 0) {
      // A leading zero is only allowed (and then required) before a byte with the top bit set.
      const next = raw[1];
      if (next === undefined || (next & 0x80) === 0) throw new PublicKeyError(`has a ${what} that is not a canonical mpint`);
      return raw.subarray(1);
    }
    return raw;
  }

  atEnd(): boolean {
    return this.offset === this.data.length;
  }
}
