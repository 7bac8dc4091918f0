import type http from 'node:http';
import { frontServer } from './front-server.ts';
import type { Front } from './run-suites.ts';

/**
 * A front for `runSuitesAgainstSimulator` that answers the requests `answer` picks itself (its
 * status, its body as interface B's media type; `answer` sees the request and its body) and
 * passes every other one on (to the path `forwardTo` gives, the request's own by default): a
 * deployment that differs from the simulator in one place, for a test of one check.
 */
export const answering = (answer: (req: http.IncomingMessage, body: string) => { status: number; body: string } | undefined, forwardTo: (req: http.IncomingMessage) => string = (req) => req.url ?? '/'): Front => (upstream) =>
  frontServer(upstream, (req, body, res, forward) => {
    const own = answer(req, body.toString('utf8'));
    if (own) {
      res.writeHead(own.status, { 'content-type': 'application/vnd.service+json; version=2' }).end(own.body);
      return;
    }
    forward(forwardTo(req), (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
  });
