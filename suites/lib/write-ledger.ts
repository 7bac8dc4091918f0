import type { Exchange, RunWrites, WriteScope } from './types.ts';
import { createdId, idOfSegment } from './answers.ts';

/**
 * The run's own successful creations and deletions, per collection, in the order their answers
 * came. A deployment may serve its lists (the extensions' GET /jobs, /hooks, /deliveries) from an
 * index that lags the store by a moment, and the spec nowhere says a list shows a write at once:
 * a check that compares a list before and after writes that must be refused uses this to tell the
 * run's own earlier writes surfacing late from a refused write that took effect.
 *
 * A collection is the URL's origin and path, without query or trailing slash. A creation is a 2xx
 * POST to the collection (its id from the body or Location, as `createdId` reads it); a deletion
 * a 2xx DELETE of `<collection>/<integer id>` (ids beyond 2^53 as their stand-ins, like every
 * answer's). Each gets the next sequence number; `mark()` is the number of the last one.
 */
export class WriteLedger implements RunWrites {
  private sequence = 0;
  private readonly created = new Map<string, Map<number, number>>();
  private readonly deleted = new Map<string, Map<number, number>>();

  /** The collection `url` names: origin and path, no query, no trailing slash. */
  static collectionOf(url: string): string | undefined {
    try {
      const u = new URL(url);
      return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
    } catch {
      return undefined;
    }
  }

  /** Takes note of `ex` when it is a successful creation or deletion. */
  observe(ex: Exchange): void {
    const status = ex.response.status;
    if (status < 200 || status >= 300) return;
    const method = ex.request.method.toUpperCase();
    if (method === 'POST') {
      const collection = WriteLedger.collectionOf(ex.request.url);
      const id = createdId(ex);
      if (collection !== undefined && id !== undefined) this.note(this.created, collection, id);
    } else if (method === 'DELETE') {
      const path = WriteLedger.collectionOf(ex.request.url);
      const cut = path?.lastIndexOf('/') ?? -1;
      const id = path === undefined || cut < 0 ? undefined : idOfSegment(path.slice(cut + 1));
      if (path !== undefined && id !== undefined) this.note(this.deleted, path.slice(0, cut), id);
    }
  }

  /** The sequence number of the last write noted (0 before any): writes noted later are after it. */
  mark(): number {
    return this.sequence;
  }

  /** Whether this run created `id` in `collection` (a URL, normalized here) at or before `since`; `typed`: see RunWrites. */
  createdBefore(collection: string, id: unknown, since: number, options: WriteScope = {}): boolean {
    return this.seen(this.created, collection, id, since, options);
  }

  /** Whether this run deleted `id` from `collection` (a URL, normalized here) at or before `since`; `typed`: see RunWrites. */
  deletedBefore(collection: string, id: unknown, since: number, options: WriteScope = {}): boolean {
    return this.seen(this.deleted, collection, id, since, options);
  }

  private note(book: Map<string, Map<number, number>>, collection: string, id: number): void {
    const ids = book.get(collection) ?? new Map<number, number>();
    book.set(collection, ids);
    // The last time counts: an id made again after a mark (ids reused) is a write after it.
    ids.set(id, ++this.sequence);
  }

  private seen(book: Map<string, Map<number, number>>, collection: string, id: unknown, since: number, options: WriteScope): boolean {
    const key = WriteLedger.collectionOf(collection);
    if (key === undefined || typeof id !== 'number') return false;
    const at = (ids: Map<number, number> | undefined) => ids?.get(id);
    const when = [at(book.get(key)), ...(options.typed ? [...book].filter(([c]) => isTypedUnder(c, key)).map(([, ids]) => at(ids)) : [])];
    return when.some((n) => n !== undefined && n <= since);
  }
}

/** `collection` is `list` and one more segment that is no id: `/connections/mysql` under `/connections`, not `/jobs/5`. */
function isTypedUnder(collection: string, list: string): boolean {
  if (!collection.startsWith(`${list}/`)) return false;
  const segment = collection.slice(list.length + 1);
  return segment !== '' && !segment.includes('/') && idOfSegment(segment) === undefined;
}
