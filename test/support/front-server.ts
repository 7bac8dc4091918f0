import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './local-target.ts';

/** Sends the request being handled on to the deployment, at `path`, and hands its answer to `onReply`. */
export type Forward = (path: string, onReply: (reply: http.IncomingMessage) => void) => void;

/** What the deployment answered, read whole. */
export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** `forward`, with the deployment's answer read whole (as UTF-8 text) before `onReply` sees it. */
export function forwardWhole(forward: Forward, path: string, onReply: (reply: Reply) => void): void {
  forward(path, (answer) => {
    const chunks: Buffer[] = [];
    answer.on('data', (c: Buffer) => chunks.push(c));
    answer.on('end', () => onReply({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** Answers with `body` under the deployment's `headers`, its Content-Length left out: a front may have changed the body. */
export function sendText(res: http.ServerResponse, status: number, headers: http.IncomingHttpHeaders, body: string): void {
  const kept = { ...headers };
  delete kept['content-length'];
  res.writeHead(status, kept).end(body);
}

/**
 * A front on a free loopback port before the deployment at `upstream`: each request's body is read
 * whole, then `handle` answers it itself or forwards it (the request's method, headers and body,
 * to the path it names). What the one-check test fronts (answering-front.ts, rewriting-front.ts)
 * share.
 */
export async function frontServer(upstream: string, handle: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, forward: Forward) => void): Promise<{ origin: string; close(): Promise<void> }> {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      handle(req, body, res, (path, onReply) => {
        const forwarded = http.request({ host: target.hostname, port: target.port, method: req.method, path, headers: req.headers }, onReply);
        forwarded.on('error', () => res.destroy());
        forwarded.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => closeServer(server) };
}
