import type { IncomingMessage } from 'node:http';

/**
 * The text of each request body as the interfaces read it, kept beside the request (not in
 * `ctx.state`, which routes type per interface) for the journal to record once the answer is out.
 */
const texts = new WeakMap<IncomingMessage, string>();

export function rememberRequestText(req: IncomingMessage, text: string): void {
  texts.set(req, text);
}

/**
 * The body as the interfaces read it; for a request answered without reading it (refused first: a
 * bad key, a missing Accept, a chaos rule), what of it had already arrived, taken from the
 * stream's buffer without waiting for more: a journal must never hold an answer back for a body a
 * client may still be sending, or only sends after a 100 Continue.
 */
export function requestText(req: IncomingMessage): string | undefined {
  const read = texts.get(req);
  if (read !== undefined || req.readableEnded || req.destroyed) return read;
  // Without either header a request has no body (a GET, mostly): nothing to look for.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return undefined;
  const chunks: Buffer[] = [];
  for (let chunk = req.read() as Buffer | string | null; chunk !== null; chunk = req.read() as Buffer | string | null) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  // Read from, the stream is no longer drained by Node once answered: the rest of the body is
  // let through unread, else it would stop the connection's next request behind it.
  if (!req.readableEnded) req.resume();
  if (chunks.length === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  texts.set(req, text);
  return text;
}
