import { randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Sim } from '../context.ts';
import { isoTime } from '../clock.ts';
import { requestText } from '../http/request-text.ts';
import { interfaceOf } from '../interfaces/which.ts';
import type { JournalEntry } from './journal.ts';
import { redactBody, redactHeaders } from './redact.ts';

/** Boot-unique part of request ids: two simulators (or a restart) never reuse one. */
const BOOT = randomBytes(3).toString('hex');

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Outermost middleware: gives every request an id (sent back in `X-Request-Id`, so a client
 * test can find its own request) and, when the journal is on, records the exchange of every
 * interface request once it is answered. With the journal off it only sets the id.
 */
export function journalMiddleware(sim: Sim): Middleware {
  return async (ctx: Context, next) => {
    const seq = sim.journal.nextSeq();
    const id = `req_${BOOT}_${seq.toString(36)}`;
    ctx.set(REQUEST_ID_HEADER, id);
    const surface = interfaceOf(ctx.path);
    if (!sim.journal.enabled || surface === 'control') return next();
    const started = performance.now();
    const at = { simulator: isoTime(sim.clock.now()), wall: new Date().toISOString() };
    try {
      await next();
    } finally {
      sim.journal.add(entryOf(sim, ctx, { id, seq, at, surface, latencyMs: performance.now() - started }));
    }
  };
}

function entryOf(sim: Sim, ctx: Context, facts: { id: string; seq: number; at: JournalEntry['at']; surface: 'A' | 'B'; latencyMs: number }): JournalEntry {
  const account = (ctx.state as { account?: { slug?: unknown } }).account?.slug;
  const chaos = (ctx.state as { chaos?: JournalEntry['chaos'] }).chaos;
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(ctx.query)) if (v !== undefined) query[k] = v;
  return {
    id: facts.id,
    seq: facts.seq,
    at: facts.at,
    method: ctx.method,
    path: ctx.path,
    query,
    interface: facts.surface,
    ...(typeof account === 'string' ? { account } : {}),
    // A chaos fault answered on the socket itself (a cut-short 200) or not at all (0).
    status: ctx.respond === false ? (ctx.res.headersSent ? ctx.res.statusCode : 0) : ctx.status,
    latencyMs: Math.round(facts.latencyMs * 100) / 100,
    request: { headers: redactHeaders(ctx.req.headers), ...redactBody(requestText(ctx.req), sim.options.pipelineKeyPrefix) },
    response: { headers: redactHeaders(ctx.response.headers as Record<string, string | string[] | number | undefined>), ...redactBody(bodyText(ctx.body), sim.options.pipelineKeyPrefix) },
    ...(chaos ? { chaos } : {}),
  };
}

function bodyText(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  return undefined;
}
