/**
 * A pipeline of interface A. The definition document is kept as parsed JSON, secrets included
 * (responses redact them); its lifecycle is derived from timestamps on the simulator's clock
 * (see lifecycle.ts), never from timers.
 */
export interface Pipeline {
  id: number;
  /** The definition's `name`, kept here for listing and the uniqueness rule. */
  name: string;
  definition: PipelineDefinition;
  createdAt: number;
  /** Last change of the definition or of the state through the API. */
  updatedAt: number;
  /** When the current deployment started (start, or a redeploy), or null when not deployed. */
  deployedAt: number | null;
  /** When the pipeline was archived, or null. */
  archivedAt: number | null;
  /** The last completed sync of an earlier deployment; the current one's is derived. */
  lastSyncAt: number | null;
  /** Every state change, oldest first, for `GET /pipelines/{id}` history and for tests. */
  history: HistoryEntry[];
  /**
   * How long its deployments' initial syncs last: the conventions' when it was made (as a job
   * keeps its pace). Absent in records stored before pipelines kept it: INITIAL_SYNC_MS.
   */
  initialSyncMs?: number;
}

/** A definition document that passed validation (fixtures/schemas/pipeline-definition.json). */
export type PipelineDefinition = Record<string, unknown> & { name: string };

/** The states a pipeline rests in. `status` groups them as the spec does (section 3A). */
export type PipelineState = 'not_deployed' | 'initial_sync' | 'continuous_sync' | 'archived';

/** Steps an archive goes through; instantaneous in the simulator, visible in the history only. */
export type TransientState = 'stopping' | 'tearing_down';

export type PipelineStatus = 'deployed' | 'not_deployed' | 'archived';

export type HistoryReason = 'start' | 'initial_sync_completed' | 'stop' | 'definition_changed' | 'archive' | 'stopped' | 'torn_down';

export interface HistoryEntry {
  at: number;
  from: PipelineState | TransientState;
  to: PipelineState | TransientState;
  reason: HistoryReason;
}
