import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { CheckResult } from '../../suites/lib/types.ts';

/*
 * Every hook name the run made came from t.name(), with no blanks around it, so a reset that
 * re-saves the hook with its name trimmed (b-hook-reset-trims-name) looked like one that changes
 * nothing. b-hook/reset-salt now names most of its hooks with blanks around them (spaces, a tab)
 * or a run of them inside, and judges the reset against the hook read before it. A target whose
 * create refuses such names is not failed by B-HOOK-2: those hooks are made with the name tidied,
 * and a note says so.
 */

const verdicts = (checks: readonly CheckResult[]) => Object.fromEntries(checks.map((c) => [c.id, c.verdict]));

/** A front whose POST /hooks refuses (422) a name with blanks around it or a run of them inside. */
const refusingBlankNames: Front = (upstream) =>
  frontServer(upstream, (req, body, res, forward) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'POST' && /\/hooks$/.test(path)) {
      try {
        const sent = JSON.parse(body.toString('utf8')) as { name?: unknown };
        if (typeof sent.name === 'string' && /^\s|\s$|\s\s/.test(sent.name)) {
          res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_hook', message: 'name: no blanks around it' }));
          return;
        }
      } catch {
        // Not JSON: the deployment answers it.
      }
    }
    forward(req.url ?? '/', (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
  });

describe('B-HOOK-2: a reset keeps a hook name with blanks as it was', () => {
  it.each(['standard', 'alt'] as const)('a reset that trims the name fails B-HOOK-2 (%s conventions), with two cases', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ conventions, faults: ['b-hook-reset-trims-name'], only: ['b-hook/reset-salt'], seed: 7, runs: 2 });
    expect(verdicts(run.checks)).toEqual({ 'b-hook/reset-salt': 'fail' });
    expect([...run.failedClauses]).toEqual(['B-HOOK-2']);
  });

  it('a create that refuses such names is noted, and the reset still judged', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-hook/reset-salt'], seed: 7, runs: 3, front: refusingBlankNames });
    const result = run.checks.find((c) => c.id === 'b-hook/reset-salt');
    expect(result?.verdict).toBe('pass');
    expect(result?.notes.join('\n')).toMatch(/POST \/hooks refused a hook name with blanks/);
    expect(result?.notes.join('\n')).toMatch(/a reset that trims names would not show/);
  });
});
