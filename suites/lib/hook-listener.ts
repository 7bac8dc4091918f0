import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the listener received. */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

export interface HookListener {
  url: string;
  /** What came, oldest first, at most `MAX_DELIVERIES`. */
  received: ReceivedDelivery[];
  close(): Promise<void>;
}

/** A delivery is one job's JSON, a few KB: a body past this is refused (413) and not kept. */
export const MAX_DELIVERY_BYTES = 1024 * 1024;
/** The check looks for one delivery among the account's: past this many, later ones are answered and dropped. */
export const MAX_DELIVERIES = 1_000;

/**
 * A loopback HTTP listener that records the requests a web hook sends it. Whatever the target
 * sends, the run's memory stays bounded: a body past `MAX_DELIVERY_BYTES` is answered 413 and
 * its connection closed, and no more than `MAX_DELIVERIES` are kept.
 */
export async function listenForDeliveries(): Promise<HookListener> {
  const received: ReceivedDelivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (c: Buffer) => {
      if (refused) return;
      size += c.length;
      if (size <= MAX_DELIVERY_BYTES) return void chunks.push(c);
      refused = true;
      chunks.length = 0;
      res.writeHead(413, { connection: 'close' }).end(() => req.destroy());
    });
    req.on('end', () => {
      if (refused) return;
      if (received.length < MAX_DELIVERIES) received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      res.writeHead(204).end();
    });
    req.on('error', () => req.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
