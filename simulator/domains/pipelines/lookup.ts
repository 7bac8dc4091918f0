import { setTimeout as sleep } from 'node:timers/promises';
import type { Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { ApiError } from '../../http/errors.ts';
import { pipelineNotFound } from './errors.ts';
import { parsePositiveId } from '../../http/path-id.ts';
import { inOtherAccount } from '../shared/foreign.ts';
import { settle } from './lifecycle.ts';
import type { Pipeline } from './types.ts';

/** How much slower the faults `a-foreign-404-slower` and `a-foreign-archive-404-slower` answer for another account's pipeline. */
export const FOREIGN_DELAY_MS = 20;

/**
 * Finds a pipeline of the caller's account by its path id. A malformed id, an absent one and
 * another account's are the same 404 (A-PIPE-3, A-ENUM-1), reached by the same work: a single
 * look in the caller's own map, where another account's pipeline simply is not (A-ENUM-2).
 */
export async function findPipeline(sim: Sim, account: AccountState, rawId: string, use: 'read' | 'archive' = 'read'): Promise<Pipeline> {
  const id = parsePositiveId(rawId);
  if (id === null) {
    if (sim.faults.has('a-non-integer-id-500')) throw new TypeError(`pipeline id ${rawId} is not a number`);
    throw pipelineNotFound();
  }
  const pipeline = account.pipelines.get(id) ?? (sim.faults.has('a-cross-account-pipelines') ? inOtherAccount(sim, account, (other) => other.pipelines.get(id)) : undefined);
  if (!pipeline) throw await absent(sim, account, id, use);
  settle(pipeline, sim.clock.now());
  return pipeline;
}

/**
 * The answer for an id the caller's account does not have. Only the enumeration faults look
 * further, into other accounts, and only while they are on: without them there is no such work.
 */
async function absent(sim: Sim, account: AccountState, id: number, use: 'read' | 'archive'): Promise<ApiError> {
  // The archive fault stands for an archive handler that asks who owns the pipeline in a query of its own.
  const slower = sim.faults.has('a-foreign-404-slower') || (use === 'archive' && sim.faults.has('a-foreign-archive-404-slower'));
  const leaky = slower || sim.faults.has('a-foreign-pipeline-403') || sim.faults.has('a-foreign-404-body-differs') || sim.faults.has('a-foreign-404-last-modified');
  const elsewhere = leaky ? inOtherAccount(sim, account, (other) => other.pipelines.get(id)) : undefined;
  if (!elsewhere) return pipelineNotFound();
  if (slower) await sleep(FOREIGN_DELAY_MS);
  if (sim.faults.has('a-foreign-pipeline-403')) return new ApiError('forbidden', { message: 'Forbidden: this pipeline belongs to another account.' });
  if (sim.faults.has('a-foreign-404-body-differs')) return new ApiError('not_found', { message: 'Pipeline not found in this account.' });
  // A handler that stamps the record it loaded before it checked whose the record is.
  if (sim.faults.has('a-foreign-404-last-modified')) return new ApiError('not_found', { message: pipelineNotFound().message, headers: { 'Last-Modified': new Date(elsewhere.updatedAt).toUTCString() } });
  return pipelineNotFound();
}
