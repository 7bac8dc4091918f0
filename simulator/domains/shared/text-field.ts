/**
 * A free-text field of a user or an account (`name`, `location`): a string of at most 255
 * characters, and not blank where it names something. One rule for `PUT /user` and
 * `PUT /accounts/{account_id}`.
 */
export const MAX_TEXT = 255;

/** Why `value` is not such a field, or undefined when it is. */
export function textProblem(value: unknown, options: { nonBlank: boolean }): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (options.nonBlank && value.trim() === '') return 'must not be blank';
  if (value.length > MAX_TEXT) return `must be at most ${MAX_TEXT} characters`;
  return undefined;
}
