import { afterAll, expect, it } from 'vitest';
import { faultCatalog, type FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator, type SuiteRun } from '../support/run-suites.ts';
import { loadChecks } from '../../suites/index.ts';
import { allTrips, PROOF, readTrips, writeTrips, type TripRecord } from './trips.ts';
import { tripsAgree, withUnsteady } from './unsteady.ts';

export { PROOF };

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
 * - for each clause the faults name, the checks its faults' proofs hold (`controlScope`; all
 *   those naming it, carrying or supporting it as `disco check --only <clause>` selects them,
 *   when the record is rewritten) pass against the faultless simulator (same seed and cases as
 *   the fault runs, so a failure below is the fault's alone);
 * - for each fault, the checks naming its clause run against a simulator with that fault on,
 *   and the run fails naming that clause (a supporter's failure fails it, as in any run);
 * - which checks each fault trips (fail, for any clause) is recorded in `trips/<record>.json`;
 *   the run must trip exactly the recorded checks (but those `UNSTEADY_TRIPS` lists for the
 *   fault, which may not: they trip it only when the machine's timing lets them), so a check that
 *   stops catching a fault changes the record visibly. `DISCO_RECORD_TRIPS=1` rewrites it: every
 *   check naming the clause runs, then those that failed run again alone, and the record keeps
 *   what fails there (what the default proof, holding only the recorded checks, will see).
 *
 * Which checks a fault's run holds (`proofScope`): by default only those its record names. Every
 * check naming the clause took 2.2 times as long (faults-b: 61 s and 65 s of CPU against 28 s and
 * 29 s), and most of them never meet a given fault. The record is still kept whole: a new check no
 * recorded fault trips fails test/fault-proofs/untripped.test.ts until the record is rewritten
 * (which runs every check naming the clause) or a reason is written, and a fault with no record
 * yet runs them all. What the default no longer notices is an old check that starts catching one
 * more fault after a change: `DISCO_FULL_PROOFS=1` runs every check naming the clause and compares,
 * as the rewrite does.
 *
 * The proofs that may run side by side come first, the timed ones after (vitest runs a run of
 * consecutive concurrent tests together, and each other test alone).
 */
export function proveFaults(record: string, faults: readonly FaultName[]): void {
  const observed: TripRecord = {};
  const recorded = readTrips(record);
  const rewriting = process.env.DISCO_RECORD_TRIPS === '1';
  const full = rewriting || process.env.DISCO_FULL_PROOFS === '1';
  const clauses = [...new Set(faults.map((fault) => faultCatalog[fault].clause))];
  const ordered = [...clauses.filter((c) => !TIMED_CLAUSES.includes(c)), ...clauses.filter((c) => TIMED_CLAUSES.includes(c))];
  for (const clause of ordered) {
    const clauseFaults = faults.filter((f) => faultCatalog[f].clause === clause);
    proofTest(clause)(`the faultless simulator passes the checks ${full ? 'naming' : 'the proofs of'} ${clause}${full ? '' : "'s faults hold"}`, async ({ expect }) => {
      const run = await runSuitesAgainstSimulator({ exactly: await controlScope(clause, full ? undefined : clauseFaults.map((f) => recorded[f])), ...PROOF });
      expect(run.checks.filter((c) => c.clauses.includes(clause)).length, `no check names ${clause}`).toBeGreaterThan(0);
      const bad = run.checks.filter((c) => c.verdict !== 'pass');
      expect(bad, describeChecks(bad)).toEqual([]);
    });
    for (const fault of clauseFaults) {
      proofTest(clause)(`${fault} makes the suites fail naming ${clause}`, async ({ expect }) => {
        const runWith = (exactly: readonly string[]) => runSuitesAgainstSimulator({ faults: [fault], exactly, ...PROOF });
        const scope = await proofScope(clause, full ? undefined : recorded[fault]);
        const { run, tripped } = full ? await tripsOnTheirOwn(scope, runWith) : await runAndTrips(scope, runWith);
        observed[fault] = tripped;
        expect(run.checks.filter((c) => c.clauses.includes(clause) || (c.supports ?? []).includes(clause)).length, `no recorded check names ${clause}`).toBeGreaterThan(0);
        expect([...run.failedClauses], describeChecks(run.checks)).toContain(clause);
      });
    }
  }
  afterAll(() => {
    if (rewriting) {
      // A check listed as unsteady for a fault stays in its record whether or not it tripped in
      // this recording: the record holds what the fault may trip (and the proof then allows it
      // not to), so one recording on a loaded machine does not drop it.
      writeTrips(record, Object.fromEntries(Object.entries(observed).map(([fault, tripped]) => [fault, withUnsteady(fault, tripped ?? [])])));
      return;
    }
    // Only faults whose run finished are compared: a failed proof above has said why already.
    const stale = Object.keys(observed).filter((fault) => !tripsAgree(fault, recorded[fault] ?? [], observed[fault] ?? []));
    const differences = stale.map((fault) => `${fault}: recorded ${JSON.stringify(recorded[fault] ?? [])}, tripped ${JSON.stringify(observed[fault])}`);
    expect(differences, `the checks these faults trip changed; if that is intended, re-record with: DISCO_RECORD_TRIPS=1 npx vitest run test/faults-${record}.test.ts`).toEqual([]);
  });
}

/**
 * The checks the faultless control run of a clause holds: those its faults' proofs run (the union
 * of their scopes, `proofScope`), so that a failure in a fault's run is the fault's alone. Every
 * check naming the clause where one of its faults has no record yet, or the record is being
 * rewritten (`records` undefined), as those proofs run them all. Not every check naming the
 * clause by default: X-ISO-1 and X-ROB-1 name 34 and 42 checks, of which the proofs of a record's
 * faults hold 6 to 18, and their controls took a fifth of the proofs' time. Every check still
 * runs faultless in test/faultless.test.ts, at other seeds.
 */
export async function controlScope(clause: string, records: readonly (readonly string[] | undefined)[] | undefined): Promise<readonly string[]> {
  if (!records || records.some((r) => !r?.length)) return clauseChecks(clause);
  return [...new Set(records.flatMap((r) => r ?? []))].sort();
}

/** The ids of the checks a run failed, sorted: what a trip record keeps. */
function trippedChecks(run: RunVerdicts): string[] {
  return run.checks.filter((c) => c.verdict === 'fail').map((c) => c.id).sort();
}

/** What a trip record reads of a run: each check's id and verdict. */
type RunVerdicts = { readonly checks: readonly { readonly id: string; readonly verdict: string }[] };
type ScopedRun<R extends RunVerdicts> = (exactly: readonly string[]) => Promise<R>;

async function runAndTrips<R extends RunVerdicts>(scope: readonly string[], runWith: ScopedRun<R>): Promise<{ run: R; tripped: string[] }> {
  const run = await runWith(scope);
  return { run, tripped: trippedChecks(run) };
}

/**
 * What a fault trips for a record: `scope` runs, then the checks that failed run again alone, and
 * what fails there is kept (with that second run). A record is read back by runs holding only the
 * checks it names, so it keeps only what they trip on their own: a check may fail only because
 * another check of the wider run made something first (b-schema/read-resources listing the member
 * job that b-job/create-starts made), and recorded, it would fail every default proof.
 */
export async function tripsOnTheirOwn<R extends RunVerdicts>(scope: readonly string[], runWith: ScopedRun<R>): Promise<{ run: R; tripped: string[] }> {
  let held = scope;
  let result = await runAndTrips(held, runWith);
  // A run fails only checks it holds, so each pass holds fewer until every check it holds fails:
  // the loop ends.
  while (result.tripped.length && result.tripped.length < held.length) {
    held = result.tripped;
    result = await runAndTrips(held, runWith);
  }
  return result;
}

/** The checks a fault's run holds: the recorded ones, or, with no record, every check naming the clause (clauseChecks). */
export async function proofScope(clause: string, recorded: readonly string[] | undefined): Promise<readonly string[]> {
  return recorded?.length ? recorded : clauseChecks(clause);
}

/**
 * The checks naming `clause`, as `disco check --only <clause>` selects them: those that carry it
 * and those that support it (a supporter's failure fails the clause in any run). A check of the
 * timing oracle's clauses (TIMED_CLAUSES) is left out of another clause's runs, which go side by
 * side: its samples must not share the process with another run.
 */
export async function clauseChecks(clause: string): Promise<string[]> {
  const timed = (clauses: readonly string[]) => !TIMED_CLAUSES.includes(clause) && clauses.some((c) => TIMED_CLAUSES.includes(c));
  return (await loadChecks()).filter((c) => c.clauses.includes(clause) || ((c.supports ?? []).includes(clause) && !timed(c.clauses))).map((c) => c.id);
}

/**
 * A run with `fault` on, elsewhere than the proofs (other conventions, a gateway, ids numbered
 * per account), that fails naming the fault's clause if any run of its checks does: first only
 * the checks its record says catch it in the proofs, then, where those do not catch it here,
 * every check naming the clause. The verdict is the same, only sooner: a clause such as X-ISO-1
 * has many checks, most of which never meet a given fault. Of the recorded ones, those that only
 * deepen another's coverage (`deepens`) are left for a second try where others catch it too:
 * a-enum/foreign-pipeline-later-same-404 waits the declared initial sync in real time (10 s on
 * the alt conventions) to see what a-enum/foreign-pipeline-same-404 sees at once for most faults.
 */
export async function runCatching(fault: FaultName, options: Omit<NonNullable<Parameters<typeof runSuitesAgainstSimulator>[0]>, 'faults' | 'only' | 'exactly'>): Promise<SuiteRun> {
  const { clause } = faultCatalog[fault];
  const tripping = allTrips()[fault] ?? [];
  const deepening = new Set((await loadChecks()).filter((c) => c.deepens !== undefined).map((c) => c.id));
  const firstHand = tripping.filter((id) => !deepening.has(id));
  for (const scope of firstHand.length && firstHand.length < tripping.length ? [firstHand, tripping] : [tripping]) {
    if (scope.length === 0) continue;
    const run = await runSuitesAgainstSimulator({ ...options, faults: [fault], exactly: scope });
    if (run.failedClauses.has(clause)) return run;
  }
  return runSuitesAgainstSimulator({ ...options, faults: [fault], exactly: await clauseChecks(clause) });
}
