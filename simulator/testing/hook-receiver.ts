import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** One request a receiver got: the `X-Hook-Event` header, the JSON body (`{}` when not JSON) and the request as sent. */
export interface ReceivedHook {
  event: string;
  body: Record<string, unknown>;
  method: string;
  /** Path and query, as requested. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (signatures are computed over it). */
  text: string;
}

/** A web hook receiver on loopback, for tests: records every request and answers `status`. */
export interface HookReceiver {
  /** `http://127.0.0.1:PORT`: any path under it reaches the receiver. */
  origin: string;
  /** `{origin}/hooks`. */
  url: string;
  received: ReceivedHook[];
  /** What it answers (204 by default; a 5xx makes the simulator retry). */
  status: number;
  /** How long it holds each answer, in ms (0 by default): the POST is recorded at once. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const { receiver, listen } = unstartedHookReceiver();
  await listen();
  return receiver;
}

/**
 * A receiver for a whole test file: listening before its tests, emptied and answering `status`
 * (with no delay) again before each, closed after them all.
 */
export function hookReceiverForEachTest(status = 204): HookReceiver {
  const { receiver, listen } = unstartedHookReceiver();
  beforeAll(listen);
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.status = status;
    receiver.delayMs = 0;
  });
  afterAll(() => receiver.close());
  return receiver;
}

function unstartedHookReceiver(): { receiver: HookReceiver; listen: () => Promise<void> } {
  const receiver: HookReceiver = { origin: '', url: '', received: [], status: 204, delayMs: 0, close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Not JSON: recorded with an empty body; the event header still tells what came.
      }
      receiver.received.push({ event: String(req.headers['x-hook-event'] ?? ''), body, method: req.method ?? '', path: req.url ?? '', headers: req.headers, text });
      const status = receiver.status;
      setTimeout(() => {
        res.statusCode = status;
        res.end();
      }, receiver.delayMs);
    });
  });
  const listen = async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    receiver.url = `${receiver.origin}/hooks`;
    receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { receiver, listen };
}

/** Waits until `what()` holds, looking every 10 ms, for at most `ms`. */
export async function until(what: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!what() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
