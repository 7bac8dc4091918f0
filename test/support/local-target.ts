import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveTarget } from '../../suites/lib/target.ts';
import { A_OPERATIONS, type AOperation } from '../../suites/lib/target-types.ts';
import type { AAccount, ResolvedInterfaceA, ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A test's own server on a free local port, described as a target with both interfaces at its
 * root and one account (`acme`, made-up keys): for tests of the check engine, whatever it answers.
 */
export async function localTarget(server: http.Server): Promise<ResolvedTarget> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return resolveTarget(
    { base_url: url, cdc_base_url: url, key_prefix: 'fdk', accounts: [{ account_id: 'acme', api_key: 'k'.repeat(40), pipeline_admin_key: `fdk_${'A'.repeat(40)}` }] },
    {},
  );
}

/**
 * The document of a hand-written interface A target listening on `server`: it serves the
 * operations in `served` and says, as a vendor would, that it serves none of the others.
 */
export function interfaceATarget(server: http.Server, name: string, served: readonly AOperation[], a: AAccount[], interfaceA: Partial<ResolvedInterfaceA> = {}): ResolvedTarget {
  const { port } = server.address() as AddressInfo;
  const operations = Object.fromEntries(A_OPERATIONS.filter((op) => !served.includes(op)).map((op) => [op, null]));
  return { name, cdcBaseUrl: `http://127.0.0.1:${port}`, keyPrefix: 'fdk', b: [], a, interfaceA: { operations, listItems: {}, definitions: [], ...interfaceA }, interfaceB: {}, permissions: [] };
}

export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * The fake targets of one test file: `listen` starts one on a free local port and gives its
 * origin; `closeAll` (the file's afterEach) closes every one started.
 */
export function localServers(): { listen(server: http.Server): Promise<string>; closeAll(): Promise<void> } {
  const started: http.Server[] = [];
  return {
    async listen(server) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      started.push(server);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    closeAll: () => Promise.all(started.splice(0).map(closeServer)).then(() => undefined),
  };
}

/** What a fake target sees of a request: its method, its path without the query, its query, its Bearer key, its body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  bearer: string | undefined;
  body: string;
}

/**
 * A fake target that answers every request with the JSON that `answer` gives, once the request's
 * body is read, after `delayMs` where it gives one (the hand-written interface A targets of the
 * suites' self-tests).
 */
export function jsonServer(answer: (request: SeenRequest) => { status: number; body: unknown; delayMs?: number }): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      // The path as sent (no dot-segment removal or unescaping: the robustness probes send odd ones).
      const [path = '', query = ''] = (req.url ?? '').split(/\?(.*)/s);
      const { status, body, delayMs = 0 } = answer({ method: req.method ?? 'GET', path, query: new URLSearchParams(query), bearer, body: Buffer.concat(chunks).toString('utf8') });
      const send = () => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });
}
