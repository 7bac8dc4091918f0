import type { CheckContext } from '../lib/types.ts';
import { is2xx, isObject } from '../lib/answers.ts';
import { bEndpoint, bPath, RESOURCE_READS } from './b-endpoints.ts';
import { listCatalog } from './b-lists.ts';
import type { PathValues } from './b-requests.ts';
import type { ResourceKind } from './types.ts';

/**
 * Whether an id of account 2 also names something of account 1 (ids may be per account), or
 * names account 2's thing and account 1's key reads it anyway ('leak').
 */
export type Ownership = 'own' | 'not-own' | 'leak' | 'unknown';

/**
 * How account 1's key sees `values` of `kind`, through the catalog's reads of that kind. A read by
 * id that answers is account 1's own thing only where nothing says it is account 2's: an answer
 * carrying a name only account 2's things made by this run carry (`marks`), or an id account 1's
 * own list, read whole, does not hold, is account 2's thing leaking ('leak': read and written to
 * as a foreign id, so the comparison with an absent id reports it). 'not-own' when the read is
 * the spec's and refuses it, or the list, read with the target's paging names, is one page
 * without it; else 'unknown'.
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
      return listed?.complete ? 'leak' : 'own';
    }
    if (ex.response.status >= 400 && ex.response.status < 500 && one.source === 'spec') return 'not-own';
  }
  const listed = await ownList(1);
  if (!listed) return 'unknown';
  if (listsIt(listed.items)) return 'own';
  return listed.complete ? 'not-own' : 'unknown';
}

