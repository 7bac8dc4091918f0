import type { Sim } from '../../context.ts';
import { isoTime } from '../../clock.ts';
import { optionalIsoTime } from '../../http/time.ts';
import { redact } from './definition.ts';
import { lastSyncOf, stateOf, statusOf } from './lifecycle.ts';
import type { Pipeline } from './types.ts';

/** A pipeline's metadata (`GET /pipelines/{id}` and every other pipeline answer). */
export function presentPipeline(sim: Sim, pipeline: Pipeline, base: string): Record<string, unknown> {
  const now = sim.clock.now();
  const state = stateOf(pipeline, now);
  const url = `${base}/pipelines/${pipeline.id}`;
  return {
    id: pipeline.id,
    name: pipeline.name,
    state,
    status: statusOf(state),
    created_at: isoTime(pipeline.createdAt),
    updated_at: isoTime(pipeline.updatedAt),
    deployed_at: optionalIsoTime(pipeline.deployedAt),
    last_sync_at: optionalIsoTime(lastSyncOf(pipeline, now)),
    archived_at: optionalIsoTime(pipeline.archivedAt),
    url,
    definition_url: `${url}/definition`,
    history: pipeline.history.map((h) => ({ from: h.from, to: h.to, at: isoTime(h.at), reason: h.reason })),
  };
}

/** The definition as stored, with every secret replaced by the redaction marker. */
export function presentDefinition(pipeline: Pipeline): Record<string, unknown> {
  return redact(pipeline.definition) as Record<string, unknown>;
}
