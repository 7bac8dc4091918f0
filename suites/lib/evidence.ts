import type { CheckContext, Exchange } from './types.ts';

/**
 * Records in the run's evidence that the target found the caller's pipeline `id` when `ex` is a
 * 2xx (suites/lib/controls.ts reads it); says whether it was.
 */
export function foundPipeline(t: CheckContext, id: number, ex: Exchange, how: string): boolean {
  const found = ex.response.status >= 200 && ex.response.status < 300;
  if (found) t.evidence.aPipelineFound ??= `${how} answered ${ex.response.status} (${ex.request.method} ${new URL(ex.request.url).pathname})`;
  return found;
}
