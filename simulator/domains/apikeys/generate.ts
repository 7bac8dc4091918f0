import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new interface A key: `<prefix>_` followed by 40 base62 characters. */
export function newPipelineKey(prefix: string): string {
  return pipelineKeyFrom(prefix, randomBytes(40));
}

/** `<prefix>_` followed by a base62 character for each of the first 40 of `bytes`. */
export function pipelineKeyFrom(prefix: string, bytes: Uint8Array): string {
  let body = '';
  for (const byte of bytes.subarray(0, 40)) body += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${body}`;
}

/** What listings may show of a key: the prefix and the first four characters after it. */
export function keyPreview(key: string, prefix: string): string {
  return `${key.slice(0, prefix.length + 5)}…`;
}
