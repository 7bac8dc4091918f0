import { describe, expect, it } from 'vitest';
import { loadChecks } from '../../suites/index.ts';
import { allTrips } from './trips.ts';
import { UNTRIPPED_REASONS } from './untripped.ts';

describe('checks no fault trips', () => {
  it('each has a reason in test/fault-proofs/untripped.ts; a check no fault trips and no reason explains fails the build', async () => {
    const tripped = new Set(Object.values(allTrips()).flat());
    const untripped = (await loadChecks()).map((c) => c.id).filter((id) => !tripped.has(id));
    expect(untripped.filter((id) => !(id in UNTRIPPED_REASONS)), 'record the faults they trip (DISCO_RECORD_TRIPS=1 npx vitest run test/faults-a.test.ts test/faults-b.test.ts); where none does, add a fault that trips them, or a reason').toEqual([]);
  });

  it('lists only checks that exist and that no fault trips (a reason goes when a fault starts tripping its check)', async () => {
    const tripped = new Set(Object.values(allTrips()).flat());
    const ids = new Set((await loadChecks()).map((c) => c.id));
    expect(Object.keys(UNTRIPPED_REASONS).filter((id) => !ids.has(id)), 'no such check').toEqual([]);
    expect(Object.keys(UNTRIPPED_REASONS).filter((id) => tripped.has(id)), 'tripped by a fault after all').toEqual([]);
  });

  it('records every fault of the catalog, each tripping at least one check', async () => {
    const { FAULT_NAMES } = await import('../../simulator/faults.ts');
    const trips = allTrips();
    expect(FAULT_NAMES.filter((f) => !trips[f]?.length)).toEqual([]);
  });
});
