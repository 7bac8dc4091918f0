/** Anything listed newest first: created later first, and among equal times the higher id. */
interface Dated {
  createdAt: number;
  id: number;
}

/**
 * `items` newest first, the order of every list endpoint that shows recent things first; the id
 * breaks ties so that records made in the same millisecond (a frozen clock) keep a stable,
 * predictable order across pages.
 *
 * Every collection is a Map filled in creation order (ids and the simulator clock only go
 * forward, and `Store.load` puts restored collections back in that order), so newest first is
 * that order reversed: one pass, no sort. The pass also checks the order and sorts only when it
 * finds a record out of place, so a collection filled some other way is still listed right.
 */
export function newestFirst<T extends Dated>(items: Iterable<T>): T[] {
  const out = [...items].reverse();
  for (let i = 1; i < out.length; i++) {
    if (isNewer(out[i]!, out[i - 1]!)) return out.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  }
  return out;
}

/** True when `a` is listed before `b` newest first: created later, or at the same time with a higher id. */
export function isNewer(a: Dated, b: Dated): boolean {
  return a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
}

/** The same records, re-inserted oldest first (a restored or imported state may list them in any order). */
export function inCreationOrder<T extends Dated>(map: Map<number, T>): Map<number, T> {
  return new Map([...map].sort(([, a], [, b]) => a.createdAt - b.createdAt || a.id - b.id));
}
