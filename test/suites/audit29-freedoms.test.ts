import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardWhole, frontServer, sendText } from '../support/front-server.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import { lingeringGrants } from '../support/lingering-grants.ts';
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
    ['alt', 500_000_000, true],
  ] as const)('%s conventions, numbered from %i (moved by the target document: %s): the run not halted', async (conventions, from, moved) => {
    const run = await runSuitesAgainstSimulator({ conventions, profile: 'spec', exactly: ['b-rob/non-integer-ids-near-live'], seed: 7, runs: 3, front: sourceIdsFrom(from, moved), ...(moved ? { retarget: movedMetadata } : {}) });
    expect(run.checks.map((c) => [c.id, c.verdict]), describeChecks(run.checks)).toEqual([['b-rob/non-integer-ids-near-live', 'pass']]);
  });
});

/**
 * b-conn/bingads-accounts' force_fetch and accounts samples (B-CONN-3), where the deployment
 * chooses otherwise what the spec leaves free (its query parameters, an account's members): the
 * check still verifies the clause on the plain read and sets the samples aside, saying why.
 */
describe('b-conn/bingads-accounts where the accounts and their parameters differ', () => {
  // Bing Ads accounts as Microsoft's SDK names their members (Id, AccountNumber): neither account_id nor id.
  const pascalCase: Front = (upstream) =>
    frontServer(upstream, (req, _body, res, forward) =>
      forwardWhole(forward, req.url ?? '/', (reply) => {
        const body = /\/connections\/[^/]+\/bingads\/accounts$/.test(pathOf(req)) ? reply.body.replace(/"(id|account_id|number)"\s*:/g, (_m, name: string) => `"${name === 'number' ? 'AccountNumber' : 'Id'}":`) : reply.body;
        sendText(res, reply.status, reply.headers, body);
      }),
    );
  // accounts taken as repeated accounts[] only: accounts=... refused 400 (and force_fetch ignored).
  const bracketedAccounts: Front = (upstream) =>
    frontServer(upstream, (req, _body, res, forward) => {
      const url = new URL(req.url ?? '/', 'http://front');
      if (/\/bingads\/accounts$/.test(url.pathname) && url.searchParams.has('accounts')) {
        res.writeHead(400, { 'content-type': 'application/vnd.service+json; version=2' }).end(JSON.stringify({ message: 'accounts[] is an array parameter' }));
        return;
      }
      url.searchParams.delete('force_fetch');
      forwardWhole(forward, `${url.pathname}${url.search}`, (reply) => sendText(res, reply.status, reply.headers, reply.body));
    });
  it.each([
    ['accounts with neither account_id nor id (Id)', pascalCase, /accounts not sampled: no object of GET .* carries an id/],
    ['accounts= refused 400 (accounts[] wanted), force_fetch ignored', bracketedAccounts, /refused \(a value this deployment does not take\): accounts=[0-9]+ \(400\), accounts=[0-9]+%2C[0-9]+ \(400\)/],
  ] as const)('%s: verified and passed, the samples set aside', async (_, front, note) => {
    const run = await runSuitesAgainstSimulator({ conventions: 'standard', profile: 'spec', exactly: ['b-conn/bingads-accounts'], seed: 7, runs: 3, front });
    expect(run.checks.map((c) => [c.id, c.verdict, c.reason]), describeChecks(run.checks)).toEqual([['b-conn/bingads-accounts', 'pass', undefined]]);
    expect(run.checks[0]?.notes?.join('\n')).toMatch(note);
  });
});

/**
 * b-auth/regenerated-key-replaces-old polls the replaced key's refusal for the grace the target
 * document allows on GET /connections/types, the reads by id and the other spellings, and (audit
 * 29) sends the writes and the DELETE again after it; its probe of the round (GET /invoices, GET
 * /connections/types or POST /user/tokens, sent with the replaced key) was judged at once. A
 * deployment whose grant cache keeps an entry per route lets the replaced key through GET
 * /invoices a moment longer than GET /connections/types, still within the grace.
 */
describe('b-auth/regenerated-key-replaces-old where the replaced key lingers on the probe routes within the grace', () => {
  it('GET /invoices and POST /user/tokens for 0.7 s of the 1 s allowed: passed; GET /invoices for a minute: failed (standard and alt, side by side)', { timeout: 90_000 }, async () => {
    const cases = (['standard', 'alt'] as const).flatMap((conventions) => [
      { conventions, ...lingeringGrants(700, /^(GET .*\/invoices|POST .*\/user\/tokens)$/) },
      { conventions, ...lingeringGrants(60_000, /^GET .*\/invoices$/) },
    ]);
    const runs = await Promise.all(cases.map(({ conventions, front, retarget }) => runSuitesAgainstSimulator({ exactly: ['b-auth/regenerated-key-replaces-old'], conventions, seed: 7, runs: 1, front, retarget })));
    const [stdWithin, stdLate, altWithin, altLate] = runs.map((run) => run.checks[0]);
    expect([stdWithin?.verdict, altWithin?.verdict], describeChecks(runs.flatMap((r) => r.checks))).toEqual(['pass', 'pass']);
    for (const within of [stdWithin, altWithin]) expect(within?.notes.join('\n')).toMatch(/(GET \/invoices|POST \/user\/tokens) with the key replaced by POST \/user\/tokens went through .* within the 1 s the target document allows/);
    for (const late of [stdLate, altLate]) expect(late?.failures.map((f) => [f.clause, f.message])).toContainEqual(['B-AUTH-2', expect.stringMatching(/refused by GET \/connections\/types but not by GET \/invoices \(200\), .* after the regeneration \(the target document allows 1 s\)/)]);
  });
});

/**
 * a-err/401-404-error-object's cross-origin probes (A-ERR-1, A-AUTH-7) behind a gateway's CORS
 * policy that ends a GET from an origin it does not allow with an empty 200 (Azure API
 * Management's terminate-unmatched-request), passing other methods on: the spec says nothing of
 * origins. The keyed GET's answer is noted as not judged; the keyless DELETE still judged 401.
 */
describe('a-err/401-404-error-object behind a CORS policy ending unmatched GETs with an empty 200', () => {
  const endingUnmatchedGets: Front = (upstream) =>
    frontServer(upstream, (req, _body, res, forward) => {
      if (req.method === 'GET' && pathOf(req).startsWith('/api/public/') && req.headers.origin !== undefined) {
        res.writeHead(200, { 'content-length': '0' }).end();
        return;
      }
      forwardWhole(forward, req.url ?? '/', (reply) => sendText(res, reply.status, reply.headers, reply.body));
    });
  it('standard conventions: passed, the GETs from another origin noted as not judged', async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-err/401-404-error-object'], conventions: 'standard', seed: 7, runs: 3, front: endingUnmatchedGets });
    expect(run.checks.map((c) => [c.id, c.verdict]), describeChecks(run.checks)).toEqual([['a-err/401-404-error-object', 'pass']]);
    expect(run.checks[0]?.notes.join('\n')).toMatch(/not judged for A-ERR-1, answered neither 401 nor 404: GET of an absent pipeline, Origin: https:\/\/dashboard\.example\.com: 200/);
  });
});

/**
 * b-conn/types-of-made-connections where account 1's plan makes no connection of a kind it holds
 * none of (402) and account 2's does (audit 28's file holds the other way round): account 2's
 * part verifies B-CONN-1, account 1's is noted, not covered in part.
 */
describe('b-conn/types-of-made-connections where account 1 may make no connection', () => {
  it('standard conventions: passed, account 1\'s part noted', async () => {
    let first: string | undefined;
    const retarget = (t: ResolvedTarget): ResolvedTarget => {
      first = t.b[0]?.accountId;
      return t;
    };
    const front = answering((req) => (req.method === 'POST' && first !== undefined && new RegExp(`^/${first}/api/connections/[^/]+$`).test(pathOf(req)) ? { status: 402, body: JSON.stringify({ message: 'Your plan does not include this connection type.' }) } : undefined));
    const run = await runSuitesAgainstSimulator({ exactly: ['b-conn/types-of-made-connections'], conventions: 'standard', seed: 7, runs: 3, front, retarget });
    const [check] = run.checks;
    expect([check?.verdict, check?.partial ?? []], describeChecks(run.checks)).toEqual(['pass', []]);
    expect(check?.notes.join('\n')).toMatch(/no connection of a type account 1 holds none of could be made .*402.*\(the other account's part was seen\)/);
  });
});

/**
 * b-auth/regenerated-key-replaces-old where an unknown key is refused 403, not 401 (B-AUTH-1:
 * which 4xx is a gap), and a hook's removal is soft: DELETE /hooks/{id} answered 204 without a
 * body, the hook still read 200 afterwards, marked deleted.
 */
describe('b-auth/regenerated-key-replaces-old where a replaced key is refused 403 and a hook removal is soft', () => {
  it('standard conventions: passed', async () => {
    const deleted = new Set<string>();
    const front: Front = (upstream) =>
      frontServer(upstream, (req, _body, res, forward) => {
        const path = pathOf(req);
        const hook = /\/api\/hooks\/(\d+)$/.exec(path)?.[1];
        if (req.method === 'GET' && hook !== undefined && deleted.has(hook)) {
          res.writeHead(200, { 'content-type': 'application/vnd.service+json; version=2' }).end(JSON.stringify({ id: Number(hook), type: 'web', name: 'gone', active: false, settings: {}, events: [], salt: '0'.repeat(64), deleted: true }));
          return;
        }
        forwardWhole(forward, req.url ?? '/', (reply) => {
          if (req.method === 'DELETE' && hook !== undefined && reply.status < 300) {
            deleted.add(hook);
            res.writeHead(204).end();
            return;
          }
          if (reply.status === 401 && path.includes('/api/')) {
            sendText(res, 403, reply.headers, JSON.stringify({ message: 'Forbidden' }));
            return;
          }
          sendText(res, reply.status, reply.headers, reply.body);
        });
      });
    const run = await runSuitesAgainstSimulator({ exactly: ['b-auth/regenerated-key-replaces-old'], conventions: 'standard', seed: 7, runs: 1, front });
    expect(run.checks.map((c) => [c.id, c.verdict]), describeChecks(run.checks)).toEqual([['b-auth/regenerated-key-replaces-old', 'pass']]);
  });
});
