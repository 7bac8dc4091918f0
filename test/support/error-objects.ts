/** A stack trace in an answer: a frame of the app's own code or of Node's internals. */
export const STACK_TRACE = /\bat .*\.(ts|js):\d+|node:internal/;

/** Whether `body` is the interface's error object: a JSON object with a string `error` (A) or `message` (B). */
export function isErrorObjectOf(iface: 'A' | 'B', body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null) return false;
  return typeof (parsed as Record<string, unknown>)[iface === 'A' ? 'error' : 'message'] === 'string';
}
