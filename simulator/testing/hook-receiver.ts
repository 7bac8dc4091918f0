import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got: the `X-Hook-Event` header and the JSON body (`{}` when not JSON). */
export interface ReceivedHook {
  event: string;
  body: Record<string, unknown>;
}

/** A web hook receiver on loopback, for tests: records every POST and answers `status`. */
export interface HookReceiver {
  url: string;
  received: ReceivedHook[];
  /** What it answers (204 by default; a 5xx makes the simulator retry). */
  status: number;
  /** How long it holds each answer, in ms (0 by default): the POST is recorded at once. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const receiver: HookReceiver = { url: '', received: [], status: 204, delayMs: 0, close: () => Promise.resolve() };
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
      receiver.received.push({ event: String(req.headers['x-hook-event'] ?? ''), body });
      const status = receiver.status;
      setTimeout(() => {
        res.statusCode = status;
        res.end();
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

/** Waits until `what()` holds, looking every 10 ms, for at most `ms`. */
export async function until(what: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!what() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
