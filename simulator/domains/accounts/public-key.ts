import { createHash } from 'node:crypto';
import type { AccountState } from '../../store.ts';

/**
 * The account's SSH public key (the real service makes one when an account is created; its
 * clients add it to a tunnel host's authorized keys). The simulator runs no tunnel, so it holds
 * no private key: the key is the OpenSSH form of an RSA public key whose 2048-bit modulus is drawn
 * from a hash of the account, so the same account always shows the same well-formed key, and no
 * two accounts share one; made again at each read (eight hashes), so nothing is kept. Nothing
 * secret goes into it.
 */
export function accountPublicKey(account: Pick<AccountState, 'id' | 'slug'>): string {
  const modulus = Buffer.concat(Array.from({ length: 8 }, (_, i) => createHash('sha256').update(`disco account key ${account.id} ${account.slug} ${i}`).digest()));
  modulus[0]! |= 0x80; // a full 2048 bits
  modulus[modulus.length - 1]! |= 0x01; // odd, as an RSA modulus is
  const blob = Buffer.concat([sshString(Buffer.from('ssh-rsa')), sshString(Buffer.from([0x01, 0x00, 0x01])), sshString(Buffer.concat([Buffer.from([0]), modulus]))]);
  return `ssh-rsa ${blob.toString('base64')} ${account.slug}@accounts.disco.invalid`;
}

/** RFC 4251's `string` (and `mpint`, given its bytes): a 32-bit big-endian length, then the bytes. */
function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}
