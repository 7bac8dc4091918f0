import type http from 'node:http';
import { frontServer } from './front-server.ts';
import type { Front } from './run-suites.ts';

/** What the deployment answered, as a rewriting front sees it. */
export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A front for `runSuitesAgainstSimulator` that passes every request on and lets `rewrite` change
 * the answer (its status and body; undefined keeps it as it was): a deployment that answers
 * otherwise than the simulator in one place, for a test of one check.
 */
export const rewriting = (rewrite: (req: http.IncomingMessage, reply: Reply) => { status?: number; body?: string } | undefined): Front => (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    forward(req.url ?? '/', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const reply: Reply = { status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks).toString('utf8') };
        const changed = rewrite(req, reply);
        const headers = { ...answer.headers };
        delete headers['content-length'];
        res.writeHead(changed?.status ?? reply.status, headers).end(changed?.body ?? reply.body);
      });
    });
  });
