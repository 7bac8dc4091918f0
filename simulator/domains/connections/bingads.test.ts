import { describe, expect, it } from 'vitest';
import { ALT_CONVENTIONS, STANDARD_CONVENTIONS } from '../../conventions.ts';
import { bingAdsAccounts } from './bingads.ts';
import type { Connection } from './types.ts';

const connection = (id: number): Connection => ({ id, name: `bing ${id}`, type: 'bingads', connectionGroupId: null, createdAt: 0, updatedAt: 0 });

/** Every account and campaign id a connection shows, campaigns asked for. */
function idsOf(connectionId: number): number[] {
  return bingAdsAccounts(connection(connectionId), { campaignsOf: undefined, forceFetch: true }).flatMap((a) => [a.id, ...(a.campaigns ?? []).map((c) => c.id)]);
}

/**
 * The ranges a checker takes for absent ids: by default 10^9 to 2^31 - 1 and 10^12 up
 * (suites/lib/absent-ids.ts), which the standard target description leaves in place; the alt one
 * names `absent_ids` 1,000 to its first id - 1 (control/description.ts).
 */
const DEFAULT_RANGES = [{ min: 1_000_000_000, max: 2_147_483_647 }, { min: 1_000_000_000_000, max: Number.MAX_SAFE_INTEGER }];
const ALT_RANGES = [{ min: 1_000, max: ALT_CONVENTIONS.firstId - 1 }];
const inside = (ranges: readonly { min: number; max: number }[]) => (id: number) => ranges.some((r) => id >= r.min && id <= r.max);

describe('Bing Ads account and campaign ids', () => {
  it('stay out of the absent-id range of the standard conventions (campaigns too), nine digits as Bing Ads ids often are', () => {
    for (const offset of [0, 1, 999, 100_000]) {
      const ids = idsOf(STANDARD_CONVENTIONS.firstId + offset);
      expect(ids.filter(inside(DEFAULT_RANGES)), `connection ${STANDARD_CONVENTIONS.firstId + offset}`).toEqual([]);
      for (const id of ids) expect(String(id)).toMatch(/^[1-9][0-9]{8}$/);
    }
  });

  it('stay out of the alt conventions\' absent_ids', () => {
    for (const offset of [0, 1, 999, 100_000]) expect(idsOf(ALT_CONVENTIONS.firstId + offset).filter(inside(ALT_RANGES))).toEqual([]);
  });

  it('are unique across the connections of a run', () => {
    const ids = [1, 2, 3, 10, 11, 99, 100].flatMap(idsOf);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
