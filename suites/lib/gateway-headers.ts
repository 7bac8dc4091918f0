/**
 * Headers the target document adds to every request of the run (`headers`): what a gateway in
 * front of the deployment asks of every client, beyond the API's own credentials, such as an
 * access service token (`CF-Access-Client-Id`, `CF-Access-Client-Secret`) or a gateway's API key
 * (`x-api-key`). The run's own headers stay the checks' to set, so they cannot be named here.
 */

/** What the checks set themselves (credentials, media types) or the connection owns. */
const RUN_OWN: Record<string, string> = {
  authorization: 'the interfaces\' keys go in accounts (api_key, pipeline_admin_key, pipeline_key); the checks set Authorization themselves',
  'proxy-authorization': 'a proxy\'s credentials go in its URL (HTTPS_PROXY=http://user:password@proxy:3128)',
  accept: 'the checks set Accept themselves',
  'content-type': 'the checks set Content-Type themselves',
  'content-length': 'the client sets it from the body',
  host: 'it comes from base_url',
  connection: 'the connection is the client\'s',
  'keep-alive': 'the connection is the client\'s',
  'transfer-encoding': 'the connection is the client\'s',
  te: 'the connection is the client\'s',
  trailer: 'the connection is the client\'s',
  upgrade: 'the connection is the client\'s',
  expect: 'the connection is the client\'s',
};

/** RFC 9110's token: the characters of a field name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

type Fail = (message: string) => never;

/** The section as the client sends it, and which of its headers are no secret. */
export interface GatewayHeaders {
  /** Names lower-cased, values as given. */
  values: Record<string, string>;
  /** The (lower-cased) names of the headers given as `{value, secret: false}`. */
  notSecret: string[];
}

/**
 * The section as the client sends it: names lower-cased, values as given (`Name_env: VAR` has
 * already read the value from the environment). Every value is a secret of the target, kept out
 * of every report, which names the headers only, unless given as `{value: staging, secret:
 * false}`: a word such as a tenant's name, which redacted would hide the same word everywhere in
 * the reports (the host of `https://staging.example.com` among them).
 */
export function resolveGatewayHeaders(value: unknown, at: string, fail: Fail): GatewayHeaders | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) fail(`${at} must be a mapping of header names to values`);
  const out: Record<string, string> = {};
  const notSecret: string[] = [];
  for (const [name, given] of Object.entries(value as Record<string, unknown>)) {
    const where = `${at}.${name}`;
    if (!TOKEN.test(name)) fail(`${at}: ${JSON.stringify(name.slice(0, 60))} is not a header name`);
    const lower = name.toLowerCase();
    const own = RUN_OWN[lower];
    if (own !== undefined) fail(`${where} cannot be set here: ${own}`);
    if (Object.hasOwn(out, lower)) fail(`${at} names ${name} twice (header names are case-insensitive)`);
    let raw = given;
    if (given !== null && typeof given === 'object' && !Array.isArray(given)) {
      const entry = given as Record<string, unknown>;
      for (const field of Object.keys(entry)) if (field !== 'value' && field !== 'secret') fail(`${where}.${field} is not a field of a header (value, value_env, secret)`);
      if (entry.secret !== undefined && typeof entry.secret !== 'boolean') fail(`${where}.secret must be true or false`);
      if (entry.secret === false) notSecret.push(lower);
      raw = entry.value;
    }
    const text = typeof raw === 'number' ? String(raw) : raw;
    if (typeof text !== 'string' || text.trim() === '') fail(`${where} must be a non-empty string`);
    // Shown without the value: it may be a secret.
    if (/[\r\n\0]/.test(text)) fail(`${where} holds a line break or NUL, which no header value may`);
    // What Node sends: visible ASCII, spaces and tabs, and Latin-1 beyond (RFC 9110 field-value);
    // else every request would fail in the HTTP client with a message naming no field.
    if (/[^\t\x20-\x7e\x80-\xff]/.test(text)) fail(`${where} holds a character no header value may (a control character, or one beyond Latin-1)`);
    out[lower] = text;
  }
  return Object.keys(out).length > 0 ? { values: out, notSecret } : undefined;
}
