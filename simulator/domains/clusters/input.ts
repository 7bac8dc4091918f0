import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { CLUSTER_PLANS } from './plans.ts';

export interface ClusterFields {
  name?: string;
  description?: string;
  nodes?: number;
  type?: 'sandbox' | 'production';
  terminateOnIdle?: boolean;
  timeToIdle?: number;
  planId?: number;
}

/** The most nodes a cluster may ask for here (the real service's plans go higher; this is a fake). */
export const MAX_NODES = 64;

/**
 * A cluster body: the fields flat, or wrapped in `cluster` as the real service's Java client
 * sends them. `terminate_on_idle` takes a boolean or the Python client's 0/1. Every bad field is
 * named; unknown fields are ignored, as the real service does.
 */
export function parseClusterFields(raw: Record<string, unknown>, creating: boolean): ClusterFields {
  const body = raw.cluster !== null && typeof raw.cluster === 'object' && !Array.isArray(raw.cluster) ? (raw.cluster as Record<string, unknown>) : raw;
  const problems: FieldProblem[] = [];
  const out: ClusterFields = {};
  if (body.name !== undefined) {
    if (typeof body.name === 'string' && body.name.length <= 255) out.name = body.name;
    else problems.push({ field: 'name', message: 'must be a string of at most 255 characters' });
  }
  if (body.description !== undefined) {
    if (typeof body.description === 'string' && body.description.length <= 1000) out.description = body.description;
    else problems.push({ field: 'description', message: 'must be a string of at most 1000 characters' });
  }
  if (body.plan_id !== undefined) {
    if (typeof body.plan_id === 'number' && CLUSTER_PLANS.some((p) => p.id === body.plan_id)) out.planId = body.plan_id;
    else problems.push({ field: 'plan_id', message: `must be a plan id of GET /cluster_plans (${CLUSTER_PLANS.map((p) => p.id).join(', ')})` });
  }
  if (body.nodes !== undefined) {
    if (typeof body.nodes === 'number' && Number.isInteger(body.nodes) && body.nodes >= 1 && body.nodes <= MAX_NODES) out.nodes = body.nodes;
    else problems.push({ field: 'nodes', message: `must be an integer from 1 to ${MAX_NODES}` });
  } else if (creating && body.plan_id === undefined) problems.push({ field: 'nodes', message: 'is required (or plan_id)' });
  if (body.type !== undefined) {
    if (body.type === 'sandbox' || body.type === 'production') out.type = body.type;
    else problems.push({ field: 'type', message: 'must be sandbox or production' });
  }
  if (body.terminate_on_idle !== undefined) {
    const v = body.terminate_on_idle;
    if (typeof v === 'boolean' || v === 0 || v === 1) out.terminateOnIdle = v === true || v === 1;
    else problems.push({ field: 'terminate_on_idle', message: 'must be a boolean (or 0, 1)' });
  }
  if (body.time_to_idle !== undefined) {
    if (typeof body.time_to_idle === 'number' && Number.isInteger(body.time_to_idle) && body.time_to_idle >= 60 && body.time_to_idle <= 7 * 86_400) out.timeToIdle = body.time_to_idle;
    else problems.push({ field: 'time_to_idle', message: 'must be whole seconds from 60 to 604800' });
  }
  if (problems.length) throw invalidFields(problems);
  return out;
}
