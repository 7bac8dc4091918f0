import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A deployment whose paged extension lists (`GET /jobs`, `/packages`, `/hooks`, `/user/keys`,
 * `/notifications`, `/deliveries`, `/connections`, `/connection_groups`, ...: the spec shows none
 * of them) answer an envelope, `{"data": [...], "meta": {...}}`, while the invoices and the
 * connection types stay arrays as the spec shows them: the `alt` conventions (the fourteenth
 * freedom audit's variation fl 9). Undeclared, every such list reads as not served and the clauses
 * resting on them go not verified, the reason naming the field to declare; declared
 * (`interface_b.extension_list_items`, as the alt target description does), the walks find the
 * items inside the envelope and verify them.
 */
const CLAUSES = ['B-AUTH-3', 'B-CONN-2', 'B-NTF-1', 'B-SCHEMA-1', 'X-ISO-1'];
const CHECKS = ['b-ntf/mark', 'b-conn/rename', 'b-iso/foreign-ids-write-as-absent', 'b-iso/foreign-writes-change-nothing', 'b-schema/written-resources'];

const undeclaring = (target: ResolvedTarget): ResolvedTarget => {
  const { extensionListItems: _declared, ...interfaceB } = target.interfaceB;
  return { ...target, interfaceB };
};

function verdicts(run: Awaited<ReturnType<typeof runSuitesAgainstSimulator>>): Record<string, string> {
  return Object.fromEntries(clauseVerdicts(run.checks, { profile: 'spec' }).filter((v) => CLAUSES.includes(v.id)).map((v) => [v.id, v.verdict]));
}

describe('extension lists in an envelope (interface_b.extension_list_items)', () => {
  it('declared, are read inside the envelope: every clause resting on them passes, and no check fails or is covered in part', { timeout: 300_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', exactly: CHECKS, seed: 7, runs: 5 });
    expect(run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id)).toEqual([]);
    expect(run.checks.flatMap((c) => (c.partial ?? []).map((p) => `${c.id}: ${p.clause} ${p.reason}`))).toEqual([]);
    expect(verdicts(run)).toEqual(Object.fromEntries(CLAUSES.map((c) => [c, 'pass'])));
  });

  it('undeclared, leave what needs them not verified, naming the field to declare and the envelope\'s array, never guessing it', { timeout: 300_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', exactly: CHECKS, seed: 7, runs: 5, retarget: undeclaring });
    expect(run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id)).toEqual([]);
    const v = verdicts(run);
    expect([v['B-AUTH-3'], v['B-NTF-1'], v['B-SCHEMA-1'], v['X-ISO-1']]).toEqual(['not-verified', 'not-verified', 'not-verified', 'not-verified']);
    const told = run.checks.flatMap((c) => [...(c.partial ?? []).map((p) => p.reason), ...(c.verdict === 'skip' && c.reason ? [c.reason] : [])]);
    expect(told.some((r) => /GET \/notifications answered a JSON object, not its items as a bare array \(the default\) where interface_b\.extension_list_items of the target document says \(its one array is the member "data"\), so it was read as not served/.test(r))).toBe(true);
    expect(told.some((r) => /GET \/clusters, \/deliveries, .* answered a JSON object, .*, so each was read as not served/.test(r))).toBe(true);
  });

  it('declared, still fail a list that shows another account\'s item (X-ISO-1)', { timeout: 180_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', exactly: ['b-iso/filtered-lists-own-only'], faults: ['b-delivery-status-filter-every-account'], seed: 7, runs: 5 });
    expect(run.failedClauses.has('X-ISO-1')).toBe(true);
  });
});
