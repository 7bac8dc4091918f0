import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './local-target.ts';
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
export const rewriting = (rewrite: (req: http.IncomingMessage, reply: Reply) => { status?: number; body?: string } | undefined): Front => async (upstream) => {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forwarded = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          const reply: Reply = { status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(body).toString('utf8') };
          const changed = rewrite(req, reply);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          res.writeHead(changed?.status ?? reply.status, headers).end(changed?.body ?? reply.body);
        });
      });
      forwarded.on('error', () => res.destroy());
      forwarded.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => closeServer(server) };
};
