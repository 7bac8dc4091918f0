import { matchesPath, pathPattern } from '../http/path-pattern.ts';
import { hasRequestMatchers, matchesRequest, type RequestMatchers } from '../http/request-matchers.ts';
import type { RecordedEntry } from './entry.ts';
import { redactPath, requestAsShown } from './redact.ts';

export type { JournalEntry, RecordedEntry } from './entry.ts';

/**
 * The request journal: what clients sent to either interface and what they got, for client
 * developers to inspect and count (WireMock's request journal and `verify`). A ring of fixed
 * capacity, so a server that runs for days never grows; capacity 0 records nothing. Entries are
 * kept as they came (bodies capped) and redacted whenever they leave (`redact.ts`).
 */

/**
 * What `list` and `count` match on; every given field must match. The request matchers (`header`,
 * `query`, `body`) see the entry as it is shown, redacted: matched on the values as sent, a count
 * would tell a secret one guessed character at a time.
 */
export interface JournalFilter extends RequestMatchers {
  method?: string;
  /** A path pattern: `*` matches within one segment, `**` across segments; otherwise the exact path. */
  path?: string;
  /** Exact status (`404`) or a class (`4xx`). */
  status?: string;
  account?: string;
  interface?: 'A' | 'B';
  /** Entries that arrived at or after this wall-clock time (ms since the epoch). */
  sinceMs?: number;
  /** Entries with a larger `seq` (tailing). */
  afterSeq?: number;
  /** Only entries a chaos rule acted on. */
  chaos?: boolean;
  /** Only entries the lenient profile let through (true), or only the others (false). */
  lenient?: boolean;
}

export class Journal {
  private readonly ring: (RecordedEntry | undefined)[];
  private next = 0;
  private size = 0;
  private seq = 0;

  /** `keyPrefix`: interface A keys' prefix, which entries are redacted by (`redact.ts`), also for matching. */
  constructor(
    readonly capacity: number,
    private readonly keyPrefix: string,
  ) {
    this.ring = new Array<RecordedEntry | undefined>(Math.max(0, capacity));
  }

  get enabled(): boolean {
    return this.capacity > 0;
  }

  /** The next entry's sequence number (taken when a request arrives, so ids follow arrival order). */
  nextSeq(): number {
    return ++this.seq;
  }

  add(entry: RecordedEntry): void {
    if (!this.enabled) return;
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  /** Oldest first. */
  entries(): RecordedEntry[] {
    const out: RecordedEntry[] = [];
    const start = (this.next - this.size + this.capacity) % (this.capacity || 1);
    for (let i = 0; i < this.size; i++) {
      const e = this.ring[(start + i) % this.capacity];
      if (e) out.push(e);
    }
    // Entries are added when answered, so a slow request lands after quicker later ones: order by arrival.
    return out.sort((a, b) => a.seq - b.seq);
  }

  list(filter: JournalFilter, limit = 100): RecordedEntry[] {
    const matching = this.entries().filter(matcher(filter, this.keyPrefix));
    return matching.slice(Math.max(0, matching.length - limit));
  }

  count(filter: JournalFilter): number {
    return this.entries().filter(matcher(filter, this.keyPrefix)).length;
  }

  get(id: string): RecordedEntry | undefined {
    return this.entries().find((e) => e.id === id);
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
    this.size = 0;
  }
}

export function matcher(filter: JournalFilter, keyPrefix: string): (e: RecordedEntry) => boolean {
  const path = filter.path === undefined ? undefined : pathPattern(filter.path);
  const status = filter.status === undefined ? undefined : statusPattern(filter.status);
  const method = filter.method?.toUpperCase();
  const request = hasRequestMatchers(filter);
  return (e) =>
    (method === undefined || e.method === method) &&
    (path === undefined || matchesPath(path, e.path, (p) => redactPath(p, keyPrefix))) &&
    (status === undefined || status(e.status)) &&
    (filter.account === undefined || e.account === filter.account) &&
    (filter.interface === undefined || e.interface === filter.interface) &&
    (filter.sinceMs === undefined || e.wallMs >= filter.sinceMs) &&
    (filter.afterSeq === undefined || e.seq > filter.afterSeq) &&
    (filter.chaos === undefined || (e.chaos !== undefined) === filter.chaos) &&
    (filter.lenient === undefined || (e.lenient !== undefined) === filter.lenient) &&
    // Last, as the dearest: a body may be parsed to be redacted.
    (!request || matchesRequest(filter, requestAsShown(e, keyPrefix)));
}

function statusPattern(text: string): (status: number) => boolean {
  const cls = /^([1-5])xx$/i.exec(text.trim());
  if (cls) return (s) => Math.floor(s / 100) === Number(cls[1]);
  const exact = Number(text);
  return (s) => s === exact;
}

/** Whether a status filter is one `statusPattern` understands. */
export function isStatusFilter(text: string): boolean {
  return /^[1-5]xx$/i.test(text.trim()) || /^[1-5]\d\d$/.test(text.trim());
}
