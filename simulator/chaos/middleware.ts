import { setTimeout } from 'node:timers/promises';
import type { Context } from 'koa';
import type { Sim } from '../context.ts';
import { ApiError, type ErrorCode } from '../http/errors.ts';
import { accountInPath, interfaceOf } from '../interfaces/which.ts';
import { redactHeaders, redactPath, redactQuery } from '../journal/redact.ts';
import { actionOf, type ChaosRequest, type ChaosRule } from './rules.ts';

/**
 * Carries out the chaos rule that matches a request, if any, before the interfaces see it. A
 * status becomes an `ApiError` (so the one renderer writes the interface's own error object);
 * the transport faults take the response away from Koa (`ctx.respond = false`) and act on the
 * socket. Every hit is named in `ctx.state.chaos` for the journal.
 */
export async function applyChaos(sim: Sim, ctx: Context): Promise<'continue' | 'handled'> {
  if (sim.chaos.empty) return 'continue';
  const surface = interfaceOf(ctx.path);
  if (surface === 'control') return 'continue';
  const acting = sim.chaos.take({ method: ctx.method, path: ctx.path, interface: surface, ...accountOf(sim, ctx, surface), ...asShown(sim, ctx) });
  const rule = acting.at(-1);
  if (!rule) return 'continue';
  // Several rules (latencies stacked before an answer) are named together, in order.
  (ctx.state as { chaos?: { rule: string; action: string } }).chaos = { rule: acting.map((r) => r.id).join(', '), action: acting.map(actionOf).join('; ') };
  const latencyMs = acting.reduce((sum, r) => sum + (r.latency ? r.latency.min + Math.random() * (r.latency.max - r.latency.min) : 0), 0);
  if (latencyMs > 0 && !(await waited(latencyMs, sim.lifetime.signal))) {
    // The simulator was closed during the wait: its connections are gone, nothing is answered.
    ctx.respond = false;
    ctx.req.socket.destroy();
    return 'handled';
  }
  if (rule.status !== undefined) throw statusError(sim, rule);
  if (rule.fault) {
    breakAnswer(ctx, rule);
    return 'handled';
  }
  return 'continue';
}

/**
 * The path, headers and query a rule's `path`, `header` and `query` match: as the journal shows
 * them, so a credential (`Authorization`, `Cookie`, `X-Api-Key`, a `?access_token=`, an interface
 * A key, also one sent in the path) is matched as `Basic [REDACTED]`, never as sent. A rule's hits (`GET /_disco/chaos`) and the
 * journal's chaos mark tell whoever reads the control API whether a request matched, so a rule
 * matched on the value as sent would let them probe any client's key a character at a time (a
 * `latency_ms: 0` rule per guess), not only a key they hold: a real key a client sent here by
 * mistake is what the journal's redaction is for. Presence and the scheme stay matchable (fail
 * the Basic requests, or those without a key); the requests of one key are `account`'s. Each is
 * worked out once, and only when a rule asks.
 */
function asShown(sim: Sim, ctx: Context): Pick<ChaosRequest, 'headers' | 'query' | 'pathAsShown'> {
  let headers: Record<string, string> | undefined;
  let query: Record<string, string | string[]> | undefined;
  return {
    pathAsShown: (path) => redactPath(path, sim.options.pipelineKeyPrefix),
    headers: () => (headers ??= redactHeaders(ctx.req.headers)),
    query: () => (query ??= ctx.querystring ? redactQuery(ctx.query as Record<string, string | string[]>, sim.options.pipelineKeyPrefix) : {}),
  };
}

function accountOf(sim: Sim, ctx: Context, surface: 'A' | 'B'): { account?: string } {
  if (surface === 'B') {
    const slug = accountInPath(ctx.path);
    return slug ? { account: slug } : {};
  }
  const key = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
  const found = key ? sim.store.findPipelineKey(key) : null;
  return found ? { account: found.account.slug } : {};
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'server_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

function statusError(sim: Sim, rule: ChaosRule): ApiError {
  const status = rule.status ?? 500;
  const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
  const headers: Record<string, string> = {};
  if (status === 429 || status === 503) headers['Retry-After'] = String(rule.retryAfterS ?? 1);
  if (status === 429) {
    // The headers a client reads to back off, in the simulator's conventions, as the real limiter sends them.
    const limit = sim.rateLimiter.limitPerHour || 5000;
    Object.assign(headers, sim.rateLimiter.headers({ limit, remaining: 0, resetAt: Math.floor(sim.clock.now() / 1000) + (rule.retryAfterS ?? 1) }));
  }
  return new ApiError(code, { status, headers, message: rule.message ?? `${status === 429 ? 'Rate limit exceeded' : 'Chaos'}: answered by chaos rule ${rule.id}.` });
}

/** The transport faults: what a client sees when a proxy or the network misbehaves. */
function breakAnswer(ctx: Context, rule: ChaosRule): void {
  ctx.respond = false;
  const res = ctx.res;
  const socket = ctx.req.socket;
  switch (rule.fault) {
    case 'reset':
      socket.resetAndDestroy();
      return;
    case 'empty':
    case 'truncated': {
      // Headers promise a whole JSON body; the connection ends early (empty: right after the headers).
      const body = JSON.stringify({ message: `This answer was cut short by chaos rule ${rule.id}.`, padding: 'x'.repeat(256) });
      const sent = rule.fault === 'empty' ? '' : body.slice(0, Math.floor(body.length / 2));
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
      res.write(sent, () => socket.destroy());
      return;
    }
    case 'hang':
      // Never answered: the client gives up (its timeout) or shutdown cuts the socket
      // (server.ts closes every connection after its grace period). Nothing else is kept.
      return;
    default:
      return;
  }
}

/** Waits `ms`; false when `signal` ends the wait first. */
async function waited(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await setTimeout(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
