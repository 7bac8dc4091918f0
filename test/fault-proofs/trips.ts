import { readFileSync, writeFileSync } from 'node:fs';

/** fault name -> ids of the checks it makes fail, sorted. */
export type TripRecord = Record<string, string[]>;

/** The records, one per proof file (`a`, `b`), beside this module. */
export const TRIP_RECORDS = ['a', 'b'] as const;

function recordUrl(record: string): URL {
  return new URL(`./trips/${record}.json`, import.meta.url);
}

export function readTrips(record: string): TripRecord {
  try {
    return JSON.parse(readFileSync(recordUrl(record), 'utf8')) as TripRecord;
  } catch {
    return {};
  }
}

export function writeTrips(record: string, trips: TripRecord): void {
  const sorted = Object.fromEntries(Object.keys(trips).sort().map((fault) => [fault, trips[fault]]));
  writeFileSync(recordUrl(record), `${JSON.stringify(sorted, null, 2)}\n`);
}

/** Every record merged: which checks each fault of the catalog trips. */
export function allTrips(): TripRecord {
  return Object.assign({}, ...TRIP_RECORDS.map(readTrips)) as TripRecord;
}
