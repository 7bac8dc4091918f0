import { describe, expect, it } from 'vitest';
import { describeCheckCatches } from '../support/check-catches.ts';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * B-CONN-3: the Bing Ads accounts read answers an array of objects. b-conn/bingads-accounts
 * sampled the real service's api_version only, not its force_fetch and accounts (which load the
 * accounts' campaigns): the simulator's campaign ids were inside the range the run takes for
 * absent ids and halted it. With those ids moved (nine digits, below 10^9), the check also reads
 * force_fetch=true and the campaigns of one and of two of the accounts it listed (their ids taken
 * from the first answer); a 4xx refusing a parameter is set aside. A deployment answering either
 * in another shape passed before.
 */
describeCheckCatches('b-conn/bingads-accounts against force_fetch queued as a background job (202)', { check: 'b-conn/bingads-accounts', fault: 'b-bingads-accounts-force-fetch-queued', clause: 'B-CONN-3', message: 'force_fetch=true answered 202' });

describeCheckCatches("b-conn/bingads-accounts against the accounts asked for answered as the campaign loader's map by id", { check: 'b-conn/bingads-accounts', fault: 'b-bingads-accounts-asked-keyed', clause: 'B-CONN-3', message: /\?accounts=[0-9]+: the body is not a JSON array/ });

/**
 * Microsoft numbers Bing Ads campaigns as it likes (up to ten digits), maybe inside the range the
 * run takes for absent ids (by default 10^9 to 2^31 - 1; the alt document's, 1,000 to 10^9):
 * those ids are the source's, not the API's records, so the absent-id guard does not watch a
 * metadata read and the check still verifies B-CONN-3 (before, the run halted at its first
 * force_fetch, the check an error).
 */
describe("b-conn/bingads-accounts where the campaigns carry ids inside the run's absent range", () => {
  // Each campaign id of a Bing Ads accounts read shown as `from` + n, inside the run's absent range.
  const campaignsFrom = (from: number): Front => (upstream) =>
    frontServer(upstream, (req, _body, res, forward) =>
      forwardWhole(forward, req.url ?? '/', (reply) => {
        const body = /\/bingads\/accounts(\?|$)/.test(req.url ?? '') ? reply.body.replace(/("campaigns"\s*:\s*\[[^\]]*\])/g, (list) => list.replace(/("(?:id|campaign_id)"\s*:\s*"?)(\d+)/g, (_m, head: string, n: string) => `${head}${from + (Number(n) % 100_000_000)}`)) : reply.body;
        sendText(res, reply.status, reply.headers, body);
      }),
    );
  it.each([
    ['standard', 1_500_000_000],
    ['alt', 500_000_000],
  ] as const)('%s conventions, campaigns numbered from %i: verified and passed, the run not halted', async (conventions, from) => {
    const run = await runSuitesAgainstSimulator({ conventions, profile: 'spec', exactly: ['b-conn/bingads-accounts'], seed: 7, runs: 3, front: campaignsFrom(from) });
    expect(run.checks.map((c) => [c.id, c.verdict, c.reason]), describeChecks(run.checks)).toEqual([['b-conn/bingads-accounts', 'pass', undefined]]);
  });
});
