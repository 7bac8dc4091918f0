import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';

/**
 * B-USER-1 on long values: the spec fixes no length of a user's name, email or location. A store
 * that keeps a location only up to 30 characters, answering 200 with it cut, fails; a deployment
 * that refuses a long one with a 4xx is within the spec, and passes, saying what it refused.
 */
describe('b-user/update with names, emails and locations of 31 to 120 characters', () => {
  it('fails B-USER-1 where a location past 30 characters is answered and read back cut, saying so', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-user-location-truncated'], only: ['b-user/update'], seed: 5, runs: 30 });
    const [update] = run.checks;
    expect(update?.verdict).toBe('fail');
    expect(update?.failures[0]?.clause).toBe('B-USER-1');
    expect(update?.failures[0]?.message).toMatch(/the user's location is not the value sent \(\d+ characters sent, its first 30 kept\)/);
  });

  it('passes B-USER-1 where a location past 30 characters is refused with a 422, noting the refusals', { timeout: 60_000 }, async () => {
    const refusingLong = answering((req, body) => {
      if (req.method !== 'PUT' || !/^\/[^/]+\/api\/user$/.test((req.url ?? '').split('?')[0] ?? '')) return undefined;
      const sent = JSON.parse(body) as { location?: unknown };
      return typeof sent.location === 'string' && [...sent.location].length > 30 ? { status: 422, body: JSON.stringify({ message: 'Location is too long (maximum is 30 characters).' }) } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: ['b-user/update'], front: refusingLong, seed: 5, runs: 30 });
    const [update] = run.checks;
    expect(update?.verdict).toBe('pass');
    expect(update?.notes.join('\n')).toMatch(/PUT \/user refused \d+ case\(s\) with a long value or settings other than switches with a 4xx, as it may .*location of \d+ characters \(422\)/);
    expect(clauseVerdicts(run.checks, { profile: 'simulator' }).find((v) => v.id === 'B-USER-1')?.verdict).toBe('pass');
  });
});
