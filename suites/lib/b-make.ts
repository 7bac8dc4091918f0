import { generateKeyPairSync } from 'node:crypto';
import type { CheckContext, Exchange } from './types.ts';
import { describeResponse } from './expect.ts';

/**
 * Things the interface B checks create through the public API (hooks, SSH keys, jobs), each
 * named after the run and removed again after the check. Hook types and settings are not in
 * the spec (gaps.md gives the real service's): when a target refuses the one we send, the
 * caller skips with the reason, except on the simulator, where that is a bug (an error).
 */

/** An inactive web hook: it never fires, so creating it has no effect outside the account. */
export function webHookBody(name: string): Record<string, unknown> {
  return { type: 'web', name, settings: { url: 'https://example.invalid/disco-hook' }, events: ['job.completed'], active: false };
}

/** A fresh `ssh-ed25519 AAAA... comment` line (RFC 4253 wire format of a real key). */
export function ed25519PublicKeyLine(comment: string): string {
  const der = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
  // The SPKI encoding of an Ed25519 key ends with the 32 raw key bytes.
  const raw = der.subarray(der.length - 32);
  const blob = Buffer.concat([lengthPrefixed(Buffer.from('ssh-ed25519')), lengthPrefixed(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

function lengthPrefixed(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** The integer `id` of a created resource, or undefined. */
export function idOf(ex: Exchange): number | undefined {
  const body = ex.json;
  const id = body && typeof body === 'object' ? (body as Record<string, unknown>).id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/**
 * Stops the check when setting up failed: a skip with the reason on other targets (the spec
 * leaves hook types, settings and such open), an error on the simulator, where it is a bug.
 */
export function setupFailed(t: CheckContext, what: string, ex: Exchange): never {
  const reason = `could not ${what}: ${describeResponse(ex)}`;
  if (t.target.controlUrl !== undefined) throw new Error(reason);
  t.skip(reason);
}

/** Creates an inactive web hook in `account` and registers its removal. Returns the answer. */
export async function makeHook(t: CheckContext, account: 0 | 1, base: string): Promise<{ id: number; created: Exchange }> {
  const created = await t.b(account).post('/hooks', { body: webHookBody(t.name(base)) });
  const id = idOf(created);
  if (created.response.status >= 300 || id === undefined) setupFailed(t, `create a web hook with POST /hooks in account ${account + 1}`, created);
  registerDelete(t, account, `/hooks/${id}`, `delete hook ${id} of account ${account + 1}`);
  return { id, created };
}

/** Adds an SSH key to the user of `account` and registers its removal. */
export async function makeSshKey(t: CheckContext, account: 0 | 1, base: string): Promise<{ id: number; created: Exchange }> {
  const created = await t.b(account).post('/user/keys', { body: { name: t.name(base), public_key: ed25519PublicKeyLine(t.name(base)) } });
  const id = idOf(created);
  if (created.response.status >= 300 || id === undefined) setupFailed(t, `add an SSH key with POST /user/keys in account ${account + 1}`, created);
  registerDelete(t, account, `/user/keys/${id}`, `delete SSH key ${id} of account ${account + 1}`);
  return { id, created };
}

/**
 * Starts a job of the account's fixture package on its fixture cluster and registers a stop
 * (DELETE /jobs/{id}, an extension; jobs cannot be deleted). Undefined when the account has no
 * such fixtures.
 */
export async function makeJob(t: CheckContext, account: 0 | 1): Promise<{ id: number; created: Exchange } | undefined> {
  const fixtures = t.target.b[account]?.fixtures;
  if (fixtures?.package_id === undefined || fixtures.cluster_id === undefined) return undefined;
  const created = await t.b(account).post('/jobs', { body: { cluster_id: fixtures.cluster_id, package_id: fixtures.package_id, variables: {}, dynamic_variables: {} } });
  const id = idOf(created);
  if (created.response.status >= 300 || id === undefined) setupFailed(t, `start a job with POST /jobs in account ${account + 1}`, created);
  registerDelete(t, account, `/jobs/${id}`, `stop job ${id} of account ${account + 1}`);
  return { id, created };
}

/**
 * Registers `DELETE path` as an undo step that throws unless the answer is a 2xx, or a 404 (gone
 * already, say deleted by the check itself): whatever stays behind then shows in the run's
 * leftovers instead of passing unnoticed. A target without the DELETE (an extension) lists it too.
 */
export function registerDelete(t: CheckContext, account: 0 | 1, path: string, label = `DELETE ${path} of account ${account + 1}`): void {
  t.cleanup(label, async () => {
    const ex = await t.b(account).delete(path);
    const status = ex.response.status;
    if ((status < 200 || status >= 300) && status !== 404) throw new Error(`DELETE ${path} answered ${status}`);
  });
}

/** The fields PUT /user takes (spec §4), as GET /user shows them. */
const USER_FIELDS = ['name', 'email', 'time_zone', 'location', 'notification_settings'] as const;

/** The full PUT /user body for `user` (a GET /user body), optionally with some fields replaced. */
export function userPutBody(user: Record<string, unknown>, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of USER_FIELDS) if (user[field] !== undefined) body[field] = user[field];
  return { ...body, ...changes };
}

/**
 * Reads the user of account 1 (GET /user, an extension) and registers putting every field
 * PUT /user takes back as it was; the restore throws on a non-2xx so a changed user is listed as
 * a leftover. Undefined (nothing registered) when the target does not serve GET /user.
 */
export async function restoreUserAfter(t: CheckContext): Promise<{ exchange: Exchange; user: Record<string, unknown> } | undefined> {
  const exchange = await t.b().get('/user');
  const json = exchange.json;
  if (exchange.response.status !== 200 || !json || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const user = json as Record<string, unknown>;
  const body = userPutBody(user);
  t.cleanup('restore the user (PUT /user with its original fields)', async () => {
    const ex = await t.b().put('/user', { body });
    if (ex.response.status < 200 || ex.response.status >= 300) throw new Error(`PUT /user answered ${ex.response.status}`);
  });
  return { exchange, user };
}
