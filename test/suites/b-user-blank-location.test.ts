import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-USER-1 on a location cleared: `location` is a string (section 2), and "" is one. A store
 * that nilifies blank text (answering 200 with null) fails; a deployment that refuses a blank
 * location with a 4xx is within the spec, and passes, saying what it did not see.
 */
describe('b-user/update clearing the location', () => {
  it('fails B-USER-1 where location "" is answered and read back as null', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-user-blank-location-null'], only: ['b-user/update'], seed: 5, runs: 5 });
    const [update] = run.checks;
    expect(update?.verdict).toBe('fail');
    expect(update?.failures.map((f) => f.clause)).toEqual(['B-USER-1']);
    expect(update?.failures[0]?.message).toBe(`PUT /user with location "" (the location cleared): the user's location is not the value sent`);
    expect(update?.failures[0]?.received).toBe('null');
  });

  it('passes B-USER-1 where location "" is refused with a 422, noting it', { timeout: 60_000 }, async () => {
    const refusingBlank = answering((req, body) => {
      if (req.method !== 'PUT' || !/^\/[^/]+\/api\/user$/.test((req.url ?? '').split('?')[0] ?? '')) return undefined;
      const sent = JSON.parse(body) as { location?: unknown };
      return sent.location === '' ? { status: 422, body: JSON.stringify({ message: "Location can't be blank." }) } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: ['b-user/update'], front: refusingBlank, seed: 5, runs: 5 });
    const [update] = run.checks;
    expect(update?.failures.map((f) => f.message)).toEqual([]);
    expect(update?.verdict).toBe('pass');
    expect(update?.notes.join('\n')).toContain('that a location cleared (sent as "") is kept as the empty string was not seen: PUT /user with location "" (the location cleared) answered 422 (a deployment may refuse a blank location)');
  });
});
