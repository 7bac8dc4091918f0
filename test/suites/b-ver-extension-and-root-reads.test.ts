import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/** A base URL shared with another app, which serves the API-root paths (GET /user, /accounts, ...) itself with JSON of its own, labelled application/json. */
const otherAppAtRoot: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const url = req.url ?? '/';
    if (req.method === 'GET' && /^\/(user|user\/notifications|accounts|product_updates)(\?|$)/.test(url)) {
      const own = url.startsWith('/user') && !url.startsWith('/user/') ? { id: 7, name: 'Signed-out visitor', email: 'visitor@other.example' } : [{ id: 1, title: 'Welcome to the other app' }];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(own));
      return;
    }
    forward(url, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

/*
 * Mutation audit 17 m12 and m17 (B-VER-2): the extension list reads (GET /clusters, /packages,
 * /hooks, ...) labelled application/vnd.service+json without version=2, and the API-root reads
 * (GET /user, /accounts, ... outside /{account_id}/api) labelled application/json. B-VER-2 binds
 * every successful body; b-ver/success-media-type read the spec's reads only, so it passed both.
 */
const CHECK = 'b-ver/success-media-type';
const OPTIONS = { only: [CHECK], profile: 'spec' as const, seed: 7, runs: 3 };

describe('b-ver/success-media-type on the reads beyond the spec', () => {
  it('extension lists labelled without the version (b-extension-lists-unversioned): fails B-VER-2 on an extension list read', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ ...OPTIONS, faults: ['b-extension-lists-unversioned'] });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-VER-2');
    expect(check.failures[0]?.message).toMatch(/Content-Type is "application\/vnd\.service\+json", expected the media type application\/vnd\.service\+json; version=2/);
    expect(check.failures[0]?.request?.url).toMatch(/\/api\/(packages|packages\/templates|clusters|jobs|user\/keys|members|hooks|connections|connection_groups|deliveries|notifications|schedules)$/);
  });

  it('root routes labelled plain JSON (b-root-routes-plain-json): fails B-VER-2 on a read at the API root', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ ...OPTIONS, faults: ['b-root-routes-plain-json'] });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-VER-2');
    expect(check.failures[0]?.message).toMatch(/^GET \/(user|user\/notifications|accounts) at the API's root .*: Content-Type is "application\/json; charset=utf-8"/);
    expect(new URL(check.failures[0]!.request!.url).pathname).toMatch(/^\/(user|user\/notifications|accounts)$/);
  });

  it('an extension list the target does not serve (GET /clusters answered 404): noted, not failed', { timeout: 60_000 }, async () => {
    const clustersUnserved = answering((req) => (req.method === 'GET' && /\/api\/clusters(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Not found"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ ...OPTIONS, front: clustersUnserved });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/not served, or not the API's answer\), so their media type was not seen: GET \/clusters \(GET \/clusters, an extension list read\): 404/);
  });

  it("another app's JSON at the API's root (GET /user, /accounts, ... labelled application/json): not the API's answer for the key, noted, not failed", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ ...OPTIONS, front: otherAppAtRoot });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/reads at the API's root labelled otherwise .* not recognisably the API's answer for the key .*GET \/user at the API's root/);
  });

  it('every success labelled application/json (b-wrong-success-content-type): fails B-VER-2, naming the read', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ ...OPTIONS, faults: ['b-wrong-success-content-type'] });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-VER-2');
    expect(check.failures[0]?.message).toMatch(/^GET \/\S+.*: Content-Type is "application\/json; charset=utf-8", expected the media type application\/vnd\.service\+json; version=2/);
  });

  it("root routes labelled plain JSON where the account path's GET /user and /notifications are not served and GET /accounts gives the account's id as `slug`: still recognised, fails B-VER-2", { timeout: 60_000 }, async () => {
    const slugAccounts = rewriting((req, reply) => {
      const url = req.url ?? '';
      if (req.method === 'GET' && /^\/[^/]+\/api\/(user|notifications)(\?|$)/.test(url)) return { status: 404, body: '{"message":"Item not found."}' };
      if (req.method === 'GET' && /^\/accounts(\?|$)/.test(url) && reply.status === 200) {
        const items = JSON.parse(reply.body) as Record<string, unknown>[];
        return { body: JSON.stringify(items.map(({ account_id: accountId, ...rest }) => ({ ...rest, slug: accountId }))) };
      }
      return undefined;
    });
    const run = await runSuitesAgainstSimulator({ ...OPTIONS, faults: ['b-root-routes-plain-json'], front: slugAccounts });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-VER-2');
    expect(check.failures[0]?.message).toMatch(/^GET \/accounts at the API's root .*: Content-Type is "application\/json; charset=utf-8"/);
  });
});
