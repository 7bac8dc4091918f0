import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateResource } from '../../../suites/lib/schemas.ts';
import { ABSENT_ID, fingerprint, testBed, type Client, type TestBed } from '../connections/test-support.ts';

interface PageLinks {
  next?: URL;
  prev?: URL;
  first?: URL;
}

function parseLinks(header: string | undefined): PageLinks {
  const links: PageLinks = {};
  for (const match of (header ?? '').matchAll(/<([^>]*)>;\s*rel="([^"]*)"/g)) {
    const [, url, rel] = match;
    if (url && (rel === 'next' || rel === 'prev' || rel === 'first')) links[rel] = new URL(url);
  }
  return links;
}

function window(url: URL | undefined): { offset: number; limit: number } | undefined {
  return url && { offset: Number(url.searchParams.get('offset')), limit: Number(url.searchParams.get('limit')) };
}

/** Follows a Link URL with the same client: only its path under the account's API root and its query. */
function follow(client: Client, url: URL) {
  const root = `/${client.slug}/api`;
  expect(url.pathname.startsWith(`${root}/`)).toBe(true);
  return client.get(`${url.pathname.slice(root.length)}${url.search}`);
}

function invoiceIds(bed: TestBed, index: number): string[] {
  return bed.account(index).invoices.map((invoice) => invoice.id);
}

const ids = (body: unknown): string[] => (body as { id: string }[]).map((invoice) => invoice.id);

describe('GET /invoices', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const globex = bed.client(1);

  it('answers 200 with a bare array of the first 20 invoices, newest first, each valid', async () => {
    const res = await acme.get('/invoices');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.service+json; version=2');
    expect(Array.isArray(res.body)).toBe(true);
    expect(ids(res.body)).toEqual(invoiceIds(bed, 0).slice(0, 20));
    const dates = (res.body as { date: string }[]).map((invoice) => invoice.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const invoice of res.body as Record<string, unknown>[]) {
      expect(validateResource('invoice', invoice)).toEqual([]);
      expect(invoice.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['pending', 'successful', 'failed']).toContain(invoice.status);
    }
  });

  it('gives each invoice an absolute pdf_url on the simulator', async () => {
    const res = await acme.get('/invoices?limit=1');
    const [invoice] = res.body as { id: string; pdf_url: string }[];
    const pdf = new URL(invoice?.pdf_url ?? '');
    expect(pdf.protocol).toBe('http:');
    expect(pdf.pathname).toBe(`/acme/api/invoices/${invoice?.id}.pdf`);
  });

  it('sets next and first links on the first page, and no prev', async () => {
    const res = await acme.get('/invoices?limit=50');
    const links = parseLinks(res.headers.link);
    expect(window(links.next)).toEqual({ offset: 50, limit: 50 });
    expect(window(links.first)).toEqual({ offset: 0, limit: 50 });
    expect(links.prev).toBeUndefined();
    expect(res.headers['x-total-count']).toBeUndefined();
  });

  it('sets prev and no next on the last page, which may be short', async () => {
    const res = await acme.get('/invoices?offset=240&limit=20');
    expect(ids(res.body)).toEqual(invoiceIds(bed, 0).slice(240));
    const links = parseLinks(res.headers.link);
    expect(links.next).toBeUndefined();
    expect(window(links.prev)).toEqual({ offset: 220, limit: 20 });
  });

  it('makes prev end exactly where the page starts when the offset is not a multiple of the limit', async () => {
    const res = await acme.get('/invoices?offset=5&limit=20');
    expect(window(parseLinks(res.headers.link).prev)).toEqual({ offset: 0, limit: 5 });
  });

  it('answers an empty array past the end', async () => {
    const res = await globex.get('/invoices?offset=12');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(parseLinks(res.headers.link).next).toBeUndefined();
  });

  it('accepts limit 100 and refuses 101 with a 422 naming limit', async () => {
    expect((await acme.get('/invoices?limit=100')).body).toHaveLength(100);
    const res = await acme.get('/invoices?limit=101');
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('limit');
    expect(res.body.message).toContain('limit');
  });

  it('carries the list\'s own parameters into the links, not the ones it ignores', async () => {
    const res = await acme.get('/invoices?limit=10&sort=created&direction=asc&lang=en');
    const next = parseLinks(res.headers.link).next;
    expect(Object.fromEntries(next?.searchParams ?? [])).toEqual({ limit: '10', sort: 'created', direction: 'asc', offset: '10' });
  });

  it('answers a 10 KB parameter it ignores with links a client can read (once three copies of it overflowed the 16 KB header limit)', async () => {
    const res = await acme.get(`/invoices?offset=20&limit=10&junk=${'x'.repeat(10_000)}`);
    expect(res.status).toBe(200);
    expect(res.headers.link?.length).toBeLessThan(1_000);
    expect(window(parseLinks(res.headers.link).prev)).toEqual({ offset: 10, limit: 10 });
  });

  it('never answers 5xx when the Host header is not a valid host', async () => {
    const res = await acme.get('/invoices?limit=2').set('Host', 'not a host');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
  });

  it('lists only the caller\'s invoices', async () => {
    const res = await globex.get('/invoices?limit=100');
    expect(ids(res.body)).toEqual(invoiceIds(bed, 1));
    const acmeIds = new Set(invoiceIds(bed, 0));
    expect(ids(res.body).some((id) => acmeIds.has(id))).toBe(false);
  });

  it('property: any page is exactly the matching slice, and its links are consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 100 }), async (index, offset, limit) => {
        const client = index === 0 ? acme : globex;
        const all = invoiceIds(bed, index);
        const res = await client.get(`/invoices?offset=${offset}&limit=${limit}`);
        expect(res.status).toBe(200);
        expect(ids(res.body)).toEqual(all.slice(offset, offset + limit));
        const links = parseLinks(res.headers.link);
        expect(window(links.first)).toEqual({ offset: 0, limit });
        expect(window(links.next)).toEqual(offset + limit < all.length ? { offset: offset + limit, limit } : undefined);
        expect(window(links.prev)).toEqual(offset > 0 ? { offset: Math.max(0, offset - limit), limit: Math.min(limit, offset) } : undefined);
      }),
      { seed: 42, numRuns: 60 },
    );
  });

  it('property: walking the next links from any offset lists the rest without gaps or repeats', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 260 }), fc.integer({ min: 1, max: 100 }), async (index, offset, limit) => {
        const client = index === 0 ? acme : globex;
        const all = invoiceIds(bed, index);
        // Few pages per run: a small limit walks a small account, a large one the big account.
        fc.pre(Math.ceil(Math.max(0, all.length - offset) / limit) <= 12);
        const seen: string[] = [];
        let res = await client.get(`/invoices?offset=${offset}&limit=${limit}`);
        for (;;) {
          expect(res.status).toBe(200);
          seen.push(...ids(res.body));
          const next = parseLinks(res.headers.link).next;
          if (!next) break;
          res = await follow(client, next);
        }
        expect(seen).toEqual(all.slice(offset));
      }),
      { seed: 42, numRuns: 25 },
    );
  });

  it('property: walking the prev links back to the start lists what comes before, without repeats', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 250 }), fc.integer({ min: 20, max: 100 }), async (offset, limit) => {
        const all = invoiceIds(bed, 0);
        const pages: string[][] = [];
        let res = await acme.get(`/invoices?offset=${offset}&limit=${limit}`);
        let prev = parseLinks(res.headers.link).prev;
        while (prev) {
          res = await follow(acme, prev);
          pages.unshift(ids(res.body));
          prev = parseLinks(res.headers.link).prev;
        }
        expect(pages.flat()).toEqual(all.slice(0, Math.min(offset, all.length)));
      }),
      { seed: 42, numRuns: 15 },
    );
  });

  it('property: only the caller\'s invoices are ever listed', async () => {
    const owned = [new Set(invoiceIds(bed, 0)), new Set(invoiceIds(bed, 1))];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 260 }), fc.integer({ min: 1, max: 100 }), async (index, offset, limit) => {
        const res = await (index === 0 ? acme : globex).get(`/invoices?offset=${offset}&limit=${limit}`);
        for (const id of ids(res.body)) {
          expect(owned[index]?.has(id)).toBe(true);
          expect(owned[1 - index]?.has(id)).toBe(false);
        }
      }),
      { seed: 42, numRuns: 40 },
    );
  });
});

describe('GET /invoices: invalid paging values', () => {
  const bed = testBed();
  const acme = bed.client(0);
  const canonical = /^(0|[1-9][0-9]*)$/;

  /** Values that are not an integer written plainly, or out of the safe range. */
  const notAnInteger = fc.oneof(
    fc.integer({ min: -1_000_000, max: -1 }).map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x)).map(String),
    fc.constantFrom('', ' ', 'abc', '1e2', '+1', '01', '0x10', '1.0', ' 5', '5 ', 'NaN', 'Infinity', '-0', '99999999999999999999', '1,2', '²'),
    fc.string({ unit: 'grapheme', maxLength: 6 }).filter((s) => !canonical.test(s)),
  );

  const expect422 = async (query: string, field: string) => {
    const res = await acme.get(`/invoices?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.errors?.[0]?.field).toBe(field);
    expect(res.body.message).toContain(field);
  };

  it('property: a non-integer offset or limit is a 422 naming the parameter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('offset', 'limit'), notAnInteger, async (name, value) => {
        await expect422(`${name}=${encodeURIComponent(value)}`, name);
      }),
      { seed: 42, numRuns: 120 },
    );
  });

  it('property: a limit outside 1..100 is a 422 naming limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(0), fc.integer({ min: 101, max: Number.MAX_SAFE_INTEGER })), async (limit) => {
        await expect422(`limit=${limit}`, 'limit');
      }),
      { seed: 42, numRuns: 40 },
    );
  });

  it('refuses an offset beyond the safe integer range', async () => {
    await expect422(`offset=${Number.MAX_SAFE_INTEGER + 2}`, 'offset');
    await expect422('offset=1000000000000000000000', 'offset');
  });

  it('property: a repeated offset or limit is a 422 naming it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('offset', 'limit'), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), async (name, a, b) => {
        await expect422(`${name}=${a}&${name}=${b}`, name);
      }),
      { seed: 42, numRuns: 20 },
    );
  });

  it('accepts the boundaries offset 0, limit 1 and a huge in-range offset', async () => {
    expect((await acme.get('/invoices?offset=0&limit=1')).body).toHaveLength(1);
    const far = await acme.get(`/invoices?offset=${Number.MAX_SAFE_INTEGER}`);
    expect(far.status).toBe(200);
    expect(far.body).toEqual([]);
  });
});

describe('GET /invoices/{invoice_id} (extension)', () => {
  const bed = testBed();
  const acme = bed.client(0);

  it('answers 200 with the invoice', async () => {
    const invoice = bed.account(0).invoices[3];
    const res = await acme.get(`/invoices/${invoice?.id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(invoice?.id);
    expect(validateResource('invoice', res.body)).toEqual([]);
  });

  it('answers an absent and another account\'s invoice with byte-identical 404s', async () => {
    const foreign = await acme.get(`/invoices/${bed.account(1).invoices[0]?.id}`);
    const absent = await acme.get(`/invoices/in_${ABSENT_ID}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Item not found.' });
    expect(fingerprint(foreign)).toEqual(fingerprint(absent));
  });
});

describe('invoice faults', () => {
  it('b-invoice-date-with-time writes dates as timestamps', async () => {
    const res = await testBed({ faults: ['b-invoice-date-with-time'] }).client(0).get('/invoices?limit=1');
    expect(res.body[0].date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect(validateResource('invoice', res.body[0])).not.toEqual([]);
  });

  it('b-offset-off-by-one skips the invoice between two pages', async () => {
    const bed = testBed({ faults: ['b-offset-off-by-one'] });
    const first = await bed.client(1).get('/invoices?limit=5');
    const next = parseLinks(first.headers.link).next;
    expect(next).toBeDefined();
    const second = await follow(bed.client(1), next as URL);
    const all = invoiceIds(bed, 1);
    expect([...ids(first.body), ...ids(second.body)]).toEqual([...all.slice(0, 5), ...all.slice(6, 11)]);
  });

  it('b-limit-uncapped honours a page size above 100', async () => {
    const bed = testBed({ faults: ['b-limit-uncapped'] });
    const res = await bed.client(0).get('/invoices?limit=150');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(150);
    expect((await bed.client(0).get('/invoices?limit=1001')).status).toBe(422);
  });
});
