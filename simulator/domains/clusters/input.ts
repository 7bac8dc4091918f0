import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { CLUSTER_PLANS } from './plans.ts';
import { STACKS, isAccountRegion } from './placement.ts';
import { MAX_NODES } from './size.ts';
import type { BootstrapAction, ClusterPlacement } from './types.ts';

export interface ClusterFields {
  name?: string;
  description?: string;
  nodes?: number;
  type?: 'sandbox' | 'production';
  terminateOnIdle?: boolean;
  timeToIdle?: number;
  planId?: number;
  /** Creating only: the placement fields given (the rest take the defaults, placement.ts). */
  placement?: Partial<ClusterPlacement>;
}


/**
 * A cluster body: the fields flat, or wrapped in `cluster` as the real service's Java client
 * sends them. `terminate_on_idle` takes a boolean, the Python client's 0/1 or the docs' "t"
 * (`readFlag`). Every bad field is named; unknown fields are ignored, as the real service does.
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
    const flag = readFlag(body.terminate_on_idle);
    if (flag !== undefined) out.terminateOnIdle = flag;
    else problems.push({ field: 'terminate_on_idle', message: FLAG_MESSAGE });
  }
  if (body.time_to_idle !== undefined) {
    if (typeof body.time_to_idle === 'number' && Number.isInteger(body.time_to_idle) && body.time_to_idle >= 60 && body.time_to_idle <= 7 * 86_400) out.timeToIdle = body.time_to_idle;
    else problems.push({ field: 'time_to_idle', message: 'must be whole seconds from 60 to 604800' });
  }
  if (creating) {
    const placement = parsePlacement(body, problems);
    if (Object.keys(placement).length > 0) out.placement = placement;
  }
  if (problems.length) throw invalidFields(problems);
  return out;
}

/**
 * A yes-or-no field as the real docs have the cluster's take one: "If the value is set to either
 * true, t or 1" (sections/create-cluster.md, update-cluster.md), so `true`, `1`, `"t"`, `"true"`,
 * `"1"`, and their opposites `false`, `0`, `"f"`, `"false"`, `"0"`; anything else is undefined.
 */
function readFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 't' || value === 'true' || value === '1') return true;
  if (value === 0 || value === 'f' || value === 'false' || value === '0') return false;
  return undefined;
}

const FLAG_MESSAGE = 'must be true or false (or 1, 0, "t", "f")';

const MAX_TEXT = 255;
const MAX_BOOTSTRAP_ACTIONS = 20;
const MAX_SCRIPT_ARGS = 50;

/**
 * The docs' placement fields of `POST /clusters` (sections/create-cluster.md): `region` one of
 * `GET /regions`, `stack` one of `GET /stacks`, `zone` and the instance types text, spot prices
 * numbers of 0 or more, spot percentages from 0 to 1 (null: none), `allow_fallback` a yes or no
 * (`readFlag`), `bootstrap_actions` `{script_path, args?}` objects. `PUT` takes none of them (the
 * docs).
 */
function parsePlacement(body: Record<string, unknown>, problems: FieldProblem[]): Partial<ClusterPlacement> {
  const out: Partial<ClusterPlacement> = {};
  const text = (field: string, set: (v: string) => void) => {
    const v = body[field];
    if (v === undefined || v === null) return;
    if (typeof v === 'string' && v.trim() !== '' && v.length <= MAX_TEXT) set(v);
    else problems.push({ field, message: `must be a non-blank string of at most ${MAX_TEXT} characters` });
  };
  const number = (field: string, max: number, set: (v: number) => void) => {
    const v = body[field];
    if (v === undefined || v === null) return;
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max) set(v);
    else problems.push({ field, message: max === 1 ? 'must be a number from 0 to 1, or null' : 'must be a number of 0 or more (USD), or null' });
  };
  if (body.region !== undefined && body.region !== null) {
    if (isAccountRegion(body.region)) out.region = body.region;
    else problems.push({ field: 'region', message: 'must be a region id of GET /regions, such as amazon-web-services::us-east-1' });
  }
  if (body.stack !== undefined && body.stack !== null) {
    if (STACKS.some((st) => st.id === body.stack)) out.stack = body.stack as string;
    else problems.push({ field: 'stack', message: `must be a stack id of GET /stacks (${STACKS.map((st) => st.id).join(', ')})` });
  }
  text('zone', (v) => (out.zone = v));
  text('master_instance_type', (v) => (out.masterInstanceType = v));
  text('slave_instance_type', (v) => (out.slaveInstanceType = v));
  number('master_spot_price', 1_000_000, (v) => (out.masterSpotPrice = v));
  number('slave_spot_price', 1_000_000, (v) => (out.slaveSpotPrice = v));
  number('master_spot_percentage', 1, (v) => (out.masterSpotPercentage = v));
  number('slave_spot_percentage', 1, (v) => (out.slaveSpotPercentage = v));
  if (body.allow_fallback !== undefined && body.allow_fallback !== null) {
    const flag = readFlag(body.allow_fallback);
    if (flag !== undefined) out.allowFallback = flag;
    else problems.push({ field: 'allow_fallback', message: FLAG_MESSAGE });
  }
  if (body.bootstrap_actions !== undefined && body.bootstrap_actions !== null) {
    const actions = bootstrapActions(body.bootstrap_actions);
    if (actions) out.bootstrapActions = actions;
    else problems.push({ field: 'bootstrap_actions', message: `must be an array of at most ${MAX_BOOTSTRAP_ACTIONS} {script_path, args?} objects: script_path a non-blank string, args strings` });
  }
  return out;
}

function bootstrapActions(value: unknown): BootstrapAction[] | null {
  if (!Array.isArray(value) || value.length > MAX_BOOTSTRAP_ACTIONS) return null;
  const out: BootstrapAction[] = [];
  for (const item of value) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
    const { script_path: path, args } = item as Record<string, unknown>;
    if (typeof path !== 'string' || path.trim() === '' || path.length > 2048) return null;
    if (args !== undefined && !(Array.isArray(args) && args.length <= MAX_SCRIPT_ARGS && args.every((a) => typeof a === 'string' && a.length <= MAX_TEXT))) return null;
    out.push(args === undefined ? { script_path: path } : { script_path: path, args: [...(args as string[])] });
  }
  return out;
}
