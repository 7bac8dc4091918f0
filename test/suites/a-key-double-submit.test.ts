import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-3: a-keys/value-shown-once sends each create twice. A deployment that holds key names
 * unique refuses the second with 409, which shows no value: that passes, verified. Only a second
 * answer showing the first key's value fails (the fault a-key-double-submit-same-value).
 */
describe('a-keys/value-shown-once against a deployment that refuses a key name it has', () => {
  it('passes, A-AUTH-3 verified in full', { timeout: 60_000 }, async () => {
    const names = new Set<string>();
    const uniqueNames = answering((req, body) => {
      if (req.method !== 'POST' || !/^\/api\/public\/v1\/api-keys$/.test(req.url ?? '')) return undefined;
      let name: unknown;
      try {
        name = (JSON.parse(body) as { name?: unknown }).name;
      } catch {
        return undefined;
      }
      if (typeof name !== 'string') return undefined;
      if (!names.has(name)) return void names.add(name);
      return { status: 409, body: JSON.stringify({ error: 'conflict', message: 'a key of that name exists' }) };
    });
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/value-shown-once'], profile: 'spec', front: uniqueNames, seed: 3, runs: 4 });
    expect([run.checks[0]?.verdict, run.checks[0]?.partial ?? []], describeChecks(run.checks)).toEqual(['pass', []]);
    expect(names.size).toBeGreaterThan(0);
  });

  it('fails A-AUTH-3 where the second create answers the first key again, value and all', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/value-shown-once'], profile: 'spec', faults: ['a-key-double-submit-same-value'], seed: 3, runs: 4, shrink: false });
    expect(run.checks[0]?.verdict, describeChecks(run.checks)).toBe('fail');
    expect([...run.failedClauses]).toEqual(['A-AUTH-3']);
  });
});
