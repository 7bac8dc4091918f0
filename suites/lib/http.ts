import http from 'node:http';
import https from 'node:https';
import type { SecureContextOptions } from 'node:tls';
import type { Exchange, HttpClient, RequestOptions, SentRequest } from './types.ts';
import { delay } from './delay.ts';
import { decodedBody } from './content-coding.ts';
import { tlsFailure } from './tls-settings.ts';
import { jsonOfBody, stringifyWithBigIds, withRealIds } from './big-ids.ts';
import { proxyAgent, proxyFor, proxyRefusal, shownProxy, type ProxyConnectAnswer } from './proxy.ts';

/** The target did not answer (refused, reset, timed out): the verdict is `error`, not `fail`. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    /** The request, when it went out before the failure (a record of the run keeps it: `ClientView.onUnanswered`). */
    readonly attempt?: SentRequest,
  ) {
    super(message);
  }
}

export interface HttpClientOptions {
  /** Per-request timeout. */
  timeoutMs: number;
  /** Maximum requests per second across the whole run. */
  rate?: number;
  /** When true, no new request starts (the run was interrupted); requests in flight finish. */
  stopped?: () => boolean;
  /** The run's interruption: it cuts short a wait the target asked for (429) in a check that is stopping. */
  signal?: AbortSignal;
  /** Called for every exchange (the context counts them and keeps the last few). */
  onExchange?: (exchange: Exchange) => void;
  /**
   * After this many requests in a row got no answer (refused, reset, timed out), the target is
   * taken as gone: every later request fails at once, without being sent, until one is answered
   * again (none is sent, so none is). Default 5: a run against a dead target ends in about five
   * timeouts instead of one per request.
   */
  maxConsecutiveFailures?: number;
  /**
   * The User-Agent of every request whose check does not set its own (default `disco`; `disco
   * check` names its version). Real clients always send one, and a deployment behind a web
   * application firewall may refuse a request without one (AWS WAF's common rule set does, 403).
   */
  userAgent?: string;
  /** Headers sent with every request (the target document's `headers`), under the check's own. */
  headers?: Record<string, string>;
  /** TLS options of every request to an https:// URL: the target document's CAs and client certificate (tls-settings.ts). */
  tls?: SecureContextOptions;
}

/**
 * Spaces requests out so that no more than `rate` start in any second. Shared by every client of
 * a run, so `--rate` bounds what the target sees, whatever the checks do.
 */
class Pacer {
  private next = 0;
  constructor(private readonly intervalMs: number) {}
  async wait(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.next);
    this.next = at + this.intervalMs;
    const gap = at - now;
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
  }
}

/** What one check's view of the shared client adds: its own stop rule and its own observer. */
export interface ClientView {
  /** When true, this view starts no new request (the run was interrupted and this check is not cleaning up). */
  stopped?: () => boolean;
  /** Called for every exchange sent through this view, after the client's own observer. */
  onExchange?: (exchange: Exchange) => void;
  /** Called for every request sent through this view that got no whole answer (never for one not sent), with why. */
  onUnanswered?: (sent: SentRequest, error: string) => void;
  /** Why this view may send no request now (it is failed as not sent), or null. */
  refusal?: () => string | null;
}

/** The run's client: one pacer, one failure count and one connection pool, whoever sends. */
export interface SharedHttpClient extends HttpClient {
  /** A client for one check: same pacing and failure count, its own observer and stop rule. */
  view(view: ClientView): HttpClient;
}

/**
 * A recording HTTP client on node:http, not fetch: the checks must be able to send a request
 * *without* an Accept header or with odd Authorization values, and fetch adds and normalises
 * headers of its own.
 */
export function createHttpClient(options: HttpClientOptions): SharedHttpClient {
  const pacer = options.rate && options.rate > 0 ? new Pacer(1000 / options.rate) : null;
  const maxFailures = options.maxConsecutiveFailures ?? DEFAULT_MAX_CONSECUTIVE_FAILURES;
  let failuresInARow = 0;
  let lastFailure = '';
  // Once the target has answered over TLS with the client certificate presented, it trusts the
  // certificate: a later reset or alert is not worth blaming on it.
  let answeredOverTls = false;
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 8 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 8 }),
  };
  // One pooled tunnel agent per proxy (proxy.ts: HTTPS_PROXY, HTTP_PROXY, NO_PROXY).
  const proxyAgents = new Map<string, http.Agent>();
  /** The agent for a request to `target`, and the proxy it goes through; a one-off agent when `fresh`. */
  const route = (target: URL, fresh: boolean): { agent: http.Agent | false; proxy: URL | null } => {
    const proxy = proxyFor(target);
    if (!proxy) return { agent: fresh ? false : target.protocol === 'https:' ? agents['https:'] : agents['http:'], proxy };
    if (fresh) return { agent: proxyAgent(proxy, false), proxy };
    let agent = proxyAgents.get(proxy.href);
    if (!agent) proxyAgents.set(proxy.href, (agent = proxyAgent(proxy, true)));
    return { agent, proxy };
  };

  /**
   * A 429 is the target pacing the run, not an answer to judge: wait as told (Retry-After, a
   * few seconds at most) and ask again; if the target wants longer, the run cannot go on and
   * the check's verdict is `error`, with the advice to lower --rate.
   */
  async function request(method: string, url: string, opts: RequestOptions = {}, view: ClientView = {}): Promise<Exchange> {
    for (let attempt = 1; ; attempt++) {
      const exchange = await requestOnce(method, url, opts, view);
      if (exchange.response.status !== 429) return exchange;
      const wait = retryAfterMs(exchange.response.headers['retry-after'], exchange.response.headers.date);
      if (wait === null || wait > MAX_RETRY_AFTER_MS || attempt > MAX_RATE_LIMIT_RETRIES) {
        const asked = wait === null ? 'no Retry-After' : `Retry-After ${Math.ceil(wait / 1000)} s`;
        throw new TransportError(`the target rate-limited the run (429, ${asked}); run again later or lower --rate`, method, exchange.request.url);
      }
      // Ctrl-C ends the wait of a stopped check (its next request then says so); a cleanup,
      // which must still be sent, waits the whole time the target asked for.
      const until = performance.now() + wait;
      await delay(wait, options.signal);
      if (!(options.stopped?.() || view.stopped?.())) await delay(until - performance.now());
    }
  }

  async function requestOnce(method: string, url: string, opts: RequestOptions, view: ClientView): Promise<Exchange> {
    if (options.stopped?.() || view.stopped?.()) throw new TransportError('the run was interrupted', method, url);
    const refused = view.refusal?.();
    if (refused) throw new TransportError(`not sent: ${refused}`, method, url);
    if (failuresInARow >= maxFailures) throw new TransportError(`not sent: the target stopped answering (${failuresInARow} requests in a row got no answer, the last: ${lastFailure})`, method, url);
    try {
      const exchange = await sendOnce(method, url, opts);
      failuresInARow = 0;
      view.onExchange?.(exchange);
      return exchange;
    } catch (err) {
      if (err instanceof TransportError) {
        failuresInARow++;
        lastFailure = err.message;
        if (err.attempt) view.onUnanswered?.(err.attempt, err.message);
      }
      throw err;
    }
  }

  /**
   * A keep-alive connection the target closed while it sat idle fails the next request sent on
   * it at once (ECONNRESET, EPIPE) without the target having read it: that request is sent again,
   * once, on a new connection (Node's documented use of `request.reusedSocket`). Any other
   * failure, or one on a fresh connection, is the target's.
   */
  async function sendOnce(method: string, url: string, opts: RequestOptions): Promise<Exchange> {
    try {
      return await sendOn(method, url, opts);
    } catch (err) {
      if (!(err instanceof StaleConnection)) throw err;
      return sendOn(method, url, opts, { fresh: true });
    }
  }

  async function sendOn(method: string, url: string, opts: RequestOptions, how: { fresh?: boolean } = {}): Promise<Exchange> {
    const built = new URL(url);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) built.searchParams.set(k, String(v));
    // What is sent names the target's own ids: a stand-in for an id beyond 2^53 (big-ids.ts)
    // goes out as the literal the target wrote.
    const target = new URL(withRealIds(built.href));
    const headers: Record<string, string> = { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, ...options.headers };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? withRealIds(opts.body) : stringifyWithBigIds(opts.body);
      if (typeof opts.body !== 'string') headers['content-type'] = 'application/json';
    }
    for (const [k, v] of Object.entries(opts.headers ?? {})) {
      if (v === null) delete headers[k.toLowerCase()];
      else headers[k.toLowerCase()] = v;
    }
    // A chunked body is announced as such, so the record (and its curl command, which then
    // sends the body chunked too) shows the framing the target was sent.
    if (body !== undefined) {
      if (opts.framing === 'chunked') headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (pacer) await pacer.wait();

    const lib = target.protocol === 'https:' ? https : http;
    // A fresh connection for the one resend after a stale one (a socket of its own).
    let routed: ReturnType<typeof route>;
    try {
      routed = route(target, how.fresh === true);
    } catch (err) {
      throw new TransportError(err instanceof Error ? err.message : String(err), method, target.href);
    }
    const { agent, proxy } = routed;
    const started = performance.now();
    const sent = { method, url: target.href, headers, ...(body !== undefined ? { body } : {}) };
    const exchange = await new Promise<Exchange>((resolve, reject) => {
      // A proxy that refuses the tunnel has its own answer replayed as the response (the agent's
      // way of reporting it): that answer is the proxy's, never the target's.
      let refused: string | null = null;
      const req = lib.request(target, { method, headers, agent, ...(target.protocol === 'https:' ? options.tls : {}) }, (res) => {
        if (refused) {
          res.resume();
          reject(new TransportError(refused, method, target.href));
          return;
        }
        if (target.protocol === 'https:') answeredOverTls = true;
        // The idle timeout alone never ends an answer whose body keeps coming: a body that
        // trickles on, or streams without end, must still end the request (and not the run's memory).
        const bodyDeadline = setTimeout(() => req.destroy(new Error(`the body did not end within ${options.timeoutMs} ms of its headers`)), options.timeoutMs);
        res.once('close', () => clearTimeout(bodyDeadline));
        const chunks: Buffer[] = [];
        let received = 0;
        res.on('data', (c: Buffer) => {
          received += c.length;
          if (received > MAX_BODY_BYTES) req.destroy(new Error(`the body passed ${MAX_BODY_BYTES / 2 ** 20} MiB, far beyond any answer of the spec; not read further`));
          else chunks.push(c);
        });
        res.on('error', (err) => reject(new TransportError(err.message, method, target.href)));
        res.on('end', () => {
          const responseHeaders: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
          decodedBody(Buffer.concat(chunks), responseHeaders['content-encoding'], MAX_BODY_BYTES).then(
            (decoded) => {
              const text = decoded.toString('utf8');
              resolve({
                request: sent,
                response: { status: res.statusCode ?? 0, headers: responseHeaders, body: text },
                json: jsonOfBody(text),
                durationMs: performance.now() - started,
              });
            },
            (err: Error) => reject(new TransportError(err.message, method, target.href)),
          );
        });
      });
      if (proxy) {
        req.on('proxyConnect', (answer: ProxyConnectAnswer) => (refused = proxyRefusal(proxy, target, answer)));
        // The request's own timeout starts once it has a socket, which a proxy hands over only
        // after the tunnel is open: a proxy that never answers the CONNECT is timed here. The
        // request is failed directly: destroying one that has no socket yet emits nothing.
        const tunnel = setTimeout(() => {
          reject(new TransportError(`no answer from the proxy ${shownProxy(proxy)} within ${options.timeoutMs} ms`, method, target.href));
          req.destroy();
        }, options.timeoutMs);
        const opened = () => clearTimeout(tunnel);
        req.once('socket', opened).once('close', opened);
      }
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
      req.on('error', (err: NodeJS.ErrnoException) => {
        const stale = req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE') && !how.fresh;
        reject(stale ? new StaleConnection(err.message) : new TransportError(tlsFailure(err, options.tls?.cert !== undefined && !answeredOverTls) ?? err.message, method, target.href));
      });
      if (body !== undefined && opts.framing === 'chunked') for (const piece of chunksOf(body)) req.write(piece);
      else if (body !== undefined) req.write(body);
      req.end();
    }).catch((err: unknown) => {
      // The request went out (or was handed to a proxy): what was sent is kept with the failure.
      throw err instanceof TransportError ? new TransportError(err.message, err.method, err.url, { request: sent, durationMs: performance.now() - started }) : err;
    });
    options.onExchange?.(exchange);
    return exchange;
  }

  return {
    request: (method, url, opts) => request(method, url, opts),
    view: (view) => ({ request: (method, url, opts) => request(method, url, opts, view) }),
  };
}

/**
 * A body cut into three pieces of bytes, each sent as a chunk of its own: a target that read only
 * the first chunk, or none, shows it. A cut may fall inside a UTF-8 character, as it may on the wire.
 */
function chunksOf(body: string): Buffer[] {
  const bytes = Buffer.from(body, 'utf8');
  const size = Math.max(1, Math.ceil(bytes.length / 3));
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return pieces;
}

/** A reused keep-alive connection was found closed before the request was answered. */
class StaleConnection extends Error {}

const MAX_RETRY_AFTER_MS = 10_000;
/** The largest body read: the spec's biggest answer is a page of 100 records, a few hundred KB at most. */
const MAX_BODY_BYTES = 16 * 2 ** 20;
const DEFAULT_MAX_CONSECUTIVE_FAILURES = 5;
const DEFAULT_USER_AGENT = 'disco';
const MAX_RATE_LIMIT_RETRIES = 3;

/**
 * Retry-After as delay-seconds or an HTTP date (RFC 9110), in ms; null when absent or unreadable.
 * An HTTP date is the target's clock, so it is measured from the same answer's Date header when
 * that reads: a target whose clock runs hours or days off this machine's still asks for the
 * pause it means (from this machine's clock it would look like no pause, or a wall).
 */
export function retryAfterMs(header: string | undefined, date?: string): number | null {
  if (header === undefined || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  if (Number.isNaN(at)) return null;
  const sent = date === undefined ? Number.NaN : Date.parse(date);
  return Math.max(0, at - (Number.isNaN(sent) ? Date.now() : sent));
}
