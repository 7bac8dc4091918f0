import { describe, expect, it } from 'vitest';
import { runOneCheck, runSuitesAgainstSimulator, withEmbeddedTarget } from '../support/run-suites.ts';

describe('b-iso: the no-enumeration convention binds in the simulator profile only', () => {
  it('a target answering 403 for "exists, not yours" and 404 for "absent" passes the spec profile, with a note', async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/'], faults: ['b-foreign-resource-403'], profile: 'spec', seed: 5, runs: 5 });
    const bad = run.checks.filter((c) => c.verdict !== 'pass').map((c) => `${c.id}: ${c.verdict} ${c.reason ?? ''}`);
    expect(bad).toEqual([]);
    expect(run.checks.flatMap((c) => c.notes).some((n) => /answers differ \(403 vs 404\)/.test(n))).toBe(true);
  });

  it('uses every id of account 2 on the simulator, whose ids are unique across accounts', async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-iso/'], seed: 5, runs: 3 });
    expect(run.checks.flatMap((c) => c.notes).filter((n) => n.includes('not used with account 1'))).toEqual([]);
  });
});

describe("b-iso: account 1's lists are read whole before they are said to show nothing of account 2's", () => {
  it('leaves X-ISO-1 covered in part, naming the list, where a list does not take the page size', { timeout: 60_000 }, async () => {
    await withEmbeddedTarget({}, async ({ target }) => {
      // Account 1 has a few hooks, so a page asked for one that holds them all shows the page size ignored.
      const account = target.b[0]!;
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${target.baseUrl}/${account.accountId}/api/hooks`, {
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from(`${account.apiKey}:`).toString('base64')}`, accept: 'application/vnd.service+json; version=2', 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'email', name: `own-${i}`, settings: { emails: 'ops@example.com' }, events: ['job'], active: false }),
        });
        expect(res.status, await res.text()).toBe(201);
      }
      // Paging names the simulator does not know: every list answers its default page of 20.
      const deaf = { ...target, interfaceB: { ...target.interfaceB, paging: { offset: 'skip', pageSize: 'take' } } };
      const { check } = await runOneCheck(deaf, 'b-iso/foreign-writes-change-nothing', 'X-ISO-1', { runs: 3 });
      expect(check.failures).toEqual([]);
      const reasons = (check.partial ?? []).map((p) => p.reason).join('\n');
      expect(reasons).toMatch(/account 1's GET \/(hooks|user\/keys|jobs) could not be read whole \(it does not take a page size as skip and take \(a page of 1 held more: interface_b\.extension_paging says how it pages\)/);
    });
  });
});
