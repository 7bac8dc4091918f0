import { describe, expect, it } from 'vitest';
import { startEmbeddedTarget } from '../../bin/embedded-target.ts';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { FaultName } from '../../simulator/faults.ts';

/**
 * B-DLV-1 says the DELETE deletes the blueprint. Where the delivery list (an extension) is not
 * served, a second DELETE finding nothing to delete shows it; a 204 alone does not.
 */
async function deleteWithoutList(faults: FaultName[]) {
  const embedded = await startEmbeddedTarget({ faults });
  try {
    const rule = await fetch(`${embedded.target.controlUrl}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', path: '/*/api/deliveries', status: 404 }) });
    expect(rule.status).toBeLessThan(300);
    const checks = (await loadChecks()).filter((c) => c.id === 'b-dlv/delete');
    const out = await runChecks({ target: embedded.target, checks, profile: 'spec', seed: 3, runs: 5, readOnly: false, timeoutMs: 5_000 });
    return { check: out.checks[0]!, verdict: clauseVerdicts(out.checks, { profile: 'spec' }).find((v) => v.id === 'B-DLV-1') };
  } finally {
    await embedded.close();
  }
}

describe('b-dlv/delete on a target without GET /deliveries', () => {
  it('sees the deletion by a second DELETE finding nothing: B-DLV-1 passes', { timeout: 60_000 }, async () => {
    const { check, verdict } = await deleteWithoutList([]);
    expect(check.verdict).toBe('pass');
    expect(check.partial ?? []).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('a delivery that a 204 left in place is not a pass: B-DLV-1 not verified, saying why', { timeout: 60_000 }, async () => {
    const { check, verdict } = await deleteWithoutList(['b-delivery-delete-ignored']);
    expect(check.partial?.map((p) => p.clause)).toEqual(['B-DLV-1']);
    expect(check.partial?.[0]?.reason).toMatch(/GET \/deliveries \(an extension\) is not served, and a second DELETE \/deliveries\/\d+ answered 204/);
    expect(verdict?.verdict).toBe('not-verified');
  });
});
