import type { IncomingMessage } from 'node:http';

/**
 * The text of each request body as the interfaces read it, kept beside the request (not in
 * `ctx.state`, which routes type per interface) for the journal to record once the answer is out.
 */
const texts = new WeakMap<IncomingMessage, string>();

export function rememberRequestText(req: IncomingMessage, text: string): void {
  texts.set(req, text);
}

export function requestText(req: IncomingMessage): string | undefined {
  return texts.get(req);
}
