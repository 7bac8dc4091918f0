import type { FieldProblem } from '../http/errors.ts';
import { parseIsoDateTime } from '../http/date-time.ts';
import { DELIVERY_INTERVAL_UNITS } from '../domains/deliveries/types.ts';
import { seededSettings } from '../domains/connections/input.ts';
import { MEMBER_ROLES } from '../domains/users/types.ts';
import { nodesProblem } from '../domains/clusters/size.ts';
import { parseBillingChange } from '../domains/billing/input.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Validates a seed document completely before anything is applied, so that a bad seed gets a
 * 422 naming the field and leaves the state as it was (never a 500 halfway through a reset).
 */
export function seedProblems(doc: unknown, path = 'seed'): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!isObject(doc) || !Array.isArray(doc.accounts)) return [{ field: `${path}.accounts`, message: 'must be an array' }];
  doc.accounts.forEach((account, i) => problems.push(...accountProblems(account, `${path}.accounts[${i}]`)));
  return problems;
}

export const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const MAX_GENERATED_INVOICES = 10_000;
const MAX_GENERATED_NOTIFICATIONS = 10_000;

/**
 * `existingConnections`: the names of the connections the account already has, when a seed
 * extends one (a delivery may name those too).
 */
export function accountProblems(account: unknown, at: string, existingConnections: readonly string[] = []): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const bad = (field: string, message: string) => problems.push({ field: `${at}.${field}`, message });
  if (!isObject(account)) return [{ field: at, message: 'must be an object' }];
  if (typeof account.slug !== 'string' || !SLUG.test(account.slug)) bad('slug', 'must be lowercase letters, digits and dashes, starting with a letter or digit');
  if (account.name !== undefined && typeof account.name !== 'string') bad('name', 'must be a string');
  list(account.users, 'users', bad, (u, f) => {
    if (typeof u.name !== 'string') f('name', 'must be a string');
    if (typeof u.email !== 'string') f('email', 'must be a string');
    for (const k of ['api_key', 'time_zone', 'location'] as const) if (u[k] !== undefined && typeof u[k] !== 'string') f(k, 'must be a string');
    if (typeof u.api_key === 'string' && !/^[A-Za-z0-9_-]{20,200}$/.test(u.api_key)) f('api_key', 'must be 20 to 200 letters, digits, _ or -');
    if (u.role !== undefined && !(MEMBER_ROLES as readonly unknown[]).includes(u.role)) f('role', `must be one of ${MEMBER_ROLES.join(', ')}`);
    if (u.notifications !== undefined && !(isObject(u.notifications) && Number.isSafeInteger(u.notifications.generate) && (u.notifications.generate as number) >= 0 && (u.notifications.generate as number) <= MAX_GENERATED_NOTIFICATIONS)) {
      f('notifications', `must be {"generate": N}, N an integer from 0 to ${MAX_GENERATED_NOTIFICATIONS}`);
    }
  });
  list(account.pipeline_keys, 'pipeline_keys', bad, (k, f) => {
    if (typeof k.name !== 'string' || k.name === '') f('name', 'must be a non-empty string');
    if (typeof k.admin !== 'boolean') f('admin', 'must be a boolean');
    if (k.key !== undefined && (typeof k.key !== 'string' || !/^[A-Za-z0-9]+_[A-Za-z0-9]{16,200}$/.test(k.key))) f('key', 'must be <prefix>_ followed by 16 to 200 letters or digits');
    if (k.expires_at !== undefined && k.expires_at !== null && (typeof k.expires_at !== 'string' || parseIsoDateTime(k.expires_at) === null)) f('expires_at', 'must be an ISO 8601 date-time or null');
  });
  list(account.packages, 'packages', bad, (p, f) => {
    if (typeof p.name !== 'string') f('name', 'must be a string');
    if (p.description !== undefined && typeof p.description !== 'string') f('description', 'must be a string');
    if (p.variables !== undefined && !(isObject(p.variables) && Object.values(p.variables).every((v) => typeof v === 'string'))) f('variables', 'must be an object of strings');
    if (p.status !== undefined && p.status !== 'active' && p.status !== 'archived') f('status', 'must be active or archived');
    if (p.flow_type !== undefined && p.flow_type !== 'dataflow' && p.flow_type !== 'workflow') f('flow_type', 'must be dataflow or workflow');
    if (p.outcome !== undefined && p.outcome !== 'completed' && p.outcome !== 'failed') f('outcome', 'must be completed or failed');
  });
  list(account.clusters, 'clusters', bad, (c, f) => {
    if (typeof c.name !== 'string') f('name', 'must be a string');
    if (c.nodes !== undefined && !(Number.isSafeInteger(c.nodes) && (c.nodes as number) > 0)) f('nodes', 'must be a positive integer');
    if (c.type !== undefined && c.type !== 'sandbox' && c.type !== 'production') f('type', 'must be sandbox or production');
    // The docs' size rule, as POST /clusters keeps it (clusters/size.ts).
    else if (c.type !== undefined && Number.isSafeInteger(c.nodes)) {
      const problem = nodesProblem(c.type as 'sandbox' | 'production', c.nodes as number);
      if (problem) f('nodes', problem);
    }
  });
  list(account.connections, 'connections', bad, (c, f) => {
    if (typeof c.name !== 'string') f('name', 'must be a string');
    if (typeof c.type !== 'string' || !/^[a-z0-9_]{1,40}$/.test(c.type)) f('type', 'must be a connection type id such as mysql');
    else if (c.attributes !== undefined) {
      if (!isObject(c.attributes)) f('attributes', 'must be an object of the type\'s attributes');
      else for (const p of seededSettings(c.type, c.attributes).problems) f(`attributes.${p.field}`, p.message);
    }
  });
  const invoices = account.invoices;
  if (isObject(invoices)) {
    if (!(Number.isSafeInteger(invoices.generate) && (invoices.generate as number) >= 0 && (invoices.generate as number) <= MAX_GENERATED_INVOICES)) bad('invoices.generate', `must be an integer from 0 to ${MAX_GENERATED_INVOICES}`);
  } else {
    list(invoices, 'invoices', bad, (v, f) => {
      if (v.id !== undefined && typeof v.id !== 'string') f('id', 'must be a string');
      if (typeof v.date !== 'string' || parseIsoDateTime(`${v.date}T00:00:00Z`) === null) f('date', 'must be a YYYY-MM-DD date');
      if (typeof v.amount !== 'number' || !Number.isFinite(v.amount)) f('amount', 'must be a number');
      if (v.currency !== undefined && typeof v.currency !== 'string') f('currency', 'must be a string');
      if (v.status !== undefined && !['pending', 'successful', 'failed'].includes(String(v.status))) f('status', 'must be pending, successful or failed');
    });
  }
  const notifications = account.notifications;
  if (isObject(notifications)) {
    if (!(Number.isSafeInteger(notifications.generate) && (notifications.generate as number) >= 0 && (notifications.generate as number) <= MAX_GENERATED_NOTIFICATIONS)) bad('notifications.generate', `must be an integer from 0 to ${MAX_GENERATED_NOTIFICATIONS}`);
  } else {
    list(notifications, 'notifications', bad, (n, f) => {
      if (typeof n.kind !== 'string') f('kind', 'must be a string');
      if (typeof n.message !== 'string') f('message', 'must be a string');
      if (n.read !== undefined && typeof n.read !== 'boolean') f('read', 'must be a boolean');
    });
  }
  const connectionNames = new Set([...existingConnections, ...(Array.isArray(account.connections) ? account.connections.map((c: unknown) => (isObject(c) ? c.name : undefined)) : [])]);
  list(account.deliveries, 'deliveries', bad, (d, f) => {
    if (typeof d.name !== 'string') f('name', 'must be a string');
    if (d.status !== undefined && !['idle', 'enabled', 'disabled'].includes(String(d.status))) f('status', 'must be idle, enabled or disabled');
    if (d.description !== undefined && typeof d.description !== 'string') f('description', 'must be a string');
    if (d.interval_amount !== undefined && !(Number.isSafeInteger(d.interval_amount) && Number(d.interval_amount) >= 1)) f('interval_amount', 'must be an integer of 1 or more');
    if (d.interval_unit !== undefined && !(DELIVERY_INTERVAL_UNITS as readonly unknown[]).includes(d.interval_unit)) f('interval_unit', `must be one of ${DELIVERY_INTERVAL_UNITS.join(', ')}`);
    for (const side of ['source', 'destination'] as const) {
      const end = d[side];
      if (end === undefined) continue;
      if (!isObject(end)) {
        f(side, 'must be an object');
        continue;
      }
      if (end.connection !== undefined && (typeof end.connection !== 'string' || !connectionNames.has(end.connection))) f(`${side}.connection`, 'must be the name of a connection of the account (in this seed or already there)');
      if (end.properties !== undefined && !isObject(end.properties)) f(`${side}.properties`, 'must be an object');
    }
  });
  if (account.billing !== undefined) {
    if (!isObject(account.billing)) bad('billing', 'must be an object');
    else {
      // The API's own check, with its messages (domains/billing/input.ts).
      try {
        parseBillingChange(account.billing);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        for (const p of error.problems) bad(`billing.${p.field}`, p.message);
      }
    }
  }
  list(account.pipelines, 'pipelines', bad, (p, f) => {
    if (typeof p.name !== 'string' || !PIPELINE_NAME.test(p.name)) f('name', 'must be 1 to 100 letters, digits, spaces, ., _ or -, starting with a letter or digit');
    for (const k of ['deployed', 'archivable', 'synced'] as const) if (p[k] !== undefined && typeof p[k] !== 'boolean') f(k, 'must be a boolean');
  });
  if (Array.isArray(account.pipelines)) {
    const names = account.pipelines.map((p: unknown) => (isObject(p) ? p.name : undefined));
    names.forEach((name, i) => {
      if (typeof name === 'string' && names.indexOf(name) !== i) bad(`pipelines[${i}].name`, 'repeats the name of another pipeline of the account; names must be unique');
    });
  }
  return problems;
}

/** The definition document's name rule (docs/interface-a.md). */
const PIPELINE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,99}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks an optional array of objects, naming each item's fields `<name>[i].<field>`. */
function list(
  value: unknown,
  name: string,
  bad: (field: string, message: string) => void,
  each: (item: Record<string, unknown>, fail: (field: string, message: string) => void) => void,
): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) return bad(name, 'must be an array');
  value.forEach((item, i) => {
    if (!isObject(item)) return bad(`${name}[${i}]`, 'must be an object');
    each(item, (field, message) => bad(`${name}[${i}].${field}`, message));
  });
}
