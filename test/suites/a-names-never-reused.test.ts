import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
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

/** A pipeline start answered 204 with no body, the start done. */
const startAnsweredNoContent = rewriting((req, reply) => (req.method === 'POST' && /\/pipelines\/\d+\/start$/.test(req.url ?? '') && reply.status === 200 ? { status: 204, body: '' } : undefined));

const CHECKS = ['a-rob/odd-content-types', 'a-rob/oversized-and-deep-bodies', 'a-keys/revocation-final', 'a-lifecycle/model'];

describe('pipeline names a deployment never frees', () => {
  it('are never sent twice: the checks that make pipelines pass, nothing partial', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: CHECKS, front: namesTakenForever(), profile: 'spec', seed: 5, runs: 5 });
    const judged = run.checks.filter((c) => CHECKS.includes(c.id)).sort((a, b) => CHECKS.indexOf(a.id) - CHECKS.indexOf(b.id));
    expect(judged.map((c) => [c.id, c.verdict, c.failures.map((f) => f.message), c.partial ?? [], c.notes.filter((n) => /409|exists|existed/.test(n))])).toEqual(CHECKS.map((id) => [id, 'pass', [], [], []]));
  });

  it('are fresh at every run of a case: a failure found and shrunk names what went wrong, not a name taken by the first run', { timeout: 120_000 }, async () => {
    // fast-check runs a failing case again while it shrinks: with the name generated with the
    // case, the replay's create was refused (409, the first run's pipeline still holds the name)
    // and the failure named that. Here a start answered 204 is what goes wrong (A-GAP-1 in the
    // simulator profile: the simulator's convention is 200 with the metadata).
    const run = await runSuitesAgainstSimulator({ only: ['a-gap/pipeline-endpoints'], front: startAnsweredNoContent, profile: 'simulator', seed: 5, runs: 5 });
    const check = run.checks.find((c) => c.id === 'a-gap/pipeline-endpoints');
    expect(check?.verdict).toBe('fail');
    const messages = check?.failures.map((f) => `${f.clause}: ${f.message}`) ?? [];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message).toMatch(/^A-GAP-1: .*start answered 204/);
      expect(message).not.toMatch(/409|exists already/);
    }
  });

  it('of keys, too: a deployment that refuses a key name it has had checks them all the same (the fourth freedom audit\'s fe variation 4)', { timeout: 120_000 }, async () => {
    const seen = new Set<string>();
    const keyNamesTakenForever = answering((req, body) => {
      if (req.method !== 'POST' || !/\/api\/public\/v1\/api-keys$/.test(req.url ?? '')) return undefined;
      const name = /"name"\s*:\s*"([^"]*)"/.exec(body)?.[1];
      if (name === undefined) return undefined;
      if (seen.has(name)) return { status: 409, body: JSON.stringify({ error: `A key named "${name}" exists already.`, code: 'conflict' }) };
      seen.add(name);
      return undefined;
    });
    const keyChecks = ['a-keys/expired-key-refused', 'a-keys/revocation-final'];
    const run = await runSuitesAgainstSimulator({ only: keyChecks, front: keyNamesTakenForever, profile: 'spec', seed: 5, runs: 5 });
    const judged = run.checks.filter((c) => keyChecks.includes(c.id)).sort((a, b) => keyChecks.indexOf(a.id) - keyChecks.indexOf(b.id));
    expect(judged.map((c) => [c.id, c.verdict, c.failures.map((f) => f.message), c.partial ?? []])).toEqual(keyChecks.map((id) => [id, 'pass', [], []]));
  });
});
