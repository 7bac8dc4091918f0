import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { STANDARD_CONVENTIONS } from '../../simulator/conventions.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-CG-1: `connections` assigns the connections it names to the new group. The POST's answer
 * listing them is not the assignment: each named connection, read back, must be in the group;
 * where no connection can be read back, the assignment is covered in part, saying why.
 */

function groupCreate(faults: FaultName[], options: { connectionReads: boolean }) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    if (!options.connectionReads) {
      // A deployment without the real service's connection reads (extensions): they answer 404.
      const rules = ['/*/api/connections', '/*/api/connections/*/*'].map((path) => ({ method: 'GET', path, status: 404, message: STANDARD_CONVENTIONS.b.notFoundText }));
      const added = await fetch(`${embedded.target.controlUrl!}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules }) });
      expect(added.status, await added.text()).toBeLessThan(300);
    }
    return runOneCheck(embedded.target, 'b-conn/group-create', 'B-CG-1', { seed: 3 });
  });
}

describe('b-conn/group-create judges the assignment by the connections themselves', () => {
  it('a group answered with its connections that moved none of them fails B-CG-1', { timeout: 30_000 }, async () => {
    const { check, verdict } = await groupCreate(['b-group-members-not-assigned'], { connectionReads: true });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-CG-1');
    expect(check.failures[0]?.message).toMatch(/connection \d+, named in the new group \d+, is not in it when read back/);
    expect(verdict?.verdict).toBe('fail');
  });

  it('faultless: B-CG-1 passes', { timeout: 30_000 }, async () => {
    const { check, verdict } = await groupCreate([], { connectionReads: true });
    expect(check.failures).toEqual([]);
    expect(check.partial ?? []).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it('no connection read served: the fault is not seen, and B-CG-1 is not verified, saying why', { timeout: 30_000 }, async () => {
    const { check, verdict } = await groupCreate(['b-group-members-not-assigned'], { connectionReads: false });
    expect(check.verdict).toBe('pass');
    expect((check.partial ?? []).map((p) => p.reason).join('\n')).toMatch(/the assignment was seen only in POST \/connection_groups' answer/);
    expect(verdict?.verdict).toBe('not-verified');
  });
});
