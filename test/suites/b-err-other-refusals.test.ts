import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-ERR-1: "not-found conditions return an object with a string message". The status is the
 * deployment's (B-GAP-2): a read of an absent hook refused with 410 is a not-found condition all
 * the same, and its body must be the error object.
 */
describe('b-err/404-same-message-reads against a deployment that answers absent hooks 410', () => {
  const absentHooks = (body: string) =>
    answering((req) => {
      const id = /^\/[^/]+\/api\/hooks\/(\d+)$/.exec(req.url ?? '')?.[1];
      return req.method === 'GET' && id !== undefined && Number(id) >= 1_000_000_000 ? { status: 410, body } : undefined;
    });

  it('with the error object: passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-reads'], profile: 'spec', front: absentHooks('{"message":"Gone."}') });
    expect(run.checks[0]?.failures.map((f) => f.message)).toEqual([]);
  });

  it('with another body: fails B-ERR-1', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-reads'], profile: 'spec', front: absentHooks('{"error":"gone"}') });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures[0]).toMatchObject({ clause: 'B-ERR-1', message: 'the error body is not the interface B error object' });
  });
});
