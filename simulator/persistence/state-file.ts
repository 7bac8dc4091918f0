import { createHash } from 'node:crypto';
import { open, readFile, rename, truncate, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { decodeState, encodeState } from './codec.ts';

/**
 * The state file of `--state FILE`: an append-only log of records, one per line, each
 * `<first 16 hex of its SHA-256> <JSON>`. A record is durable (written and fdatasync'ed) before
 * the answer that depends on it is sent. Records written together share one fdatasync (group
 * commit). On load, a torn last line (no newline, a bad checksum, unparseable JSON) and anything
 * after it is dropped and the file cut back to the last good record: nothing before it is
 * touched. When the log has grown well past the state it holds, it is compacted: one snapshot
 * record written to a temporary file, fsync'ed, renamed over the log, the directory fsync'ed.
 */

export interface StateRecord {
  /** `account`: one account's whole state; `snapshot`: every account; both carry the id sequences and the clock. */
  t: 'account' | 'snapshot';
  accounts: unknown[];
  sequences: [string, number][];
  clock: { sim: number; wall: number; frozen: boolean; speed: number };
}

export interface Loaded {
  records: StateRecord[];
  /** Bytes cut off the end: a torn or corrupt tail. */
  droppedBytes: number;
}

const COMPACT_MIN_BYTES = 8 * 1024 * 1024;

export function recordLine(record: StateRecord): string {
  const payload = encodeState(record);
  return `${checksum(payload)} ${payload}\n`;
}

function checksum(payload: string): string {
  return createHash('sha256').update(payload, 'utf8').digest('hex').slice(0, 16);
}

/** Reads every good record; cuts a torn or corrupt tail off the file. A missing file is empty. */
export async function loadStateFile(path: string): Promise<Loaded> {
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], droppedBytes: 0 };
    throw e;
  }
  const { records, good } = parseStateFile(data);
  // Only a torn tail is cut. A file with no good record is a log only when what it holds is the
  // torn start of its first one; anything else (a `disco state export` snapshot, a report, text)
  // is someone's file, never emptied.
  if (records.length === 0 && data.length > 0 && !tornFirstRecord(data)) {
    throw new Error(`${path} holds no record of a --state log (its first line is not one); it is left as it is: name another file, or load a snapshot with disco state import`);
  }
  const droppedBytes = data.length - good;
  if (droppedBytes > 0) await truncate(path, good);
  return { records, droppedBytes };
}

/** The start of a first record whose write was torn: no newline yet, and the checksum's hex digits, then perhaps a space. */
function tornFirstRecord(data: Buffer): boolean {
  return data.indexOf(0x0a) < 0 && /^[0-9a-f]{1,16}(?: |$)/.test(data.subarray(0, 17).toString('latin1'));
}

/**
 * The good records of a state file's bytes, and how many bytes they take: it stops at the first
 * line without a newline, with a bad checksum or unparseable JSON. Changes nothing, so a file
 * that is being written can be read (loadStateFile also cuts the file back, for a restart).
 */
export function parseStateFile(data: Buffer): { records: StateRecord[]; good: number } {
  const records: StateRecord[] = [];
  let good = 0;
  while (good < data.length) {
    const end = data.indexOf(0x0a, good);
    if (end < 0) break; // no newline: the last write was torn
    const line = data.subarray(good, end).toString('utf8');
    const space = line.indexOf(' ');
    const payload = line.slice(space + 1);
    if (space !== 16 || checksum(payload) !== line.slice(0, 16)) break;
    let record: StateRecord;
    try {
      record = decodeState<StateRecord>(payload);
    } catch {
      break;
    }
    records.push(record);
    good = end + 1;
  }
  return { records, good };
}

interface Pending {
  line: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class StateFile {
  private handle: FileHandle | null = null;
  private queue: Pending[] = [];
  /** Every write and compaction runs on this one chain, in order: never two at once. */
  private tail: Promise<void> = Promise.resolve();
  private scheduled = false;
  private bytesSinceCompaction = 0;
  private lastSnapshotBytes = 0;

  /** `snapshot` gives the whole state as one record, for compaction. */
  constructor(
    readonly path: string,
    private readonly snapshot: () => StateRecord,
  ) {}

  async openForAppend(): Promise<void> {
    this.handle = await open(this.path, 'a', 0o600);
  }

  /** Resolves once `records` are on disk. */
  append(records: StateRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    const line = records.map(recordLine).join('');
    const done = new Promise<void>((resolve, reject) => this.queue.push({ line, resolve, reject }));
    if (!this.scheduled) {
      this.scheduled = true;
      this.tail = this.tail.then(() => this.flushQueue());
    }
    return done;
  }

  /** Rewrites the file as one snapshot record, atomically (after what is queued). */
  compact(): Promise<void> {
    this.tail = this.tail.then(() => this.compactNow());
    return this.tail;
  }

  async close(): Promise<void> {
    await this.tail;
    await this.handle?.close();
    this.handle = null;
  }

  private async flushQueue(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const text = batch.map((p) => p.line).join('');
    try {
      if (!this.handle) throw new Error('the state file is not open');
      await this.handle.write(text, null, 'utf8');
      await this.handle.datasync();
      this.bytesSinceCompaction += Buffer.byteLength(text);
      for (const p of batch) p.resolve();
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    if (this.bytesSinceCompaction > Math.max(COMPACT_MIN_BYTES, 4 * this.lastSnapshotBytes)) await this.compactNow().catch(() => undefined);
  }

  private async compactNow(): Promise<void> {
    const line = recordLine(this.snapshot());
    const temporary = `${this.path}.tmp-${process.pid}`;
    const out = await open(temporary, 'w', 0o600);
    try {
      await out.writeFile(line, 'utf8');
      await out.sync();
    } finally {
      await out.close();
    }
    await this.handle?.close();
    this.handle = null;
    await rename(temporary, this.path);
    await syncDirectory(dirname(this.path));
    this.handle = await open(this.path, 'a', 0o600);
    this.bytesSinceCompaction = 0;
    this.lastSnapshotBytes = Buffer.byteLength(line);
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot fsync a directory; the rename is then as durable as they make it.
  } finally {
    await handle.close();
  }
}
