import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-USER-1 on notification_settings sent as {}: the drawn settings are never empty, so a store
 * that takes the object only when it has a key (answering 200 with the old settings) was not
 * seen. The simulator profile holds a target to the real service's replacement; the spec profile
 * first sees the target replace the settings (one left out is gone), then judges {} alike.
 */
describe('b-user/update clearing the notification settings', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-USER-1 where {} leaves the old settings (${conventions} conventions)`, { timeout: 60_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ conventions, faults: ['b-user-empty-settings-ignored'], only: ['b-user/update'], seed: 5, runs: 5 });
      const [update] = run.checks;
      expect(update?.verdict).toBe('fail');
      expect(update?.failures.map((f) => f.clause)).toContain('B-USER-1');
      expect(update?.failures[0]?.message).toContain('with notification_settings {} (every setting cleared): the user\'s notification_settings are not the empty object sent');
    });
  }

  it('passes where {} clears the settings', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', only: ['b-user/update'], seed: 5, runs: 5 });
    const [update] = run.checks;
    expect(update?.failures.map((f) => f.message)).toEqual([]);
    expect(update?.notes.join('\n')).not.toContain('sent as {} (every setting cleared) are stored so was not seen');
  });
});
