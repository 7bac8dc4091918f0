import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DueQueue } from './due-queue.ts';

describe('DueQueue', () => {
  it('gives back exactly the entries due by each moment, and keeps the rest for later', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 1_000 }), fc.nat(50))), fc.array(fc.integer({ min: 0, max: 1_100 }), { maxLength: 5 }), (entries, moments) => {
        const queue = new DueQueue();
        for (const [due, id] of entries) queue.push(due, id);
        const left = [...entries].sort((a, b) => a[0] - b[0]);
        for (const now of [...moments].sort((a, b) => a - b)) {
          const dues: number[] = [];
          for (let id = queue.popDue(now); id !== undefined; id = queue.popDue(now)) dues.push(id);
          const expected = left.filter(([due]) => due <= now);
          expect(dues.sort((a, b) => a - b)).toEqual(expected.map(([, id]) => id).sort((a, b) => a - b));
          left.splice(0, expected.length);
          expect(queue.nextDue()).toBe(left[0]?.[0] ?? Number.POSITIVE_INFINITY);
        }
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });

  it('pops ids in the order of their moments', () => {
    const queue = new DueQueue();
    for (const [due, id] of [[30, 3], [10, 1], [20, 2], [10, 4]] as const) queue.push(due, id);
    queue.push(Number.POSITIVE_INFINITY, 9);
    const popped = [queue.popDue(100), queue.popDue(100), queue.popDue(100), queue.popDue(100), queue.popDue(100)];
    expect(popped.slice(0, 2).sort()).toEqual([1, 4]);
    expect(popped.slice(2)).toEqual([2, 3, undefined]);
    expect(queue.nextDue()).toBe(Number.POSITIVE_INFINITY);
  });
});
