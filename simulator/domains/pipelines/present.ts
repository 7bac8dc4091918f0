import type { Sim } from '../../context.ts';
import { presentATime, presentOptionalATime } from '../../http/time.ts';
import { redact } from './definition.ts';
import { initialSyncMsOf, lastSyncOf, stateOf, statusOf } from './lifecycle.ts';
import type { Pipeline, PipelineState } from './types.ts';

/**
 * The fault `a-pipeline-created-by-key`'s audit: who made each pipeline, as the credentials
 * presented at its create. Written only while the fault is on (the create route), so it is empty
 * and every answer is the spec's otherwise.
 */
export const createdByFault = new WeakMap<Pipeline, string>();

/**
 * The fault `a-pipeline-updated-by-key`'s audit: who last changed each pipeline (PUT, PATCH,
 * start, stop), as the credentials presented. Written only while the fault is on (`noteUpdater`).
 */
const updatedByFault = new WeakMap<Pipeline, string>();

/** The fault `a-pipeline-updated-by-key`: a write of `pipeline` keeps its Authorization value (without `Bearer `) as `updated_by`. */
export function noteUpdater(sim: Sim, pipeline: Pipeline, authorization: string): void {
  if (sim.faults.has('a-pipeline-updated-by-key')) updatedByFault.set(pipeline, authorization.replace(/^bearer\s+/i, ''));
}

/** The faults' audit members, where a create or a write recorded one; nothing is looked up while the faults are off. */
function auditOf(sim: Sim, pipeline: Pipeline): Record<string, unknown> {
  const created = sim.faults.has('a-pipeline-created-by-key') ? createdByFault.get(pipeline) : undefined;
  const updated = sim.faults.has('a-pipeline-updated-by-key') ? updatedByFault.get(pipeline) : undefined;
  return { ...(created === undefined ? {} : { created_by: created }), ...(updated === undefined ? {} : { updated_by: updated }) };
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
  const deployed: PipelineState | null = pipeline.deployedAt === null ? null : now < pipeline.deployedAt + initialSyncMsOf(pipeline) ? 'initial_sync' : 'continuous_sync';
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
