import { randomBytes } from 'node:crypto';

/** A new interface B API key: 40 lowercase hex characters, as the real service issues. */
export function newUserApiKey(): string {
  return randomBytes(20).toString('hex');
}
