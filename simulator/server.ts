import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type Koa from 'koa';

export interface Listening {
  server: Server;
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  origin: string;
  /** Graceful: see `close` below. */
  close(): Promise<void>;
}

/** How long requests already received may take to be answered once shutdown starts. */
export const SHUTDOWN_GRACE_MS = 5_000;

/**
 * What Node's HTTP parser answers itself, before the app, for a request it cannot read (a bad
 * request line or header, headers too large, an `Expect` it does not support): a JSON body with
 * both interfaces' members (`message` for B, `error` for A), so any client can read it.
 */
const PARSER_ERRORS: Record<string, { status: number; text: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, text: 'Request header fields too large.' },
  HPE_REQUEST_TIMEOUT: { status: 408, text: 'Request timeout.' },
};

function parserErrorAnswer(code: string | undefined): string {
  const { status, text } = PARSER_ERRORS[code ?? ''] ?? { status: 400, text: 'Bad request: the request could not be parsed.' };
  const body = JSON.stringify({ message: text, error: text });
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** A certificate and key (PEM) to serve HTTPS with, as `disco serve --tls-cert --tls-key` reads them. */
export interface ServerTls {
  cert: string;
  key: string;
}

/** The only place the simulator touches the network: HTTP, or HTTPS with `tls`. */
export async function listen(app: Koa, port: number, host: string, tls?: ServerTls): Promise<Listening> {
  const handler = app.callback();
  let closing = false;
  // Answers not yet sent: when shutdown starts, each says the connection ends, so keep-alive
  // clients do not send their next request down a socket about to close.
  const pending = new Set<ServerResponse>();
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.setHeader('Connection', 'close');
    else {
      pending.add(res);
      res.once('finish', () => pending.delete(res));
      res.once('close', () => pending.delete(res));
    }
    void handler(req, res);
  };
  // An https.Server is an http.Server for everything below (timeouts, clientError, closing).
  const server: Server = tls ? createTlsServer({ cert: tls.cert, key: tls.key }, answer) : createServer(answer);
  // Slow or stuck clients must not pin sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    socket.end(parserErrorAnswer(err.code));
  });
  // An `Expect` other than 100-continue: Node would answer 417 with no body.
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify({ message: 'Expectation failed: only Expect: 100-continue is supported.', error: 'Expectation failed: only Expect: 100-continue is supported.' });
    res.writeHead(417, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    origin: `${tls ? 'https' : 'http'}://${shownHost}:${address.port}`,
    /**
     * Stops listening, answers the requests already received (with `Connection: close`), closes
     * idle keep-alive connections at once, and cuts whatever is still open after
     * `SHUTDOWN_GRACE_MS` (a client that never finishes its request, a chaos hang).
     */
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');
        const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        cut.unref();
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
