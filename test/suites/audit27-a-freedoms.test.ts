import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/*
 * Freedom audit 28 on a-keys/value-shown-once as mutation audit 27 changed it (a revoked key's
 * record read again, once a run): a deployment that forgets a revoked key (its record read 404
 * with the error object, as a key never made) is as conformant, and passes. Checked fine (green
 * before and after: no check change), kept because each run takes a second.
 */
function forgettingRevokedKeys(forgotten: { reads: number }): Front {
  const revoked = new Set<string>();
  return answering((req) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const revoke = /\/api[-_]keys\/(\d+)(\/revoke)?$/.exec(path);
    if (revoke && (req.method === 'DELETE' || (req.method === 'POST' && revoke[2]))) revoked.add(revoke[1]!);
    else if (revoke && req.method === 'GET' && !revoke[2] && revoked.has(revoke[1]!)) {
      forgotten.reads++;
      return { status: 404, body: JSON.stringify({ error: 'No such API key.' }) };
    }
    return undefined;
  });
}

describe('a-keys/value-shown-once on deployments that chose otherwise', () => {
  it.each(['standard', 'alt'] as const)('a revoked key forgotten (its record read 404): passes (%s conventions)', { timeout: 90_000 }, async (conventions) => {
    const forgotten = { reads: 0 };
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/value-shown-once'], conventions, seed: 7, runs: 3, front: forgettingRevokedKeys(forgotten) });
    expect(forgotten.reads).toBeGreaterThan(0);
    const [check] = run.checks;
    expect([check?.verdict, check?.failures.map((f) => f.message), (check?.partial ?? []).map((p) => p.reason)], describeChecks(run.checks)).toEqual(['pass', [], []]);
  });
});
