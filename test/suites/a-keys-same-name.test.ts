import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * Keys that share a name: the admin rule is the key's own role, not its name's (A-AUTH-5), and
 * one account's key use leaves the other account's key of that name as it was (X-ISO-1). A
 * target that allows no two keys of one name in an account, or whose key records show no usage
 * member, cannot show either: the checks say so and pass on what they saw.
 */
describe('keys of one name', () => {
  it('a non-admin key named like an admin key of its account is refused key management (A-AUTH-5)', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/admin-only'], faults: ['a-admin-role-by-key-name'], seed: 3, runs: 4 });
    expect([...run.failedClauses], describeChecks(run.checks)).toEqual(['A-AUTH-5']);
    expect(run.checks[0]?.failures?.map((f) => f.message)).toContainEqual(expect.stringMatching(/with a non-admin key named like an admin key of its account answered 201, expected 403/));
  });

  it('says so where a second key of one name is refused in an account', { timeout: 120_000 }, async () => {
    const names = new Set<string>();
    // A deployment whose key names are unique in an account: a second create under a name is 409.
    const uniqueNames = answering((req, body) => {
      if (req.method !== 'POST' || !/^\/api\/public\/v1\/api-keys$/.test(req.url ?? '')) return undefined;
      // A create in another form (a form body, which a-keys/admin-only also sends) is passed on.
      let name: unknown;
      try {
        name = (JSON.parse(body || '{}') as { name?: unknown }).name;
      } catch {
        return undefined;
      }
      if (typeof name !== 'string') return undefined;
      // Per caller, as the front cannot tell accounts apart (a check may send one name in each).
      const taken = `${req.headers.authorization ?? ''} ${name}`;
      if (!names.has(taken)) {
        names.add(taken);
        return undefined;
      }
      return { status: 409, body: JSON.stringify({ error: 'A key of that name exists.' }) };
    });
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/admin-only'], front: uniqueNames, seed: 3, runs: 4 });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check.notes).toContainEqual(expect.stringMatching(/^a non-admin key named like an admin key of its account was not tried: the create of a second key under one name answered 409/));
  });

  it("account 1's use of its key leaves the usage of account 2's key of that name as it was (X-ISO-1)", { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/same-name-revoke-spares-other-account'], faults: ['a-key-usage-by-name-every-account'], seed: 3, runs: 4 });
    expect([...run.failedClauses], describeChecks(run.checks)).toEqual(['X-ISO-1']);
    expect(run.checks[0]?.failures?.map((f) => f.message)).toContainEqual(expect.stringMatching(/^account 2's key changed last_used_at after account 1 used its own key of the same name/));
  });

  it('notes, and does not fail, where key records show no usage member', { timeout: 120_000 }, async () => {
    // A deployment whose key records say nothing of use: last_used_at taken out of every key read.
    const noUsage = rewriting((req, reply) => {
      if (req.method !== 'GET' || !/^\/api\/public\/v1\/api-keys\/\d+$/.test(req.url ?? '') || reply.status !== 200) return undefined;
      const record = JSON.parse(reply.body) as Record<string, unknown>;
      delete record.last_used_at;
      return { body: JSON.stringify(record) };
    });
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/same-name-revoke-spares-other-account'], faults: ['a-key-usage-by-name-every-account'], front: noUsage, seed: 3, runs: 4 });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check.notes).toContainEqual(expect.stringMatching(/^account 2's key record shows no usage member .*: whether account 1's use of its key of the same name marks account 2's key used was not seen$/));
  });

  it("account 1 making its key of a name leaves account 2's key of that name working (X-ISO-1): a rotation by name fails, not skips", { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/same-name-revoke-spares-other-account'], faults: ['a-key-rotation-by-name-every-account'], seed: 3, runs: 4 });
    expect([...run.failedClauses], describeChecks(run.checks)).toEqual(['X-ISO-1']);
    expect(run.checks[0]?.failures?.map((f) => f.message)).toContainEqual(expect.stringMatching(/^account 2's key \d+ stopped working once account 1 made and used its own key of the same name, while account 2's key \d+, made after it under another name, works$/));
  });

  it("skips, and does not fail, where account 2's new keys are all refused at first", { timeout: 120_000 }, async () => {
    // A deployment whose new keys take a while to work: every key a create answer showed is refused.
    const made = new Set<string>();
    let creates = 0;
    const youngKeysRefused = rewriting((req, reply) => {
      if (req.method === 'POST' && /^\/api\/public\/v1\/api-keys$/.test(req.url ?? '') && reply.status === 201) {
        creates++;
        for (const [, key] of reply.body.matchAll(/"(fdk_[^"]+)"/g)) made.add(key!);
        return undefined;
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      return bearer !== undefined && made.has(bearer) ? { status: 401, body: JSON.stringify({ error: 'Unauthorized.' }) } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ exactly: ['a-keys/same-name-revoke-spares-other-account'], front: youngKeysRefused, seed: 3, runs: 4 });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks(run.checks)).toBe('skip');
    // account 2's key of the shared name, account 1's, and account 2's second.
    expect(creates).toBe(3);
    expect(check.reason).toMatch(/account 2's new keys are refused before anything is revoked \(.*; a second one made under another name: .*401.*\)/);
  });
});
