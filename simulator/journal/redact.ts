import type { RequestFacts } from '../http/request-matchers.ts';
import type { JournalEntry, RecordedEntry } from './entry.ts';

/**
 * What the journal shows of headers and bodies: credentials, keys and salts replaced by
 * `[REDACTED]` whenever an entry leaves the journal (the control API, the CLI), so no reader
 * ever sees a secret. Entries are kept as they came (bodies capped) and redacted on the way out:
 * recording stays cheap on the request path.
 */

export const REDACTED = '[REDACTED]';

/** Bodies are kept up to this many characters. */
export const BODY_CAP = 4096;

/**
 * JSON members whose values are secrets: API keys, salts, passwords, tokens, a PagerDuty hook's
 * service key and a web hook's basic auth data (its user and password).
 */
const SECRET_MEMBER = /password|passwd|secret|token|salt|authorization|private_key|(^|_)api_?key$|^key$|^service_key$|^basic_auth_data$/i;

/**
 * Members secret in what a client sends, not in what the service answers: an OAuth grant's `code`
 * (a connection made from it); an answer's `code` is an error's, which a reader needs.
 */
const REQUEST_SECRET_MEMBER = /^code$/i;

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
 * A body as stored: JSON with secret members replaced (`sent`: a request's, whose `code` is an
 * OAuth grant's) and URLs' credentials hidden, other text with anything that looks like an
 * interface A key (`<prefix>_...`) replaced; capped at `BODY_CAP` characters.
 */
export function redactBody(text: string | undefined, keyPrefix: string, sent = false): { body?: string; bodyTruncated?: boolean } {
  if (text === undefined || text === '') return {};
  let clean: string;
  try {
    clean = JSON.stringify(redactValue(JSON.parse(text) as unknown, keyPrefix, sent));
  } catch {
    clean = redactKeysInText(text, keyPrefix, sent);
  }
  return clean.length > BODY_CAP ? { body: clean.slice(0, BODY_CAP), bodyTruncated: true } : { body: clean };
}

function redactValue(value: unknown, keyPrefix: string, sent: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => redactValue(v, keyPrefix, sent));
  if (value !== null && typeof value === 'object') {
    const secret = (k: string) => SECRET_MEMBER.test(k) || (sent && REQUEST_SECRET_MEMBER.test(k));
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, secret(k) && v !== null && typeof v !== 'object' ? REDACTED : redactValue(v, keyPrefix, sent)]));
  }
  // Inside JSON a sent `code` is caught by its member name; a string's own words are not a grant.
  return typeof value === 'string' ? withoutUrlCredentials(redactKeysInText(value, keyPrefix, false)) : value;
}

/**
 * A URL's user and password hidden, the rest as written (`https://[REDACTED]@host/...`): a value
 * such as a curl request's `url` may carry credentials. Only a value that is a URL as a whole.
 */
function withoutUrlCredentials(text: string): string {
  const scheme = text.indexOf('://');
  if (scheme < 0 || !text.includes('@') || !URL.canParse(text)) return text;
  const url = new URL(text);
  if (url.username === '' && url.password === '') return text;
  // The userinfo ends at the last `@` before the path, as URL parsers read it (`a@b:c@host`).
  const authority = text.slice(scheme + 3).search(/[/?#\\]/);
  const authorityEnd = authority < 0 ? text.length : scheme + 3 + authority;
  return `${text.slice(0, scheme + 3)}${REDACTED}${text.slice(text.lastIndexOf('@', authorityEnd - 1))}`;
}

/** `password: x`, `api_key=x`, `"service_key": "x"`: a secret named in YAML, form-like or cut-off JSON text. */
const namedInText = (names: string) => new RegExp(`\\b(${names})(["']?\\s*[:=]\\s*)("[^"\\n]*"|'[^'\\n]*'|[^\\s,&}]+)`, 'gi');
const NAMED_SECRET_IN_TEXT = namedInText('api_?key|salt|secret|password|passwd|token|private_key|service_key|basic_auth_data');
const SENT_SECRET_IN_TEXT = namedInText('code');

function redactKeysInText(text: string, keyPrefix: string, sent: boolean): string {
  const prefix = keyPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const hide = (_m: string, name: string, sep: string) => `${name}${sep}${REDACTED}`;
  const out = text.replace(new RegExp(`${prefix}_[A-Za-z0-9_-]{8,}`, 'g'), REDACTED).replace(NAMED_SECRET_IN_TEXT, hide);
  return sent ? out.replace(SENT_SECRET_IN_TEXT, hide) : out;
}

/** A path as the journal shows it: interface A keys and named secrets in it redacted. */
export function redactPath(path: string, keyPrefix: string): string {
  return redactKeysInText(path, keyPrefix, false);
}

/** An entry as the control API shows it. */
export function redactEntry(entry: RecordedEntry, keyPrefix: string, utc: (ms: number) => string): JournalEntry {
  const { simulatorMs, wallMs, ...rest } = entry;
  return {
    ...rest,
    at: { simulator: utc(simulatorMs), wall: new Date(wallMs).toISOString() },
    path: redactPath(entry.path, keyPrefix),
    query: redactQuery(entry.query, keyPrefix),
    request: { ...entry.request, headers: redactHeaders(entry.request.headers), ...redactedRequestBody(entry, keyPrefix) },
    response: { ...entry.response, headers: redactHeaders(entry.response.headers), ...redactedBody(entry.response.body, entry.response.bodyTruncated, keyPrefix, false) },
  };
}

/**
 * An entry's request as `redactEntry` shows it, for the journal's filters to match (`header`,
 * `query`, `body`): what a reader could see anyway, so a count never tells a secret. Each part is
 * redacted only when a matcher asks for it, each by the same function as the shown entry's.
 */
export function requestAsShown(entry: RecordedEntry, keyPrefix: string): RequestFacts {
  return {
    headers: () => redactHeaders(entry.request.headers),
    query: () => redactQuery(entry.query, keyPrefix),
    body: () => redactedRequestBody(entry, keyPrefix).body,
  };
}

function redactedRequestBody(entry: RecordedEntry, keyPrefix: string): { body?: string; bodyTruncated?: boolean } {
  return redactedBody(entry.request.body, entry.request.bodyTruncated, keyPrefix, true);
}

/**
 * A query as sent, with the values of secret-named parameters hidden (a client that sends its key
 * as `?access_token=...` is the kind of bug a journal is read for) and interface A keys hidden
 * wherever they are.
 */
export function redactQuery(query: Readonly<Record<string, string | string[]>>, keyPrefix: string): Record<string, string | string[]> {
  const value = (name: string, v: string) => (SECRET_MEMBER.test(name) || REQUEST_SECRET_MEMBER.test(name) ? REDACTED : redactKeysInText(v, keyPrefix, false));
  return Object.fromEntries(Object.entries(query).map(([name, v]) => [name, Array.isArray(v) ? v.map((one) => value(name, one)) : value(name, v)]));
}

function redactedBody(body: string | undefined, truncated: boolean | undefined, keyPrefix: string, sent: boolean): { body?: string; bodyTruncated?: boolean } {
  const clean = redactBody(body, keyPrefix, sent);
  return truncated ? { ...clean, bodyTruncated: true } : clean;
}
