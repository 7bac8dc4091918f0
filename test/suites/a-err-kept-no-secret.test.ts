import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-ERR-2's failure for a refused replace that was stored shows what changed, never the
 * definition's credentials. The simulator hides a definition's `password` in every answer; a
 * deployment may not. This one serves, before each definition: a key the report's redactor does
 * not know as secret (`aws_secret_access_key`, whose value follows the definition, so it changes
 * when the refused definition is stored), and a `password` whose escaped backslash falls on the
 * 300th character of the definition's JSON, where the failure used to cut it: cut there, the
 * value's beginning escaped the redactor's `"password": "…"` rule.
 */
const DEFINITION = /^\/api\/public\/v1\/pipelines\/\d+\/definition$/;

const PASSWORD_HEAD = 'Pw7-cut-here-or-never-42';
const PASSWORD = `${PASSWORD_HEAD}\\and-the-rest-of-it`;

function leakyCredentials(served: Set<string>) {
  return rewriting((req, reply) => {
    if (req.method !== 'GET' || !DEFINITION.test(req.url ?? '') || reply.status !== 200) return undefined;
    const body = JSON.parse(reply.body) as Record<string, unknown>;
    const key = `AKIA-${createHash('sha256').update(reply.body).digest('hex').slice(0, 24)}`;
    served.add(key);
    // The pad puts the password's backslash (written `\\` in JSON) at index 299, the last kept by a cut at 300.
    const lead = (pad: string) => JSON.stringify({ aws_secret_access_key: key, pad, password: PASSWORD });
    const backslashAt = lead('').indexOf('\\\\');
    const first = { aws_secret_access_key: key, pad: 'p'.repeat(299 - backslashAt), password: PASSWORD };
    expect(JSON.stringify(first).indexOf('\\\\')).toBe(299);
    return { body: JSON.stringify({ ...first, ...body }) };
  });
}

describe('a-err/invalid-definition-400 shows a stored refusal without the definition\'s credentials', () => {
  it('names the changed paths, hides secret-looking ones, and holds no part of a password or key', { timeout: 90_000 }, async () => {
    const served = new Set<string>();
    const run = await runSuitesAgainstSimulator({ only: ['a-err/invalid-definition-400'], runs: 25, faults: ['a-invalid-replace-stored'], front: leakyCredentials(served) });
    const failures = run.checks.flatMap((c) => c.failures).filter((f) => f.message.includes("the pipeline's definition read after it differs from before"));
    expect(failures.length).toBeGreaterThan(0);
    expect(served.size).toBeGreaterThan(1);
    for (const f of failures) {
      const shown = [f.message, f.expected ?? '', f.received ?? ''].join('\n');
      expect(shown).not.toContain(PASSWORD_HEAD.slice(0, 8));
      for (const key of served) expect(shown).not.toContain(key.slice(5, 13));
      // The key moved with the stored definition: its path is named, its values are not.
      expect(f.received).toContain('aws_secret_access_key [REDACTED]');
    }
  });
});
