/** Anything listed newest first: created later first, and among equal times the higher id. */
interface Dated {
  createdAt: number;
  id: number;
}

/**
 * Sorts a fresh copy of `items` newest first, the order of every list endpoint that shows
 * recent things first. The id breaks ties so that records made in the same millisecond (a
 * frozen clock) keep a stable, predictable order across pages.
 */
export function newestFirst<T extends Dated>(items: Iterable<T>): T[] {
  return [...items].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}
