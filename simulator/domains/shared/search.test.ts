import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from '../../http/errors.ts';
import { parseSearchQuery, searchItems, type SearchSpec } from './search.ts';

/** The real service's search syntax and rules (its API docs, sections/search-*.md), on plain items. */

interface Item {
  id: number;
  name: string;
  status: string;
  nodes: number;
  at: number;
}

const SPEC: SearchSpec<Item> = {
  fields: {
    id: { kind: 'number', value: (i) => i.id },
    name: { kind: 'text', values: (i) => [i.name] },
    status: { kind: 'text', exact: true, values: (i) => [i.status] },
    nodes: { kind: 'number', value: (i) => i.nodes },
    created: { kind: 'date', value: (i) => i.at },
  },
  freeText: (i) => [i.id, i.name],
};

const ORDER = { sort: null, direction: 'asc' as const, keys: { created: (i: Item) => i.at, name: (i: Item) => i.name } };

const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
const ITEMS: Item[] = [
  { id: 1, name: 'Orders daily', status: 'pending', nodes: 1, at: day('2016-01-01') + 3_600_000 },
  { id: 2, name: 'orders weekly', status: 'pending_stoppage', nodes: 4, at: day('2016-01-02') },
  { id: 3, name: 'Invoices', status: 'running', nodes: 2, at: day('2016-01-03') },
];

const ids = (q: string, order: Parameters<typeof searchItems<Item>>[3] = ORDER) => searchItems(ITEMS, parseSearchQuery(q, SPEC), SPEC, order).map((i) => i.id);

function refusal(q: string): string {
  try {
    parseSearchQuery(q, SPEC);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return JSON.stringify((e as ApiError).problems);
  }
  throw new Error(`${q} was not refused`);
}

describe('the search syntax', () => {
  it('text contains a phrase without regard to case; a quoted phrase keeps its spaces; an exact field equals', () => {
    expect(ids('name:orders')).toEqual([2, 1]);
    expect(ids('name:"orders daily"')).toEqual([1]);
    expect(ids('status:pending')).toEqual([1]);
  });

  // Equally relevant items come newest first.
  it('compares numbers and dates with : (equal), :> (at least) and :< (at most); a date is its whole day', () => {
    expect(ids('nodes:>2')).toEqual([3, 2]);
    expect(ids('nodes:<1')).toEqual([1]);
    expect(ids('nodes:<2')).toEqual([3, 1]);
    expect(ids('id:3')).toEqual([3]);
    expect(ids('created:2016-01-01')).toEqual([1]);
    expect(ids('created:<2016-01-02')).toEqual([2, 1]);
    expect(ids('created:>2016-01-02T00:00:00Z')).toEqual([3, 2]);
  });

  it('negates text; one attribute with one sign is OR, different signs and attributes AND', () => {
    expect(ids('-name:orders')).toEqual([3]);
    expect(ids('name:daily name:invoices')).toEqual([3, 1]);
    expect(ids('name:orders -name:weekly')).toEqual([1]);
    expect(ids('name:orders nodes:>2')).toEqual([2]);
  });

  it('free text finds an item where any free-text field has any word, the best match first, then the newest', () => {
    expect(ids('orders')).toEqual([2, 1]);
    expect(ids('orders daily')).toEqual([1, 2]);
    expect(ids('3')).toEqual([3]);
    expect(ids('nothing')).toEqual([]);
  });

  it('sorts by an asked key in the asked direction instead of relevance', () => {
    expect(ids('orders daily', { ...ORDER, sort: 'name', direction: 'desc' })).toEqual([2, 1]);
  });

  it('refuses, naming q: an attribute the resource lacks, a negated number, a comparison on text, a number or date that is none', () => {
    expect(refusal('owner:bob')).toContain('owner');
    expect(refusal('-nodes:2')).toContain('negates nodes');
    expect(refusal('name:>b')).toContain('compares name');
    expect(refusal('nodes:many')).toContain('not a number');
    expect(refusal('created:yesterday')).toContain('not an ISO 8601');
    expect(refusal('x'.repeat(1001))).toContain('at most');
  });

  it('finds exactly what the rules say, for any query of words, numbers and negations (fast-check)', () => {
    const word = fc.constantFrom('orders', 'daily', 'weekly', 'invoices', 'x');
    const term = fc.oneof(
      fc.record({ kind: fc.constant('name' as const), negated: fc.boolean(), value: word }),
      fc.record({ kind: fc.constant('nodes' as const), op: fc.constantFrom(':', ':>', ':<'), value: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('free' as const), value: word }),
    );
    fc.assert(
      fc.property(fc.array(term, { maxLength: 5 }), (terms) => {
        const q = terms.map((t) => (t.kind === 'name' ? `${t.negated ? '-' : ''}name:${t.value}` : t.kind === 'nodes' ? `nodes${t.op}${t.value}` : t.value)).join(' ');
        // The rules written out once more, term by term.
        const expected = ITEMS.filter((item) => {
          const has = (w: string) => item.name.toLowerCase().includes(w);
          const plain = terms.filter((t) => t.kind === 'name' && !t.negated);
          const negated = terms.filter((t) => t.kind === 'name' && t.negated);
          const nodes = terms.filter((t) => t.kind === 'nodes');
          const free = terms.filter((t) => t.kind === 'free');
          if (plain.length && !plain.some((t) => has(t.value as string))) return false;
          if (negated.length && !negated.some((t) => !has(t.value as string))) return false;
          const cmp = (t: { op: string; value: number }) => (t.op === ':' ? item.nodes === t.value : t.op === ':>' ? item.nodes >= t.value : item.nodes <= t.value);
          if (nodes.length && !nodes.some((t) => cmp(t as { op: string; value: number }))) return false;
          if (free.length && !free.some((t) => has(t.value as string) || String(item.id).includes(t.value as string))) return false;
          return true;
        }).map((i) => i.id);
        expect(ids(q).sort()).toEqual(expected.sort());
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });
});
