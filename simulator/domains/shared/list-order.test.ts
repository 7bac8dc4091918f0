import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inListOrder, NATURAL_ORDER, type ListOrder, type ListSorts } from './list-order.ts';

interface Item {
  id: number;
  createdAt: number;
  updatedAt: number;
  name: string;
}

const SORTS: ListSorts<Item, 'updated' | 'name'> = {
  keys: { created: (i) => i.createdAt, updated: (i) => i.updatedAt, name: (i) => i.name },
  updatedAt: (i) => i.updatedAt,
};

const items = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), createdAt: fc.integer({ min: 0, max: 50 }), updatedAt: fc.integer({ min: 0, max: 50 }), name: fc.stringMatching(/^[a-cA-C]{0,3}$/) }), { selector: (i) => i.id, maxLength: 40 });
const orders: fc.Arbitrary<ListOrder<'updated' | 'name' | 'created'>> = fc.record({
  sort: fc.constantFrom(null, 'created' as const, 'updated' as const, 'name' as const),
  direction: fc.constantFrom(null, 'asc' as const, 'desc' as const),
  since: fc.option(fc.integer({ min: 0, max: 50 })),
});

describe('inListOrder', () => {
  it('keeps a list asked for nothing as it is, without copying it', () => {
    const list: Item[] = [{ id: 2, createdAt: 1, updatedAt: 1, name: 'b' }, { id: 1, createdAt: 2, updatedAt: 2, name: 'a' }];
    expect(inListOrder(list, NATURAL_ORDER, SORTS)).toBe(list);
  });

  it('property: holds exactly the items updated since, sorted by the asked key in the asked direction (desc by default), ties by creation and id', () => {
    fc.assert(
      fc.property(items, orders, (list, order) => {
        const out = inListOrder(list, order, SORTS);
        const expected = list.filter((i) => order.since === null || i.updatedAt >= order.since);
        expect([...out].map((i) => i.id).sort((a, b) => a - b)).toEqual(expected.map((i) => i.id).sort((a, b) => a - b));
        if (order.sort === null && order.direction === null) {
          expect(out).toEqual(expected);
          return;
        }
        const key = SORTS.keys[order.sort ?? 'created'];
        const sign = order.direction === 'asc' ? 1 : -1;
        for (let k = 1; k < out.length; k++) {
          const [a, b] = [out[k - 1]!, out[k]!];
          const x = key(a);
          const y = key(b);
          // Names here are letters a to c, whose case-blind order is plain string order.
          const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).toLowerCase().localeCompare(String(y).toLowerCase(), 'en');
          expect(sign * cmp).toBeLessThanOrEqual(0);
          if (x === y) expect(sign * (a.createdAt - b.createdAt || a.id - b.id)).toBeLessThan(0);
        }
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });

  it('sorts names without regard to case', () => {
    const list: Item[] = ['b', 'A', 'c', 'a'].map((name, i) => ({ id: i + 1, createdAt: i, updatedAt: i, name }));
    expect(inListOrder(list, { sort: 'name', direction: 'asc', since: null }, SORTS).map((i) => i.name)).toEqual(['A', 'a', 'b', 'c']);
  });
});
