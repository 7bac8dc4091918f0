import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * In the simulator profile, account 1's key on account 2's things must get exactly what absent
 * ones get (B-AUTH-3). A deployment that writes a request id of its own into every error body
 * (a conformant choice the freedom audit planted) answers no two requests alike, so the foreign
 * and the absent answers always differ there: the checks learn what varies per answer from the
 * absent request sent once more, and compare the rest.
 */
const withRequestIds = rewriting((req, reply) => {
  if (!/\/api\//.test(req.url ?? '') || req.url?.includes('/api/public/') || reply.status < 400) return undefined;
  try {
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    return { body: JSON.stringify({ ...body, request_id: randomUUID() }) };
  } catch {
    return undefined;
  }
});

const CHECKS = ['b-iso/foreign-account-path', 'b-iso/foreign-account-path-writes', 'b-iso/foreign-ids-read-as-absent', 'b-iso/foreign-ids-write-as-absent'];

describe('b-iso in the simulator profile: a request id in every error body', () => {
  it('is no tell: the foreign and the absent answers compare alike but for it', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, front: withRequestIds, seed: 5, runs: 5 });
    expect(run.checks.map((c) => [c.id, c.verdict, c.failures.map((f) => f.message)])).toEqual(CHECKS.map((id) => [id, 'pass', []]));
  });

  it('still lets a difference of the text through to B-AUTH-3', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/foreign-account-path'], faults: ['b-foreign-account-own-404-text'], front: withRequestIds, seed: 5, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-iso/foreign-account-path')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]).toMatchObject({ clause: 'B-AUTH-3', message: expect.stringMatching(/the answers differ/) });
  });
});
