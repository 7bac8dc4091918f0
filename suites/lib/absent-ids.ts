import { STAND_IN_BAND } from './big-ids.ts';

/**
 * The ids a run takes for ones that name nothing: to ask for an absent package, archive an absent
 * pipeline, revoke an absent key. Which ids a deployment hands out is its own choice; one whose
 * ids reach these ranges names others in its target document (`absent_ids`), or a check asking
 * for an "absent" id would find, change or delete a real one. The target document is refused when
 * an id it lists falls inside the ranges in use (suites/lib/target.ts).
 */
export interface AbsentIdRange {
  min: number;
  max: number;
}

/** Above anything a test system reaches, yet within a signed 32-bit integer, so a target with 32-bit ids still reads them as ids (and answers "not found") rather than refusing them as malformed. */
export const DEFAULT_ABSENT_IDS: AbsentIdRange = { min: 1_000_000_000, max: 2_147_483_647 };

/**
 * Beyond 32 bits, which a target storing 64-bit ids must still read as absent; up to the band of
 * stand-ins for ids beyond 2^53 (big-ids.ts), which an absent id must never be taken from.
 */
export const DEFAULT_WIDE_ABSENT_IDS: AbsentIdRange = { min: 1_000_000_000_000, max: STAND_IN_BAND.min - 1 };

/** The narrowest range a target document may name: two ids derived from different seeds then differ. */
export const MIN_ABSENT_RANGE_WIDTH = 1_000;

/** What a check knows of the target's absent ids: its declared range, if any. */
export interface AbsentIdsOf {
  absentIds?: AbsentIdRange;
}

/** The ranges a run draws absent ids from for `target`: its declared one, else both defaults. */
export function absentRangesOf(target: AbsentIdsOf): { narrow: AbsentIdRange; wide: AbsentIdRange } {
  return target.absentIds ? { narrow: target.absentIds, wide: target.absentIds } : { narrow: DEFAULT_ABSENT_IDS, wide: DEFAULT_WIDE_ABSENT_IDS };
}

/** Every range a run takes absent ids from for `target`: its declared one, else both defaults. */
export function rangesInUse(target: AbsentIdsOf): AbsentIdRange[] {
  const { narrow, wide } = absentRangesOf(target);
  return narrow === wide ? [narrow] : [narrow, wide];
}

/** The range of `ranges` that holds `id`, if any. */
export function rangeHolding(ranges: readonly AbsentIdRange[], id: number): AbsentIdRange | undefined {
  return ranges.find((r) => id >= r.min && id <= r.max);
}

export function describeRange(range: AbsentIdRange): string {
  return `${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}`;
}
