import { rewriting } from './rewriting-front.ts';

/**
 * A deployment whose notification list lags its marks (an index behind the store): for `lagMs`
 * after the latest mark, GET /notifications shows a notification it has not shown read before as
 * unread (`last_read_at: null`). The spec does not say a list shows a mark at once.
 */
export function laggingMarks(lagMs: number) {
  const shownRead = new Set<number>();
  let lastMarkAt = -Infinity;
  return rewriting((req, reply) => {
    const url = req.url ?? '';
    if (req.method === 'POST' && /^\/[^/]+\/api\/notifications\/mark$/.test(url) && reply.status < 300) {
      lastMarkAt = Date.now();
      return undefined;
    }
    if (req.method !== 'GET' || !/^\/[^/]+\/api\/notifications(\?|$)/.test(url) || reply.status !== 200) return undefined;
    const lagging = Date.now() - lastMarkAt < lagMs;
    const items = JSON.parse(reply.body) as { id: number; last_read_at: unknown }[];
    const shown = items.map((n) => {
      if (n.last_read_at === null || shownRead.has(n.id)) return n;
      if (lagging) return { ...n, last_read_at: null };
      shownRead.add(n.id);
      return n;
    });
    return { body: JSON.stringify(shown) };
  });
}
