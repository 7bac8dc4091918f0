/**
 * The real service's list filters (its API docs: `sort`, `direction`, `since` on every list, and
 * `status` on jobs): plain rules, no HTTP. A list asked for nothing keeps the simulator's own
 * order (docs/interface-b.md), read off a kept order without sorting; only a list asked to sort or
 * filter pays for it.
 */

export type Direction = 'asc' | 'desc';

export interface ListOrder<S extends string = string> {
  /** The field to sort by; null: the list's own order (unless a direction is asked, then `created`). */
  sort: S | null;
  /** null: the list's default direction (`ListSorts.direction`) when a sort is asked; else the list's own order. */
  direction: Direction | null;
  /** Only items updated at this time (ms) or later; null: every item. */
  since: number | null;
}

/** How one list sorts: a key for each sort name it takes (`created` always), and when an item was last updated. */
export interface ListSorts<T, S extends string> {
  keys: Record<S | 'created', (item: T) => number | string>;
  updatedAt: (item: T) => number;
  /** The direction of a sort asked without one: the real service's `desc`, unless its docs give this list another. */
  direction?: Direction;
}

export const NATURAL_ORDER: ListOrder<never> = { sort: null, direction: null, since: null };

export function isNaturalOrder(order: ListOrder): boolean {
  return order.sort === null && order.direction === null && order.since === null;
}

/**
 * `items` (the list's own order) as `order` asks: filtered by `since`, then sorted by the asked
 * field in the asked direction, ties broken by creation time and id in that direction (a stable,
 * predictable order across pages). Strings compare without regard to case, as a person reads a
 * sorted list of names.
 */
export function inListOrder<T extends { id: number }, S extends string>(items: readonly T[], order: ListOrder<S | 'created'>, sorts: ListSorts<T, S>): readonly T[] {
  if (isNaturalOrder(order)) return items;
  const since = order.since;
  const kept = since === null ? [...items] : items.filter((item) => sorts.updatedAt(item) >= since);
  if (order.sort === null && order.direction === null) return kept;
  const key = sorts.keys[order.sort ?? 'created'];
  const created = sorts.keys.created;
  const sign = (order.direction ?? sorts.direction ?? 'desc') === 'asc' ? 1 : -1;
  return kept.sort((a, b) => sign * (compareKeys(key(a), key(b)) || compareKeys(created(a), created(b)) || a.id - b.id));
}

/** How two sort keys compare: numbers by value, strings without regard to case (then with it, so the order is total). */
export function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a).toLowerCase();
  const y = String(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
