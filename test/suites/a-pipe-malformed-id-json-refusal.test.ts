import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import type { CheckResult } from '../../suites/lib/types.ts';

/**
 * Audit 22 P1: a deployment answering the spec's DELETE of a non-integer pipeline id itself with
 * `400 application/json {"message": ...}` (interface B's error shape given to interface A) refuses
 * bad input without the interface's error object (X-ROB-1). a-pipe/integer-id-writes took any 4xx
 * without the error object for a front's refusal outside the simulator profile and passed it; a
 * JSON object is the service's own answer, so it fails in every profile. A front's bare page
 * (text/plain) stays a note (a-pipe-malformed-id-fronts v6).
 */

const NON_INTEGER_ID = /^\/api\/public\/v1\/pipelines\/([^/?]+)(\/[^?]*)?(\?.*)?$/;

function malformed(url: string): boolean {
  const m = NON_INTEGER_ID.exec(url);
  return m !== null && !/^\d+$/.test(decodeURIComponent(m[1]!));
}

/** The deployment answers every DELETE of a non-integer pipeline id itself; all else passed on. */
const deleteRefused = (status: number, contentType: string, body: string): Front => (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    if (req.method === 'DELETE' && malformed(req.url ?? '')) {
      res.writeHead(status, { 'content-type': contentType }).end(body);
      return;
    }
    forward(req.url ?? '/', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

async function writes(front: Front): Promise<CheckResult> {
  const result = await runSuitesAgainstSimulator({ exactly: ['a-pipe/integer-id-writes'], profile: 'spec', seed: 7, runs: 3, front });
  return result.checks[0]!;
}

const shown = (check: CheckResult): string => check.failures.map((f) => `${f.clause}: ${f.message}`).join('\n');

describe('a-pipe/integer-id-writes: a JSON refusal of a non-integer id without the error object', () => {
  it('400 application/json {"message"} to DELETE of a non-integer id fails X-ROB-1 in the spec profile', { timeout: 60_000 }, async () => {
    const check = await writes(deleteRefused(400, 'application/json', JSON.stringify({ message: 'id must be an integer' })));
    expect(check.verdict).toBe('fail');
    expect(shown(check)).toMatch(/^X-ROB-1: DELETE \S+\/pipelines\/\S+ \(not an integer id\) was refused with 400 without the interface A error object/m);
  });

  it('a bare 400 text/plain (a front\'s page) is still only noted', { timeout: 60_000 }, async () => {
    const check = await writes(deleteRefused(400, 'text/plain', 'Bad Request'));
    expect(shown(check)).toBe('');
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/DELETE \S+ answered 400 without the interface's error object/);
  });
});
