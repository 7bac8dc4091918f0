import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inCreationOrder, newestFirst } from './ordering.ts';

const byNewest = <T extends { createdAt: number; id: number }>(xs: T[]) => [...xs].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
const records = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), createdAt: fc.integer({ min: 0, max: 50 }) }), { selector: (r) => r.id, maxLength: 40 });

describe('newest first', () => {
  it('is the creation order reversed for a collection filled in creation order', () => {
    fc.assert(
      fc.property(records, (xs) => {
        const created = [...xs].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
        const map = new Map(created.map((r) => [r.id, r]));
        expect(newestFirst(map.values())).toEqual(byNewest(xs));
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('still sorts a collection filled in any other order', () => {
    fc.assert(
      fc.property(records, (xs) => {
        expect(newestFirst(xs)).toEqual(byNewest(xs));
      }),
      { seed: 43, numRuns: 200 },
    );
  });

  it('puts a restored collection back in creation order', () => {
    fc.assert(
      fc.property(records, (xs) => {
        const restored = inCreationOrder(new Map(xs.map((r) => [r.id, r])));
        expect([...restored.values()].reverse()).toEqual(byNewest(xs));
        expect(restored.size).toBe(xs.length);
      }),
      { seed: 44, numRuns: 200 },
    );
  });
});
