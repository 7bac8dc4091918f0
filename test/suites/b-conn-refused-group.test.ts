import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { STANDARD_CONVENTIONS } from '../../simulator/conventions.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-CG-1: a group naming another account's connection is refused, and a refusal changes nothing.
 * The 4xx alone passed a service that checks the references only after inserting the group (or
 * after moving the account's own connections into it too): the account's own connections named
 * beside the foreign one are read back, and the group list (an extension) is read for a group of
 * a refused name. Each read catches its fault alone; an unserved read is said, not failed.
 */

function refusedGroup(faults: FaultName[], hidden: string[]) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    if (hidden.length) {
      // A deployment without these extension reads: they answer 404.
      const rules = hidden.map((path) => ({ method: 'GET', path, status: 404, message: STANDARD_CONVENTIONS.b.notFoundText }));
      const added = await fetch(`${embedded.target.controlUrl!}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules }) });
      expect(added.status, await added.text()).toBeLessThan(300);
    }
    return runOneCheck(embedded.target, 'b-conn/group-foreign-connection', 'B-CG-1', { seed: 3, runs: 10 });
  });
}

const GROUP_LIST = ['/*/api/connection_groups'];

describe('b-conn/group-foreign-connection: a refused group changes nothing', () => {
  it("a refused group that moved the account's own connections fails B-CG-1 by the connections read back", { timeout: 30_000 }, async () => {
    const { check, verdict } = await refusedGroup(['b-refused-group-moves-own'], GROUP_LIST);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/account 1's own \w+ connection \d+, named beside account 2's connection \d+ in a refused POST \/connection_groups, has moved/);
  });

  it('a refused group kept, empty (no connection moved), fails B-CG-1 by the group list', { timeout: 30_000 }, async () => {
    const { check, verdict } = await refusedGroup(['b-refused-group-inserted'], []);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/GET \/connection_groups lists \d+ groups? whose POST \/connection_groups was refused/);
  });

  it('without the group list, a refused group kept is not seen, and the check says so', { timeout: 30_000 }, async () => {
    const { check } = await refusedGroup(['b-refused-group-inserted'], GROUP_LIST);
    expect(check.failures).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/GET \/connection_groups \(an extension\) is not served, so whether a refused group was kept anyway was not seen/);
  });

  it('faultless: B-CG-1 passes', { timeout: 30_000 }, async () => {
    const { check, verdict } = await refusedGroup([], []);
    expect(check.failures).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });
});
