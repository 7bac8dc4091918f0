import { createHmac, randomBytes } from 'node:crypto';
import type { Sim } from '../context.ts';
import { pipelineKeyFrom } from '../domains/apikeys/generate.ts';

/**
 * The keys a seed gives its users and interface A keys when it names none: derived from a secret
 * of this simulator's own (random, made at its first seed) and where the key goes, so applying
 * the same seed again (a reset between tests) gives back the same keys, and the credentials a
 * test took at start (`sim.accounts`, `--write-target`) keep working. Another simulator, or this
 * one after a restart, derives other keys.
 */
const secrets = new WeakMap<Sim, Buffer>();

function secretOf(sim: Sim): Buffer {
  let secret = secrets.get(sim);
  if (!secret) secrets.set(sim, (secret = randomBytes(32)));
  return secret;
}

/** A user's interface B key: 40 lowercase hex characters, as `newUserApiKey` makes. */
export function seededUserKey(sim: Sim, slug: string, email: string): string {
  return createHmac('sha256', secretOf(sim)).update(`user\0${slug}\0${email}`).digest('hex').slice(0, 40);
}

/** The interface A key with id `id` of the account: `<prefix>_` and 40 base62 characters, as `newPipelineKey` makes. */
export function seededPipelineKey(sim: Sim, slug: string, id: number): string {
  return pipelineKeyFrom(sim.options.pipelineKeyPrefix, createHmac('sha512', secretOf(sim)).update(`pipeline-key\0${slug}\0${id}`).digest());
}
