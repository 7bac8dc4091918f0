import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { NAME_MAX_LENGTH } from './model.ts';
import { attributesOf, type AttributeSpec } from './attributes.ts';
import { parseIsoDateTime } from '../../http/date-time.ts';

export const DESCRIPTION_MAX_LENGTH = 1000;

/** A reference to an existing connection in `POST /connection_groups`. */
export interface ConnectionRef {
  id: number;
  type: string;
}

export interface GroupInput {
  name: string;
  description: string;
  connections: ConnectionRef[];
}

/**
 * The body of `PUT /connections/{type}/{id}`: `name`, the spec's body, required; and any of the
 * type's attributes, as the real docs update them ("every connection has input attributes
 * specific for its type", sections/update-connection.md), each read as a new connection's (a
 * secret is checked, never kept). An attribute left out, null or empty stays as it is; other keys
 * are ignored. Every problem at once, each naming its field.
 */
export function parseConnectionUpdate(type: string, body: Record<string, unknown>): { name: string; settings: Record<string, string | number | boolean> } {
  const problems: FieldProblem[] = [];
  const nameIssue = nameProblem(body.name, 'name');
  if (nameIssue) problems.push(nameIssue);
  const settings: Record<string, string | number | boolean> = {};
  for (const spec of attributesOf(type)) {
    const value = body[spec.name];
    if (value === undefined || value === null || value === '') continue;
    const read = readAttribute(spec, value);
    if ('problem' in read) problems.push({ field: spec.name, message: read.problem });
    else if (!spec.secret) settings[spec.name] = read.kept;
  }
  if (problems.length) throw invalidFields(problems);
  return { name: body.name as string, settings };
}

/**
 * The shape of a `POST /connection_groups` body; every problem is reported at once, each naming
 * its field (`connection_group.name`, `connections[1].id`). Whether the references name
 * connections the caller may group is the model's question, not the shape's.
 */
export function parseGroupBody(object: Record<string, unknown>): GroupInput {
  const problems: FieldProblem[] = [];
  const group = object.connection_group;
  let name = '';
  let description = '';
  if (typeof group !== 'object' || group === null || Array.isArray(group)) {
    problems.push({ field: 'connection_group', message: 'is required: an object with a name and an optional description' });
  } else {
    const fields = group as Record<string, unknown>;
    const nameIssue = nameProblem(fields.name, 'connection_group.name');
    if (nameIssue) problems.push(nameIssue);
    else name = fields.name as string;
    if (fields.description !== undefined) {
      if (typeof fields.description !== 'string') problems.push({ field: 'connection_group.description', message: 'must be a string' });
      else if (fields.description.length > DESCRIPTION_MAX_LENGTH) {
        problems.push({ field: 'connection_group.description', message: `must be at most ${DESCRIPTION_MAX_LENGTH} characters` });
      } else description = fields.description;
    }
  }
  const connections = parseRefs(object.connections, problems);
  if (problems.length) throw invalidFields(problems);
  return { name, description, connections };
}

function parseRefs(value: unknown, problems: FieldProblem[]): ConnectionRef[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push({ field: 'connections', message: 'must be an array of {id, type} objects' });
    return [];
  }
  const refs: ConnectionRef[] = [];
  const firstIndexOf = new Map<number, number>(); // connection id -> index where it was first listed
  value.forEach((item: unknown, index) => {
    const field = `connections[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push({ field, message: 'must be an object with an integer id and a type' });
      return;
    }
    const { id, type } = item as Record<string, unknown>;
    const idOk = typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
    const typeOk = typeof type === 'string' && type !== '';
    if (!idOk) problems.push({ field: `${field}.id`, message: 'must be a positive integer' });
    if (!typeOk) problems.push({ field: `${field}.type`, message: 'must be a connection type such as mysql or s3' });
    if (!idOk || !typeOk) return;
    const first = firstIndexOf.get(id);
    if (first !== undefined) {
      problems.push({ field: `${field}.id`, message: `repeats connections[${first}]` });
      return;
    }
    firstIndexOf.set(id, index);
    refs.push({ id, type });
  });
  return refs;
}

function nameProblem(value: unknown, field: string): FieldProblem | null {
  if (typeof value !== 'string' || value.trim() === '') return { field, message: 'is required: a non-empty string' };
  if (value.length > NAME_MAX_LENGTH) return { field, message: `must be at most ${NAME_MAX_LENGTH} characters` };
  return null;
}

/** A `POST /connections/{type}` (or `/test`) body after checks: its name and the type's attributes, secrets left out. */
export interface NewConnectionInput {
  name: string;
  settings: Record<string, string | number | boolean>;
}

/**
 * Reads a new connection of `type`: `name` and the type's attributes (attributes.ts), flat as the
 * docs' example sends them. Required ones (always, or unless or with another, as attributes.ts
 * says) must be there and not blank, a port is an integer from 1 to 65535, `ssl` a boolean,
 * `tunnel_type` `direct` or `reverse`, a time an ISO 8601 date-time with its zone, text at most 1000
 * characters (and with its prefix, or one of its choices, if the type gives them); every bad
 * field named at once.
 * Attributes the type does not take are ignored.
 */
export function parseNewConnection(type: string, body: Record<string, unknown>): NewConnectionInput {
  const problems: FieldProblem[] = [];
  const nameIssue = nameProblem(body.name, 'name');
  if (nameIssue) problems.push(nameIssue);
  const settings: Record<string, string | number | boolean> = {};
  const given = (name: string): boolean => body[name] !== undefined && body[name] !== null && body[name] !== '';
  for (const spec of attributesOf(type)) {
    const value = body[spec.name];
    if (!given(spec.name)) {
      if (spec.required) problems.push({ field: spec.name, message: `is required for a ${type} connection` });
      else if (spec.requiredUnless !== undefined && !given(spec.requiredUnless)) {
        problems.push({ field: spec.name, message: `is required for a ${type} connection unless ${spec.requiredUnless} is given` });
      } else if (spec.requiredWith !== undefined && given(spec.requiredWith)) {
        problems.push({ field: spec.name, message: `is required with ${spec.requiredWith}` });
      }
      continue;
    }
    const read = readAttribute(spec, value);
    if ('problem' in read) problems.push({ field: spec.name, message: read.problem });
    // A secret is checked, never kept: the simulator connects nowhere.
    else if (!spec.secret) settings[spec.name] = read.kept;
  }
  if (problems.length) throw invalidFields(problems);
  return { name: body.name as string, settings };
}

/**
 * A seed's attributes of a connection of `type` (fixtures/seed/*.json): each one the type takes,
 * read as a made connection's are; nothing is required (a seed may leave attributes out, as the
 * seeds before attributes did), and a secret is refused, since a seed file is no place for one
 * and the simulator keeps none. The settings, or every problem, each naming the attribute.
 */
export function seededSettings(type: string, attributes: Record<string, unknown>): { settings: Record<string, string | number | boolean>; problems: FieldProblem[] } {
  const specs = new Map(attributesOf(type).map((spec) => [spec.name, spec]));
  const settings: Record<string, string | number | boolean> = {};
  const problems: FieldProblem[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    const spec = specs.get(name);
    if (!spec) problems.push({ field: name, message: `is not an attribute of a ${type} connection` });
    else if (spec.secret) problems.push({ field: name, message: 'is a secret: a seed holds none (the simulator keeps no secret of a connection)' });
    else {
      const read = readAttribute(spec, value);
      if ('problem' in read) problems.push({ field: name, message: read.problem });
      else settings[name] = read.kept;
    }
  }
  return { settings, problems };
}

const MAX_ATTRIBUTE_TEXT = 1000;

/** A given attribute's value as kept (a time as epoch ms, read once), or why it is refused. */
function readAttribute(spec: AttributeSpec, value: unknown): { kept: string | number | boolean } | { problem: string } {
  const problem = (message: string) => ({ problem: message });
  switch (spec.kind) {
    case 'port':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65_535 ? { kept: value as number } : problem('must be a port number from 1 to 65535');
    case 'boolean':
      return typeof value === 'boolean' ? { kept: value } : problem('must be a boolean');
    case 'tunnel':
      return value === 'direct' || value === 'reverse' ? { kept: value } : problem('must be direct or reverse');
    case 'time': {
      const at = typeof value === 'string' ? parseIsoDateTime(value) : null;
      return at !== null ? { kept: at } : problem('must be an ISO 8601 date-time with its zone, such as 2026-12-31T00:00:00Z');
    }
    case 'text':
      if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_ATTRIBUTE_TEXT) return problem(`must be a non-blank string of at most ${MAX_ATTRIBUTE_TEXT} characters`);
      if (spec.choices && !spec.choices.includes(value)) return problem(`must be one of ${spec.choices.join(', ')}`);
      return spec.prefix === undefined || value.startsWith(spec.prefix) ? { kept: value } : problem(`must begin with ${spec.prefix}`);
    default:
      return unknownKind(spec.kind);
  }
}

function unknownKind(kind: never): never {
  throw new Error(`no check for attribute kind ${String(kind)}`);
}
