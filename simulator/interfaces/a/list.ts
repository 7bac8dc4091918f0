import type { Sim } from '../../context.ts';

/**
 * A list answer of interface A: the items under the conventions' member (`items` in the real
 * service, `data` in `alt`; the spec shows no list, A-GAP-1), with the paging facts when there
 * are any (`pagination`, or `meta` in `alt`).
 */
export function presentList(sim: Sim, items: unknown[], paging?: Record<string, unknown>): Record<string, unknown> {
  const member = sim.conventions.a.listItems;
  if (!paging) return { [member]: items };
  return { [member]: items, [member === 'items' ? 'pagination' : 'meta']: paging };
}
