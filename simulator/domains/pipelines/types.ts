/**
 * A pipeline of interface A. The definition document is kept as parsed JSON; its lifecycle is
 * derived from timestamps on the simulator's clock (see lifecycle.ts), never from timers.
 */
export interface Pipeline {
  id: number;
  name: string;
  definition: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  /** When the current deployment started (start), or null when not deployed. */
  deployedAt: number | null;
  /** When the pipeline was archived, or null. */
  archivedAt: number | null;
  /** Every state change, oldest first, for `GET /pipelines/{id}` history and for tests. */
  history: { at: number; from: string; to: string; reason: string }[];
}
