import { closeSync, openSync, writeSync } from 'node:fs';
import type { RecordedExchange, ResponseRecord } from '../suites/lib/types.ts';

/**
 * `disco check --har FILE`: every exchange of the run in HTTP Archive 1.2 form (what Schemathesis
 * writes with `--report har`), for a vendor who wants to see exactly what the checks sent and got,
 * and for a reviewer of a certification run. Browsers' developer tools, Charles, Fiddler and
 * Insomnia read it. Each entry says which check sent it (`_check`, `_clauses`). A request that
 * got no answer is there too, as developer tools keep one: status 0 and `_error`.
 *
 * The entries come redacted (keys, salts, passwords and the document's header values replaced as
 * in every report) and with bodies clipped (`RecordedExchange`), and are written as they come,
 * a megabyte at a time, so a run of thousands of requests holds at most that much of them in
 * memory and an interrupted run still leaves a file that `close` makes whole.
 */

export interface HarCheck {
  id: string;
  clauses: readonly string[];
}

/** What an entry says about itself beyond HTTP: its `comment`, and members of its own (named with `_`, as HAR 1.2 asks). */
export interface HarNotes {
  comment: string;
  fields: Record<`_${string}`, unknown>;
}

/** The notes of an exchange a check made: the check and its clauses. */
export function checkNotes(check: HarCheck): HarNotes {
  return { comment: `${check.id} (${check.clauses.join(', ')})`, fields: { _check: check.id, _clauses: [...check.clauses] } };
}

export interface HarCreator {
  name: string;
  version: string;
}

/** Entries are written in chunks of about this many characters: one write per entry cost a second of a full run. */
const CHUNK = 1 << 20;

export class HarFile {
  private entries = 0;
  private unansweredEntries = 0;
  private closed = false;
  private pending: string[] = [];
  private pendingLength = 0;

  private constructor(private readonly fd: number) {}

  /** Creates (or truncates) `path` and writes the archive's head. Throws what `open` throws. */
  static open(path: string, creator: HarCreator, comment: string): HarFile {
    const fd = openSync(path, 'w', 0o600);
    const head = JSON.stringify({ log: { version: '1.2', creator, pages: [], comment } });
    // `{"log":{...,"comment":"..."}}` opened up just before its last two braces, to take the entries.
    writeSync(fd, `${head.slice(0, -2)},"entries":[\n`);
    return new HarFile(fd);
  }

  add(exchange: RecordedExchange, check: HarCheck): void {
    this.addEntry(exchange, checkNotes(check));
  }

  addEntry(exchange: RecordedExchange, notes: HarNotes): void {
    if (this.closed) return;
    const text = `${this.entries === 0 ? '' : ',\n'}${JSON.stringify(harEntry(exchange, notes))}`;
    this.pending.push(text);
    this.pendingLength += text.length;
    this.entries++;
    if (exchange.response === null) this.unansweredEntries++;
    if (this.pendingLength >= CHUNK) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    writeSync(this.fd, this.pending.join(''));
    this.pending = [];
    this.pendingLength = 0;
  }

  /** How many entries were written. */
  get count(): number {
    return this.entries;
  }

  /** How many of them are requests that got no answer. */
  get unansweredCount(): number {
    return this.unansweredEntries;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.flush();
    writeSync(this.fd, '\n]}}\n');
    closeSync(this.fd);
  }
}

const NO_ANSWER = 'no answer';

/** One exchange as a HAR 1.2 entry. */
export function harEntry(exchange: RecordedExchange, notes: HarNotes): Record<string, unknown> {
  const { request, response } = exchange;
  const requestType = headerValue(request.headers, 'content-type');
  const time = Math.max(0, Math.round(exchange.durationMs * 1000) / 1000);
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(request.headers),
      queryString: queryOf(request.url),
      ...(request.body !== undefined ? { postData: { mimeType: requestType ?? '', text: request.body, ...clipNote(exchange.requestBodyClipped) } } : {}),
      headersSize: -1,
      bodySize: exchange.requestBodyBytes,
    },
    response: response === null ? unanswered(exchange.error ?? NO_ANSWER) : answered(exchange, response),
    cache: {},
    // The client measures the whole exchange only: all of it is counted as waiting.
    timings: { send: 0, wait: time, receive: 0 },
    comment: response === null ? `${notes.comment} | no answer: ${exchange.error ?? NO_ANSWER}` : notes.comment,
    ...notes.fields,
  };
}

function answered(exchange: RecordedExchange, response: ResponseRecord): Record<string, unknown> {
  return {
    status: response.status,
    statusText: '',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headerList(response.headers),
    content: {
      size: exchange.responseBodyBytes >= 0 ? exchange.responseBodyBytes : Buffer.byteLength(response.body),
      mimeType: headerValue(response.headers, 'content-type') ?? '',
      ...(response.body !== '' ? { text: response.body } : {}),
      ...clipNote(exchange.responseBodyClipped),
    },
    redirectURL: headerValue(response.headers, 'location') ?? '',
    headersSize: -1,
    bodySize: -1,
  };
}

/**
 * A request that got no whole answer (refused, reset, timed out, its body cut off), as browsers'
 * developer tools export one: status 0, nothing received, and why in `_error`.
 */
function unanswered(error: string): Record<string, unknown> {
  return { status: 0, statusText: '', httpVersion: '', cookies: [], headers: [], content: { size: 0, mimeType: 'x-unknown' }, redirectURL: '', headersSize: -1, bodySize: -1, _error: error };
}

/** The query's parameters; none for a URL that does not parse (a record keeps what was sent, however odd). */
function queryOf(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function headerList(headers: Record<string, string>): { name: string; value: string }[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

/** A comment on a body the record keeps only the start of (its size is the whole body's). */
function clipNote(clipped: boolean | undefined): { comment?: string } {
  return clipped ? { comment: 'clipped: only the start of the body is kept (up to the mark …)' } : {};
}
