// Child process of the bench (bench/endpoints.ts): a bare node:http server answering fixed bytes (the baseline).
import { createServer } from 'node:http';

process.once('message', (message: { status: number; headers: Record<string, string>; body: string }) => {
  const body = Buffer.from(message.body);
  const server = createServer((_req, res) => {
    res.writeHead(message.status, { ...message.headers, 'content-length': String(body.length) });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.send?.({ origin: `http://127.0.0.1:${port}` });
  });
  process.on('disconnect', () => server.close(() => process.exit(0)));
});
