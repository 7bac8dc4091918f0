import { describe, expect, it } from 'vitest';
import { describeChecks, runOneCheck, runSuitesAgainstSimulator, withEmbeddedTarget } from '../support/run-suites.ts';
import { B_ACCEPT, basicAuthorization, interfaceBRoot } from '../../suites/lib/clients.ts';
import type { Permission, ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * B-USER-1: PUT /user updates its caller's user. A deployment that updates the account's first
 * user (its owner) whoever calls answers api_key's user rightly, as that key's user is the owner:
 * b-user/update has member_api_key's user rename itself, and its answer must be that user, the
 * owner's unchanged, and the member's read back updated; the member is put back afterwards.
 */

/** The target without `member_api_key`, as most documents are. */
const withoutMember = (target: ResolvedTarget): ResolvedTarget => ({ ...target, b: target.b.map(({ memberApiKey: _member, ...account }) => account) });

const NOT_SEEN = /that PUT \/user changes its caller's user and no other user of the account \(its owner, say\) was not seen/;

/** GET /user's fields as `key`'s user has them on the target. */
async function userOf(target: ResolvedTarget, key: string): Promise<unknown> {
  const res = await fetch(`${interfaceBRoot(target.baseUrl!, target.b[0]!.accountId)}/user`, { headers: { authorization: basicAuthorization(key), accept: B_ACCEPT } });
  const user = (await res.json()) as Record<string, unknown>;
  return [user.name, user.email, user.time_zone, user.location, user.notification_settings];
}

/** b-user/update alone in the spec profile, with `permissions`; the member's and the owner's user before and after. */
function updateWith(permissions: Permission[], faults: 'b-user-update-writes-owner'[] = []) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    const { controlUrl: _hidden, ...described } = embedded.target;
    const memberKey = described.b[0]!.memberApiKey!;
    const ownerKey = described.b[0]!.apiKey;
    const before = { member: await userOf(described, memberKey), owner: await userOf(described, ownerKey) };
    const { check, verdict } = await runOneCheck({ ...described, permissions }, 'b-user/update', 'B-USER-1');
    const after = { member: await userOf(described, memberKey), owner: await userOf(described, ownerKey) };
    return { check, verdict, before, after };
  });
}

describe("b-user/update and another user of the account (member_api_key)", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`fails B-USER-1 where PUT /user writes the account's first user (${conventions} conventions)`, { timeout: 60_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ faults: ['b-user-update-writes-owner'], conventions, only: ['b-user/update'], seed: 5, runs: 5 });
      const [update] = run.checks;
      expect(update?.verdict, describeChecks(run.checks)).toBe('fail');
      expect(update?.failures[0]?.clause).toBe('B-USER-1');
      expect(update?.failures[0]?.message).toMatch(/PUT \/user with member_api_key did not answer its caller, member_api_key's user \(colleague@one\.example\), but api_key's user/);
    });

    it(`passes and sees the member's update on the simulator (${conventions} conventions)`, { timeout: 60_000 }, async () => {
      const run = await runSuitesAgainstSimulator({ conventions, only: ['b-user/update'], seed: 5, runs: 5 });
      const [update] = run.checks;
      expect(update?.verdict, describeChecks(run.checks)).toBe('pass');
      expect(update?.notes.join('\n')).not.toMatch(NOT_SEEN);
    });
  }

  it("without change_user_email the member's PUT carries no email, and the owner written instead still fails", { timeout: 60_000 }, async () => {
    const { check, before, after } = await updateWith([], ['b-user-update-writes-owner']);
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/member_api_key did not answer its caller/);
    // The member's PUT did not send an address, so the owner's was never changed, and the owner's restore put the rest back.
    expect(after.owner).toEqual(before.owner);
  });

  it("faultless, the member's user is put back as it was, and the owner's too", { timeout: 60_000 }, async () => {
    const { check, before, after } = await updateWith(['change_user_email']);
    expect(check.verdict, describeChecks([check])).toBe('pass');
    expect(check.notes.join('\n')).not.toMatch(NOT_SEEN);
    expect(after).toEqual(before);
  });

  it('without member_api_key the owner\'s update is still verified, and a note says the other user\'s was not seen', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-user-update-writes-owner'], only: ['b-user/update'], retarget: withoutMember, seed: 5, runs: 5 });
    const [update] = run.checks;
    expect(update?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(update?.partial ?? []).toEqual([]);
    expect(update?.notes.join('\n')).toMatch(/was not seen: it needs a key of a second user of account 1 \(member_api_key in the target document\)/);
  });
});
