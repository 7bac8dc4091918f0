import { ApiError, MAX_PROBLEMS, type FieldProblem } from './errors.ts';
import { fieldPath } from './field-path.ts';

/**
 * Interface A's errors, built on the one catalog. The 400/422 split of spec section 7A: a body
 * of the wrong shape (unknown keys, a JSON type mismatch, not an object) is 422 `unprocessable`;
 * a well-shaped value that breaks a rule is 400 (`invalid_definition` for definition documents,
 * `bad_request` for everything else). Both name the field.
 */

export function wrongShape(problems: FieldProblem[]): ApiError {
  return new ApiError('unprocessable', { message: `The request body has unknown keys or the wrong shape: ${summary(problems)}`, problems });
}

export function badValue(problems: FieldProblem[]): ApiError {
  return new ApiError('bad_request', { message: `Bad request: ${summary(problems)}`, problems });
}

export function conflict(message: string, field?: string): ApiError {
  return new ApiError('conflict', { message, problems: field ? [{ field, message }] : [] });
}

export function summary(problems: FieldProblem[]): string {
  const shown = problems.slice(0, MAX_PROBLEMS).map((p) => `${p.field} ${p.message}`);
  if (problems.length > MAX_PROBLEMS) shown.push(`and ${problems.length - MAX_PROBLEMS} more problems`);
  return shown.join('; ');
}

/** The body of a request that takes none may be absent or `{}`; anything else is the wrong shape. */
export function expectNoFields(value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw wrongShape([{ field: 'body', message: 'must be empty or {}' }]);
  const first = Object.keys(value)[0];
  if (first !== undefined) throw wrongShape([{ field: fieldPath([first]), message: 'is not a known key: this operation takes no body' }]);
}
