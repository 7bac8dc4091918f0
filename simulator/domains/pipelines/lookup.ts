import { setTimeout as sleep } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError } from '../../http/errors.ts';
import { pipelineNotFound } from './errors.ts';
import { parsePositiveId } from '../../http/path-id.ts';
import { inFirstAccount, inOtherAccount } from '../shared/foreign.ts';
import { settle, stateOf } from './lifecycle.ts';
import type { Pipeline } from './types.ts';

/**
 * The fault `a-pipeline-owned-by-creating-key`'s: the key each pipeline was made with through the
 * API, filled only while the fault is on.
 */
export const createdWithKeyFault = new WeakMap<Pipeline, { revokedAt: number | null }>();

/** How much slower the faults `a-foreign-404-slower`, `a-foreign-archive-404-slower`, `a-foreign-update-404-slower` and `a-non-admin-acl-foreign-slower` answer for another account's pipeline. */
export const FOREIGN_DELAY_MS = 20;

/** How long the fault `a-archived-foreign-slow-404`'s archive store takes to answer. */
export const ARCHIVE_STORE_DELAY_MS = 15;

/** The largest signed 32-bit integer: the fault `a-int32-pipeline-id-500` overflows above it. */
const INT32_MAX = 2_147_483_647;

/** What a handler looks a pipeline up for: a read (and start, stop), its archive, or a replace or update of its definition. */
export type PipelineUse = 'read' | 'archive' | 'update';

/**
 * Finds a pipeline of the caller's account by its path id. A malformed id, an absent one and
 * another account's are the same 404 (A-PIPE-3, A-ENUM-1), reached by the same work: a single
 * look in the caller's own map, where another account's pipeline simply is not (A-ENUM-2).
 */
export async function findPipeline(sim: Sim, account: AccountState, segment: string, use: PipelineUse = 'read', caller?: { admin: boolean }): Promise<Pipeline> {
  // The fault: path parameters (`;name=value` after a segment) stripped from the id, as servlet
  // containers strip them: `/pipelines/12;v=2` is pipeline 12.
  const params = sim.faults.has('a-id-path-parameters-stripped') ? (segment.split(';')[0] ?? segment) : segment;
  // The fault: a Rails-style format suffix (`.json`, `.yaml`, `.yml`) taken off the id segment
  // as the response format: `/pipelines/12.json` is pipeline 12.
  const rawId = sim.faults.has('a-id-format-suffix-stripped') ? params.replace(/\.(json|ya?ml)$/i, '') : params;
  // The faults: a friendly id (a slug, a dash, the id: `orders-12`) read by its trailing digits;
  // a signed-integer reader taking a negative id for its absolute value (`-12` is pipeline 12).
  const friendly = sim.faults.has('a-friendly-id-trailing-digits') ? /^[a-z][a-z0-9-]*-(\d+)$/i.exec(rawId)?.[1] : undefined;
  const unsigned = sim.faults.has('a-negative-id-absolute') && /^-\d+$/.test(rawId) ? rawId.slice(1) : undefined;
  // The fault: a parser that takes any Unicode decimal digit (Java's Long.parseLong): `１２` is pipeline 12.
  const widened = sim.faults.has('a-pipeline-id-unicode-digits') ? asciiDigits(rawId) : undefined;
  // The archive fault stands for a DELETE handler that reads its id with parseInt.
  const id = parsePositiveId(friendly ?? unsigned ?? widened ?? rawId) ?? (use === 'archive' && sim.faults.has('a-archive-id-parseint') ? leadingInteger(rawId) : null);
  if (id === null) {
    // A handler that takes what is not an id for a name, as a friendlier API might.
    const named = sim.faults.has('a-pipeline-id-as-name') ? byName(account, rawId) : undefined;
    if (named) {
      settle(named, sim.clock.now());
      return named;
    }
    if (sim.faults.has('a-non-integer-id-500')) throw new TypeError(`pipeline id ${rawId} is not a number`);
    throw pipelineNotFound();
  }
  // A lookup whose id column is 32-bit: a larger id overflows the query parameter.
  if (sim.faults.has('a-int32-pipeline-id-500') && id > INT32_MAX) throw new RangeError(`value ${id} is out of range for type integer`);
  // The fault: the runtime's pipeline_id is a protobuf int32, the id encoded as id | 0 (as
  // protobufjs does), so an id past 2^32 wraps onto a small one.
  const pipeline =
    account.pipelines.get(sim.faults.has('a-pipeline-id-int32-wrap') ? id | 0 : id) ??
    // a-legacy-pipelines-fallback: pipelines made before accounts were split out stay in the first account's map.
    (sim.faults.has('a-legacy-pipelines-fallback') ? inFirstAccount(sim, account, (first) => first.pipelines.get(id)) : undefined) ??
    (sim.faults.has('a-cross-account-pipelines') ? inOtherAccount(sim, account, (other) => other.pipelines.get(id)) : undefined);
  // The fault: non-admin keys go through a pipeline ACL that loads the id in any account before
  // the owner is compared, and refuses another account's pipeline 403 (an absent one stays 404).
  if (!pipeline && sim.faults.has('a-non-admin-acl-foreign-403') && caller !== undefined && !caller.admin && inOtherAccount(sim, account, (other) => other.pipelines.get(id))) throw new ApiError('forbidden', { message: 'Forbidden: this key may not access this pipeline.' });
  // The fault: non-admin keys go through a permissions service that loads the id in any account
  // before the owner is compared, a slower call: another account's pipeline answers later.
  if (!pipeline && caller !== undefined && !caller.admin && sim.faults.has('a-non-admin-acl-foreign-slower') && inOtherAccount(sim, account, (other) => other.pipelines.get(id))) await sleep(FOREIGN_DELAY_MS);
  if (!pipeline) throw await absent(sim, account, id, use);
  // The fault: pipelines belong to their account through a join with the account's active keys on
  // the key that made them, so once that key is revoked no key of the account finds them.
  if (sim.faults.has('a-pipeline-owned-by-creating-key') && (createdWithKeyFault.get(pipeline)?.revokedAt ?? null) !== null) throw await absent(sim, account, id, use);
  settle(pipeline, sim.clock.now());
  return pipeline;
}

/**
 * The fault `a-pipeline-id-unicode-digits`'s reading: a segment of decimal digits of any script
 * the fault's parser knows (ASCII, Arabic-Indic, extended Arabic-Indic, Devanagari, full-width),
 * written in ASCII; undefined where another character is in it.
 */
function asciiDigits(raw: string): string | undefined {
  const zeros = [0x30, 0x660, 0x6f0, 0x966, 0xff10];
  let out = '';
  for (const c of raw) {
    const code = c.codePointAt(0) ?? 0;
    const zero = zeros.find((z) => code >= z && code <= z + 9);
    if (zero === undefined) return undefined;
    out += String(code - zero);
  }
  return out === '' ? undefined : out;
}

/**
 * The answer for an id the caller's account does not have. Only the enumeration faults look
 * further, into other accounts, and only while they are on: without them there is no such work.
 */
async function absent(sim: Sim, account: AccountState, id: number, use: PipelineUse): Promise<ApiError> {
  // A miss taken for one of the caller's pipelines moved to an archive store: an id the archive's
  // filter knows (archived ids, of every account) is looked up there, a slower store, before the
  // owner is compared; any other id is answered at once.
  if (sim.faults.has('a-archived-foreign-slow-404') && inOtherAccount(sim, account, (other) => (other.pipelines.get(id)?.archivedAt ?? null) !== null || undefined)) await sleep(ARCHIVE_STORE_DELAY_MS);
  // A miss asked of the CDC runtime's registry of streaming deployments (a remote call), whose ids
  // are global: it holds the deployments past their initial sync, and answers for one slower.
  if (sim.faults.has('a-foreign-streaming-404-slower') && streamingElsewhere(sim, account, id)) await sleep(FOREIGN_DELAY_MS);
  // A miss asked of the CDC runtime's registry of streaming deployments, whose ids are global: it
  // answers for a deployment past its initial sync before the owner is compared (a deployment
  // still in its initial sync is not registered there yet).
  if (sim.faults.has('a-foreign-streaming-pipeline-403') && streamingElsewhere(sim, account, id)) {
    return new ApiError('forbidden', { message: 'Forbidden: this deployment belongs to another account.' });
  }
  // The archive fault stands for an archive handler that asks who owns the pipeline in a query of
  // its own; the update fault for replace and update handlers that lock the row by id (any
  // account) before they compare its owner.
  const slower = sim.faults.has('a-foreign-404-slower') || (use === 'archive' && sim.faults.has('a-foreign-archive-404-slower')) || (use === 'update' && sim.faults.has('a-foreign-update-404-slower'));
  const leaky = slower || sim.faults.has('a-foreign-pipeline-403') || sim.faults.has('a-foreign-404-body-differs') || sim.faults.has('a-foreign-404-last-modified');
  // Conditional requests done early: the ETag is stamped from the row loaded by id (whose account
  // is compared after), or, with no row, from the error body as any answer's.
  if (sim.faults.has('a-enum-etag-from-row')) {
    const loaded = inOtherAccount(sim, account, (other) => other.pipelines.get(id));
    const notFound = pipelineNotFound();
    const stamp = loaded ? `${loaded.id}:${loaded.updatedAt}` : notFound.message;
    return new ApiError('not_found', { message: notFound.message, headers: { ETag: `W/"${createHash('sha1').update(stamp).digest('hex').slice(0, 16)}"` } });
  }
  // Sticky routing: the 404 pins the client to the shard that owns the id it asked for (the
  // caller's own where no account holds it), found from the id before the owner is compared.
  if (sim.faults.has('a-foreign-404-shard-cookie')) {
    const owner = [...sim.store.accounts.values()].find((a) => a.pipelines.has(id)) ?? account;
    return new ApiError('not_found', { message: pipelineNotFound().message, headers: { 'Set-Cookie': `pipeline_shard=${owner.slug}; Path=/; HttpOnly` } });
  }
  const elsewhere = leaky ? inOtherAccount(sim, account, (other) => other.pipelines.get(id)) : undefined;
  if (!elsewhere) return pipelineNotFound();
  if (slower) await sleep(FOREIGN_DELAY_MS);
  if (sim.faults.has('a-foreign-pipeline-403')) return new ApiError('forbidden', { message: 'Forbidden: this pipeline belongs to another account.' });
  if (sim.faults.has('a-foreign-404-body-differs')) return new ApiError('not_found', { message: 'Pipeline not found in this account.' });
  // A handler that stamps the record it loaded before it checked whose the record is.
  if (sim.faults.has('a-foreign-404-last-modified')) return new ApiError('not_found', { message: pipelineNotFound().message, headers: { 'Last-Modified': new Date(elsewhere.updatedAt).toUTCString() } });
  return pipelineNotFound();
}

/** Whether the fault `a-foreign-streaming-pipeline-403`'s registry holds `pipeline`: deployed and past its initial sync. */
function streaming(pipeline: Pipeline | undefined, now: number): boolean {
  return pipeline !== undefined && stateOf(pipeline, now) === 'continuous_sync';
}

/** Whether another account than `account` has pipeline `id` past its initial sync: what the runtime's registry of streaming deployments (global ids) holds. */
function streamingElsewhere(sim: Sim, account: AccountState, id: number): boolean {
  return inOtherAccount(sim, account, (other) => (streaming(other.pipelines.get(id), sim.clock.now()) ? true : undefined)) !== undefined;
}

/** What `parseInt` makes of a path segment: its leading digits after any blanks (`12abc` is 12), or null. */
function leadingInteger(rawId: string): number | null {
  const n = Number.parseInt(decodedSegment(rawId), 10);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The caller's live pipeline named by a path segment (decoded where it decodes). */
function byName(account: AccountState, rawId: string): Pipeline | undefined {
  const name = decodedSegment(rawId);
  return [...account.pipelines.values()].find((p) => p.name === name && p.archivedAt === null);
}

/** A path segment decoded, or as sent where its escapes are malformed. */
function decodedSegment(rawId: string): string {
  try {
    return decodeURIComponent(rawId);
  } catch {
    return rawId;
  }
}
