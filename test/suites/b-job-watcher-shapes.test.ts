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
  // The real service's docs: "the list of users watching", `[{"id":1,"display_name":"Xplenty"}]`.
  'as the real docs show them (id and display_name)': (w: Record<string, unknown>) => ({ id: w.id, display_name: w.display_name }),
};

const watcherList = (shape: (w: Record<string, unknown>, i: number) => Record<string, unknown>) =>
  rewriting((req, reply) => {
    if (req.method !== 'GET' || !/^\/[^/]+\/api\/jobs\/\d+\/watchers(\?|$)/.test(req.url ?? '') || reply.status !== 200) return undefined;
    return { body: JSON.stringify((JSON.parse(reply.body) as Record<string, unknown>[]).map(shape)) };
  });

describe('b-job/watch against watcher lists of other shapes', () => {
  for (const [name, shape] of Object.entries(shapes)) {
    it(`sees the subscription in a list of watchers ${name}: B-JOB-5 verified`, { timeout: 60_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ only: ['b-job/watch'], profile: 'spec', front: watcherList(shape), seed: 3, runs: 3 });
      const check = run.checks.find((c) => c.id === 'b-job/watch')!;
      expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
    });
  }
});

/**
 * Entries of an id and a display name only, where the id is the watch's own: the caller is not
 * found by its user id and name, which says nothing of whether the watch subscribed it.
 */
describe('b-job/watch against a list naming watchers by the watch\'s own id', () => {
  it('B-JOB-5 is not verified, never failed', { timeout: 60_000 }, async () => {
    const byWatchId = watcherList((w, i) => ({ id: 8_000_000 + i, display_name: w.display_name }));
    const run = await runSuitesAgainstSimulator({ only: ['b-job/watch'], profile: 'spec', front: byWatchId, seed: 3, runs: 3 });
    const check = run.checks.find((c) => c.id === 'b-job/watch')!;
    expect([check.verdict, check.failures]).toEqual(['pass', []]);
    expect(check.partial?.map((p) => p.clause)).toEqual(['B-JOB-5']);
    expect(check.partial?.[0]?.reason).toMatch(/name watchers only by an id and a display name/);
  });

  it('a deployment whose watch subscribes no one still fails B-JOB-5 where entries name users plainly', { timeout: 60_000 }, async () => {
    // The watch answers 200 and subscribes no one: the list never shows the caller.
    const forgetful = watcherList((w) => ({ ...w, email: `someone-else-${String(w.id)}@example.com`, id: 7_000_000 }));
    const run = await runSuitesAgainstSimulator({ only: ['b-job/watch'], profile: 'spec', front: forgetful, seed: 3, runs: 3 });
    expect([...run.failedClauses]).toContain('B-JOB-5');
  });
});
