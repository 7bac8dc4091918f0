import type { HistoryEntry, HistoryReason, Pipeline, PipelineState, PipelineStatus, TransientState } from './types.ts';

/**
 * The pipeline lifecycle (gap A-GAP-2), derived from timestamps on the simulator's clock: no
 * timers. A deployment starts in `initial_sync`, which lasts the pipeline's `initialSyncMs` (the
 * conventions': INITIAL_SYNC_MS in the standard ones), then syncs continuously; each completed
 * sync cycle moves `last_sync_at`.
 */
export const INITIAL_SYNC_MS = 60_000;

/** How long `pipeline`'s initial syncs last. */
export function initialSyncMsOf(pipeline: Pipeline): number {
  return pipeline.initialSyncMs ?? INITIAL_SYNC_MS;
}

/** A CDC pipeline completes a sync cycle this often once the initial sync is done. */
export const CDC_SYNC_INTERVAL_MS = 30_000;

export function stateOf(pipeline: Pipeline, now: number): PipelineState {
  if (pipeline.archivedAt !== null) return 'archived';
  if (pipeline.deployedAt === null) return 'not_deployed';
  return now < pipeline.deployedAt + initialSyncMsOf(pipeline) ? 'initial_sync' : 'continuous_sync';
}

/** The spec's coarse states (section 3A): deployed, not deployed, archived. */
export function statusOf(state: PipelineState): PipelineStatus {
  if (state === 'archived' || state === 'not_deployed') return state;
  return 'deployed';
}

export function isDeployed(pipeline: Pipeline): boolean {
  return pipeline.archivedAt === null && pipeline.deployedAt !== null;
}

/** When the latest completed sync finished: derived while deployed, remembered afterwards. */
export function lastSyncOf(pipeline: Pipeline, now: number): number | null {
  if (pipeline.deployedAt === null) return pipeline.lastSyncAt;
  const initialDone = pipeline.deployedAt + initialSyncMsOf(pipeline);
  if (now < initialDone) return pipeline.lastSyncAt;
  const interval = syncIntervalMs(pipeline);
  return initialDone + Math.floor((now - initialDone) / interval) * interval;
}

/** Batch pipelines run every `sync.interval_minutes`; CDC ones cycle every CDC_SYNC_INTERVAL_MS. */
function syncIntervalMs(pipeline: Pipeline): number {
  const sync = pipeline.definition.sync as { mode?: unknown; interval_minutes?: unknown } | undefined;
  return sync?.mode === 'batch' && typeof sync.interval_minutes === 'number' ? sync.interval_minutes * 60_000 : CDC_SYNC_INTERVAL_MS;
}

/**
 * Writes down what time alone did: the end of the initial sync. Called before every read and
 * every transition, so the history is complete and each transition's `from` is the state the
 * pipeline was really in.
 */
export function settle(pipeline: Pipeline, now: number): void {
  if (!isDeployed(pipeline) || pipeline.deployedAt === null) return;
  const last = pipeline.history.at(-1);
  const doneAt = pipeline.deployedAt + initialSyncMsOf(pipeline);
  if (last?.to === 'initial_sync' && now >= doneAt) record(pipeline, doneAt, 'initial_sync', 'continuous_sync', 'initial_sync_completed');
}

export function record(
  pipeline: Pipeline,
  at: number,
  from: PipelineState | TransientState,
  to: PipelineState | TransientState,
  reason: HistoryReason,
): void {
  const entry: HistoryEntry = { at, from, to, reason };
  pipeline.history.push(entry);
}

/** Starts a deployment now: `initial_sync` begins. */
export function deploy(pipeline: Pipeline, now: number, reason: 'start' | 'definition_changed'): void {
  const from = stateOf(pipeline, now);
  rememberLastSync(pipeline, now);
  record(pipeline, now, from, 'initial_sync', reason);
  pipeline.deployedAt = now;
}

/** Ends the deployment: the pipeline is not deployed any more. */
export function undeploy(pipeline: Pipeline, now: number): void {
  rememberLastSync(pipeline, now);
  pipeline.deployedAt = null;
}

function rememberLastSync(pipeline: Pipeline, now: number): void {
  pipeline.lastSyncAt = lastSyncOf(pipeline, now);
}
