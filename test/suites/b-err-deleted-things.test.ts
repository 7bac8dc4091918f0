import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-ERR-1: "a 404 carries the fixed not-found text, the same for every 404", also for the id of
 * a delivery the run deleted (a deployment that keeps tombstones may word its own 404). A 410 for
 * a deleted thing is no 404: its text is the deployment's, not judged by B-ERR-1.
 */
describe('b-err/404-same-message-writes against a deployment that answers deleted deliveries itself', () => {
  /**
   * Passes every first DELETE of a delivery the simulator made on (its ids are below the absent
   * ones the check sends, from 1,000,000,000), then answers that delivery's id with `status` and
   * its own text.
   */
  const tombstones = (status: number) => {
    const deleted = new Set<string>();
    return answering((req) => {
      const match = /^\/[^/]+\/api\/deliveries\/(\d+)$/.exec(req.url ?? '');
      const id = match?.[1];
      if (id === undefined || Number(id) >= 1_000_000_000 || (req.method !== 'GET' && req.method !== 'DELETE')) return undefined;
      if (deleted.has(id)) return { status, body: JSON.stringify({ message: `Delivery ${id} has been deleted.` }) };
      if (req.method === 'DELETE') deleted.add(id);
      return undefined;
    });
  };

  it('410 with a text of its own: passes', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-writes'], profile: 'spec', front: tombstones(410) });
    expect(run.checks[0]?.failures.map((f) => f.message)).toEqual([]);
  });

  it('404 with a text of its own: fails B-ERR-1 naming the deleted delivery', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-writes'], profile: 'spec', front: tombstones(404) });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures[0]).toMatchObject({ clause: 'B-ERR-1', message: expect.stringMatching(/^DELETE \/deliveries\/\{deleted delivery \d+\}: this 404 carries another text/) });
  });
});

/**
 * B-ERR-1 also for an SSH key of another user of the account (member_api_key's): api_key's GET and
 * DELETE of it name no key of the caller's; a deployment that finds the key and says why it is not
 * the caller's in a 404 of its own (b-ssh-key-other-user-404-text) fails.
 */
describe("b-err/404-same-message-writes with another user's SSH key", () => {
  it('a 404 with a text of its own fails B-ERR-1 naming the key', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-writes'], profile: 'spec', faults: ['b-ssh-key-other-user-404-text'] });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures[0]).toMatchObject({ clause: 'B-ERR-1', message: expect.stringMatching(/^GET \/user\/keys\/\{SSH key \d+ of member_api_key's user\} with api_key: this 404 carries another text/) });
  });
});
