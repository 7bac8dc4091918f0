import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-ERR-3's key-management bodies are a name with one thing wrong. A deployment whose key body
 * wants more than a name (a role) refuses every one of them for that alone: those 422s say
 * nothing of unknown keys or wrong types, and are not taken as if they did.
 */
describe('a-err/wrong-shape-422 against a deployment whose key body needs a role', () => {
  const sent: string[] = [];
  const needsRole = answering((req, body) => {
    if (req.method !== 'POST' || !/^\/api\/public\/v1\/api-keys$/.test(req.url ?? '')) return undefined;
    sent.push(body);
    return body.includes('"role"') ? undefined : { status: 422, body: JSON.stringify({ error: 'invalid', detail: [{ loc: ['body', 'role'], msg: 'field required' }] }) };
  });

  it('notes that the key bodies were not checked, and sends none of them', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/wrong-shape-422'], profile: 'spec', front: needsRole, seed: 6, runs: 6 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.notes.join(' ')).toMatch(/POST \/api-keys with a name alone answered 422.*key-management bodies with one thing wrong were not checked/);
    // The route probe ({}) and the name alone: no misshapen body after them.
    expect(sent).toHaveLength(2);
  });
});
