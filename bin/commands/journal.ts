import { readFile } from 'node:fs/promises';
import { dirname, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { controlClient, type JournalQuery } from '../../api/control-client.ts';
import type { JournalEntry } from '../../simulator/journal/journal.ts';
import { UsageError } from './usage-error.ts';
import { HarFile } from '../../reports/har.ts';
import { packageVersion } from '../../reports/suite-version.ts';
import { journalExchange, journalNotes } from './journal-har.ts';
import { readCa } from './certificate-file.ts';
import { Redactor } from '../../suites/lib/redact.ts';
import { exitCodeOfSignal } from '../../suites/lib/aggregate.ts';

export const journalHelp = `disco journal: print a running simulator's request journal, one line per request

  --url URL        the simulator's control API (default http://127.0.0.1:4010/_disco)
  --target FILE    or read control_url from a target document (disco serve --write-target),
                   and the certificate to trust from its tls section (ca_file or ca)
  --ca FILE        a certificate (PEM) to trust for an https:// simulator serving a
                   self-signed one
  --once           print what is there and stop (default: keep following, like tail -f)
  --method M, --path PATTERN, --status S, --account A
                   only requests that match (PATTERN: * within a segment, ** across; S: 404 or 4xx)
  --header H       only requests with header H ("Name", or "Name: text" its value contains);
                   repeat for several, all must match
  --query Q        only requests with parameter Q ("name", or "name=value"); repeatable
  --body TEXT      only requests whose body contains TEXT
                   (all matched as the journal shows them: secrets redacted)
  --lenient        only requests the simulator's lenient profile let through
                   that a deployment keeping to the spec refuses
  --interval MS    how often to look for new requests when following (default 500)
  --json           one JSON entry per line instead of the short form
  --har FILE       also write the requests to FILE as an HTTP Archive (HAR 1.2; browsers'
                   developer tools open it): what is there with --once, else every request
                   until Ctrl-C

Lines: wall time, status, method, path, latency, account, request id, the chaos rule that acted,
if any, then why a refusal was one (its error text; for a 404 or 405, whether an endpoint serves
the path, or the nearest ones) and what the lenient profile let through, each with its clause.
Colour on a terminal unless NO_COLOR is set. Stops on Ctrl-C.
`;

export async function journal(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      target: { type: 'string' },
      ca: { type: 'string' },
      once: { type: 'boolean', default: false },
      method: { type: 'string' },
      path: { type: 'string' },
      status: { type: 'string' },
      account: { type: 'string' },
      header: { type: 'string', multiple: true },
      query: { type: 'string', multiple: true },
      body: { type: 'string' },
      lenient: { type: 'boolean', default: false },
      interval: { type: 'string', default: '500' },
      json: { type: 'boolean', default: false },
      har: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(journalHelp);
    return 0;
  }
  if (positionals.length) throw new UsageError(`journal takes no positional arguments (got ${positionals.join(' ')})`);
  if (values.url && values.target) throw new UsageError('give --url or --target, not both');
  const interval = Number(values.interval);
  if (!Number.isSafeInteger(interval) || interval < 50 || interval > 60_000) throw new UsageError('--interval must be milliseconds from 50 to 60000');
  const fromTarget = values.target ? await controlOf(values.target) : undefined;
  const url = fromTarget?.url ?? values.url ?? 'http://127.0.0.1:4010/_disco';
  const ca = values.ca !== undefined ? await readCa(values.ca) : fromTarget?.ca;
  const client = controlClient(url, ca !== undefined ? { ca } : {});
  const filter: JournalQuery = {
    ...(values.method ? { method: values.method } : {}),
    ...(values.path ? { path: values.path } : {}),
    ...(values.status ? { status: values.status } : {}),
    ...(values.account ? { account: values.account } : {}),
    ...(values.header?.length ? { header: values.header } : {}),
    ...(values.query?.length ? { query: values.query } : {}),
    ...(values.body !== undefined ? { body: values.body } : {}),
    ...(values.lenient ? { lenient: true } : {}),
  };
  const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
  const har = values.har === undefined ? undefined : openHar(values.har, url);
  const scheme = new URL(url).protocol === 'https:' ? 'https' : 'http';
  let stopped = false;
  // The loop ends after the request in flight; one the simulator never answers must not keep the
  // command alive past the signal: a second later it ends anyway, as a signal's end (130 / 143).
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    stopped = true;
    setTimeout(() => {
      har?.close();
      process.exit(exitCodeOfSignal(signal));
    }, 1000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let after = 0;
  try {
    do {
      let entries: JournalEntry[];
      try {
        entries = await client.journal.list({ ...filter, ...(after ? { after } : {}) }, 1000);
      } catch (e) {
        // A URL's user and password are not printed.
        process.stderr.write(`disco journal: ${new Redactor().text(`cannot read ${url}/journal: ${e instanceof Error ? e.message : String(e)}`)}\n`);
        return 2;
      }
      for (const e of entries) {
        process.stdout.write(values.json ? `${JSON.stringify(e)}\n` : `${line(e, colour)}\n`);
        har?.addEntry(journalExchange(e, scheme), journalNotes(e));
        after = Math.max(after, e.seq);
      }
      if (values.once) break;
      await new Promise((resolve) => setTimeout(resolve, interval));
    } while (!stopped);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    har?.close();
  }
  if (har) process.stderr.write(`disco journal: ${har.count} requests written to ${values.har}\n`);
  return 0;
}

function openHar(file: string, url: string): HarFile {
  try {
    return HarFile.open(file, { name: 'disco', version: packageVersion() }, `disco journal of ${url}, from ${new Date().toISOString()}`);
  } catch (e) {
    throw new UsageError(`cannot write the HAR file ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

async function controlOf(file: string): Promise<{ url: string; ca?: string }> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (e) {
    throw new UsageError(`--target ${file}: ${(e as NodeJS.ErrnoException).code ?? 'not JSON'}`);
  }
  const url = doc && typeof doc === 'object' ? (doc as { control_url?: unknown }).control_url : undefined;
  if (typeof url !== 'string') throw new UsageError(`--target ${file} has no control_url (only a simulator has a journal)`);
  // The document `disco serve --tls-cert` writes names a self-signed certificate as the CA to trust.
  const tls = (doc as { tls?: { ca?: unknown; ca_file?: unknown } }).tls;
  if (typeof tls?.ca === 'string') return { url, ca: tls.ca };
  if (typeof tls?.ca_file === 'string') return { url, ca: await readCa(resolvePath(dirname(file), tls.ca_file)) };
  return { url };
}

/** One entry in one line; the status coloured by class on a terminal. */
export function line(e: JournalEntry, colour: boolean): string {
  const time = e.at.wall.slice(11, 23);
  const paint = (code: number, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const status = e.status === 0 ? '---' : String(e.status);
  const shown = e.status >= 500 || e.status === 0 ? paint(31, status) : e.status >= 400 ? paint(33, status) : paint(32, status);
  const query = Object.keys(e.query).length ? `?${new URLSearchParams(Object.entries(e.query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))).toString()}` : '';
  const chaos = e.chaos ? ` ${paint(35, `chaos ${e.chaos.rule}: ${e.chaos.action}`)}` : '';
  const why = e.status >= 400 ? refusal(e) : '';
  const lenient = e.lenient?.length ? ` | ${paint(33, `lenient: ${e.lenient.map((l) => `${l.clause} ${l.what}`).join('; ')}`)}` : '';
  return `${time} ${shown} ${e.method.padEnd(6)} ${e.path}${query} ${e.latencyMs.toFixed(1)} ms ${e.account ?? '-'} ${e.id}${chaos}${why ? ` | ${why}` : ''}${lenient}`;
}

/** A refusal's reason on the same line: the error object's text, then the journal's hint (a 404's or 405's). */
function refusal(e: JournalEntry): string {
  let text: unknown;
  try {
    const body = JSON.parse(e.response.body ?? '') as unknown;
    if (body && typeof body === 'object') text = (body as { message?: unknown; error?: unknown }).message ?? (body as { error?: unknown }).error;
  } catch {
    // Not JSON (a body cut at the journal's cap, or a fault's plain text): no text to show.
  }
  const parts = [typeof text === 'string' ? text : undefined, e.hint].filter((p): p is string => !!p);
  const joined = parts.join(' | ').replace(/\s+/g, ' ');
  return joined.length > 300 ? `${joined.slice(0, 299)}…` : joined;
}
