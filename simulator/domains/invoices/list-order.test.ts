import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SeedAccount } from '../../control/seed.ts';
import { testBed } from '../connections/test-support.ts';

/**
 * The real service's `sort` (`created`, `updated`, `issued`, `number`), `direction` and `since`
 * on the invoice list (its API docs). An invoice here carries one date, on which it was issued,
 * created and last updated, so the first three order by it; `number` orders by id. Dates repeat
 * and ids do not follow dates, so every order and every tie shows.
 */
const INVOICES: NonNullable<Exclude<SeedAccount['invoices'], { generate: number }>> = Array.from({ length: 60 }, (_, i) => ({
  id: `${i % 3 === 0 ? 'INV' : 'inv'}-${String((i * 7919) % 1000).padStart(3, '0')}`,
  date: `2026-0${1 + (i % 5)}-1${i % 3}`,
  amount: 100 + i,
}));

const bed = testBed({ accounts: [{ slug: 'acme', users: [{ name: 'Ada', email: 'ada@acme.example' }], invoices: INVOICES }, { slug: 'globex', users: [{ name: 'Grace', email: 'grace@globex.example' }], invoices: { generate: 3 } }] });
const acme = bed.client(0);

const ids = (body: unknown): string[] => (body as { id: string }[]).map((invoice) => invoice.id);
const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
const raw = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const caseAside = (a: string, b: string) => raw(a.toLowerCase(), b.toLowerCase()) || raw(a, b);

/** What the list must answer, worked out the slow way: filter, then sort the whole. */
function expected(sort: string | undefined, direction: string | undefined, since: string | undefined): string[] {
  const kept = INVOICES.filter((invoice) => since === undefined || day(invoice.date) >= Date.parse(since));
  const sign = (direction ?? 'desc') === 'asc' ? 1 : -1;
  const byNumber = sort === 'number';
  return kept
    .sort((a, b) => sign * (byNumber ? caseAside(a.id ?? '', b.id ?? '') : raw(a.date, b.date) || raw(a.id ?? '', b.id ?? '')))
    .map((invoice) => invoice.id ?? '');
}

function links(header: string | undefined): Record<string, URL> {
  const out: Record<string, URL> = {};
  for (const [, url, rel] of (header ?? '').matchAll(/<([^>]*)>;\s*rel="([^"]*)"/g)) if (url && rel) out[rel] = new URL(url);
  return out;
}

describe('GET /invoices: sort, direction and since (the real service\'s)', () => {
  it('property: any page in any order, since any moment, is the matching slice of the whole sorted the slow way; next keeps the order', async () => {
    const since = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...INVOICES.map((i) => i.date)).map((d) => `${d}T00:00:00Z`),
      fc.constantFrom(...INVOICES.map((i) => i.date)).map((d) => `${d}T12:30:00Z`),
      fc.constantFrom('2020-01-01T00:00:00Z', '2030-01-01T00:00:00Z', '2026-03-10T23:59:59.5Z'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(undefined, 'created', 'updated', 'issued', 'number'),
        fc.constantFrom(undefined, 'asc', 'desc'),
        since,
        fc.integer({ min: 0, max: 70 }),
        fc.integer({ min: 1, max: 30 }),
        async (sort, direction, after, offset, limit) => {
          const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
          if (sort) query.set('sort', sort);
          if (direction) query.set('direction', direction);
          if (after) query.set('since', after);
          const res = await acme.get(`/invoices?${query.toString()}`).expect(200);
          const all = expected(sort, direction, after);
          expect(ids(res.body)).toEqual(all.slice(offset, offset + limit));
          const next = links(res.headers.link).next;
          expect(next !== undefined).toBe(offset + limit < all.length);
          if (next) {
            const following = await acme.get(`/invoices${next.search}`).expect(200);
            expect(ids(following.body)).toEqual(all.slice(offset + limit, offset + 2 * limit));
          }
        },
      ),
      { seed: 20261126, numRuns: 150 },
    );
  });

  it('with nothing asked, stays newest first (the real service\'s created, desc)', async () => {
    expect(ids((await acme.get('/invoices?limit=100').expect(200)).body)).toEqual(expected(undefined, undefined, undefined));
    expect(ids((await acme.get('/invoices?limit=100&sort=created&direction=desc').expect(200)).body)).toEqual(expected(undefined, undefined, undefined));
  });

  it('refuses a sort, direction or since it does not take, or one given twice, with a 422 naming it', async () => {
    for (const [query, field] of [
      ['sort=amount', 'sort'],
      ['sort=', 'sort'],
      ['direction=up', 'direction'],
      ['since=yesterday', 'since'],
      ['since=2026-01-10', 'since'],
      ['sort=number&sort=created', 'sort'],
      ['direction=asc&direction=asc', 'direction'],
    ] as const) {
      const res = await acme.get(`/invoices?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors?.[0]?.field, query).toBe(field);
    }
  });

  it('orders only the caller\'s invoices', async () => {
    const res = await bed.client(1).get('/invoices?sort=number&direction=desc&limit=100').expect(200);
    expect(ids(res.body)).toEqual(bed.account(1).invoices.map((i) => i.id).sort(caseAside).reverse());
  });
});
