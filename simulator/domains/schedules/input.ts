import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { parseIsoDateTime } from '../../http/date-time.ts';
import type { AccountState } from '../../store.ts';
import { INTERVAL_UNITS, REUSE_CLUSTER_STRATEGIES, type Schedule, type ScheduleTask } from './types.ts';

export type ScheduleFields = Partial<Pick<Schedule, 'name' | 'description' | 'status' | 'startAt' | 'intervalAmount' | 'intervalUnit' | 'reuseClusterStrategy' | 'overlap' | 'autoRetry' | 'autoRetryAttempts'>> & {
  /** The task's fields given; on an update, those left out keep their value. */
  task?: Partial<ScheduleTask>;
};

/**
 * A schedule body, flat or wrapped in `schedule` (the Java client wraps it). Creating needs
 * `name`, `start_at`, `interval_amount`, `interval_unit` and a `task` with at least one package
 * of the caller's account; every bad field is named at once; unknown fields are ignored.
 */
export function parseScheduleFields(raw: Record<string, unknown>, account: AccountState, creating: boolean): ScheduleFields {
  const body = raw.schedule !== null && typeof raw.schedule === 'object' && !Array.isArray(raw.schedule) ? (raw.schedule as Record<string, unknown>) : raw;
  const problems: FieldProblem[] = [];
  const out: ScheduleFields = {};
  const required = (field: string) => creating && body[field] === undefined && problems.push({ field, message: 'is required' });
  required('name');
  required('start_at');
  required('interval_amount');
  required('interval_unit');
  required('task');
  if (body.name !== undefined) {
    if (typeof body.name === 'string' && body.name.trim() !== '' && body.name.length <= 255) out.name = body.name;
    else problems.push({ field: 'name', message: 'must be a non-blank string of at most 255 characters' });
  }
  if (body.description !== undefined) {
    if (typeof body.description === 'string' && body.description.length <= 1000) out.description = body.description;
    else problems.push({ field: 'description', message: 'must be a string of at most 1000 characters' });
  }
  if (body.status !== undefined) {
    if (body.status === 'enabled' || body.status === 'disabled') out.status = body.status;
    else problems.push({ field: 'status', message: 'must be enabled or disabled' });
  }
  if (body.start_at !== undefined) {
    const at = typeof body.start_at === 'string' ? parseIsoDateTime(body.start_at) : null;
    if (at === null) problems.push({ field: 'start_at', message: 'must be an ISO 8601 date-time' });
    else out.startAt = at;
  }
  if (body.interval_amount !== undefined) {
    if (typeof body.interval_amount === 'number' && Number.isInteger(body.interval_amount) && body.interval_amount >= 1 && body.interval_amount <= 10_000) out.intervalAmount = body.interval_amount;
    else problems.push({ field: 'interval_amount', message: 'must be an integer from 1 to 10000' });
  }
  if (body.interval_unit !== undefined) {
    if ((INTERVAL_UNITS as readonly unknown[]).includes(body.interval_unit)) out.intervalUnit = body.interval_unit as Schedule['intervalUnit'];
    else problems.push({ field: 'interval_unit', message: `must be one of ${INTERVAL_UNITS.join(', ')}` });
  }
  if (body.reuse_cluster_strategy !== undefined) {
    if ((REUSE_CLUSTER_STRATEGIES as readonly unknown[]).includes(body.reuse_cluster_strategy)) out.reuseClusterStrategy = body.reuse_cluster_strategy as Schedule['reuseClusterStrategy'];
    else problems.push({ field: 'reuse_cluster_strategy', message: `must be one of ${REUSE_CLUSTER_STRATEGIES.join(', ')}` });
  }
  for (const [field, key] of [['overlap', 'overlap'], ['auto_retry', 'autoRetry']] as const) {
    if (body[field] === undefined) continue;
    if (typeof body[field] === 'boolean') out[key] = body[field];
    else problems.push({ field, message: 'must be true or false' });
  }
  if (body.auto_retry_attempts !== undefined) {
    if (typeof body.auto_retry_attempts === 'number' && Number.isInteger(body.auto_retry_attempts) && body.auto_retry_attempts >= 1 && body.auto_retry_attempts <= 5) out.autoRetryAttempts = body.auto_retry_attempts;
    else problems.push({ field: 'auto_retry_attempts', message: 'must be an integer from 1 to 5' });
  }
  if (body.task !== undefined) {
    const task = parseTask(body.task, account, problems, creating);
    if (task) out.task = task;
  }
  if (problems.length) throw invalidFields(problems);
  return out;
}

/**
 * A task, or the part of one an update gives. Creating needs `packages`; an update may leave it
 * out. A package id may be a string of digits, as the real docs' examples send it.
 */
function parseTask(value: unknown, account: AccountState, problems: FieldProblem[], creating: boolean): Partial<ScheduleTask> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ field: 'task', message: 'must be an object {nodes, terminate_on_idle, time_to_idle, packages: [{package_id, variables}]}' });
    return null;
  }
  const task = value as Record<string, unknown>;
  const before = problems.length;
  const out: Partial<ScheduleTask> = {};
  if (task.nodes !== undefined) {
    if (typeof task.nodes === 'number' && Number.isInteger(task.nodes) && task.nodes >= 1 && task.nodes <= 64) out.nodes = task.nodes;
    else problems.push({ field: 'task.nodes', message: 'must be an integer from 1 to 64' });
  }
  if (task.terminate_on_idle !== undefined) {
    if (typeof task.terminate_on_idle === 'boolean') out.terminate_on_idle = task.terminate_on_idle;
    else problems.push({ field: 'task.terminate_on_idle', message: 'must be true or false' });
  }
  if (task.time_to_idle !== undefined) {
    if (typeof task.time_to_idle === 'number' && Number.isInteger(task.time_to_idle) && task.time_to_idle >= 0 && task.time_to_idle <= 604_800) out.time_to_idle = task.time_to_idle;
    else problems.push({ field: 'task.time_to_idle', message: 'must be a whole number of seconds from 0 to 604800' });
  }
  if (task.packages === undefined && !creating) return problems.length > before ? null : out;
  if (!Array.isArray(task.packages) || task.packages.length === 0 || task.packages.length > 50) {
    problems.push({ field: 'task.packages', message: 'must list 1 to 50 packages' });
    return null;
  }
  out.packages = task.packages.map((p: unknown, i) => {
    const entry = p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : {};
    const id = typeof entry.package_id === 'string' && /^[0-9]{1,15}$/.test(entry.package_id) ? Number(entry.package_id) : entry.package_id;
    // Another account's package is answered like an absent one (B-AUTH-3).
    if (typeof id !== 'number' || !Number.isInteger(id) || !account.packages.has(id)) problems.push({ field: `task.packages[${i}].package_id`, message: "must be a package of the caller's account" });
    const variables = entry.variables ?? {};
    if (variables === null || typeof variables !== 'object' || Array.isArray(variables) || !Object.values(variables).every((v) => typeof v === 'string')) problems.push({ field: `task.packages[${i}].variables`, message: 'must be an object of strings' });
    return { package_id: id as number, variables: variables as Record<string, string> };
  });
  return problems.length > before ? null : out;
}
