import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-USER-1 on the notification counts in PUT /user's answer: "the updated user" holds the counts
 * the user has. An answer of the saved row without them (0 and 0) fails; counts that grow between
 * the reads (a notification arriving while the check runs) do not.
 */
describe("b-user/update and the notification counts of PUT /user's answer", () => {
  it('fails B-USER-1 where the PUT answer shows 0 while GET /user shows the counts', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-user-put-answer-counts-zero'], only: ['b-user/update'], seed: 5, runs: 5 });
    const [update] = run.checks;
    expect(update?.verdict).toBe('fail');
    expect(update?.failures[0]?.clause).toBe('B-USER-1');
    expect(update?.failures[0]?.message).toMatch(/^PUT \/user answered notifications_count 0, but GET \/user showed \d+ just before it and \d+ just after: the answer is not the user as stored$/);
  });

  it('passes where a notification arrives between every two reads: the answer between the reads before and after', { timeout: 60_000 }, async () => {
    let arrived = 0;
    const growing = rewriting((req, reply) => {
      if (!/^\/[^/]+\/api\/user$/.test((req.url ?? '').split('?')[0] ?? '') || (req.method !== 'GET' && req.method !== 'PUT') || reply.status !== 200) return undefined;
      arrived++;
      const user = JSON.parse(reply.body) as Record<string, unknown>;
      return { body: JSON.stringify({ ...user, notifications_count: 100 + arrived, unread_notifications_count: 50 + arrived }) };
    });
    const run = await runSuitesAgainstSimulator({ only: ['b-user/update'], front: growing, seed: 5, runs: 5 });
    const [update] = run.checks;
    expect(update?.failures.map((f) => f.message)).toEqual([]);
    expect(update?.verdict).toBe('pass');
    expect(update?.notes.join('\n')).not.toContain('notification counts as stored was not seen');
  });
});
