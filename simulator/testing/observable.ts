/**
 * Headers that differ between any two responses whatever they answer: the date, the request id, and the
 * rate-limit counters, which move with every request. Two answers are indistinguishable when
 * everything else is equal.
 */
const VOLATILE_HEADERS = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']);

/** Status, body and headers of a response, volatile headers aside: what must match for two answers to be indistinguishable. */
export function observable(res: { status: number; text: string; headers: Record<string, string> }): { status: number; text: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (!VOLATILE_HEADERS.has(name.toLowerCase())) headers[name] = value;
  return { status: res.status, text: res.text, headers };
}
