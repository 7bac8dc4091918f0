import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-3: the full key shows in the create answer only. A key's own read that the target does
 * not serve where the document says (a 404 for every id) shows no key, and proves nothing by that.
 */
describe('a-keys/value-shown-once where the key read is not served at its route', () => {
  const noKeyRead = answering((req) =>
    req.method === 'GET' && /^\/api\/public\/v1\/api-keys\/\d+$/.test(req.url ?? '') ? { status: 404, body: JSON.stringify({ error: 'not_found', message: 'Not found' }) } : undefined,
  );

  it('covers A-AUTH-3 in part, saying the read was not seen', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/value-shown-once'], profile: 'spec', front: noKeyRead, seed: 3, runs: 4 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.partial?.map((p) => p.reason)).toEqual([expect.stringMatching(/^the read of a new key \(keys\.read\) answered 404.*, so whether a key's own read shows its value was not seen$/)]);
  });

  it('is verified where the read is served', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/value-shown-once'], profile: 'spec', seed: 3, runs: 4 });
    expect([run.checks[0]?.verdict, run.checks[0]?.partial ?? []]).toEqual(['pass', []]);
  });
});
