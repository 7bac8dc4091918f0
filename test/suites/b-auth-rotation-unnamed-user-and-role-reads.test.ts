import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { frontServer } from '../support/front-server.ts';

/**
 * b-auth/regenerated-key-replaces-old judges the user POST /user/tokens answers (B-FMT-1) also when
 * it has no name yet (null: a user who signed up with an e-mail only), and tries the replaced key
 * on a read by id the new key is served: where the first one the fixtures name (a package) is
 * refused to the key's role (which roles may call what is not shown), on the next one.
 */
const CHECK = 'b-auth/regenerated-key-replaces-old';

function rotation(faults: FaultName[], conventions: ConventionsName, front: Front) {
  return runSuitesAgainstSimulator({ exactly: [CHECK], faults, conventions, seed: 7, runs: 3, front });
}

/** POST /user/tokens answering the user with name null. */
const unnamedUser = rewriting((req, reply) => {
  if (req.method !== 'POST' || !req.url?.endsWith('/user/tokens') || reply.status !== 200) return undefined;
  return { body: JSON.stringify(JSON.parse(reply.body, (k, v: unknown) => (k === 'name' ? null : v))) };
});

const PACKAGE_READ = /\/packages\/\d+(\?|$)/;
const ROLE_REFUSAL = '{"message":"your role may not read packages"}';

/** GET /packages/{id} refused to every key's role (403). */
const packagesRefused = rewriting((req) => (req.method === 'GET' && PACKAGE_READ.test(req.url ?? '') ? { status: 403, body: ROLE_REFUSAL } : undefined));

/**
 * The same role refusal, before a deployment whose connection metadata reads authorize through a
 * key history (b-replaced-key-reads-by-id's bug on reads ending in a word): a front that learns
 * each regeneration's new key from its answer and reads those paths with it for the replaced one.
 */
const packagesRefusedMetadataKeyHistory: Front = (upstream) => {
  const replacedBy = new Map<string, string>();
  return frontServer(upstream, (req, _body, res, forward) => {
    const url = req.url ?? '/';
    if (req.method === 'GET' && PACKAGE_READ.test(url)) {
      res.writeHead(403, { 'content-type': 'application/json' }).end(ROLE_REFUSAL);
      return;
    }
    const sent = req.headers.authorization ?? '';
    let live = sent;
    while (replacedBy.has(live)) live = replacedBy.get(live)!;
    if (req.method === 'GET' && /\/connections\/\d+\//.test(url)) req.headers.authorization = live;
    forward(url, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (c: Buffer) => chunks.push(c));
      reply.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'POST' && url.endsWith('/user/tokens') && reply.statusCode === 200) {
          const key = (JSON.parse(body.toString('utf8')) as { api_key?: string }).api_key;
          if (key) replacedBy.set(sent, `Basic ${Buffer.from(`${key}:`).toString('base64')}`);
        }
        res.writeHead(reply.statusCode ?? 502, reply.headers).end(body);
      });
    });
  });
};

describe(CHECK, () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-FMT-1 under b-token-answer-epoch-times where the user answered has no name (${conventions})`, { timeout: 120_000 }, async () => {
      const run = await rotation(['b-token-answer-epoch-times'], conventions, unnamedUser);
      const check = run.checks.find((c) => c.id === CHECK)!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.filter((f) => f.clause === 'B-FMT-1').map((f) => f.message).join('\n')).toMatch(/^POST \/user\/tokens: timestamps must be ISO 8601/);
    });
    it(`fails B-AUTH-2 where package reads are refused to the role and metadata reads take replaced keys (${conventions})`, { timeout: 120_000 }, async () => {
      const run = await rotation([], conventions, packagesRefusedMetadataKeyHistory);
      const check = run.checks.find((c) => c.id === CHECK)!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.filter((f) => f.clause === 'B-AUTH-2').map((f) => f.message).join('\n')).toMatch(/still reads a record by its id: GET \/\S+ with it answered 200/);
    });
    it(`faultless with package reads refused to the role: passes (${conventions})`, { timeout: 120_000 }, async () => {
      const run = await rotation([], conventions, packagesRefused);
      expect(run.checks.find((c) => c.id === CHECK)?.verdict, describeChecks(run.checks)).toBe('pass');
    });
  }
});
