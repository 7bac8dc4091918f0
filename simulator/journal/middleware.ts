import { randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Sim } from '../context.ts';
import { requestText } from '../http/request-text.ts';
import { accountInPath, interfaceOf } from '../interfaces/which.ts';
import type { JournalEntry, RecordedEntry } from './journal.ts';
import { BODY_CAP } from './redact.ts';
import { leniencies } from '../http/leniency.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Outermost middleware: gives every request an id (sent back in `X-Request-Id`, so a client
 * test can find its own request) and, when the journal is on, records the exchange of every
 * interface request once it is answered. With the journal off it only sets the id.
 */
export function journalMiddleware(sim: Sim): Middleware {
  // This simulator's own part of its request ids: two simulators (in one process too) or a
  // restart never reuse one.
  const boot = randomBytes(3).toString('hex');
  return async (ctx: Context, next) => {
    const seq = sim.journal.nextSeq();
    const id = `req_${boot}_${seq.toString(36)}`;
    ctx.set(REQUEST_ID_HEADER, id);
    const surface = interfaceOf(ctx.path);
    if (!sim.journal.enabled || surface === 'control') return next();
    const started = performance.now();
    const simulatorMs = sim.clock.now();
    const wallMs = Date.now();
    try {
      await next();
    } finally {
      // Times are formatted when the entry is shown (redactEntry), not on the request path.
      sim.journal.add(entryOf(ctx, { id, seq, wallMs, simulatorMs, surface, latencyMs: performance.now() - started }));
    }
  };
}

function entryOf(ctx: Context, facts: { id: string; seq: number; wallMs: number; simulatorMs: number; surface: 'A' | 'B'; latencyMs: number }): RecordedEntry {
  // The account a key authenticated as; for a request refused before that (a bad key, a missing
  // Accept, a chaos answer), the account an interface B path names, as chaos rules match it.
  const account = (ctx.state as { account?: { slug?: unknown } }).account?.slug ?? (facts.surface === 'B' ? accountInPath(ctx.path) : undefined);
  const chaos = (ctx.state as { chaos?: JournalEntry['chaos'] }).chaos;
  const lenient = leniencies(ctx);
  const query = ctx.querystring ? (ctx.query as Record<string, string | string[]>) : {};
  return {
    id: facts.id,
    seq: facts.seq,
    wallMs: facts.wallMs,
    simulatorMs: facts.simulatorMs,
    method: ctx.method,
    path: ctx.path,
    query,
    interface: facts.surface,
    ...(typeof account === 'string' ? { account } : {}),
    // A chaos fault answered on the socket itself (a cut-short 200) or not at all (0).
    status: ctx.respond === false ? (ctx.res.headersSent ? ctx.res.statusCode : 0) : ctx.status,
    latencyMs: Math.round(facts.latencyMs * 100) / 100,
    // Kept as they came (bodies capped); redacted whenever an entry leaves the journal (redact.ts),
    // so recording costs a few references, not a parse and a serialisation per request.
    request: { headers: ctx.req.headers as Record<string, string>, ...capped(requestText(ctx.req)) },
    response: { headers: ctx.response.headers as Record<string, string>, ...capped(bodyText(ctx.body)) },
    ...(chaos ? { chaos } : {}),
    ...(lenient ? { lenient: [...lenient] } : {}),
  };
}

export function capped(text: string | undefined): { body?: string; bodyTruncated?: boolean } {
  if (text === undefined || text === '') return {};
  return text.length > BODY_CAP ? { body: copyOfStart(text, BODY_CAP), bodyTruncated: true } : { body: text };
}

/**
 * The first `length` characters as a string of their own. A plain slice would point into the
 * whole body (V8 keeps long slices as views of their parent), so every capped entry kept its
 * full body alive: with 16 KB invoice pages the ring held 17 KB per entry instead of 4 KB, and
 * the old generation filled (and was collected, 6 to 10 ms each time) about once a second.
 */
function copyOfStart(text: string, length: number): string {
  return Buffer.from(text.slice(0, length), 'utf8').toString('utf8');
}

/**
 * A body as text, as far as the journal keeps it. Of a long Buffer only the start is decoded (a
 * list page is 145 KB, and the entry keeps 4 KB): `BODY_CAP` characters never take more than
 * 4 bytes each, so the first `4 * BODY_CAP` bytes hold every character `capped` keeps, and more
 * than `BODY_CAP` of them whenever the body goes on past those bytes.
 */
export function bodyText(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8', 0, Math.min(body.length, 4 * BODY_CAP));
  return undefined;
}
