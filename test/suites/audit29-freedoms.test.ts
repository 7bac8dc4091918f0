import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/*
 * Freedom audit 30 on the checks changed last session (Bing Ads samples, cross-origin probes, the
 * replaced key's grace, the types of made connections, the absent-id guard's metadata reads):
 * deployments that choose otherwise where the spec leaves them free. Each runs one check against
 * the simulator behind a front.
 */

const pathOf = (req: http.IncomingMessage): string => (req.url ?? '').split('?')[0] ?? '';

/**
 * The real service's metadata reads at its docs' paths (`/connections/metadata/{source}/{id}/...`,
 * extensions), the source's ids (Microsoft's accounts, Google's customers, digit strings in the
 * simulator) answered as numbers from `from` on, inside the range the run takes for absent ids:
 * Microsoft and Google number them as they like (ten digits), and a deployment may pass them on
 * as JSON numbers. `moved`: the deployment serves them at `/sources/{source}/{id}/...` instead,
 * as its target document says (interface_b.extension_paths).
 */
function sourceIdsFrom(from: number, moved: boolean): Front {
  return (upstream) =>
    frontServer(upstream, (req, _body, res, forward) => {
      const url = req.url ?? '/';
      const outside = moved ? /^(\/[^/]+\/api)\/sources\/(.*)$/.exec(url) : null;
      const there = outside ? `${outside[1]}/connections/metadata/${outside[2]}` : url;
      const metadata = /\/connections\/metadata\//.test(pathOf(req)) ? !moved : outside !== null;
      if (moved && /\/connections\/metadata\//.test(pathOf(req))) {
        res.writeHead(404, { 'content-type': 'application/vnd.service+json; version=2' }).end(JSON.stringify({ message: 'Item not found.' }));
        return;
      }
      forwardWhole(forward, there, (reply) => {
        const body = metadata ? reply.body.replace(/"(\w*id)"\s*:\s*"(\d+)"/g, (_m, name: string, n: string) => `"${name}":${from + (Number(n) % 100_000_000)}`) : reply.body;
        sendText(res, reply.status, reply.headers, body);
      });
    });
}

const movedMetadata = (t: ResolvedTarget): ResolvedTarget => ({
  ...t,
  interfaceB: {
    ...t.interfaceB,
    extensionPaths: {
      ...t.interfaceB.extensionPaths,
      'GET /connections/metadata/bingads/{id}/accounts': '/sources/bingads/{id}/accounts',
      'GET /connections/metadata/bingads/{id}/columns': '/sources/bingads/{id}/columns',
      'GET /connections/metadata/adwords/{id}/customers': '/sources/adwords/{id}/customers',
      'GET /connections/metadata/analytics/{id}/accounts': '/sources/analytics/{id}/accounts',
      'GET /connections/metadata/salesforce/{id}/objects': '/sources/salesforce/{id}/objects',
      'GET /connections/metadata/salesforce/{id}/fields': '/sources/salesforce/{id}/fields',
      'GET /connections/metadata/facebookadsinsights/{id}/accounts': '/sources/facebookadsinsights/{id}/accounts',
      'GET /connections/metadata/facebookadsinsights/{id}/fields': '/sources/facebookadsinsights/{id}/fields',
    },
  },
});

/**
 * The absent-id guard let a source's metadata read through a connection alone at the spec's
 * paths (`/connections/{id}/bingads/accounts`): the same reads at the real service's docs' paths
 * (`/connections/metadata/bingads/{id}/accounts`, extensions the catalog reads), or wherever the
 * target document moves them, halted the run where the source's ids reach the absent range.
 */
describe("the source's ids of a metadata read at the docs' paths, inside the run's absent range", () => {
  it.each([
    ['standard', 1_500_000_000, false],
    ['alt', 500_000_000, false],
    ['standard', 1_500_000_000, true],
  ] as const)('%s conventions, numbered from %i (moved by the target document: %s): the run not halted', async (conventions, from, moved) => {
    const run = await runSuitesAgainstSimulator({ conventions, profile: 'spec', exactly: ['b-rob/non-integer-ids-near-live'], seed: 7, runs: 3, front: sourceIdsFrom(from, moved), ...(moved ? { retarget: movedMetadata } : {}) });
    expect(run.checks.map((c) => [c.id, c.verdict]), describeChecks(run.checks)).toEqual([['b-rob/non-integer-ids-near-live', 'pass']]);
  });
});
