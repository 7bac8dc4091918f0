import type { Sim } from '../../context.ts';
import { presentATime, presentOptionalATime } from '../../http/time.ts';
import { redact } from './definition.ts';
import { INITIAL_SYNC_MS, lastSyncOf, stateOf, statusOf } from './lifecycle.ts';
import type { Pipeline, PipelineState } from './types.ts';

/**
 * The fault `a-pipeline-created-by-key`'s audit: who made each pipeline, as the credentials
 * presented at its create. Written only while the fault is on (the create route), so it is empty
 * and every answer is the spec's otherwise.
 */
export const createdByFault = new WeakMap<Pipeline, string>();

/** The fault's audit member, where the create recorded one; nothing is looked up while the fault is off. */
function auditOf(sim: Sim, pipeline: Pipeline): Record<string, unknown> {
  if (!sim.faults.has('a-pipeline-created-by-key')) return {};
  const by = createdByFault.get(pipeline);
  return by === undefined ? {} : { created_by: by };
}

/** A pipeline's URL under the interface's base: its `url` (or `links.self`) and a create's `Location`. */
export function pipelineUrl(base: string, pipeline: Pipeline): string {
  return `${base}/pipelines/${pipeline.id}`;
}

/** A pipeline's metadata (`GET /pipelines/{id}` and every other pipeline answer). */
export function presentPipeline(sim: Sim, pipeline: Pipeline, base: string): Record<string, unknown> {
  const now = sim.clock.now();
  const url = pipelineUrl(base, pipeline);
  if (sim.conventions.a.metadata === 'with-deployment-count') return presentWithDeploymentCount(sim, pipeline, url, now);
  const state = stateOf(pipeline, now);
  return {
    id: pipeline.id,
    name: pipeline.name,
    state,
    status: statusOf(state),
    created_at: presentATime(sim, pipeline.createdAt),
    updated_at: presentATime(sim, pipeline.updatedAt),
    deployed_at: presentOptionalATime(sim, pipeline.deployedAt),
    last_sync_at: presentOptionalATime(sim, lastSyncOf(pipeline, now)),
    archived_at: presentOptionalATime(sim, pipeline.archivedAt),
    url,
    definition_url: `${url}/definition`,
    history: pipeline.history.map((h) => ({ from: h.from, to: h.to, at: presentATime(sim, h.at), reason: h.reason })),
    ...auditOf(sim, pipeline),
  };
}

/**
 * The metadata of the `alt` conventions: the state in their own words (`phase`), read from the
 * deployment first where they say so (a pipeline still deployed shows as running, whatever else
 * is recorded), a count of deployments in place of the history, links in one object.
 */
function presentWithDeploymentCount(sim: Sim, pipeline: Pipeline, url: string, now: number): Record<string, unknown> {
  const { state: naming } = sim.conventions.a;
  const deployed: PipelineState | null = pipeline.deployedAt === null ? null : now < pipeline.deployedAt + INITIAL_SYNC_MS ? 'initial_sync' : 'continuous_sync';
  const state = naming.deploymentFirst && deployed !== null ? deployed : stateOf(pipeline, now);
  return {
    id: pipeline.id,
    name: pipeline.name,
    [naming.field]: naming.names[state],
    deployments: pipeline.history.filter((h) => h.to === 'initial_sync').length,
    created_at: presentATime(sim, pipeline.createdAt),
    updated_at: presentATime(sim, pipeline.updatedAt),
    last_sync_at: presentOptionalATime(sim, lastSyncOf(pipeline, now)),
    archived_at: presentOptionalATime(sim, pipeline.archivedAt),
    links: { self: url, definition: `${url}/definition` },
    ...auditOf(sim, pipeline),
  };
}

/** The definition as stored, with every secret replaced by the redaction marker. */
export function presentDefinition(pipeline: Pipeline): Record<string, unknown> {
  return redact(pipeline.definition) as Record<string, unknown>;
}
