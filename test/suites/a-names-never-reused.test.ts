import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * Nothing makes an archived pipeline's name free again (the spec leaves names to others): a
 * deployment may refuse, with 409, a create under any name it has ever had (the second freedom
 * audit's variation 13). The checks that make pipelines must never send a name twice in a run,
 * or they lose what they verify to a refused setup.
 */
function namesTakenForever() {
  const seen = new Set<string>();
  return answering((req, body) => {
    if (req.method !== 'POST' || !/\/api\/public\/v1\/pipelines$/.test(req.url ?? '')) return undefined;
    const name = /"name"\s*:\s*"([^"]*)"/.exec(body)?.[1] ?? /^name:\s*(.+)$/m.exec(body)?.[1]?.trim();
    if (name === undefined) return undefined;
    if (seen.has(name)) return { status: 409, body: JSON.stringify({ error: `A pipeline named "${name}" existed already.`, code: 'conflict' }) };
    seen.add(name);
    return undefined;
  });
}

const CHECKS = ['a-rob/odd-content-types', 'a-rob/oversized-and-deep-bodies', 'a-keys/revocation-final', 'a-lifecycle/model'];

describe('pipeline names a deployment never frees', () => {
  it('are never sent twice: the checks that make pipelines pass, nothing partial', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, front: namesTakenForever(), profile: 'spec', seed: 5, runs: 5 });
    const judged = run.checks.filter((c) => CHECKS.includes(c.id)).sort((a, b) => CHECKS.indexOf(a.id) - CHECKS.indexOf(b.id));
    expect(judged.map((c) => [c.id, c.verdict, c.failures.map((f) => f.message), c.partial ?? [], c.notes.filter((n) => /409|exists|existed/.test(n))])).toEqual(CHECKS.map((id) => [id, 'pass', [], [], []]));
  });
});
