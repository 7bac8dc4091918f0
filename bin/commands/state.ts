import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.ts';
import { controlRequest } from '../../api/control-transport.ts';
import { readCa } from './certificate-file.ts';
import { Redactor } from '../../suites/lib/redact.ts';

export const stateHelp = `disco state export|import: the whole state of a running simulator

  disco state export [--url URL] [--out FILE]   write it as JSON (default: to standard output)
  disco state import FILE [--url URL]            replace the simulator's state with FILE

  --url URL   the control API (default http://127.0.0.1:4010/_disco)
  --ca FILE   a certificate (PEM) to trust for an https:// simulator with a self-signed one
The format is disco-state/1 (GET and PUT /_disco/state). It holds interface B keys as the API
shows them and interface A keys as digests only: keep the file private.
`;

const STATE_FORMAT = 'disco-state/1';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isJsonObject(text: string): boolean {
  const value = parsed(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isState(text: string): boolean {
  const value = parsed(text);
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === STATE_FORMAT;
}

export async function state(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { url: { type: 'string', default: 'http://127.0.0.1:4010/_disco' }, ca: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: true, strict: true });
  if (values.help) {
    process.stdout.write(stateHelp);
    return 0;
  }
  const [verb, file, ...rest] = positionals;
  const url = `${values.url.replace(/\/+$/, '')}/state`;
  const transport = values.ca !== undefined ? { ca: await readCa(values.ca) } : {};
  // A URL's user and password are not printed (the control API may sit behind a proxy that wants them).
  const shown = (text: string) => new Redactor().text(text);
  const fail = (what: string, e: unknown) => {
    process.stderr.write(`disco state: ${shown(`${what}: ${e instanceof Error ? e.message : String(e)}`)}\n`);
    return 2;
  };
  if (verb === 'export' && !file && !rest.length) {
    let text: string;
    try {
      const res = await controlRequest(url, 'GET', undefined, transport);
      text = res.text;
      if (res.status !== 200) return fail(`GET ${url}`, new Error(`${res.status} ${text.slice(0, 200)}`));
    } catch (e) {
      return fail(`GET ${url}`, e);
    }
    // Any 200 is not a state: written out, it would be imported (or restored) as one later.
    if (!isState(text)) return fail(`GET ${url}`, new Error(`the answer is not a ${STATE_FORMAT} state (is the URL a disco simulator's control API?)`));
    if (values.out) await writeFile(values.out, text, { mode: 0o600 });
    else process.stdout.write(`${text}\n`);
    return 0;
  }
  if (verb === 'import' && file && !rest.length) {
    if (values.out) throw new UsageError('--out is for export');
    let body: string;
    try {
      body = await readFile(file, 'utf8');
    } catch (e) {
      return fail(`cannot read ${file}`, e);
    }
    try {
      const res = await controlRequest(url, 'PUT', body, transport);
      const text = res.text;
      if (res.status < 200 || res.status > 299) return fail(`PUT ${url}`, new Error(`${res.status} ${text.slice(0, 300)}`));
      if (!isJsonObject(text)) return fail(`PUT ${url}`, new Error(`the answer is not the control API's (${text.slice(0, 80)}): is the URL a disco simulator's?`));
      process.stdout.write(`imported: ${text}\n`);
      return 0;
    } catch (e) {
      return fail(`PUT ${url}`, e);
    }
  }
  throw new UsageError('usage: disco state export [--url URL] [--out FILE] | disco state import FILE [--url URL]');
}
