import { readFileSync, writeFileSync } from 'node:fs';

/**
 * One seed and case count for every proof and its control run, so a failure is the fault's alone.
 * Ten cases: at fifteen the fault proofs took about 18 % more CPU (faults-a and faults-b: 88 s
 * against 72 s) and caught nothing more that a record keeps but one check of one fault
 * (a-lifecycle/model-with-clock for a-stream-only-delete-keeps-running, which three others
 * catch). At ten the alt conventions' proofs once lost a-renamed-deployment-not-torn-down: the
 * generated cases rename one deployed pipeline in three; a-pipe/delete-deployed now renames one
 * in every run. Unshrunk: a proof needs the clause a fault fails, not the smallest case that
 * fails it, and shrinking each fault's counterexamples took about a third of the proofs' time
 * (faults-a: 138 s against 88 s, the same checks tripped).
 */
export const PROOF = { seed: 99, runs: 10, shrink: false } as const;

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
