import { describe, expect, it } from 'vitest';
import type http from 'node:http';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import { frontServer } from '../support/front-server.ts';

/**
 * A plan that runs one job at a time: while a job made through it has not been stopped, POST /jobs
 * answers 402 with a body of its own (no `message`: the spec fixes no body but the not-found
 * one), before it looks at what the request names. A conformant choice: b-job/absent-cluster-or-
 * package's absent cluster posted right after its one real job is refused so, and that refusal is
 * noted, not failed (nor the undrawn ids' posts after it).
 */
const oneJobAtATime: Front = (upstream) => {
  const running = new Set<string>();
  return frontServer(upstream, (req, body, res, forward) => {
    const url = req.url ?? '/';
    if (req.method === 'POST' && /\/api\/jobs$/.test(url) && running.size > 0) {
      res.writeHead(402, { 'content-type': 'application/vnd.service+json; version=2' }).end('{"error":"your plan runs one job at a time"}');
      return;
    }
    forward(url, (reply: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      reply.on('data', (c: Buffer) => chunks.push(c));
      reply.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = reply.statusCode ?? 502;
        if (req.method === 'POST' && /\/api\/jobs$/.test(url) && status < 300) {
          const id = (JSON.parse(text) as { id?: unknown }).id;
          if (typeof id === 'number') running.add(String(id));
        }
        const stopped = req.method === 'DELETE' ? /\/api\/jobs\/(\d+)$/.exec(url) : null;
        if (stopped?.[1] !== undefined) running.delete(stopped[1]);
        const headers = { ...reply.headers };
        delete headers['content-length'];
        res.writeHead(status, headers).end(text);
      });
    });
    void body;
  });
};

describe('b-job/absent-cluster-or-package on a plan that runs one job at a time', () => {
  it.each(['standard', 'alt'] as const)('the 402 to the absent cluster posted right after its job is noted, not failed (%s)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-job/absent-cluster-or-package'], seed: 7, runs: 3, conventions, front: oneJobAtATime });
    const check = run.checks.find((c) => c.id === 'b-job/absent-cluster-or-package');
    if (!check) throw new Error('b-job/absent-cluster-or-package did not run');
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/right after job \d+ of the same package and variables answered 402/);
  });
});
