import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import type { Front } from '../support/run-suites.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

const CHECK = 'b-iso/root-routes-own-only';

/** A deployment that serves nothing at the API's root (the root calls are extensions): every such call is a 404. */
const noRootCalls: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const url = req.url ?? '/';
    if (/^\/(accounts|user)(\/|\?|$)/.test(url)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      return;
    }
    forward(url, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

describe.concurrent(CHECK, () => {
  it('fails X-ISO-1 where GET /accounts at the root lists every account, unfiltered too (b-root-accounts-lists-all)', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], faults: ['b-root-accounts-lists-all'] });
    const check = run.checks.find((c) => c.id === CHECK);
    expect(check?.verdict).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('X-ISO-1');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/^GET \{base_url\}\/accounts .* lists account 2's account/);
  });

  it("fails X-ISO-1 where POST /user/notifications/mark at the root marks account 2's notification (b-root-mark-any-account)", { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK], faults: ['b-root-mark-any-account'] });
    const check = run.checks.find((c) => c.id === CHECK);
    expect(check?.verdict).toBe('fail');
    expect(check?.failures[0]?.clause).toBe('X-ISO-1');
    expect(check?.failures[0]?.message).toMatch(/^POST \/user\/notifications\/mark at the API's root .* changed account 2's notifications/);
  });

  it('passes the faultless simulator, and notes (never fails) a target serving no root calls', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: [CHECK] });
    expect(run.checks.find((c) => c.id === CHECK)?.verdict).toBe('pass');
    const bare = await runSuitesAgainstSimulator({ only: [CHECK], front: noRootCalls });
    const check = bare.checks.find((c) => c.id === CHECK);
    expect(check?.verdict).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/root list of the caller's accounts was not served/);
  });
});
