import type { JournalEntry, RecordedEntry } from './journal.ts';

/**
 * What the journal shows of headers and bodies: credentials, keys and salts replaced by
 * `[REDACTED]` whenever an entry leaves the journal (the control API, the CLI), so no reader
 * ever sees a secret. Entries are kept as they came (bodies capped) and redacted on the way out:
 * recording stays cheap on the request path.
 */

export const REDACTED = '[REDACTED]';

/** Bodies are kept up to this many characters. */
export const BODY_CAP = 4096;

/** JSON members whose values are secrets: API keys, salts, passwords, tokens. */
const SECRET_MEMBER = /password|passwd|secret|token|salt|authorization|private_key|(^|_)api_?key$|^key$/i;

/** Header values that carry credentials. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

export function redactHeaders(headers: Readonly<Record<string, string | string[] | number | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    const lower = name.toLowerCase();
    if (!SECRET_HEADERS.has(lower)) out[lower] = value;
    else {
      // The scheme says how the client authenticated, which is what a test wants to see.
      const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
      out[lower] = lower === 'authorization' && scheme ? `${scheme} ${REDACTED}` : REDACTED;
    }
  }
  return out;
}

/**
 * A body as stored: JSON with secret members replaced, other text with anything that looks like
 * an interface A key (`<prefix>_...`) replaced; capped at `BODY_CAP` characters.
 */
export function redactBody(text: string | undefined, keyPrefix: string): { body?: string; bodyTruncated?: boolean } {
  if (text === undefined || text === '') return {};
  let clean: string;
  try {
    clean = JSON.stringify(redactValue(JSON.parse(text) as unknown, keyPrefix));
  } catch {
    clean = redactKeysInText(text, keyPrefix);
  }
  return clean.length > BODY_CAP ? { body: clean.slice(0, BODY_CAP), bodyTruncated: true } : { body: clean };
}

function redactValue(value: unknown, keyPrefix: string): unknown {
  if (Array.isArray(value)) return value.map((v) => redactValue(v, keyPrefix));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_MEMBER.test(k) && v !== null && typeof v !== 'object' ? REDACTED : redactValue(v, keyPrefix)]));
  }
  return typeof value === 'string' ? redactKeysInText(value, keyPrefix) : value;
}

function redactKeysInText(text: string, keyPrefix: string): string {
  const prefix = keyPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (
    text
      .replace(new RegExp(`${prefix}_[A-Za-z0-9_-]{8,}`, 'g'), REDACTED)
      // YAML and form-like text: `password: x`, `api_key=x`.
      .replace(/\b(api_?key|salt|secret|password|passwd|token|private_key)(["']?\s*[:=]\s*)("[^"\n]*"|'[^'\n]*'|[^\s,&}]+)/gi, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`)
  );
}

/** An entry as the control API shows it. */
export function redactEntry(entry: RecordedEntry, keyPrefix: string, utc: (ms: number) => string): JournalEntry {
  const { simulatorMs, wallMs, ...rest } = entry;
  return {
    ...rest,
    at: { simulator: utc(simulatorMs), wall: new Date(wallMs).toISOString() },
    request: { ...entry.request, headers: redactHeaders(entry.request.headers), ...redactedBody(entry.request.body, entry.request.bodyTruncated, keyPrefix) },
    response: { ...entry.response, headers: redactHeaders(entry.response.headers), ...redactedBody(entry.response.body, entry.response.bodyTruncated, keyPrefix) },
  };
}

function redactedBody(body: string | undefined, truncated: boolean | undefined, keyPrefix: string): { body?: string; bodyTruncated?: boolean } {
  const clean = redactBody(body, keyPrefix);
  return truncated ? { ...clean, bodyTruncated: true } : clean;
}
