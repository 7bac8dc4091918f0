import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * B-VER-2 binds every successful answer with a body. b-ver/write-responses-media-type reads the
 * job its POST /jobs made through GET /jobs/{id} (the real service's read, an extension): a
 * deployment that labels job polls application/json fails; one that does not serve the read is
 * noted, not failed.
 */
const JOB_READ = /^\/[^/]+\/api\/jobs\/\d+(\?|$)/;

/** Passes every request on; the answers of GET /jobs/{id} go out labelled application/json. */
const jobReadsPlainJson: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    forward(req.url ?? '/', (reply) => {
      const headers = { ...reply.headers };
      if (req.method === 'GET' && JOB_READ.test(req.url ?? '') && (reply.statusCode ?? 500) < 300) headers['content-type'] = 'application/json; charset=utf-8';
      res.writeHead(reply.statusCode ?? 502, headers);
      reply.pipe(res);
    });
  });

describe('b-ver/write-responses-media-type and the read of the job the run made', () => {
  it('fails B-VER-2 where GET /jobs/{id} is labelled application/json', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ver/write-responses-media-type'], profile: 'spec', front: jobReadsPlainJson });
    const check = run.checks.find((c) => c.id === 'b-ver/write-responses-media-type')!;
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-VER-2');
    expect(check.failures[0]?.request?.url).toMatch(/\/jobs\/\d+$/);
  });

  it('notes, and does not fail, where GET /jobs/{id} is not served', { timeout: 60_000 }, async () => {
    const unserved = answering((req) => (req.method === 'GET' && JOB_READ.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-ver/write-responses-media-type'], profile: 'spec', front: unserved });
    const check = run.checks.find((c) => c.id === 'b-ver/write-responses-media-type')!;
    expect(check.verdict, describeChecks([check])).toBe('pass');
    expect(check.notes.some((n) => /GET \/jobs\/\d+ answered 404/.test(n))).toBe(true);
  });
});
