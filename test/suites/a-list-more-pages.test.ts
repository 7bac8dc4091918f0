import { describe, expect, it } from 'vitest';
import { pagesWithRoomAfter, statedMorePages } from '../../suites/catalog/a-lists.ts';
import type { AListPaging } from '../../suites/lib/types.ts';

/**
 * What a-enum reads of account 2's paging (X-ISO-1): the "more pages" fact wherever the answer's
 * envelope keeps it, and the page that holds a list's last item with room for one more.
 */

const target = (listPaging?: AListPaging) => ({ target: { interfaceA: { listPaging } } }) as unknown as Parameters<typeof pagesWithRoomAfter>[0];

describe('statedMorePages', () => {
  it('reads the pagination block, another envelope member, or the top of the answer', () => {
    expect(statedMorePages({ items: [], pagination: { has_more: true, next_page: 2 } })).toBe(true);
    expect(statedMorePages({ data: [], meta: { page: 1, has_more: false, next_page: null } })).toBe(false);
    expect(statedMorePages({ data: [], links: { next: '/pipelines?page=3' } })).toBe(true);
    expect(statedMorePages({ data: [], links: { next: null } })).toBe(false);
    expect(statedMorePages({ data: [], has_more: true })).toBe(true);
  });
  it('says nothing where the answer says nothing (a bare array, no paging facts)', () => {
    expect(statedMorePages([{ id: 1 }])).toBeUndefined();
    expect(statedMorePages({ items: [{ id: 1, has_more: true }] })).toBeUndefined();
  });
});

describe('pagesWithRoomAfter', () => {
  it('asks the page holding the last item with room for one more, and the page after it', () => {
    expect(pagesWithRoomAfter(target(), 6)).toEqual({ holding: { page: 1, page_size: 8 }, after: { page: 2, page_size: 8 } });
    expect(pagesWithRoomAfter(target(), 249)).toEqual({ holding: { page: 3, page_size: 100 }, after: { page: 4, page_size: 100 } });
    expect(pagesWithRoomAfter(target({ by: 'offset', offset: 'skip', limit: 'take' }), 6)).toEqual({ holding: { skip: 6, take: 2 }, after: { skip: 8, take: 2 } });
    expect(pagesWithRoomAfter(target({ by: 'none' }), 6)).toBeUndefined();
  });
});
