import type { JournalEntry } from '../../simulator/journal/journal.ts';
import type { RecordedExchange } from '../../suites/lib/types.ts';
import type { HarNotes } from '../../reports/har.ts';

/**
 * A journal entry as the exchange an HTTP Archive keeps (`disco journal --har`): what a client
 * sent the simulator and what it got, already redacted by the journal, bodies as the journal
 * kept them (their first 4 KB). The URL is rebuilt from the entry's Host header and the scheme
 * the control API is reached by (the same server serves both).
 */
export function journalExchange(entry: JournalEntry, scheme: 'http' | 'https'): RecordedExchange {
  const host = hostOf(entry.request.headers.host);
  const query = new URLSearchParams(Object.entries(entry.query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v] as [string, string]]))).toString();
  const requestBody = entry.request.body;
  const responseBody = entry.response.body ?? '';
  return {
    request: { method: entry.method, url: `${scheme}://${host}${entry.path}${query ? `?${query}` : ''}`, headers: entry.request.headers, ...(requestBody !== undefined ? { body: requestBody } : {}) },
    response: { status: entry.status, headers: entry.response.headers, body: responseBody },
    startedAt: Date.parse(entry.at.wall),
    durationMs: entry.latencyMs,
    // A body the journal cut short: its whole size is not known.
    requestBodyBytes: entry.request.bodyTruncated ? -1 : Buffer.byteLength(requestBody ?? ''),
    responseBodyBytes: entry.response.bodyTruncated ? -1 : Buffer.byteLength(responseBody),
    ...(entry.request.bodyTruncated ? { requestBodyClipped: true } : {}),
    ...(entry.response.bodyTruncated ? { responseBodyClipped: true } : {}),
  };
}

/** What an entry says beyond HTTP: its request id, interface and account, and the journal's hint and lenient allowances. */
export function journalNotes(entry: JournalEntry): HarNotes {
  return {
    comment: [entry.id, entry.hint, ...(entry.lenient ?? []).map((l) => `lenient: ${l.clause} ${l.what}`)].filter(Boolean).join(' | '),
    fields: {
      _requestId: entry.id,
      _interface: entry.interface,
      ...(entry.account !== undefined ? { _account: entry.account } : {}),
      ...(entry.chaos ? { _chaos: entry.chaos } : {}),
      ...(entry.hint ? { _hint: entry.hint } : {}),
      ...(entry.lenient ? { _lenient: entry.lenient } : {}),
    },
  };
}

/** A host and an optional port, as a Host header names them: a name or IPv4 address, or an IPv6 one in brackets. */
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The Host header when it names a host (a client may send anything there), else the loopback name. */
function hostOf(header: string | undefined): string {
  return header !== undefined && HOST.test(header) ? header : 'localhost';
}
