/**
 * Bench references, not ways the simulator serves: a read (`GET /{account}/api/packages/{id}`)
 * and a write (`POST /{account}/api/jobs`) answered through the simulator's own code for them and
 * nothing else: the Accept verdict, the key digest and store lookup, settling due jobs, reading
 * the body within the limit, the model, the presenter, JSON, the headers every answer carries, the
 * journal entry; no router, no middleware chain. Served two ways, by a bare node:http handler and
 * by a Koa 3 app with that one middleware, so the owner deciding about the 0.5 x goal sees what
 * the simulator's own work costs, what Koa itself adds to it, and (against the simulator) what
 * the router and the middleware chain add (bench/index.ts prints them on the work ladder).
 *
 * Only the answers the bench needs are written: the package (200), the new job (the conventions'
 * created status), and a plain 4xx otherwise. test/bench-own-code-alone.test.ts holds the
 * successful answers equal to the simulator's.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import Koa from 'koa';
import getRawBody from 'raw-body';
import type { Sim } from '../simulator/context.ts';
import type { AccountState } from '../simulator/store.ts';
import type { Links } from '../simulator/context.ts';
import { AcceptVerdictCache, isMediaType, VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';
import { KeyDigestCache } from '../simulator/http/credentials.ts';
import { linksAt } from '../simulator/http/links.ts';
import { parsePositiveId } from '../simulator/http/path-id.ts';
import { asObject } from '../simulator/http/body.ts';
import { settleAccount } from '../simulator/domains/settle.ts';
import { readPackage } from '../simulator/domains/packages/model.ts';
import { presentPackageDetail } from '../simulator/domains/packages/present.ts';
import { parseNewJob } from '../simulator/domains/jobs/input.ts';
import { createJob } from '../simulator/domains/jobs/model.ts';
import { presentJob } from '../simulator/domains/jobs/present.ts';
import { SIMULATOR_VERSION } from '../simulator/version.ts';
import { capped } from '../simulator/journal/middleware.ts';

const PACKAGE_PATH = /^\/([^/]+)\/api\/packages\/([^/?]+)$/;
const JOBS_PATH = /^\/([^/]+)\/api\/jobs$/;

/** Whether the references answer this request themselves (anything else gets a plain 404). */
export function answeredAlone(method: string | undefined, url: string): boolean {
  return (method === 'GET' && PACKAGE_PATH.test(url)) || (method === 'POST' && JOBS_PATH.test(url));
}

interface Answer {
  status: number;
  body: string;
  type: string;
  /** The account answered for, once authenticated (the journal records it). */
  account?: string;
  /** The request body as read (the journal records it). */
  requestText?: string;
}

/** One exchange: what to answer, and the journal entry to record once it is answered. */
interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: string;
  record(): void;
}

type Caller = { account: AccountState; user: Parameters<typeof createJob>[2]; slug: string; links: Links };

function ownCode(sim: Sim): (req: IncomingMessage) => Exchange | Promise<Exchange> {
  const keyDigests = new KeyDigestCache();
  const acceptVerdicts = new AcceptVerdictCache(sim.faults);
  const server = `disco-simulator/${SIMULATOR_VERSION} (${sim.conventions.name} conventions)`;
  const refusal = (status: number, message: string): Answer => ({ status, body: JSON.stringify({ message }), type: 'application/json; charset=utf-8' });

  /** The gate's work: Accept, the key, the account in the path, settling due jobs. */
  const admit = (req: IncomingMessage, slug: string): Caller | Answer => {
    if (!acceptVerdicts.accepts(req.headers.accept, false)) return refusal(406, 'Not acceptable.');
    const digest = keyDigests.get(req.headers.authorization, false);
    const found = digest === null ? null : sim.store.findUserKeyByDigest(digest, sim.clock.now());
    if (!found) return refusal(401, 'Unauthorized.');
    if (found.account.slug !== slug) return refusal(404, 'Not found.');
    const links = linksAt(`http://${req.headers.host ?? ''}`, slug);
    settleAccount(sim, found.account, links);
    return { account: found.account, user: found.user, slug, links };
  };

  const read = (req: IncomingMessage, match: RegExpExecArray): Answer => {
    const caller = admit(req, match[1]!);
    if ('status' in caller) return caller;
    const id = parsePositiveId(match[2]);
    const pkg = id === null ? null : readPackage(sim, caller.account, id);
    if (!pkg) return refusal(404, 'Not found.');
    return { status: 200, body: JSON.stringify(presentPackageDetail(sim, pkg, caller.links)), type: VENDOR_MEDIA_TYPE, account: caller.slug };
  };

  const write = async (req: IncomingMessage, match: RegExpExecArray): Promise<Answer> => {
    const caller = admit(req, match[1]!);
    if ('status' in caller) return caller;
    if (!isMediaType(req.headers['content-type'], ['application/json'])) return refusal(415, 'Unsupported media type.');
    let text: string;
    try {
      text = await getRawBody(req, { limit: sim.options.bodyLimitBytes, encoding: 'utf8', length: req.headers['content-length'] });
    } catch {
      return refusal(413, 'Request body too large.');
    }
    try {
      const job = createJob(sim, caller.account, caller.user, parseNewJob(asObject(JSON.parse(text))));
      return { status: sim.conventions.b.createdStatus, body: JSON.stringify(presentJob(sim, caller.account, job, caller.links)), type: VENDOR_MEDIA_TYPE, account: caller.slug, requestText: text };
    } catch {
      return { ...refusal(422, 'Unprocessable.'), account: caller.slug, requestText: text };
    }
  };

  const exchange = (req: IncomingMessage, seq: number, started: number, simulatorMs: number, wallMs: number, answer: Answer): Exchange => {
    const id = `req_bench_${seq.toString(36)}`;
    const headers: Record<string, string> = {
      server,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      date: new Date(simulatorMs).toUTCString(),
      'x-request-id': id,
      'content-type': answer.type,
      'content-length': String(Buffer.byteLength(answer.body)),
    };
    const record = () => {
      if (!sim.journal.enabled) return;
      // The entry the journal middleware records for the same exchange (simulator/journal/middleware.ts).
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      sim.journal.add({
        id,
        seq,
        wallMs,
        simulatorMs,
        method: req.method ?? 'GET',
        path: queryAt < 0 ? url : url.slice(0, queryAt),
        query: {},
        interface: 'B',
        ...(answer.account !== undefined ? { account: answer.account } : {}),
        status: answer.status,
        latencyMs: Math.round((performance.now() - started) * 100) / 100,
        request: { headers: req.headers as Record<string, string>, ...capped(answer.requestText) },
        response: { headers, ...capped(answer.body) },
      });
    };
    return { status: answer.status, headers, body: answer.body, record };
  };

  return (req: IncomingMessage): Exchange | Promise<Exchange> => {
    const seq = sim.journal.nextSeq();
    const started = performance.now();
    const simulatorMs = sim.clock.now();
    const wallMs = Date.now();
    const url = req.url ?? '';
    const packageMatch = req.method === 'GET' ? PACKAGE_PATH.exec(url) : null;
    if (packageMatch) return exchange(req, seq, started, simulatorMs, wallMs, read(req, packageMatch));
    const jobsMatch = req.method === 'POST' ? JOBS_PATH.exec(url) : null;
    if (jobsMatch) return write(req, jobsMatch).then((answer) => exchange(req, seq, started, simulatorMs, wallMs, answer));
    return exchange(req, seq, started, simulatorMs, wallMs, refusal(404, 'Not found.'));
  };
}

/** The simulator's own code on a bare node:http handler. */
export function ownCodeOnNodeHttp(sim: Sim): RequestListener {
  const answer = ownCode(sim);
  const write = (res: ServerResponse, exchange: Exchange) => {
    res.writeHead(exchange.status, exchange.headers);
    res.end(exchange.body);
    exchange.record();
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const exchange = answer(req);
    if (exchange instanceof Promise) void exchange.then((e) => write(res, e));
    else write(res, exchange);
  };
}

/** The same as the one middleware of a Koa 3 app (no router): what Koa adds to the same work. */
export function ownCodeOnKoa(sim: Sim): Koa {
  const answer = ownCode(sim);
  const app = new Koa();
  app.silent = true;
  app.use((ctx) => {
    const apply = (exchange: Exchange) => {
      ctx.status = exchange.status;
      ctx.set(exchange.headers);
      ctx.body = exchange.body;
      exchange.record();
    };
    // A read stays synchronous, as it was measured before the write was added.
    const exchange = answer(ctx.req);
    return exchange instanceof Promise ? exchange.then(apply) : apply(exchange);
  });
  return app;
}
