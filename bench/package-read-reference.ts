/**
 * Bench references, not ways the simulator serves: `GET /{account}/api/packages/{id}` answered
 * through the simulator's own code for it (the Accept verdict, the key digest and store lookup,
 * settling due jobs, the package model and presenter, JSON, the headers every answer carries, the
 * journal entry) and nothing else: no router, no middleware chain. Served two ways, by a bare
 * node:http handler and by a Koa 3 app with that one middleware, so the owner deciding about the
 * 0.5 x goal sees what the simulator's own work costs, what Koa itself adds to it, and (against
 * the simulator) what the router and the middleware chain add (bench/index.ts prints all three
 * on the work ladder).
 *
 * Only the answers the bench needs are written: the package (200), and a plain 401, 404 or 406
 * otherwise. test/bench-package-read-reference.test.ts holds the 200 equal to the simulator's.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import Koa from 'koa';
import type { Sim } from '../simulator/context.ts';
import { acceptsVendorV2, VENDOR_MEDIA_TYPE } from '../simulator/http/accept.ts';
import { KeyDigestCache } from '../simulator/http/credentials.ts';
import { linksAt } from '../simulator/http/links.ts';
import { parsePositiveId } from '../simulator/http/path-id.ts';
import { settleAccount } from '../simulator/domains/settle.ts';
import { readPackage } from '../simulator/domains/packages/model.ts';
import { presentPackage } from '../simulator/domains/packages/present.ts';
import { SIMULATOR_VERSION } from '../simulator/version.ts';
import { capped } from '../simulator/journal/middleware.ts';

const PACKAGE_PATH = /^\/([^/]+)\/api\/packages\/([^/?]+)$/;

interface Answer {
  status: number;
  body: string;
  type: string;
  /** The account answered for, once authenticated (the journal records it). */
  account?: string;
}

/** One exchange: what to answer, and the journal entry to record once it is answered. */
interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: string;
  record(): void;
}

function packageRead(sim: Sim): (req: IncomingMessage) => Exchange {
  const keyDigests = new KeyDigestCache();
  const server = `disco-simulator/${SIMULATOR_VERSION} (${sim.conventions.name} conventions)`;
  const refusal = (status: number, message: string): Answer => ({ status, body: JSON.stringify({ message }), type: 'application/json; charset=utf-8' });

  const answerTo = (req: IncomingMessage): Answer => {
    const match = req.method === 'GET' ? PACKAGE_PATH.exec(req.url ?? '') : null;
    if (!match) return refusal(404, 'Not found.');
    if (!acceptsVendorV2(req.headers.accept, false)) return refusal(406, 'Not acceptable.');
    const digest = keyDigests.get(req.headers.authorization, false);
    const found = digest === null ? null : sim.store.findUserKeyByDigest(digest);
    if (!found) return refusal(401, 'Unauthorized.');
    const slug = match[1]!;
    const id = parsePositiveId(match[2]);
    if (found.account.slug !== slug || id === null) return refusal(404, 'Not found.');
    const links = linksAt(`http://${req.headers.host ?? ''}`, slug);
    settleAccount(sim, found.account, links);
    const pkg = readPackage(sim, found.account, id);
    if (!pkg) return refusal(404, 'Not found.');
    return { status: 200, body: JSON.stringify(presentPackage(sim, pkg, links)), type: VENDOR_MEDIA_TYPE, account: slug };
  };

  return (req: IncomingMessage): Exchange => {
    const seq = sim.journal.nextSeq();
    const id = `req_bench_${seq.toString(36)}`;
    const started = performance.now();
    const simulatorMs = sim.clock.now();
    const wallMs = Date.now();
    const answer = answerTo(req);
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
        request: { headers: req.headers as Record<string, string> },
        response: { headers, ...capped(answer.body) },
      });
    };
    return { status: answer.status, headers, body: answer.body, record };
  };
}

/** The read on a bare node:http handler. */
export function packageReadOnNodeHttp(sim: Sim): RequestListener {
  const read = packageRead(sim);
  return (req: IncomingMessage, res: ServerResponse) => {
    const exchange = read(req);
    res.writeHead(exchange.status, exchange.headers);
    res.end(exchange.body);
    exchange.record();
  };
}

/** The read as the one middleware of a Koa 3 app (no router): what Koa adds to the same work. */
export function packageReadOnKoa(sim: Sim): Koa {
  const read = packageRead(sim);
  const app = new Koa();
  app.silent = true;
  app.use((ctx) => {
    const exchange = read(ctx.req);
    ctx.status = exchange.status;
    ctx.set(exchange.headers);
    ctx.body = exchange.body;
    exchange.record();
  });
  return app;
}
