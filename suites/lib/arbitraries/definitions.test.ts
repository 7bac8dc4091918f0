import { describe, expect, it } from 'vitest';
import { plainDefinition, tableItemSweep, valueAt, type Document } from './definitions.ts';

describe('tableItemSweep', () => {
  it('replaces the first table of each base with a string one by {"name"} and {"schema", "name"}, leaving the rest and the bases as they were', () => {
    const dotted = plainDefinition('dotted');
    (dotted.source as Document).tables = ['sales.orders', 'customers'];
    const plain = plainDefinition('plain');
    (plain.source as Document).tables = ['orders'];
    const tableless: Document = { name: 'own', source: { type: 'x', objects: ['a'] } };
    const before = JSON.stringify([dotted, plain, tableless]);

    const cases = tableItemSweep([dotted, plain, tableless]);

    expect(cases.map((c) => [c.base, c.kind, c.at, valueAt(c.document, ['source', 'tables'])])).toEqual([
      [0, 'wrong-type', ['source', 'tables', 0], [{ name: 'sales.orders' }, 'customers']],
      [0, 'wrong-type', ['source', 'tables', 0], [{ schema: 'sales', name: 'orders' }, 'customers']],
      [1, 'wrong-type', ['source', 'tables', 0], [{ name: 'orders' }]],
      [1, 'wrong-type', ['source', 'tables', 0], [{ schema: 'public', name: 'orders' }]],
    ]);
    expect(cases[1]?.description).toBe('source.tables[0] is the object {"schema":"sales","name":"orders"} (not a string) (postgres source, s3 destination, cdc sync)');
    expect(valueAt(cases[2]?.document, ['destination'])).toEqual(plain.destination);
    expect(JSON.stringify([dotted, plain, tableless])).toBe(before);
  });
});
