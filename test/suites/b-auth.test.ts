import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedTarget } from '../../bin/embedded-target.ts';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { inRunOrder } from '../../suites/lib/registry.ts';
import type { Permission } from '../../suites/lib/types.ts';
import type { FaultName } from '../../simulator/faults.ts';
import { B_ACCEPT, basicAuthorization, interfaceBRoot } from '../../suites/lib/clients.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { rewriting } from '../support/rewriting-front.ts';

const REGENERATE = 'b-auth/regenerated-key-replaces-old';

describe('b-auth: the key regeneration, which kills the configured key', () => {
  it('says in its definition that it runs last, and so runs after every other check', async () => {
    const checks = await loadChecks();
    expect(checks.find((c) => c.id === REGENERATE)?.runsLast).toBe(true);
    // b-gap/rate-limit-per-user regenerates a key too, only where the control API gives it back.
    const last = checks.filter((c) => c.runsLast).map((c) => c.id);
    expect(last.sort()).toEqual(['b-gap/rate-limit-per-user', REGENERATE, 'b-auth/replaced-key-refused-days-later'].sort());
    expect(checks.slice(-last.length).map((c) => c.id).sort()).toEqual(last);
  });

  it('is ordered by that field, not by where it is declared; checks that must run first come before all', () => {
    const declared = [{ id: 'z/last', runsLast: true }, { id: 'a/one' }, { id: 'm/two', runsLast: false }, { id: 'q/first', runsFirst: 'why' }, { id: 'b/also-last', runsLast: true }, { id: 'c/also-first', runsFirst: 'why' }];
    expect(inRunOrder(declared).map((c) => c.id)).toEqual(['q/first', 'c/also-first', 'a/one', 'm/two', 'z/last', 'b/also-last']);
  });

  it('B-NTF-1 runs before every other check: the catalog writes of other checks mark the notifications read', async () => {
    const checks = await loadChecks();
    expect(checks.filter((c) => c.runsFirst !== undefined).map((c) => c.id)).toEqual(['b-ntf/mark']);
    expect(checks[0]?.id).toBe('b-ntf/mark');
  });

  // A target without a control URL stands for a real deployment; it grants what its document says.
  // `alive`: which configured keys still authenticate after the run.
  async function runOnRealLookingTarget(permissions: Permission[] = [], faults: FaultName[] = []) {
    const embedded = await startEmbeddedTarget({ faults });
    try {
      const { controlUrl: _dropped, ...rest } = embedded.target;
      const target = { ...rest, permissions };
      const checks = (await loadChecks()).filter((c) => c.id === REGENERATE);
      const out = await runChecks({ target, checks, profile: 'spec', seed: 1, runs: 3, readOnly: false, timeoutMs: 10_000 });
      const account = target.b[0]!;
      const works = async (key: string | undefined, accountId = account.accountId) => key !== undefined && (await fetch(`${interfaceBRoot(target.baseUrl ?? '', accountId)}/connections/types`, { headers: { accept: B_ACCEPT, authorization: basicAuthorization(key) } })).status === 200;
      const second = target.b[1]!;
      return { ...out, alive: { owner: await works(account.apiKey), member: await works(account.memberApiKey), second: await works(second.apiKey, second.accountId) } };
    } finally {
      await embedded.close();
    }
  }

  afterEach(() => {
    delete process.env.DISCO_ALLOW_KEY_ROTATION;
    delete process.env.DISCO_ALLOW_MEMBER_KEY_ROTATION;
    delete process.env.DISCO_ALLOW_SECOND_KEY_ROTATION;
  });

  it('is skipped on a real target unless the operator opts in, and says why', async () => {
    const out = await runOnRealLookingTarget();
    expect(out.checks[0]?.verdict).toBe('skip');
    expect(out.checks[0]?.reason).toMatch(/permissions: \[rotate_api_key\]/);
    expect(out.checks[0]?.reason).toMatch(/DISCO_ALLOW_KEY_ROTATION=1/);
  });

  it('runs on a real target whose document grants permissions: [rotate_api_key]', async () => {
    const out = await runOnRealLookingTarget(['rotate_api_key']);
    expect(out.checks[0]?.verdict).toBe('pass');
  });

  // B-AUTH-2 says the caller's key: only a regeneration by a user who does not own the account
  // tells that from the owner's key (fourth mutation audit #44).
  it('with permissions: [rotate_member_api_key] regenerates member_api_key\'s key only: the check passes and api_key stays alive', async () => {
    const out = await runOnRealLookingTarget(['rotate_member_api_key']);
    expect(out.checks[0]?.verdict).toBe('pass');
    expect(out.checks[0]?.partial ?? []).toEqual([]);
    expect(out.alive).toEqual({ owner: true, member: false, second: true });
  });

  it('fails a regeneration that retires the owner\'s key instead of its caller\'s (b-token-regeneration-retires-owner-key), naming B-AUTH-2, wherever member_api_key may be regenerated', async () => {
    for (const permissions of [['rotate_member_api_key'], ['rotate_api_key', 'rotate_member_api_key']] as Permission[][]) {
      const out = await runOnRealLookingTarget(permissions, ['b-token-regeneration-retires-owner-key']);
      expect(out.checks[0]?.verdict, permissions.join()).toBe('fail');
      expect(out.checks[0]?.failures.map((f) => f.clause)).toContain('B-AUTH-2');
    }
  });

  it('with permissions: [rotate_api_key] alone regenerates the owner\'s key, and says the caller-or-owner question went unseen', async () => {
    const out = await runOnRealLookingTarget(['rotate_api_key'], ['b-token-regeneration-retires-owner-key']);
    expect(out.checks[0]?.verdict).toBe('pass');
    expect(out.checks[0]?.notes.join('\n')).toMatch(/replaces its caller's key and not the owner's was not seen.*rotate_member_api_key/);
    expect(out.alive).toEqual({ owner: false, member: true, second: true });
  });

  // A PUT /user after the regenerations, sending the user its own values, must not bring a
  // replaced key back (seventh mutation audit #21): the owner's rotation alone shows it too,
  // since the check reads the user before its first regeneration.
  it('fails a PUT /user that writes the replaced key back (b-user-update-restores-replaced-key), naming B-AUTH-2, for either key rotated', async () => {
    for (const permissions of [['rotate_api_key'], ['rotate_member_api_key']] as Permission[][]) {
      const out = await runOnRealLookingTarget(permissions, ['b-user-update-restores-replaced-key']);
      expect(out.checks[0]?.verdict, permissions.join()).toBe('fail');
      expect(out.checks[0]?.failures.map((f) => f.message).join('\n'), permissions.join()).toMatch(/PUT \/user that sent .* its own values/);
    }
  });

  // A deployment may retire a replaced key in one account's store and not another's (the
  // thirteenth mutation audit's b13 #9): only a regeneration in account 2 shows it.
  it('with permissions: [rotate_second_api_key] regenerates account 2\'s api_key only: the check passes, account 1\'s keys stay alive; a replaced key kept in later accounts fails B-AUTH-2', async () => {
    const out = await runOnRealLookingTarget(['rotate_second_api_key']);
    expect(out.checks[0]?.verdict).toBe('pass');
    expect(out.alive).toEqual({ owner: true, member: true, second: false });
    const faulty = await runOnRealLookingTarget(['rotate_second_api_key'], ['b-key-retired-in-first-account-only']);
    expect(faulty.checks[0]?.verdict).toBe('fail');
    expect(faulty.checks[0]?.failures.map((f) => f.message).join('\n')).toMatch(/api_key of account 2 replaced by POST \/user\/tokens still worked/);
    const unasked = await runOnRealLookingTarget(['rotate_api_key', 'rotate_member_api_key'], ['b-key-retired-in-first-account-only']);
    expect(unasked.checks[0]?.verdict).toBe('pass');
    expect(unasked.checks[0]?.notes.join('\n')).toMatch(/account 2's api_key may not be regenerated.*rotate_second_api_key/);
    expect(unasked.alive.second).toBe(true);
  });

  it('runs on a real target with DISCO_ALLOW_KEY_ROTATION=1', async () => {
    process.env.DISCO_ALLOW_KEY_ROTATION = '1';
    const out = await runOnRealLookingTarget();
    expect(out.checks[0]?.verdict).toBe('pass');
  });
});

describe('b-auth: the regenerated key\'s answer', () => {
  it('is labelled with the versioned media type (B-VER-2): a label wrong there fails B-VER-2 alone, the key rotation itself still judged from the live key', async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-group-and-token-labelled-json'], only: [REGENERATE], runs: 3 });
    expect(run.checks.map((c) => c.verdict)).toEqual(['fail']);
    expect([...run.failedClauses]).toEqual(['B-VER-2']);
    expect(run.leftovers).toEqual([]);
  });
});

describe('b-auth: the replaced key at the API\'s root', () => {
  // A base URL that also hosts the web dashboard answers GET {base_url}/user with its page, 200
  // text/html, to anyone: that is no key authenticating (the fourth freedom audit's ff
  // variation 3). A replaced key is judged there only by whether the answer shows a user.
  const dashboardAtRoot = rewriting((req) => (req.method === 'GET' && /^\/user(\?|$)/.test(req.url ?? '') ? { status: 200, body: '<!doctype html><title>Dashboard</title><div id="app"></div>' } : undefined));

  it('is not taken as authenticated by a dashboard page there, and a grant cache that keeps it is still caught', async () => {
    const quiet = await runSuitesAgainstSimulator({ only: [REGENERATE], runs: 3, front: dashboardAtRoot });
    expect(quiet.checks.map((c) => [c.verdict, c.failures.map((f) => f.message)])).toEqual([['pass', []]]);
    const cached = await runSuitesAgainstSimulator({ only: [REGENERATE], runs: 3, faults: ['b-root-grants-keep-replaced-keys'] });
    expect([...cached.failedClauses]).toEqual(['B-AUTH-2']);
  });
});
