import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-JOB-5: the watch subscribes the caller, seen in the job's watcher list (an extension whose
 * entries the spec does not show). A deployment naming each watcher by `user_id` instead of the
 * real service's email, or wrapping the user (`{user: {id, email}}`), shows it as well.
 */
const shapes: Record<string, (w: Record<string, unknown>) => Record<string, unknown>> = {
  'by user_id': (w: Record<string, unknown>) => ({ user_id: w.id, since: '2026-11-29T00:00:00Z' }),
  'wrapped': (w: Record<string, unknown>) => ({ id: 9_999_999, user: { id: w.id, email: w.email } }),
};

describe('b-job/watch against watcher lists of other shapes', () => {
  for (const [name, shape] of Object.entries(shapes)) {
    it(`sees the subscription in a list of watchers ${name}: B-JOB-5 verified`, { timeout: 60_000 }, async () => {
      const reshaped = rewriting((req, reply) => {
        if (req.method !== 'GET' || !/^\/[^/]+\/api\/jobs\/\d+\/watchers(\?|$)/.test(req.url ?? '') || reply.status !== 200) return undefined;
        return { body: JSON.stringify((JSON.parse(reply.body) as Record<string, unknown>[]).map(shape)) };
      });
      const run = await runSuitesAgainstSimulator({ only: ['b-job/watch'], profile: 'spec', front: reshaped, seed: 3, runs: 3 });
      const check = run.checks.find((c) => c.id === 'b-job/watch')!;
      expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
    });
  }
});
