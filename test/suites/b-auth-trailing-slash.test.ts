import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/*
 * Mutation audit 17 m04 (B-AUTH-1): a gateway whose map of protected routes lists paths without a
 * trailing slash, in front of a router that serves both, passes `GET /{account}/api/invoices/` on
 * as the account's owner with an unknown key or none. The unknown-key and missing-key checks sent
 * every read as the catalog writes it, so they passed it.
 */
const CHECKS = ['b-auth/unknown-keys-refused', 'b-auth/malformed-authorization-refused'];

/** A web server before the API that answers every path with a trailing slash with its own HTML page, whatever the key: not the account's data. */
const htmlPageOnSlash: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const url = req.url ?? '/';
    if (new URL(url, 'http://front').pathname.endsWith('/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Welcome</title><p>Our site</p>');
      return;
    }
    forward(url, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

/** A front before the API answering every path with a trailing slash 200 with its own JSON "soft 404", whatever the key (a catch-all of a gateway or SPA host): not the account's data. */
const jsonSoft404OnSlash: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const url = req.url ?? '/';
    const path = new URL(url, 'http://front').pathname;
    if (path.endsWith('/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 404, error: 'Not Found', path }));
      return;
    }
    forward(url, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

describe('b-auth: a read of the spec with a trailing slash', () => {
  it('served without the key check (b-trailing-slash-skips-key): both the unknown-key and the missing-key check fail B-AUTH-1', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, faults: ['b-trailing-slash-skips-key'], profile: 'spec', seed: 7, runs: 3 });
    expect(run.checks.map((c) => [c.id, c.verdict]).sort()).toEqual(CHECKS.map((id) => [id, 'fail']).sort());
    for (const check of run.checks) expect(check.failures.map((f) => [f.clause, f.message])).toContainEqual(['B-AUTH-1', expect.stringMatching(/^GET \/[^ ]+\/ \(a read of the spec with a trailing slash\) with Authorization .* was served \(200\)/)]);
  });

  it('refused (the simulator as it is, any 4xx, a 404 too): both checks pass', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, profile: 'spec', seed: 7, runs: 3 });
    expect(run.checks.map((c) => [c.id, c.verdict]).sort()).toEqual(CHECKS.map((id) => [id, 'pass']).sort());
  });

  it("answered 200 with a front's own HTML page (not the API's answer): both checks pass, noting it", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: CHECKS, profile: 'spec', seed: 7, runs: 3, front: htmlPageOnSlash });
    expect(run.checks.map((c) => [c.id, c.verdict]).sort()).toEqual(CHECKS.map((id) => [id, 'pass']).sort());
    for (const check of run.checks) expect(check.notes.join('\n')).toMatch(/GET \/[^ ]+\/ .* answered 200 with something other than the API's answer/);
  });

  it("answered 200 with a front's own JSON page, the same whatever the key and unlike the path without the slash: both checks pass, noting it", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: CHECKS, profile: 'spec', seed: 7, runs: 3, front: jsonSoft404OnSlash });
    expect(run.checks.flatMap((c) => c.failures)).toEqual([]);
    expect(run.checks.map((c) => [c.id, c.verdict]).sort()).toEqual(CHECKS.map((id) => [id, 'pass']).sort());
    for (const check of run.checks) expect(check.notes.join('\n')).toMatch(/GET \/[^ ]+\/ .* answered 200 with something other than the API's answer/);
  });
});
