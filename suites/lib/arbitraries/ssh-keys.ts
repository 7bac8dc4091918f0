import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { RsaKeySource } from './rsa-keys.ts';
import { ecPublicPoint, ed25519PublicKey, rsaPublicNumbers, type RsaPublicNumbers } from './key-pairs.ts';

/**
 * Real OpenSSH public key lines (`<type> <base64 blob> <comment>`, the `id_*.pub` format) made
 * from fresh key pairs, so that every key a check registers is new and genuine. The blob is the
 * RFC 4253 / RFC 5656 / RFC 8709 wire encoding, written here rather than taken from ssh-keygen
 * so the checks need no external tool.
 */

export const SSH_KEY_KINDS = ['ed25519', 'rsa', 'ecdsa-p256', 'ecdsa-p384', 'ecdsa-p521'] as const;
export type SshKeyKind = (typeof SSH_KEY_KINDS)[number];

export interface OpenSshPublicKey {
  /** `ssh-ed25519`, `ssh-rsa`, `ecdsa-sha2-nistp256`, ... */
  type: string;
  /** The decoded key blob. */
  blob: Buffer;
  /** The whole line, with the comment when one was given. */
  line: string;
}

const ECDSA = {
  'ecdsa-p256': { curve: 'P-256', name: 'nistp256' },
  'ecdsa-p384': { curve: 'P-384', name: 'nistp384' },
  'ecdsa-p521': { curve: 'P-521', name: 'nistp521' },
} as const;

export function generateOpenSshKey(kind: SshKeyKind, comment = ''): OpenSshPublicKey {
  return withLine(publicBlob(kind), comment);
}

/**
 * Security-key (FIDO) public keys as OpenSSH writes them (PROTOCOL.u2f): an ECDSA P-256 or
 * Ed25519 key followed by the application string it is bound to, `ssh:` by default. Kept apart
 * from SSH_KEY_KINDS: many SSH services refuse them, so a check sends them on purpose.
 */
export const SECURITY_KEY_KINDS = ['sk-ecdsa-p256', 'sk-ed25519'] as const;
export type SecurityKeyKind = (typeof SECURITY_KEY_KINDS)[number];

export function generateSecurityKey(kind: SecurityKeyKind, comment = ''): OpenSshPublicKey {
  const application = sshString('ssh:');
  if (kind === 'sk-ed25519') {
    const type = 'sk-ssh-ed25519@openssh.com';
    return withLine({ type, blob: Buffer.concat([sshString(type), sshString(ed25519PublicKey()), application]) }, comment);
  }
  const type = 'sk-ecdsa-sha2-nistp256@openssh.com';
  return withLine({ type, blob: Buffer.concat([sshString(type), sshString('nistp256'), sshString(ecPublicPoint('P-256')), application]) }, comment);
}

function withLine({ type, blob }: { type: string; blob: Buffer }, comment: string): OpenSshPublicKey {
  return { type, blob, line: `${type} ${blob.toString('base64')}${comment === '' ? '' : ` ${comment}`}` };
}

function rsaBlob({ n, e }: RsaPublicNumbers): { type: string; blob: Buffer } {
  const type = 'ssh-rsa';
  return { type, blob: Buffer.concat([sshString(type), mpint(e), mpint(n)]) };
}

/**
 * The same, with RSA pairs made ahead in a child process (rsa-keys.ts): they take tens to
 * hundreds of milliseconds each, so a few are made while the check talks to the target.
 */
export async function freshOpenSshKey(kind: SshKeyKind, comment = ''): Promise<OpenSshPublicKey> {
  if (kind !== 'rsa') return generateOpenSshKey(kind, comment);
  return withLine(rsaBlob(await rsaKeys.take()), comment);
}

const rsaKeys = new RsaKeySource(3, Math.min(availableParallelism(), 4));

/** The run was interrupted: the RSA key makers stop now (RsaKeySource.stop); a key awaited is refused. */
export function stopMakingKeys(): void {
  rsaKeys.stop(new Error('the run was interrupted: no more keys are made'));
}

/** How a pasted key line is framed: `what` says so in a message; `refusable` where the spec leaves taking it open. */
export interface PastedKeyFraming {
  label: string;
  what: string;
  frame: (line: string) => string;
  refusable: boolean;
}

/**
 * Key lines as users paste them: with the line feed ssh-keygen writes, with the CR LF of a .pub
 * file saved or copied on Windows (PuTTYgen, Notepad), and with blanks around the line, as a copy
 * from a terminal or a page leaves them. A line's end frames the line and is no part of the key;
 * whether blanks around it are taken the spec leaves open.
 */
export const PASTED_KEY_FRAMINGS: readonly PastedKeyFraming[] = [
  { label: 'lf', what: 'ending in its line feed, as the .pub file ssh-keygen writes', frame: (line) => `${line}\n`, refusable: false },
  { label: 'crlf', what: 'ending in CR LF, as a .pub file saved or copied on Windows', frame: (line) => `${line}\r\n`, refusable: false },
  { label: 'blanks', what: 'with blanks around it (a space and a tab before, a space and a line feed after)', frame: (line) => ` \t${line} \n`, refusable: true },
];

/** The fingerprint the real service shows (docs/interface-b.md): MD5 of the blob, colon-separated lowercase hex. */
export function md5ColonHex(blob: Buffer): string {
  return (createHash('md5').update(blob).digest('hex').match(/../g) ?? []).join(':');
}

/**
 * The fingerprints of a key blob in the forms SSH services show (ssh-keygen -l's SHA256 and MD5,
 * with and without their prefix): one of these is the key's own fingerprint beyond doubt. A
 * deployment may show yet another form, which these cannot judge.
 */
export function usualFingerprints(blob: Buffer): string[] {
  const md5 = md5ColonHex(blob);
  const sha256 = createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return [md5, `MD5:${md5}`, `SHA256:${sha256}`, sha256];
}

function publicBlob(kind: SshKeyKind): { type: string; blob: Buffer } {
  if (kind === 'ed25519') {
    const type = 'ssh-ed25519';
    return { type, blob: Buffer.concat([sshString(type), sshString(ed25519PublicKey())]) };
  }
  if (kind === 'rsa') return rsaBlob(rsaPublicNumbers(2048));
  const { curve, name } = ECDSA[kind];
  const type = `ecdsa-sha2-${name}`;
  return { type, blob: Buffer.concat([sshString(type), sshString(name), sshString(ecPublicPoint(curve))]) };
}

/** RFC 4251 `string`: a uint32 length, then the bytes. */
function sshString(value: string | Buffer): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** RFC 4251 `mpint` of a positive big-endian number: no leading zeros, one 0x00 if the top bit is set. */
function mpint(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  const first = trimmed[0] ?? 0;
  return sshString(first & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}
