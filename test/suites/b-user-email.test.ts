import { describe, expect, it } from 'vitest';
import type { Permission } from '../../suites/lib/types.ts';
import { runOneCheck, withEmbeddedTarget } from '../support/run-suites.ts';

/**
 * B-USER-1: PUT /user updates the email among the rest. A real user's address is changed only
 * where the target document permits it (change_user_email); sent back unchanged, its update is
 * not seen, and the clause is not a pass.
 */
function updateUser(permissions: Permission[]) {
  return withEmbeddedTarget({}, (embedded) => {
    const { controlUrl: _hidden, ...described } = embedded.target;
    return runOneCheck({ ...described, permissions }, 'b-user/update', 'B-USER-1');
  });
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
