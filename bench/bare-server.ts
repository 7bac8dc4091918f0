// Child process of the bench (bench/endpoints.ts): a bare node:http server answering fixed bytes
// (the baseline). With `serialise`, it keeps the body as a parsed value and writes it with
// JSON.stringify on every request instead: the least any server building a JSON answer per
// request does, the floor for a large page (bench/index.ts prints it beside the list page).
import { createServer } from 'node:http';

process.once('message', (message: { status: number; headers: Record<string, string>; body: string; serialise?: boolean }) => {
  const bytes = Buffer.from(message.body);
  const bytesLength = String(bytes.length);
  const value: unknown = message.serialise ? JSON.parse(message.body) : undefined;
  const server = createServer((_req, res) => {
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
