import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { CheckResult } from '../../suites/lib/types.ts';

/**
 * A-PIPE-3 says `id` is an integer path parameter, and nothing more about what a malformed id's
 * read gets, nor which clause an error body belongs to. Freedom audit 21 found
 * a-pipe/integer-id-reads and -writes failing A-PIPE-3 for deployments the spec allows:
 * v5, a slug-tolerant router serving `GET /pipelines/orders-12` as pipeline 12 on reads only (a
 * read of an id the spec does not define, judged like `12abc`: failed in the simulator profile
 * alone); v6, a front refusing `DELETE /pipelines/orders-12` with a bare 405 (the refusal is what
 * A-PIPE-3 asks; a front's bare 4xx is noted, as a-rob notes it); v7, a front's HTML 404 (its
 * body is A-ERR-1's, not A-PIPE-3's).
 */

const PIPELINE = /^(\/api\/public\/v1\/pipelines\/)(orders-|-)(\d+)(\/[^?]*)?(\?.*)?$/;

/** A router taking `<prefix><id>` for pipeline `id` on GET and HEAD only; every write is passed on as sent. */
const slugReads = (prefix: 'orders-' | '-'): Front => (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const m = PIPELINE.exec(req.url ?? '');
    const read = (req.method === 'GET' || req.method === 'HEAD') && m !== null && m[2] === prefix;
    forward(read ? `${m[1]}${m[3]}${m[4] ?? ''}${m[5] ?? ''}` : (req.url ?? '/'), (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

/** A front answering `DELETE /pipelines/orders-<id>` itself, in its own words; all else passed on. */
const frontRefusesDelete = (status: number, contentType: string, body: string): Front => (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const m = PIPELINE.exec(req.url ?? '');
    if (req.method === 'DELETE' && m !== null && m[2] === 'orders-') {
      res.writeHead(status, { 'content-type': contentType }).end(body);
      return;
    }
    forward(req.url ?? '/', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

async function run(only: string, options: { front?: Front; profile?: 'spec' | 'simulator' } = {}): Promise<CheckResult> {
  const result = await runSuitesAgainstSimulator({ only: [only], profile: options.profile ?? 'spec', seed: 7, runs: 3, ...(options.front ? { front: options.front } : {}) });
  return result.checks.find((c) => c.id === only)!;
}

const shown = (check: CheckResult): string[] => check.failures.map((f) => `${f.clause}${f.also?.length ? `+${f.also.join('+')}` : ''}: ${f.message}`);

describe('a-pipe/integer-id-reads and -writes: what a deployment may answer to a malformed id', () => {
  it('v5: reads of orders-12 served as pipeline 12 (reads only): both checks pass in the spec profile, noting it', { timeout: 60_000 }, async () => {
    for (const only of ['a-pipe/integer-id-reads', 'a-pipe/integer-id-writes']) {
      const check = await run(only, { front: slugReads('orders-') });
      expect(shown(check)).toEqual([]);
      expect(check.verdict).toBe('pass');
      expect(check.notes.join('\n')).toMatch(/GET \S+\/orders-\d+ .*answered pipeline \d+/);
    }
  });

  it('reads of -12 served as pipeline 12 (reads only): integer-id-reads still fails A-PIPE-3 in the spec profile', { timeout: 60_000 }, async () => {
    const check = await run('a-pipe/integer-id-reads', { front: slugReads('-') });
    expect(check.verdict).toBe('fail');
    expect(shown(check).join('\n')).toMatch(/A-PIPE-3: GET \S+\/-\d+ \(not an integer id\) answered pipeline \d+/);
  });

  it('v6: DELETE of orders-12 refused by a front with a bare 405 text/plain: integer-id-writes passes, noting the front\'s refusal', { timeout: 60_000 }, async () => {
    const check = await run('a-pipe/integer-id-writes', { front: frontRefusesDelete(405, 'text/plain', 'Method Not Allowed') });
    expect(shown(check)).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/DELETE \S+\/orders-\d+ answered 405 without the interface's error object/);
  });

  it('v7: DELETE of orders-12 answered by a front\'s HTML 404: A-ERR-1 fails (every 404 body), A-PIPE-3 does not', { timeout: 60_000 }, async () => {
    const check = await run('a-pipe/integer-id-writes', { front: frontRefusesDelete(404, 'text/html', '<html><body><h1>404 Not Found</h1></body></html>') });
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).not.toContain('A-PIPE-3');
    expect(shown(check).join('\n')).toMatch(/^A-ERR-1: DELETE \S+\/orders-\d+ \(not an integer id\) answered 404 without the interface A error object/m);
  });

  it('in the simulator profile: the standard simulator passes both; orders-12 read as pipeline 12 fails A-PIPE-3, a bare 405 X-ROB-1', { timeout: 60_000 }, async () => {
    for (const only of ['a-pipe/integer-id-reads', 'a-pipe/integer-id-writes']) {
      const check = await run(only, { profile: 'simulator' });
      expect(shown(check)).toEqual([]);
      expect(check.verdict).toBe('pass');
    }
    const slug = await run('a-pipe/integer-id-reads', { front: slugReads('orders-'), profile: 'simulator' });
    expect(shown(slug).join('\n')).toMatch(/^A-PIPE-3: GET \S+\/orders-\d+ with a non-integer id answered 200, expected a 4xx refusal/m);
    const bare = await run('a-pipe/integer-id-writes', { front: frontRefusesDelete(405, 'text/plain', 'Method Not Allowed'), profile: 'simulator' });
    expect(shown(bare).join('\n')).toMatch(/^X-ROB-1: DELETE \S+\/orders-\d+ \(not an integer id\) was refused with 405 without the interface A error object/m);
  });
});
