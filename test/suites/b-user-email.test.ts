import { describe, expect, it } from 'vitest';
import { startEmbeddedTarget } from '../../bin/embedded-target.ts';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { Permission, ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * B-USER-1: PUT /user updates the email among the rest. A real user's address is changed only
 * where the target document permits it (change_user_email); sent back unchanged, its update is
 * not seen, and the clause is not a pass.
 */
async function updateUser(permissions: Permission[]) {
  const embedded = await startEmbeddedTarget();
  try {
    const { controlUrl: _hidden, ...described } = embedded.target;
    const target: ResolvedTarget = { ...described, permissions };
    const checks = (await loadChecks()).filter((c) => c.id === 'b-user/update');
    const out = await runChecks({ target, checks, profile: 'spec', seed: 3, runs: 5, readOnly: false, timeoutMs: 5_000 });
    return { check: out.checks[0]!, verdict: clauseVerdicts(out.checks, { profile: 'spec' }).find((v) => v.id === 'B-USER-1') };
  } finally {
    await embedded.close();
  }
}

describe('b-user/update and the email of a real user', () => {
  it('without change_user_email: the email is sent back unchanged and B-USER-1 is not verified, saying how to permit it', { timeout: 30_000 }, async () => {
    const { check, verdict } = await updateUser([]);
    expect(check.verdict).toBe('pass');
    expect(check.partial?.[0]?.reason).toMatch(/email was sent back unchanged.*permissions: \[change_user_email\]/);
    expect(verdict?.verdict).toBe('not-verified');
  });

  it('with it: new addresses are sent, and B-USER-1 passes', { timeout: 30_000 }, async () => {
    const { check, verdict } = await updateUser(['change_user_email']);
    expect(check.partial ?? []).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });
});
