import type http from 'node:http';
import { forwardWhole, frontServer, sendText, type Reply } from './front-server.ts';
import type { Front } from './run-suites.ts';

export type { Reply };

/**
 * A front for `runSuitesAgainstSimulator` that passes every request on and lets `rewrite` change
 * the answer (its status and body; undefined keeps it as it was): a deployment that answers
 * otherwise than the simulator in one place, for a test of one check.
 */
export const rewriting = (rewrite: (req: http.IncomingMessage, reply: Reply) => { status?: number; body?: string } | undefined): Front => (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    forwardWhole(forward, req.url ?? '/', (reply) => {
      const changed = rewrite(req, reply);
      sendText(res, changed?.status ?? reply.status, reply.headers, changed?.body ?? reply.body);
    });
  });
