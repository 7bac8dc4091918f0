import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import type { Front } from '../support/run-suites.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

const CHECK = 'b-rob/non-integer-ids-near-live';

/**
 * A deployment whose DELETE routes alone read the hook id by its leading digits (parseInt), as
 * a route added apart from the reads might: `DELETE /hooks/12abc` deletes hook 12, every read
 * refuses `12abc`. Only the check's writes can see it.
 */
const deletesByLeadingDigits: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const url = req.url ?? '/';
    const hook = /^(\/[^/]+\/api\/hooks\/)(\d+)[^/?]+(\?.*)?$/.exec(url);
    forward(req.method === 'DELETE' && hook ? `${hook[1]}${hook[2]}${hook[3] ?? ''}` : url, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

describe(CHECK, () => {
  it('fails X-ROB-1 where the simulator reads path ids with parseInt (b-path-id-parse-int), in both conventions', { timeout: 120_000 }, async () => {
    for (const conventions of ['standard', 'alt'] as const) {
      const run = await runSuitesAgainstSimulator({ only: [CHECK], faults: ['b-path-id-parse-int'], conventions });
      const check = run.checks.find((c) => c.id === CHECK);
      expect(check?.verdict, conventions).toBe('fail');
      expect(check?.failures[0]?.clause).toBe('X-ROB-1');
      expect(check?.failures[0]?.message).toMatch(/for its id \(not an integer; \w+ \d+ is live\) was not refused/);
    }
  });

  it('fails X-ROB-1 on a deployment whose DELETE of a hook alone takes 12abc for hook 12, naming that write', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], front: deletesByLeadingDigits });
    const check = run.checks.find((c) => c.id === CHECK);
    expect(check?.verdict).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('X-ROB-1');
    expect(check?.failures[0]?.message).toMatch(/^DELETE \/hooks\/\{id\} with \d+abc for its id \(not an integer; hook \d+ is live\) was not refused/);
  });

  it('fails X-ROB-1 where the like of a product update at the API root reads its id with BigInt (b-product-update-id-bigint): the root catalog\'s routes with ids are probed too', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], faults: ['b-product-update-id-bigint'] });
    const check = run.checks.find((c) => c.id === CHECK);
    expect(check?.verdict).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('X-ROB-1');
    expect(check?.failures[0]?.message).toMatch(/^POST \/product_updates\/\d+abc\/like answered 500/);
  });

  it('passes the faultless simulator, every read with an id of the catalog but those without a live id probed', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK] });
    const check = run.checks.find((c) => c.id === CHECK);
    expect(check?.verdict).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/\d\d reads and \d\d writes probed with 7 non-integer ids each/);
  });
});
