import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-AUTH-3: no later answer shows a key's full value. JSON may write a string's characters as
 * escapes (PHP writes `/` as `\/`, Gson `=` as `\u003d`): the text of such a body holds no key
 * even where its strings do. The twentieth freedom audit's v11 found a-keys/value-shown-once
 * passing a key list that showed every key's full value, written so: it searched the text only.
 * Here every `_` of interface A's JSON (each key has one, after its prefix) is written `\u005f`.
 */
describe('a-keys/value-shown-once against a deployment whose JSON escapes characters of the key', () => {
  const escaping = rewriting((req, reply) => {
    if (!(req.url ?? '').startsWith('/api/public/v1/') || !/json/.test(String(reply.headers['content-type'] ?? ''))) return undefined;
    return { body: reply.body.replaceAll('_', '\\u005f') };
  });

  it('the key list shows every full value (a-key-readable-after-create): fails A-AUTH-3', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/value-shown-once'], profile: 'spec', seed: 7, runs: 3, faults: ['a-key-readable-after-create'], front: escaping });
    const check = run.checks.find((c) => c.id === 'a-keys/value-shown-once')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toContain('A-AUTH-3');
  });

  it('without the fault: passes (escapes are JSON like any other)', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/value-shown-once'], profile: 'spec', seed: 7, runs: 3, front: escaping });
    const check = run.checks.find((c) => c.id === 'a-keys/value-shown-once')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.verdict).toBe('pass');
  });
});
