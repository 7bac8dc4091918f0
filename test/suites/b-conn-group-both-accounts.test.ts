import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-CG-1 and X-ISO-1: group creation judged from both accounts. A service that resolves every
 * group's `connections` in the first account that made a group (a memo kept past the request)
 * passed while only account 1 made groups: account 2's own connections are refused there, and
 * account 1's connection named by account 2 is taken into account 2's group.
 */

function run(id: string, faults: FaultName[], conventions: ConventionsName) {
  return withEmbeddedTarget({ faults, conventions }, (embedded) => runOneCheck(embedded.target, id, 'B-CG-1', { seed: 3, runs: 5 }));
}

describe.each(['standard', 'alt'] as const)('connection groups from both accounts (%s conventions)', (conventions) => {
  it("account 2's group of its own connections is judged as account 1's: refused, it fails B-CG-1", { timeout: 30_000 }, async () => {
    const { check, verdict } = await run('b-conn/group-create', ['b-group-connections-first-account'], conventions);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-CG-1');
    expect(check.failures[0]?.message).toMatch(/POST \/connection_groups with account 2's key and \d+ of account 2's own connections answered 4\d\d/);
  });

  it("account 2 naming account 1's connection must be refused: taken, it fails B-CG-1", { timeout: 30_000 }, async () => {
    const { check, verdict } = await run('b-conn/group-foreign-connection', ['b-group-connections-first-account'], conventions);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-CG-1');
    expect(check.failures[0]?.message).toMatch(/POST \/connection_groups with account 2's key naming account 1's \w+ connection \d+ answered 2\d\d/);
  });

  it('faultless: both checks pass, account 2 having made its group and tried account 1\'s connections', { timeout: 30_000 }, async () => {
    for (const id of ['b-conn/group-create', 'b-conn/group-foreign-connection']) {
      const { check, verdict } = await run(id, [], conventions);
      expect(check.failures, id).toEqual([]);
      expect(verdict?.verdict, id).toBe('pass');
      expect(check.notes.join('\n'), id).not.toMatch(/was not tried|made no group of its own/);
    }
  });
});
