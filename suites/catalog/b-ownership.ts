import type { CheckContext, Exchange } from '../lib/types.ts';
import { is2xx, isObject } from '../lib/answers.ts';
import { bEndpoint, bPath, RESOURCE_READS } from './b-endpoints.ts';
import { listCatalog } from './b-lists.ts';
import type { PathValues } from './b-requests.ts';
import type { ResourceKind } from './types.ts';

/**
 * Whether an id of account 2 also names something of account 1 (ids may be per account), or
 * names account 2's thing and account 1's key reads it anyway ('leak'). 'unproven': account 1's
 * key reads it, and nothing tells whether that is its own thing of the same id or account 2's.
 */
export type Ownership = 'own' | 'not-own' | 'leak' | 'unknown' | 'unproven';

/**
 * How account 1's key sees `values` of `kind`, through the catalog's reads of that kind. A read by
 * id that answers is account 2's thing leaking ('leak': read and written to as a foreign id, so
 * the comparison with an absent id reports it) when it carries a name only account 2's things
 * made by this run carry (`marks`), or account 1's own list, read whole, does not hold the id;
 * account 1's own thing when its list holds it or account 2's key reads another thing there;
 * 'unproven' when nothing tells. 'not-own' when the read is the spec's and refuses it, or the
 * list, read with the target's paging names, is one page without it; else 'unknown'.
 */
export async function ownership(t: Pick<CheckContext, 'b' | 'target'>, kind: ResourceKind, values: PathValues, marks: readonly string[]): Promise<Ownership> {
  const reads = RESOURCE_READS[kind];
  // Not served: null. One page of 100 per id where the id is refused by id (the usual case: this
  // runs for every foreign id); up to 20 where account 1 reads it, to tell its own from a leak.
  const ownList = async (pages: number) => (reads.list ? await listCatalog(t.b(0), t.target, bEndpoint(reads.list).path, pages) : null);
  const listsIt = (items: readonly unknown[]) => items.some((x) => isObject(x) && x.id === values.id);
  if (reads.one) {
    const one = bEndpoint(reads.one);
    const ex = await t.b(0).get(bPath(one, values));
    if (is2xx(ex)) {
      if (isObject(ex.json) && marks.includes(String(ex.json.name))) return 'leak';
      const listed = await ownList(20);
      if (listed && listsIt(listed.items)) return 'own';
      if (listed?.complete) return 'leak';
      // Neither a mark nor the list tells: account 2's own read of the id does, where what account
      // 1 read names another thing (another name or creation time). The same thing read by both
      // keys is a leak or a twin made alike; nothing here tells which.
      return (await namesAnotherThing(t, bPath(one, values), ex)) ? 'own' : 'unproven';
    }
    if (ex.response.status >= 400 && ex.response.status < 500 && one.source === 'spec') return 'not-own';
  }
  const listed = await ownList(1);
  if (!listed) return 'unknown';
  if (listsIt(listed.items)) return 'own';
  return listed.complete ? 'not-own' : 'unknown';
}

/** The members that tell two records apart wherever both show them. */
const IDENTIFYING = ['name', 'created_at', 'email', 'fingerprint'] as const;

/** Whether account 2's key reads `path` as another thing than `ours` (account 1's 2xx read of it). */
async function namesAnotherThing(t: Pick<CheckContext, 'b'>, path: string, ours: Exchange): Promise<boolean> {
  const theirs = await t.b(1).get(path);
  if (!is2xx(theirs) || !isObject(theirs.json) || !isObject(ours.json)) return false;
  const a = ours.json;
  const b = theirs.json;
  return IDENTIFYING.some((field) => a[field] !== undefined && b[field] !== undefined && JSON.stringify(a[field]) !== JSON.stringify(b[field]));
}
