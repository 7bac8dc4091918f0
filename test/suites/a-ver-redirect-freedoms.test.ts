import { describe, expect, it } from 'vitest';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { frontServer } from '../support/front-server.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { Front } from '../support/run-suites.ts';

/*
 * A-VER-1 in a-ver/key-accepted-under-v1 (freedom audit 27): a keyed request under the root sent on
 * outside it by a moved redirect fails (v1 moved to v2). A gateway serving interface A under a path
 * of its own (`{cdc_base_url}` = https://gw/cdc) may send a request on to the service's own host
 * (a canonical or regional host) at the same version's root, /api/public/v1/...: the operation is
 * still served under /api/public/v1, only not under the gateway's prefix. It was failed as moved
 * out of the root (a false alarm). A redirect to /api/public/v2 still fails.
 */

const PREFIX = '/cdc';
let upstreamOrigin = '';

/** Interface A under /cdc; the keyed list answered 307 to the upstream host's own path (`version`: v1, or v2 for the non-conformant one). */
function gatewayRedirectingList(version: 'v1' | 'v2'): Front {
  return (upstream) => {
    upstreamOrigin = upstream;
    return frontServer(upstream, (req, _body, res, forward) => {
      const url = req.url ?? '/';
      const path = url.startsWith(`${PREFIX}/`) ? url.slice(PREFIX.length) : url;
      if (url.startsWith(`${PREFIX}/`) && req.method === 'GET' && path === '/api/public/v1/pipelines' && req.headers.authorization !== undefined) {
        res.writeHead(307, { location: `${upstreamOrigin}/api/public/${version}/pipelines` }).end();
        return;
      }
      forward(path, (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      });
    });
  };
}

const underPrefix = (t: ResolvedTarget): ResolvedTarget => ({ ...t, cdcBaseUrl: `${t.cdcBaseUrl ?? ''}${PREFIX}` });
const CHECK = 'a-ver/key-accepted-under-v1';

describe('a-ver/key-accepted-under-v1 behind a gateway redirecting to the service host', () => {
  it.each(['standard', 'alt'] as const)('a redirect to the same version on another host passes (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], conventions, seed: 7, runs: 10, front: gatewayRedirectingList('v1'), retarget: underPrefix });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass']);
  });
  it.each(['standard', 'alt'] as const)('a redirect to v2 on another host fails A-VER-1 (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: [CHECK], conventions, seed: 7, runs: 10, front: gatewayRedirectingList('v2'), retarget: underPrefix });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/answered 307 to \/api\/public\/v2\/pipelines/);
  });
});
