import type { FieldProblem } from '../../http/errors.ts';
import { invalidFields } from '../../http/errors.ts';

/** A `POST /jobs` body after type checks; whether the ids exist is the model's business. */
export interface NewJobInput {
  clusterId: number;
  packageId: number;
  variables: Record<string, string>;
  dynamicVariables: Record<string, string>;
}

/**
 * Checks the body's types strictly, collecting every problem so that one 422 names every bad
 * field. Unknown keys are ignored, as the real service does.
 */
export function parseNewJob(body: Record<string, unknown>): NewJobInput {
  const problems: FieldProblem[] = [];
  const clusterId = integerId(body, 'cluster_id', problems);
  const packageId = integerId(body, 'package_id', problems);
  const variables = stringMap(body, 'variables', 'must be an object of variable name to string value', problems);
  const dynamicVariables = stringMap(body, 'dynamic_variables', 'must be an object of variable name to expression string', problems);
  if (problems.length > 0 || clusterId === null || packageId === null) throw invalidFields(problems);
  return { clusterId, packageId, variables, dynamicVariables };
}

function integerId(body: Record<string, unknown>, field: string, problems: FieldProblem[]): number | null {
  const value = body[field];
  if (value === undefined) {
    problems.push({ field, message: 'is required' });
    return null;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    problems.push({ field, message: 'must be an integer' });
    return null;
  }
  return value;
}

function stringMap(body: Record<string, unknown>, field: string, message: string, problems: FieldProblem[]): Record<string, string> {
  const value = body[field];
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({ field, message });
    return {};
  }
  const entries: [string, string][] = [];
  for (const [name, item] of Object.entries(value)) {
    if (typeof item === 'string') entries.push([name, item]);
    else problems.push({ field: `${field}.${name}`, message: 'must be a string' });
  }
  // fromEntries defines own properties, so a `__proto__` variable stays a plain variable.
  return Object.fromEntries(entries);
}
