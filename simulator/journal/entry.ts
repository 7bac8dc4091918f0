import type { Leniency } from '../http/leniency.ts';

/**
 * What the journal records and shows, apart from the ring (`journal.ts`): `redact.ts` shows
 * entries and `journal.ts` matches them as shown, so both need these types and neither may
 * import the other's module for them (no import cycles).
 */

export interface JournalEntry {
  /** The request id, also sent back in the `X-Request-Id` header. */
  id: string;
  /** Increasing number of the entry in this simulator's life (survives `clear`). */
  seq: number;
  /** When the request arrived: the simulator's clock and the wall clock (ISO 8601). */
  at: { simulator: string; wall: string };
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  interface: 'A' | 'B';
  /** The account the request was answered for, once authenticated. */
  account?: string;
  status: number;
  latencyMs: number;
  request: { headers: Record<string, string>; body?: string; bodyTruncated?: boolean };
  response: { headers: Record<string, string>; body?: string; bodyTruncated?: boolean };
  /** The chaos rule that acted on this request, if one did. */
  chaos?: { rule: string; action: string };
  /** What the lenient profile let through that a strict deployment refuses, each with the clause (http/leniency.ts). */
  lenient?: Leniency[];
  /** For a 404 or 405: whether an endpoint served the path, and if none, the nearest (near-miss.ts). Added when shown. */
  hint?: string;
}

/** What the ring keeps: arrival times as epoch ms, formatted only when an entry is shown (redact.ts). */
export type RecordedEntry = Omit<JournalEntry, 'at' | 'hint'> & { simulatorMs: number; wallMs: number };
