import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './local-target.ts';
import type { Front } from './run-suites.ts';

/**
 * A front for `runSuitesAgainstSimulator` that answers the requests `answer` picks itself (its
 * status, its body as interface B's media type; `answer` sees the request and its body) and
 * passes every other one on (to the path `forwardTo` gives, the request's own by default): a
 * deployment that differs from the simulator in one place, for a test of one check.
 */
export const answering = (answer: (req: http.IncomingMessage, body: string) => { status: number; body: string } | undefined, forwardTo: (req: http.IncomingMessage) => string = (req) => req.url ?? '/'): Front => async (upstream) => {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const upload = Buffer.concat(chunks);
      const own = answer(req, upload.toString('utf8'));
      if (own) {
        res.writeHead(own.status, { 'content-type': 'application/vnd.service+json; version=2' }).end(own.body);
        return;
      }
      const forwarded = http.request({ host: target.hostname, port: target.port, method: req.method, path: forwardTo(req), headers: req.headers }, (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      });
      forwarded.on('error', () => res.destroy());
      forwarded.end(upload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => closeServer(server) };
};
