import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { withoutHopByHop } from './support/gateway-parts.ts';
import { expectSkewSeen, SKEW_DAYS, SKEW_MS } from './support/clock-skew.ts';
import { faultlessRunProblems, runSuitesAgainstSimulator } from './support/run-suites.ts';
import type { ResolvedTarget } from '../suites/lib/types.ts';

/*
 * The spec puts interface A at `{cdc_base_url}/api/public/v1` and interface B at
 * `{base_url}/{account_id}/api`: two base URLs, each free to have a host and a path of its own
 * (a gateway's `https://gw.example.com/etl`). The whole suite, with each interface reached on its
 * own port under its own path prefix, must verify and pass every must clause: a check that built
 * one interface's URL from the other's base, or from an origin without its path, fails here.
 * The alt conventions (no control API): their lists carry no Link header, which a plain prefix
 * gateway does not rewrite (nor does nginx's proxy_redirect).
 */

interface PrefixGateway {
  base: string;
  /** Requests that came in outside the prefix: none, when every URL was built from its base. */
  strays: string[];
  close(): Promise<void>;
}

/** A gateway passing `{prefix}/...` on to `upstream` without the prefix, and refusing anything else. */
async function prefixGateway(upstream: string, prefix: string): Promise<PrefixGateway> {
  const strays: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${prefix}/`)) {
      strays.push(`${req.method} ${url}`);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found."}');
      return;
    }
    const forwarded = http.request(`${upstream}${url.slice(prefix.length)}`, { method: req.method, headers: withoutHopByHop(req.headers) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(res);
    });
    forwarded.on('error', () => res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":"Bad gateway."}'));
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
  return {
    base,
    strays,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('interfaces A and B on origins and paths of their own', () => {
  // The same run has the target's clock 400 days behind the runner's (test/support/clock-skew.ts;
  // spec-neutral-gateway.test.ts's standard run has it ahead): a deployment may differ in both at once, and a whole run of
  // its own cost CI about 30 s more.
  it(`alt conventions, the target's clock ${SKEW_DAYS} days behind: every must clause verified and passed, no false alarm, no request outside either base`, { timeout: 120_000 }, async () => {
    let a: PrefixGateway | undefined;
    let b: PrefixGateway | undefined;
    const run = await runSuitesAgainstSimulator({
      conventions: 'alt',
      clockOffsetMs: -SKEW_MS,
      seed: 20261128,
      runs: 10,
      front: async (origin) => {
        a = await prefixGateway(origin, '/etl/cdc');
        b = await prefixGateway(origin, '/integration');
        return { origin: b.base, close: async () => Promise.all([a?.close(), b?.close()]).then(() => undefined) };
      },
      retarget: (target: ResolvedTarget) => ({ ...target, cdcBaseUrl: a!.base }),
    });
    expect(faultlessRunProblems(run, 'alt')).toEqual([]);
    expect(a!.strays).toEqual([]);
    expect(b!.strays).toEqual([]);
    expectSkewSeen(run, -SKEW_MS);
  });
});
