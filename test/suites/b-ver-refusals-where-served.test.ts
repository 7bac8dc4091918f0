import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { frontServer } from '../support/front-server.ts';

/**
 * b-ver/accept-required judges a refusal only where the request with the versioned Accept header
 * is served: a read refused whatever the Accept (a plan without billing answering 402) shows
 * nothing of the negotiation, and the refusal it asks for is a 4xx, a HEAD's too.
 */
function acceptRequired(conventions: ConventionsName, faults: FaultName[], front: (target: () => ResolvedTarget) => Front) {
  let target: ResolvedTarget | undefined;
  return runSuitesAgainstSimulator({
    exactly: ['b-ver/accept-required'],
    faults,
    conventions,
    seed: 7,
    runs: 3,
    retarget: (t) => (target = t),
    front: front(() => target!),
  });
}

const B_ACCEPT = 'application/vnd.service+json; version=2';
const BILLING = { status: 402, body: '{"message":"your plan does not include this"}' };

/** Account `i`'s interface B path prefix. */
const accountPath = (target: ResolvedTarget, i: number) => `/${target.b[i]!.accountId}/api/`;

/**
 * A weight parser that throws on a `q` without its value or an unclosed quote (`text/html;q`,
 * `text/html; level="1`), its catch falling back to the default version, and a plan refusing
 * account 1's invoices and connection metadata reads with 402 whatever the Accept: a front that
 * forwards the first with the default Accept and answers the second itself. The values it serves
 * are those the check sent to reads the plan refuses.
 */
const brokenParametersServed =
  (target: () => ResolvedTarget): Front =>
  (upstream) =>
    frontServer(upstream, (req, _body, res, forward) => {
      const url = req.url ?? '/';
      if (req.method === 'GET' && url.startsWith(accountPath(target(), 0)) && /\/(invoices|connections\/\d+\/)/.test(url)) {
        res.writeHead(BILLING.status, { 'content-type': 'application/json' }).end(BILLING.body);
        return;
      }
      const accept = req.headers.accept ?? '';
      if (/;\s*q\s*(,|$)|="[^"]*$/i.test(accept)) req.headers.accept = B_ACCEPT;
      forward(url, (reply: http.IncomingMessage) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      });
    });

describe('b-ver/accept-required where the versioned Accept header is served', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`notes account 2's reads refused whatever the Accept (402), not judged (${conventions})`, { timeout: 120_000 }, async () => {
      const run = await acceptRequired(conventions, ['b-later-accounts-accept-optional'], (target) =>
        rewriting((req) => (req.url?.startsWith(accountPath(target(), 1)) ? BILLING : undefined)),
      );
      const check = run.checks.find((c) => c.id === 'b-ver/accept-required')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('pass');
      expect(check.notes.join('\n')).toMatch(/account 2's reads .* not served with the versioned Accept header/);
    });

    it(`fails a HEAD with a wrong Accept answered 500 where HEAD with the right one is served (${conventions})`, { timeout: 120_000 }, async () => {
      const run = await acceptRequired(conventions, [], () => rewriting((req, reply) => (req.method === 'HEAD' && reply.status >= 400 ? { status: 500, body: '' } : undefined)));
      const check = run.checks.find((c) => c.id === 'b-ver/accept-required')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toContain('B-VER-1');
      expect(check.failures.map((f) => f.message).join('\n')).toMatch(/^HEAD .*\(500\)/m);
    });

    it(`fails unparseable Accept values served, sent where the right one is served (${conventions})`, { timeout: 120_000 }, async () => {
      const run = await acceptRequired(conventions, [], brokenParametersServed);
      const check = run.checks.find((c) => c.id === 'b-ver/accept-required')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => f.message).join('\n')).toMatch(/names no media type a parser reads/);
    });
  }
});
