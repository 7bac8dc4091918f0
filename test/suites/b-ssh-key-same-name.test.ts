import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-user/ssh-key adds a second key under the name of one the user has. The spec makes no key
 * name unique: a deployment that refuses the name with a 4xx is noted, not failed; one that
 * answers 2xx must have made a new key and kept the first (an upsert on (user, name) answers 201
 * with the old id, b-ssh-key-same-name-replaced). And a DELETE of one key must leave the others
 * (b-ssh-key-delete-drops-newer: every newer key goes with it). Red on the old check, which
 * made every key under a name of its own and read each only right after making it.
 */
describe('b-user/ssh-key: keys of the same name, and the keys a DELETE leaves', () => {
  it('an upsert on the key name fails B-KEY-1, naming the overwritten key', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-ssh-key-same-name-replaced'], only: ['b-user/ssh-key'], runs: 3 });
    const check = run.checks.find((c) => c.id === 'b-user/ssh-key')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => `${f.clause} ${f.message}`)).toContainEqual(expect.stringMatching(/^B-KEY-1 .*overwrote the key instead of adding one/));
  });

  it('a DELETE that takes the newer keys with it fails B-KEY-1', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-ssh-key-delete-drops-newer'], only: ['b-user/ssh-key'], runs: 3 });
    const check = run.checks.find((c) => c.id === 'b-user/ssh-key')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => `${f.clause} ${f.message}`)).toContainEqual(expect.stringMatching(/^B-KEY-1 .*a key made just after the deleted one, answered 404/));
  });

  it('a deployment that refuses a name the user has with a 4xx passes, and the run notes it', { timeout: 120_000 }, async () => {
    const names = new Set<string>();
    const uniqueNames = answering((req, body) => {
      if (req.method !== 'POST' || !/\/user\/keys\/?(\?|$)/.test(req.url ?? '')) return undefined;
      let name: unknown;
      try {
        name = (JSON.parse(body) as { name?: unknown }).name;
      } catch {
        return undefined;
      }
      // Only the pair this test is about: the check re-adds a deleted key under its name elsewhere.
      if (typeof name !== 'string' || !name.includes('same-name-key')) return undefined;
      if (names.has(name)) return { status: 422, body: JSON.stringify({ message: 'Validation failed.', errors: { name: ['is already taken'] } }) };
      names.add(name);
      return undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: ['b-user/ssh-key'], runs: 3, front: uniqueNames });
    const check = run.checks.find((c) => c.id === 'b-user/ssh-key')!;
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes).toContainEqual(expect.stringMatching(/under the name of a key the user has answered 422: the deployment keeps key names unique per user/));
  });
});
