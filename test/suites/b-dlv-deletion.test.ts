import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-DLV-1 says the DELETE deletes the blueprint. Where the delivery list (an extension) is not
 * served, a second DELETE finding nothing to delete shows it; a 204 alone does not.
 */
function deleteWithoutList(faults: FaultName[]) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    const rule = await fetch(`${embedded.target.controlUrl}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', path: '/*/api/deliveries', status: 404 }) });
    expect(rule.status).toBeLessThan(300);
    return runOneCheck(embedded.target, 'b-dlv/delete', 'B-DLV-1');
  });
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
