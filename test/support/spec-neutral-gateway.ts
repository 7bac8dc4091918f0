import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { parse as parseContentType } from 'content-type';
import { isLosslessNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { jsonOf, withoutHopByHop } from './gateway-parts.ts';

/**
 * A gateway in front of a deployment that changes its answers only where the spec leaves them
 * free: what a conformant deployment built by other people may well do (a Rails app behind a
 * load balancer, say). A check that fails through it asserted more than the spec states.
 *
 * - JSON bodies pretty-printed, every object's members in reverse order, and one more member
 *   on the body's object (or on each object of a top-level array): "extra fields and key order
 *   are not errors".
 * - UTC timestamps to the millisecond (`2026-01-01T10:00:00.000Z`): the same instant, still
 *   ISO 8601 in UTC (B-FMT-1).
 * - Media types spelt otherwise but equal as media types: type and parameter names in another
 *   case, the version quoted, a `charset` added (as Rails does).
 * - Headers every answer gets from such a gateway: a request id and a cookie different on every
 *   answer, `Last-Modified` (the moment it passed the answer on), `Via`, `Cache-Control`, `Vary`;
 *   a second cookie on one answer in five, whatever it answers; the body sent chunked, without
 *   `Content-Length`.
 * - A web application firewall's rule (AWS WAF's `NoUserAgent_HEADER`): a request without a
 *   `User-Agent` is refused, 403 with an HTML page, without reaching the deployment. Every real
 *   client sends one; the spec names none.
 * - Rate limiting (B-GAP-6): every 37th request is answered 429 with `Retry-After: 0` without
 *   reaching the deployment, so the client must ask again.
 * - `Link` targets as relative references (`</acme/api/invoices?offset=20&limit=20>`), which a
 *   client resolves against the request's URL (RFC 8288, 3.1).
 * - JSON bodies compressed, gzip, br and deflate in turn (`Content-Encoding`), when the request
 *   names no `Accept-Encoding`, for then any coding is acceptable (RFC 9110, 12.5.3); a request
 *   that names one gets the first of those it accepts, or none.
 *
 * - An authorizer cache in front of interface B: a key replaced by `POST /user/tokens` keeps
 *   authenticating for a moment (`REPLACED_KEY_LINGER_MS`), its requests sent on with the new key,
 *   as a gateway that caches a key's grant does. The spec says the old key stops authenticating,
 *   not at once (it says "immediately" of interface A's revoked keys only); a run through the
 *   gateway is told so by its target document (`interface_b.replaced_key_seconds`).
 *
 * Choices of the deployment behind it, where the spec leaves them open:
 * - `POST /user/keys` without a `name` refused, 422 with the error object: the spec's body has a
 *   name; that it defaults to the key's comment is the real service's convention (B-GAP-1).
 * - `PUT /user` takes the whole user the spec's body names (name, email, time_zone, location,
 *   notification_settings) or nothing: a body without one of them is refused, 422.
 * - `POST /jobs` takes dynamic variables in an expression language of its own (`$name` only):
 *   the real service's functions (`CurrentTimestamp()`) are refused, 422. The spec gives the
 *   expressions no language.
 * - A delivery deleted before answers a second `DELETE /deliveries/{id}` 410 Gone, not 404
 *   (error status codes are B-GAP-2's).
 * - The user's `updated_at` and `last_login` are the moment of the request on every answer
 *   naming the user (`/user`): a deployment that counts an authenticated call as a login, and
 *   moves `updated_at` with the counters.
 * - Members of its own named like ids and timestamps that are neither the spec's nor integers or
 *   ISO 8601: the added member holds `gateway_id: "gw-eu-1"` and `checked_at` in epoch seconds.
 * - A Content-Type ending in an empty parameter (`...; charset=utf-8;`), which RFC 9110 allows.
 * - Interface A's pipeline reads show when the pipeline was last observed (`observed_at`, a new
 *   time on every read) and whether it is `enabled` (false once archived): a soft delete that
 *   shows the archive in more words than its state.
 *
 * Status codes, the other headers and the bytes of non-JSON bodies pass as they are. The Host
 * header is passed on, so the absolute URLs the deployment writes name the gateway. Numbers pass
 * as they are written (lossless-json), so the gateway can stand in front of a deployment whose ids
 * are beyond 2^53 (test/support/big-id-gateway.ts); its own clock is the deployment's
 * (`clockOffsetMs`, for a deployment whose clock is off the runner's).
 */

export interface SpecNeutralGateway {
  origin: string;
  /** How many JSON answers were rewritten: a run through the gateway that rewrote none proves nothing. */
  rewritten(): number;
  /** How many of those were sent compressed. */
  compressed(): number;
  /** How many requests a replaced key made that the cache let through. */
  lingered(): number;
  close(): Promise<void>;
}

/** The member added to each answer's object(s): constant, so comparing two answers still sees them equal. */
const ADDED_MEMBER = 'x_gateway';
const ADDED_VALUE = { region: 'eu-1', served_by: 'gateway', gateway_id: 'gw-eu-1', checked_at: 1767225600 };

const RATE_LIMITED_EVERY = 37;

/** How long a key replaced by POST /user/tokens still authenticates through the gateway. */
export const REPLACED_KEY_LINGER_MS = 300;
const REGENERATION = /^\/[^/]+\/api\/user\/tokens\/?(?:\?|$)/i;
const SSH_KEY_CREATION = /^\/[^/]+\/api\/user\/keys\/?(?:\?|$)/i;
const DELIVERY = /^\/[^/]+\/api\/deliveries\/[^/?]+\/?(?:\?|$)/i;
const USER = /^\/[^/]+\/api\/user\/?(?:\?|$)/i;
const JOBS = /^\/[^/]+\/api\/jobs\/?(?:\?|$)/i;
const PIPELINE = /^\/api\/public\/v1\/pipelines\/\d+\/?(?:\?|$)/i;

export async function startSpecNeutralGateway(upstream: string, { clockOffsetMs = 0 }: { clockOffsetMs?: number } = {}): Promise<SpecNeutralGateway> {
  /** The deployment's time, which the gateway stamps on what it adds. */
  const now = () => new Date(Date.now() + clockOffsetMs);
  // Connections to the deployment kept alive, as API gateways keep their upstream pools (nginx's
  // `keepalive`, Envoy's and Kong's defaults). Node's agent lets an idle one go a second before the
  // deployment's announced `Keep-Alive: timeout=`, so none it closed while idle is used again (a
  // 502 of the gateway's own making). A connection per request, as before, cost the whole run
  // through the gateways about twice the CPU (standard run: 82 s against 44 s), most of it in
  // the kernel.
  const agent = new http.Agent({ keepAlive: true });
  const target = new URL(upstream);
  let rewritten = 0;
  let compressed = 0;
  let requests = 0;
  let lingered = 0;
  /** A replaced key's Authorization -> the new key's, and until when (epoch ms). */
  const replacedKeys = new Map<string, { replacement: string; until: number }>();
  const server = http.createServer((req, res) => {
    if (!req.headers['user-agent']) {
      req.resume();
      res.writeHead(403, { 'content-type': 'text/html' }).end('<html><head><title>403 Forbidden</title></head><body><center><h1>403 Forbidden</h1></center></body></html>\n');
      return;
    }
    if (++requests % RATE_LIMITED_EVERY === 0) {
      req.resume();
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end('{"error":"rate limited","message":"rate limited"}');
      return;
    }
    // The whole request is read before it is forwarded, as nginx does by default: the client
    // may send all of it whenever the deployment answers.
    const uploaded: Buffer[] = [];
    req.on('data', (c: Buffer) => uploaded.push(c));
    req.on('end', () => {
      const upload = Buffer.concat(uploaded);
      const refusal = ownRefusal(req, upload);
      if (refusal) {
        res.writeHead(422, { 'content-type': 'application/vnd.service+json; version=2' }).end(JSON.stringify({ message: refusal }));
        return;
      }
      forward(req, res, upload);
    });
  });

  function forward(req: http.IncomingMessage, res: http.ServerResponse, upload: Buffer): void {
    let answered = false;
    const headers: http.OutgoingHttpHeaders = withoutHopByHop(req.headers);
    const replaced = req.headers.authorization === undefined ? undefined : replacedKeys.get(req.headers.authorization);
    if (replaced && Date.now() < replaced.until) {
      headers.authorization = replaced.replacement;
      lingered++;
    }
    if (upload.length > 0 || headers['content-length'] !== undefined) headers['content-length'] = String(upload.length);
    const forwarded = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      answered = true;
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const headers = withoutHopByHop(answer.headers);
        delete headers['content-length'];
        const type = answer.headers['content-type'];
        let body = Buffer.concat(chunks);
        const json = type ? jsonOf(type, body, (text) => parseLossless(text)) : undefined;
        const newKey = (json as { api_key?: unknown } | undefined)?.api_key;
        if (req.method === 'POST' && REGENERATION.test(req.url ?? '') && answer.statusCode === 200 && typeof newKey === 'string' && req.headers.authorization) {
          replacedKeys.set(req.headers.authorization, { replacement: `Basic ${Buffer.from(`${newKey}:`).toString('base64')}`, until: Date.now() + REPLACED_KEY_LINGER_MS });
        }
        if (type) headers['content-type'] = respelt(type);
        const link = answer.headers.link;
        if (link) headers.link = relativeLinks(Array.isArray(link) ? link.join(', ') : link);
        if (json !== undefined) {
          const seen = answer.statusCode !== 200 ? json : USER.test(req.url ?? '') ? touchedUser(json, now()) : PIPELINE.test(req.url ?? '') && req.method === 'GET' ? observedPipeline(json, now()) : json;
          body = Buffer.from(`${stringifyLossless(withAddedMember(reversed(seen)), undefined, 2) ?? ''}\n`);
          rewritten++;
          const coding = codingFor(req.headers['accept-encoding'], rewritten);
          if (coding) {
            body = CODINGS[coding](body);
            headers['content-encoding'] = coding;
            compressed++;
          }
        }
        headers['x-request-id'] = randomUUID();
        headers['set-cookie'] = [`gw_affinity=${randomUUID()}; Path=/; HttpOnly`];
        // A bot manager's cookie, set on some answers only, whatever they answer.
        if (Math.random() < 0.2) headers['set-cookie'].push(`gw_bm=${randomUUID()}; Path=/; Max-Age=1800`);
        // Stamped by the gateway on whatever it passes on: the time it did.
        headers['last-modified'] = now().toUTCString();
        headers.via = '1.1 gateway';
        headers['cache-control'] = 'no-store';
        headers.vary = 'Accept, Accept-Encoding';
        const gone = req.method === 'DELETE' && DELIVERY.test(req.url ?? '') && answer.statusCode === 404;
        res.writeHead(gone ? 410 : (answer.statusCode ?? 502), headers);
        // Chunked: a body without Content-Length (HEAD, 204 and 304 answers have none to send).
        if (body.length > 0 && req.method !== 'HEAD') res.write(body);
        res.end();
      });
      answer.on('error', () => res.destroy());
    });
    forwarded.on('error', () => {
      // A deployment may answer (a 413) before it has read the whole body and stop reading: the
      // answer is passed on, as a gateway does, and the failed rest of the upload ignored.
      if (answered) return;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end('{"error":"gateway: the deployment did not answer","message":"gateway: the deployment did not answer"}');
    });
    forwarded.end(upload);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    rewritten: () => rewritten,
    compressed: () => compressed,
    lingered: () => lingered,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

// Brotli at quality 4, as servers compress answers made on the fly: the default (11) is for
// files compressed once, and at that level the gateway took 20 s more of the test's time. Gzip
// and deflate at level 1, nginx's default gzip_comp_level (zlib's own default, 6, costs more CPU
// for the same bytes a client reads).
const CODINGS = {
  gzip: (body: Buffer) => gzipSync(body, { level: 1 }),
  br: (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  deflate: (body: Buffer) => deflateSync(body, { level: 1 }),
} as const;
type Coding = keyof typeof CODINGS;
const IN_TURN: Coding[] = ['gzip', 'br', 'deflate'];

/**
 * The coding of the nth compressed answer: any of them in turn when the request names no
 * Accept-Encoding; otherwise the first the request accepts (q above 0), or none. Codings are
 * case-insensitive tokens (RFC 9110, 12.5.3).
 */
function codingFor(accepted: string | undefined, nth: number): Coding | undefined {
  if (accepted === undefined) return IN_TURN[nth % IN_TURN.length];
  const acceptable = new Set<string>();
  for (const entry of accepted.split(',')) {
    const [name, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) acceptable.add(name);
  }
  return IN_TURN.find((coding) => acceptable.has(coding) || acceptable.has('*'));
}

/** Each `<absolute URL>` of a Link header as the path and query only: the same targets, for a client that resolves them. */
function relativeLinks(link: string): string {
  return link.replace(/<([^>]*)>/g, (whole, target: string) => {
    try {
      const url = new URL(target);
      return `<${url.pathname}${url.search}>`;
    } catch {
      return whole;
    }
  });
}

/**
 * The same media type spelt otherwise: `application/vnd.service+json; version=2` becomes
 * `Application/Vnd.Service+JSON;Version="2";charset=utf-8;`, the last parameter empty (RFC 9110,
 * 5.6.6, allows it). Names of types and parameters are case-insensitive, a quoted value is the
 * same value (RFC 9110, 8.3.1), and `charset` means nothing to JSON (RFC 8259, 11).
 */
function respelt(type: string): string {
  let parsed: ReturnType<typeof parseContentType>;
  try {
    parsed = parseContentType(type);
  } catch {
    return type;
  }
  const name = parsed.type.replace(/(^|[/.+])([a-z])/g, (_m, sep: string, c: string) => `${sep}${c.toUpperCase()}`).replace(/Json$/, 'JSON');
  const parameters = Object.entries(parsed.parameters)
    .filter(([key]) => key !== 'charset')
    .map(([key, value]) => `${key.charAt(0).toUpperCase()}${key.slice(1)}="${value}"`);
  return `${[name, ...parameters, 'charset=utf-8'].join(';')};`;
}

const USER_BODY = ['name', 'email', 'time_zone', 'location', 'notification_settings'];

/** Why the deployment behind the gateway refuses this write where the simulator would take it (choices the spec leaves open), if it does. */
function ownRefusal(req: http.IncomingMessage, upload: Buffer): string | undefined {
  const path = req.url ?? '';
  const write = (method: string, pattern: RegExp) => req.method === method && pattern.test(path);
  if (!write('POST', SSH_KEY_CREATION) && !write('PUT', USER) && !write('POST', JOBS)) return undefined;
  // Its rules read JSON bodies: one of another media type is the deployment's to refuse first.
  if (jsonOf(req.headers['content-type'] ?? '', upload, (text) => text) === undefined) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(upload.toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'the body is not an object';
  const fields = body as Record<string, unknown>;
  if (write('POST', SSH_KEY_CREATION) && !('name' in fields)) return 'name is required';
  if (write('PUT', USER)) {
    const missing = USER_BODY.filter((f) => !(f in fields));
    if (missing.length) return `the whole user is required: ${missing.join(', ')} missing`;
  }
  if (write('POST', JOBS) && fields.dynamic_variables !== null && typeof fields.dynamic_variables === 'object') {
    const unknown = Object.values(fields.dynamic_variables).filter((v) => typeof v === 'string' && !/^\$\w+$/.test(v));
    if (unknown.length) return `dynamic_variables: unknown expression ${JSON.stringify(unknown[0])} (only $variable)`;
  }
  return undefined;
}

/** A pipeline as a deployment shows it that notes when it last looked and shows the archive as a soft delete too. */
function observedPipeline(json: unknown, now: Date): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  // Archived under either set of the simulator's state names (standard, alt).
  const archived = Object.values(json).some((v) => v === 'archived' || v === 'retired');
  return { ...json, enabled: !archived, observed_at: now.toISOString() };
}

/** The user as a deployment shows it that counts every authenticated call as a login: `updated_at` and `last_login` now. */
function touchedUser(json: unknown, now: Date): unknown {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return json;
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { ...json, updated_at: stamp, last_login: stamp };
}

const WHOLE_SECONDS_UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(Z|\+00:00)$/;

/** Every object's members in reverse order, all the way down; timestamps to the millisecond. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value === 'string') return value.replace(WHOLE_SECONDS_UTC, '$1.000$2');
  if (value === null || typeof value !== 'object' || isLosslessNumber(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value).reverse()) Object.defineProperty(out, key, { value: reversed(member), enumerable: true, writable: true, configurable: true });
  return out;
}

function withAddedMember(value: unknown): unknown {
  const add = (object: unknown): unknown =>
    object !== null && typeof object === 'object' && !Array.isArray(object) && !isLosslessNumber(object) && !(ADDED_MEMBER in object) ? { ...object, [ADDED_MEMBER]: ADDED_VALUE } : object;
  return Array.isArray(value) ? value.map(add) : add(value);
}
