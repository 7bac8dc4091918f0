import { describe, expect, it } from 'vitest';
import { loadChecks } from '../suites/index.ts';
import { unknownClauseIds, uncoveredClauses } from '../suites/lib/aggregate.ts';
import { CLAUSES } from '../suites/clauses.ts';
import { faultCatalog, FAULT_NAMES } from '../simulator/faults.ts';
import { readFileSync } from 'node:fs';
import { coverageDoc } from './fault-proofs/coverage-doc.ts';

describe('the check registry', () => {
  it('names only clause ids that exist in the catalog', async () => {
    const checks = await loadChecks();
    expect(unknownClauseIds(checks)).toEqual([]);
  });

  it('gives every must clause a verifier, and one that runs without the simulator control API (no clause is carried by supporters or accelerators alone)', async () => {
    const checks = await loadChecks();
    const problems = CLAUSES.filter((c) => c.kind === 'must').flatMap((c) => {
      const verifiers = checks.filter((k) => k.clauses.includes(c.id));
      if (verifiers.length === 0) return [`${c.id}: no check verifies it (supported only by ${checks.filter((k) => k.supports?.includes(c.id)).map((k) => k.id).join(', ') || 'none'})`];
      if (verifiers.every((k) => k.needs.includes('control'))) return [`${c.id}: every verifier needs the control API, so no real target can verify it`];
      if (verifiers.every((k) => k.needs.includes('control') || k.deepens)) return [`${c.id}: every verifier needs the control API or only deepens another's coverage`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('covers every clause of the catalog with at least one check', async () => {
    const checks = await loadChecks();
    const uncovered = uncoveredClauses(checks).map((c) => c.id);
    expect(uncovered, `clauses no check names: ${uncovered.join(', ')}`).toEqual([]);
  });

  it('has a fault for every must clause, each naming a real clause', () => {
    const faulted = new Set<string>(FAULT_NAMES.map((name) => faultCatalog[name].clause));
    for (const clause of faulted) expect(CLAUSES.some((c) => c.id === clause), clause).toBe(true);
    const unfaulted = CLAUSES.filter((c) => c.kind === 'must' && !faulted.has(c.id)).map((c) => c.id);
    expect(unfaulted, `must clauses no fault can trip: ${unfaulted.join(', ')}`).toEqual([]);
  });

  it('gives every check a unique id of the form family/slug and a sentence title', async () => {
    const checks = await loadChecks();
    for (const check of checks) {
      expect(check.id).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
      expect(check.title.length).toBeGreaterThan(10);
    }
    expect(new Set(checks.map((c) => c.id)).size).toBe(checks.length);
  });

  it('docs/coverage.md is current (the clause table, the checks each fault trips, the checks none trips)', async () => {
    const onDisk = readFileSync(new URL('../docs/coverage.md', import.meta.url), 'utf8');
    expect(onDisk, 'regenerate with: npm run docs:coverage').toBe(await coverageDoc());
  });
});
