import { afterAll, expect, it } from 'vitest';
import { faultCatalog, type FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { readTrips, writeTrips, type TripRecord } from './trips.ts';

/**
 * One seed and case count for every proof and its control run, so a failure is the fault's alone.
 * Unshrunk: a proof needs the clause a fault fails, not the smallest case that fails it, and
 * shrinking each fault's counterexamples took about a third of the proofs' time (faults-a: 138 s
 * against 88 s, the same checks tripped).
 */
export const PROOF = { seed: 99, runs: 15, shrink: false } as const;

/**
 * The clause of the timing oracle (a-timing), whose samples must not share the process with
 * another run: its proofs run one at a time. Every other proof runs beside others in its file
 * (each against a simulator of its own): they spend most of their time waiting on the run's own
 * timers and sockets (faults-a: 50 s of CPU in 138 s).
 */
export const TIMED_CLAUSES: readonly string[] = ['A-ENUM-2'];

/** `it.concurrent` unless the clause's checks time responses. */
export function proofTest(clause: string): typeof it | typeof it.concurrent {
  return TIMED_CLAUSES.includes(clause) ? it : it.concurrent;
}

/**
 * The one proof path of the faults, derived from the fault catalog and the checks' clauses:
 *
 * - for each clause the faults name, the checks naming it pass against the faultless simulator
 *   (same seed and cases as the fault runs, so a failure below is the fault's alone);
 * - for each fault, the checks naming its clause run against a simulator with that fault on,
 *   and the run fails naming that clause;
 * - which checks each fault trips (fail, for any clause) is recorded in `trips/<record>.json`;
 *   the run must trip exactly the recorded checks, so a check that stops catching a fault, or a
 *   new check that starts to, changes the record visibly. `DISCO_RECORD_TRIPS=1` rewrites it.
 *
 * The proofs that may run side by side come first, the timed ones after (vitest runs a run of
 * consecutive concurrent tests together, and each other test alone).
 */
export function proveFaults(record: string, faults: readonly FaultName[]): void {
  const observed: TripRecord = {};
  const clauses = [...new Set(faults.map((fault) => faultCatalog[fault].clause))];
  const ordered = [...clauses.filter((c) => !TIMED_CLAUSES.includes(c)), ...clauses.filter((c) => TIMED_CLAUSES.includes(c))];
  for (const clause of ordered) {
    proofTest(clause)(`the faultless simulator passes the checks naming ${clause}`, async ({ expect }) => {
      const run = await runSuitesAgainstSimulator({ only: [clause], ...PROOF });
      expect(run.checks.filter((c) => c.clauses.includes(clause)).length, `no check names ${clause}`).toBeGreaterThan(0);
      const bad = run.checks.filter((c) => c.verdict !== 'pass');
      expect(bad, describeChecks(bad)).toEqual([]);
    });
    for (const fault of faults.filter((f) => faultCatalog[f].clause === clause)) {
      proofTest(clause)(`${fault} makes the suites fail naming ${clause}`, async ({ expect }) => {
        const run = await runSuitesAgainstSimulator({ faults: [fault], only: [clause], ...PROOF });
        observed[fault] = run.checks.filter((c) => c.verdict === 'fail').map((c) => c.id).sort();
        expect(run.checks.filter((c) => c.clauses.includes(clause)).length, `no check names ${clause}`).toBeGreaterThan(0);
        expect([...run.failedClauses], describeChecks(run.checks)).toContain(clause);
      });
    }
  }
  afterAll(() => {
    if (process.env.DISCO_RECORD_TRIPS === '1') {
      writeTrips(record, observed);
      return;
    }
    // Only faults whose run finished are compared: a failed proof above has said why already.
    const recorded = readTrips(record);
    const stale = Object.keys(observed).filter((fault) => JSON.stringify(observed[fault]) !== JSON.stringify(recorded[fault] ?? []));
    const differences = stale.map((fault) => `${fault}: recorded ${JSON.stringify(recorded[fault] ?? [])}, tripped ${JSON.stringify(observed[fault])}`);
    expect(differences, `the checks these faults trip changed; if that is intended, re-record with: DISCO_RECORD_TRIPS=1 npx vitest run test/faults-${record}.test.ts`).toEqual([]);
  });
}
