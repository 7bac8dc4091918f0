import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { STANDARD_CONVENTIONS } from '../../simulator/conventions.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-CONN-2 for a connection the run made and for long names. b-conn/rename renamed the fixture
 * connections only, with names under ~50 characters: a deployment that stores made connections
 * without their group (connection_group_id left out, not null) or cuts a name at 64 characters
 * (answering 200 with the cut name) passed. A long name refused with a 4xx passes (the spec fixes
 * no length; the simulator refuses past 255), and where no connection can be made it is said.
 */

function rename(faults: FaultName[], noMaking = false) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    if (noMaking) {
      // A deployment without POST /connections/{type} (an extension).
      const rules = [{ method: 'POST', path: '/*/api/connections/mysql', status: 404, message: STANDARD_CONVENTIONS.b.notFoundText }];
      const added = await fetch(`${embedded.target.controlUrl!}/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules }) });
      expect(added.status, await added.text()).toBeLessThan(300);
    }
    return runOneCheck(embedded.target, 'b-conn/rename', 'B-CONN-2', { seed: 3, runs: 10 });
  });
}

describe('b-conn/rename: a made connection and long names', () => {
  it('a name cut to 64 characters in a 200 fails B-CONN-2, naming what was kept', { timeout: 60_000 }, async () => {
    const { check, verdict } = await rename(['b-connection-rename-cut-to-64']);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/with a name of \d+ characters is not the renamed connection \(\d+ characters sent, its first 64 kept\)/);
  });

  it('a made connection answered without connection_group_id fails B-CONN-2', { timeout: 60_000 }, async () => {
    const { check, verdict } = await rename(['b-made-connection-group-id-unset']);
    expect(verdict?.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/has no connection_group_id field/);
  });

  it('faultless: B-CONN-2 passes; the long names refused (past 255 characters) are noted', { timeout: 60_000 }, async () => {
    const { check, verdict } = await rename([]);
    expect(check.failures).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/refused \d+ long name\(s\) with a 4xx, as it may/);
    expect(check.notes.join('\n')).not.toMatch(/no long name/);
  });

  it('where no connection can be made, only the fixtures are renamed, and the check says so', { timeout: 60_000 }, async () => {
    const { check, verdict } = await rename([], true);
    expect(check.failures).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/only the fixture connections were renamed: POST \/connections\/mysql \(an extension\) answered 404/);
  });
});
