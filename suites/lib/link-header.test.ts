import { describe, expect, it } from 'vitest';
import { linksByRel, parseLinkHeader } from './link-header.ts';

const base = 'https://api.example.com/v2/api/invoices?offset=20&limit=20';

describe('parseLinkHeader (RFC 8288 section 3)', () => {
  it('reads a quoted-string holding a comma and a semicolon before rel', () => {
    const links = parseLinkHeader('<https://x/i?offset=40>; title="Invoices, from 41; next"; rel="next", <https://x/i?offset=0>; rel=prev');
    expect(links.map((l) => [l.target, l.rels, l.params.title])).toEqual([
      ['https://x/i?offset=40', ['next'], 'Invoices, from 41; next'],
      ['https://x/i?offset=0', ['prev'], undefined],
    ]);
  });

  it('undoes escapes, keeps the first rel, splits relation types, reads names case-insensitively', () => {
    const [link] = parseLinkHeader('<a>;TITLE="say \\"hi\\"";  REL="Next  Last" ; rel="prev"; type=application/json');
    expect(link).toEqual({ target: 'a', rels: ['next', 'last'], params: { title: 'say "hi"', rel: 'Next  Last', type: 'application/json' } });
  });

  it('skips what it cannot read and goes on with the next link', () => {
    expect(parseLinkHeader('garbage, "quoted, still garbage", <b>; rel=next').map((l) => l.rels)).toEqual([['next']]);
    expect(parseLinkHeader('')).toEqual([]);
  });
});

describe('linksByRel', () => {
  it('resolves relative targets against the answer\'s URL, and a link with several relation types under each', () => {
    const links = linksByRel('<?offset=40&limit=20>; rel="next last", </v2/api/invoices?offset=0&limit=20>; rel="prev first"', base);
    expect(Object.fromEntries(links)).toEqual({
      next: 'https://api.example.com/v2/api/invoices?offset=40&limit=20',
      last: 'https://api.example.com/v2/api/invoices?offset=40&limit=20',
      prev: 'https://api.example.com/v2/api/invoices?offset=0&limit=20',
      first: 'https://api.example.com/v2/api/invoices?offset=0&limit=20',
    });
  });
});
