import type { Sim } from '../context.ts';
import { AdjustableClock } from '../clock.ts';
import type { AccountState } from '../store.ts';
import { loadStateFile, StateFile, type StateRecord } from './state-file.ts';
import { settleSoon } from '../domains/settle-timer.ts';

/**
 * `--state FILE`: the simulator's state survives a restart, SIGKILL included. What is written,
 * and when (the middleware decides which requests need it):
 *
 * - after a successful write to an interface (any method but GET, HEAD, OPTIONS, answered below
 *   400), the whole state of the account it was for;
 * - after a successful write to the control API (reset, seed, accounts, keys, clock), every
 *   account;
 * - accounts a read changed (a job settled: watchers notified) go with the next record;
 * - accounts the settle timer changed with no request, as soon as it has settled what was due.
 *
 * Each is durable before the answer is sent. Not kept: the journal, chaos rules, the web hook
 * delivery log and pending retries, rate-limit counters and interface A keys' `last_used_at`
 * after reads. Interface A keys are stored as digests, as in memory; interface B keys are in
 * the state as the API returns them (`GET /user`), and the file is written 0600.
 */
export class Persistence {
  private constructor(
    private readonly sim: Sim,
    readonly file: StateFile,
  ) {}

  /**
   * Opens `path`: restores the state it holds (returning true), or, for a new file, writes the
   * simulator's present state as its first record (returning false).
   */
  static async open(sim: Sim, path: string): Promise<{ persistence: Persistence; restored: boolean; droppedBytes: number; records: number }> {
    const loaded = await loadStateFile(path);
    const persistence = new Persistence(sim, new StateFile(path, () => snapshotRecord(sim)));
    sim.touched = new Set();
    if (loaded.records.length) restore(sim, loaded.records);
    await persistence.file.openForAppend();
    // A fresh file starts with the state as it is (the seed); a restored one is compacted at once.
    await persistence.file.compact();
    sim.saveAfter = (request) => persistence.save(persistence.recordsFor(request));
    sim.saveTouched = () => persistence.saveTouched();
    return { persistence, restored: loaded.records.length > 0, droppedBytes: loaded.droppedBytes, records: loaded.records.length };
  }

  /** What a finished request must make durable before its answer goes out. */
  recordsFor(request: { surface: 'A' | 'B' | 'control'; method: string; status: number; account?: AccountState }): StateRecord[] {
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && request.status < 400;
    if (write && request.surface === 'control') {
      this.sim.touched?.clear();
      return [snapshotRecord(this.sim)];
    }
    const accounts = this.takeTouched();
    if (write && request.account && !accounts.includes(request.account)) accounts.push(request.account);
    return this.live(accounts).map((a) => accountRecord(this.sim, a));
  }

  /**
   * Writes the accounts changed with no request (jobs the settle timer ended). Nobody waits for
   * the answer, so a failed write puts them back in `touched`: the next request's record then
   * carries them, and that request gets the 503 if the file still cannot be written.
   */
  async saveTouched(): Promise<void> {
    const accounts = this.live(this.takeTouched());
    if (accounts.length === 0) return;
    try {
      await this.save(accounts.map((a) => accountRecord(this.sim, a)));
    } catch {
      for (const a of accounts) this.sim.touched?.add(a);
    }
  }

  private takeTouched(): AccountState[] {
    const accounts = [...(this.sim.touched ?? [])];
    this.sim.touched?.clear();
    return accounts;
  }

  /** An account a reset dropped meanwhile is gone: nothing to write for it. */
  private live(accounts: AccountState[]): AccountState[] {
    return accounts.filter((a) => this.sim.store.accounts.get(a.slug) === a);
  }

  save(records: StateRecord[]): Promise<void> {
    return this.file.append(records);
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

function clockOf(sim: Sim): StateRecord['clock'] {
  const clock = sim.clock;
  return { sim: clock.now(), wall: Date.now(), frozen: clock.frozen ?? false, speed: clock.speed ?? 1 };
}

function snapshotRecord(sim: Sim): StateRecord {
  return { t: 'snapshot', accounts: [...sim.store.accounts.values()], sequences: sim.store.exportSequences(), clock: clockOf(sim) };
}

function accountRecord(sim: Sim, account: AccountState): StateRecord {
  return { t: 'account', accounts: [account], sequences: sim.store.exportSequences(), clock: clockOf(sim) };
}

/** Replays the records: a snapshot replaces everything, an account record replaces that account. */
function restore(sim: Sim, records: StateRecord[]): void {
  const accounts = new Map<string, AccountState>();
  let sequences: [string, number][] = [];
  let clock: StateRecord['clock'] | undefined;
  for (const record of records) {
    if (record.t === 'snapshot') accounts.clear();
    for (const account of record.accounts as AccountState[]) accounts.set(account.slug, account);
    sequences = record.sequences;
    clock = record.clock;
  }
  sim.store.load([...accounts.values()], sequences);
  if (clock && sim.clock instanceof AdjustableClock) {
    // Time goes on from where it was: frozen where it stood, or flowing on from it as wall time did.
    const elapsed = clock.frozen ? 0 : Math.max(0, Date.now() - clock.wall) * clock.speed;
    const target = clock.sim + elapsed;
    if (clock.frozen) sim.clock.freeze();
    if (target > sim.clock.now()) sim.clock.set(target);
  }
  // Jobs still running when the state was written end on their own, as if it had never stopped.
  settleSoon(sim);
}
