import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type Behaviour = { kind: 'tunnel' } | { kind: 'refuse'; status: number; text: string } | { kind: 'silent' };

/**
 * A forward proxy that only tunnels (CONNECT), as corporate proxies do for HTTPS. It alone knows
 * the names it is given (`sim.disco.test` by default): it sends those tunnels to the port named in
 * the CONNECT on this machine, and refuses others (502). It records every CONNECT and the
 * Proxy-Authorization it came with.
 */
export class TunnelProxy {
  readonly connects: { target: string; authorization: string | undefined }[] = [];
  behaviour: Behaviour = { kind: 'tunnel' };
  private readonly server = http.createServer((_req, res) => res.writeHead(405).end());
  private readonly sockets = new Set<net.Socket>();
  url = '';

  constructor(private readonly names: readonly string[] = ['sim.disco.test']) {}

  async start(): Promise<void> {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      this.connects.push({ target: req.url ?? '', authorization: req.headers['proxy-authorization'] });
      const behaviour = this.behaviour;
      if (behaviour.kind === 'silent') return;
      if (behaviour.kind === 'refuse') {
        // With a JSON body shaped like an error object: judged as the target's, it would pass for one.
        const body = JSON.stringify({ message: behaviour.text });
        client.end(`HTTP/1.1 ${behaviour.status} ${behaviour.text}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
        return;
      }
      const [host, port] = (req.url ?? '').split(':');
      if (host === undefined || !this.names.includes(host)) {
        client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      const upstream = net.connect(Number(port), '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
