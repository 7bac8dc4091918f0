import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import type { DeliveryIntervalUnit } from './types.ts';
import type { Faults } from '../../faults.ts';

/** The interval units `POST /deliveries` takes (the real service's docs list these four there). */
export const NEW_DELIVERY_INTERVAL_UNITS: readonly DeliveryIntervalUnit[] = ['minutes', 'hours', 'days', 'weeks'];

export const DELIVERY_NAME_MAX_LENGTH = 255;
export const DELIVERY_DESCRIPTION_MAX_LENGTH = 1000;
/** The most interval units between two runs a delivery takes. */
export const MAX_INTERVAL_AMOUNT = 10_000;

/** One end of a new delivery: a connection of the account, named by type and id, and its properties. */
export interface NewDeliveryEnd {
  connection: { type: string; id: number };
  properties: Record<string, unknown>;
}

export interface NewDelivery {
  /** Absent: the model names it. */
  name?: string;
  description: string;
  intervalAmount: number;
  intervalUnit: DeliveryIntervalUnit;
  source: NewDeliveryEnd;
  destination: NewDeliveryEnd;
}

/**
 * The shape of a `POST /deliveries` body (the real service's, its API docs): `source` and
 * `destination` required, each `{connection: {type, id}, properties?}`; `name`, `description`,
 * `interval_amount` (default 1) and `interval_unit` (default `days`) optional. Every problem is
 * reported at once, each naming its field (`source.connection.id`). Whether the connections are
 * the caller's is the model's question.
 */
export function parseNewDelivery(body: Record<string, unknown>, faults?: Pick<Faults, 'has'>): NewDelivery {
  const problems: FieldProblem[] = [];
  const name = optionalText(body.name, 'name', DELIVERY_NAME_MAX_LENGTH, problems, { nonEmpty: true });
  const description = optionalText(body.description, 'description', DELIVERY_DESCRIPTION_MAX_LENGTH, problems) ?? '';
  let intervalAmount = 1;
  if (body.interval_amount !== undefined) {
    const amount = body.interval_amount;
    if (typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 1 && amount <= MAX_INTERVAL_AMOUNT) intervalAmount = amount;
    else problems.push({ field: 'interval_amount', message: `must be an integer from 1 to ${MAX_INTERVAL_AMOUNT}` });
  }
  let intervalUnit: DeliveryIntervalUnit = 'days';
  if (body.interval_unit !== undefined) {
    if (typeof body.interval_unit === 'string' && (NEW_DELIVERY_INTERVAL_UNITS as readonly string[]).includes(body.interval_unit)) intervalUnit = body.interval_unit as DeliveryIntervalUnit;
    else problems.push({ field: 'interval_unit', message: `must be one of ${NEW_DELIVERY_INTERVAL_UNITS.join(', ')}` });
  }
  const lengthChecked = faults?.has('b-delivery-null-property-500') ?? false;
  const source = parseEnd(body.source, 'source', problems, lengthChecked);
  const destination = parseEnd(body.destination, 'destination', problems, lengthChecked);
  if (problems.length || !source || !destination) throw invalidFields(problems);
  return { ...(name !== undefined ? { name } : {}), description, intervalAmount, intervalUnit, source, destination };
}

function parseEnd(value: unknown, field: string, problems: FieldProblem[], lengthChecked: boolean): NewDeliveryEnd | undefined {
  if (!isObject(value)) {
    problems.push({ field, message: 'is required: an object with a connection {type, id} and optional properties' });
    return undefined;
  }
  const connection = value.connection;
  let ref: NewDeliveryEnd['connection'] | undefined;
  if (!isObject(connection)) problems.push({ field: `${field}.connection`, message: 'is required: an object with the connection\'s type and id' });
  else {
    const { type, id } = connection;
    const typeOk = typeof type === 'string' && type !== '';
    const idOk = typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
    if (!typeOk) problems.push({ field: `${field}.connection.type`, message: 'must be a connection type such as mysql or s3' });
    if (!idOk) problems.push({ field: `${field}.connection.id`, message: 'must be a positive integer' });
    if (typeOk && idOk) ref = { type, id };
  }
  let properties: Record<string, unknown> = {};
  if (value.properties !== undefined) {
    if (isObject(value.properties)) {
      properties = value.properties;
      // b-delivery-null-property-500: each property's length read as if every value had one; a null crashes the handler.
      if (lengthChecked) for (const [name, v] of Object.entries(properties)) if ((v as { length?: number }).length !== undefined && (v as { length: number }).length > 255) problems.push({ field: `${field}.properties.${name}`, message: 'must be at most 255 characters' });
    } else problems.push({ field: `${field}.properties`, message: 'must be an object' });
  }
  return ref ? { connection: ref, properties } : undefined;
}

function optionalText(value: unknown, field: string, max: number, problems: FieldProblem[], options: { nonEmpty?: boolean } = {}): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || (options.nonEmpty && value.trim() === '')) problems.push({ field, message: options.nonEmpty ? 'must be a non-empty string' : 'must be a string' });
  else if (value.length > max) problems.push({ field, message: `must be at most ${max} characters` });
  else return value;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
