// Child process of the bench (bench/endpoints.ts): a bare node:http server answering fixed bytes
// (the baseline). With `serialise`, it keeps the body as a parsed value and writes it with
// JSON.stringify on every request instead: the least any server building a JSON answer per
// request does, the floor for a large page (bench/index.ts prints it beside the list page).
// With `workUs`, it keeps its core busy that many microseconds before each answer: a handler's
// own work with nothing else changed, the rungs of bench/work-ladder.ts. With `readBody`, it
// reads the whole request body and parses it as JSON before answering, by hand (chunks joined on
// 'end') or through raw-body as the simulator reads it: what reading a write's body costs a
// server that does nothing else (bench/body-reading.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import getRawBody from 'raw-body';
import { defaultSimOptions } from '../simulator/context.ts';

export type BodyReading = 'by-hand' | 'raw-body';

export interface BareServerOrder {
  status: number;
  headers: Record<string, string>;
  body: string;
  serialise?: boolean;
  workUs?: number;
  readBody?: BodyReading;
}

/** Keeps the CPU busy for `us` microseconds (a spin, not a sleep: the core stays occupied). */
function busyFor(us: number): void {
  if (!(us > 0)) return;
  const until = performance.now() + us / 1000;
  while (performance.now() < until);
}

/** The request body as text: joined by hand, or through raw-body with the simulator's options. */
function bodyText(req: IncomingMessage, how: BodyReading): Promise<string> {
  if (how === 'raw-body') return getRawBody(req, { limit: defaultSimOptions.bodyLimitBytes, encoding: 'utf8', length: req.headers['content-length'] });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

process.once('message', (message: BareServerOrder) => {
  const bytes = Buffer.from(message.body);
  const bytesLength = String(bytes.length);
  const value: unknown = message.serialise ? JSON.parse(message.body) : undefined;
  const workUs = message.workUs ?? 0;
  const answer = (res: ServerResponse) => {
    busyFor(workUs);
    const body = message.serialise ? JSON.stringify(value) : bytes;
    res.writeHead(message.status, { ...message.headers, 'content-length': message.serialise ? String(Buffer.byteLength(body)) : bytesLength });
    res.end(body);
  };
  const readBody = message.readBody;
  const server = createServer((req, res) => {
    if (!readBody) return answer(res);
    // A body that cannot be read or is not JSON gets a bare 400: the bench never sends one, and a
    // test sends one to tell that the body really was parsed.
    bodyText(req, readBody).then(
      (text) => {
        try {
          if (text !== '') JSON.parse(text);
        } catch {
          res.writeHead(400, { 'content-length': '0' }).end();
          return;
        }
        answer(res);
      },
      () => res.writeHead(400, { 'content-length': '0' }).end(),
    );
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.send?.({ origin: `http://127.0.0.1:${port}` });
  });
  process.on('disconnect', () => server.close(() => process.exit(0)));
});
