import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface Listening {
  server: Server;
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  origin: string;
  close(): Promise<void>;
}

/** The only place the simulator touches the network. */
export async function listen(app: Koa, port: number, host: string): Promise<Listening> {
  const server = createServer(app.callback());
  // Slow or stuck clients must not pin sockets forever.
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = 5_000;
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
    origin: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Connections still busy after a grace period are cut, so shutdown is bounded.
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      }),
  };
}
