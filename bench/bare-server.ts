// Child process of the bench (bench/endpoints.ts): a bare node:http server answering fixed bytes
// (the baseline). With `serialise`, it keeps the body as a parsed value and writes it with
// JSON.stringify on every request instead: the least any server building a JSON answer per
// request does, the floor for a large page (bench/index.ts prints it beside the list page).
// With `workUs`, it keeps its core busy that many microseconds before each answer: a handler's
// own work with nothing else changed, the rungs of bench/work-ladder.ts.
import { createServer } from 'node:http';

export interface BareServerOrder {
  status: number;
  headers: Record<string, string>;
  body: string;
  serialise?: boolean;
  workUs?: number;
}

/** Keeps the CPU busy for `us` microseconds (a spin, not a sleep: the core stays occupied). */
function busyFor(us: number): void {
  if (!(us > 0)) return;
  const until = performance.now() + us / 1000;
  while (performance.now() < until);
}

process.once('message', (message: BareServerOrder) => {
  const bytes = Buffer.from(message.body);
  const bytesLength = String(bytes.length);
  const value: unknown = message.serialise ? JSON.parse(message.body) : undefined;
  const workUs = message.workUs ?? 0;
  const server = createServer((_req, res) => {
    busyFor(workUs);
    const body = message.serialise ? JSON.stringify(value) : bytes;
    res.writeHead(message.status, { ...message.headers, 'content-length': message.serialise ? String(Buffer.byteLength(body)) : bytesLength });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.send?.({ origin: `http://127.0.0.1:${port}` });
  });
  process.on('disconnect', () => server.close(() => process.exit(0)));
});
