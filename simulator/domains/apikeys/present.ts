import type { Sim } from '../../context.ts';
import { presentATime, presentOptionalATime } from '../../http/time.ts';
import { keyStatus } from './model.ts';
import type { PipelineApiKey } from './types.ts';

/** A key record as interface A shows it: never the full value (A-AUTH-3), only its preview. */
export function presentKey(sim: Sim, key: PipelineApiKey, base: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: key.id,
    name: key.name,
    preview: key.preview,
    admin: key.admin,
    status: keyStatus(key, sim.clock.now()),
    expires_at: presentOptionalATime(sim, key.expiresAt),
    revoked_at: presentOptionalATime(sim, key.revokedAt),
    created_at: presentATime(sim, key.createdAt),
    last_used_at: presentOptionalATime(sim, key.lastUsedAt),
    url: `${base}${sim.conventions.a.paths.key.replace(":id", String(key.id))}`,
  };
  if (key.leakedValue !== undefined && sim.faults.has('a-key-readable-after-create')) body.key = key.leakedValue;
  // The fault: a new key stays "pending pickup", shown whole, until a request authenticates with it.
  if (key.leakedValue !== undefined && key.lastUsedAt === null && sim.faults.has('a-new-key-shown-until-first-use')) body.key = key.leakedValue;
  // The fault: "an expired key authenticates nothing any more", so its record shows it whole for the audit trail.
  if (key.leakedValue !== undefined && body.status === 'expired' && sim.faults.has('a-expired-key-record-shows-value')) body.key = key.leakedValue;
  // The fault: a revoked key's row moves to an audit table kept in clear ("it can never authenticate
  // again"), which later reads of the record are served from; the revocation answer is built from
  // the live row before the move (presentRevokedKey).
  if (key.leakedValue !== undefined && body.status === 'revoked' && sim.faults.has('a-revoked-key-record-shows-value')) body.key = key.leakedValue;
  return body;
}

/**
 * The revocation answer: the record like any later answer, without the full value (A-AUTH-3).
 * The fault `a-revoke-answer-shows-key` is a deployment that keeps keys in clear and answers the
 * revocation with the whole stored row.
 */
export function presentRevokedKey(sim: Sim, key: PipelineApiKey, base: string): Record<string, unknown> {
  const body = presentKey(sim, key, base);
  // a-revoked-key-record-shows-value: the answer is built from the live row, before the move.
  if (sim.faults.has('a-revoked-key-record-shows-value') && !sim.faults.has('a-key-readable-after-create')) delete body.key;
  if (key.leakedValue !== undefined && sim.faults.has('a-revoke-answer-shows-key')) body.key = key.leakedValue;
  return body;
}

/** The create answer: the one and only time the full key is shown. */
export function presentCreatedKey(sim: Sim, key: PipelineApiKey, value: string, base: string): Record<string, unknown> {
  return { ...presentKey(sim, key, base), key: value };
}
