import { describe, expect, it } from 'vitest';
import { FAULT_NAMES, faultCatalog } from '../../simulator/faults.ts';
import { loadChecks } from '../../suites/index.ts';
import { familyOf } from '../../suites/lib/registry.ts';
import { A_FAULTS_BY_FAMILY, type AFamily } from './a-fault-table.ts';

describe('the interface A fault table', () => {
  it('lists every a-* fault of simulator/faults.ts under at least one family', () => {
    const listed = new Set<string>(Object.values(A_FAULTS_BY_FAMILY).flat());
    expect(FAULT_NAMES.filter((f) => f.startsWith('a-') && !listed.has(f))).toEqual([]);
  });

  it('gives each fault to families that have checks naming its clause', async () => {
    const checks = await loadChecks();
    for (const [family, faults] of Object.entries(A_FAULTS_BY_FAMILY) as [AFamily, readonly string[]][]) {
      const own = checks.filter((c) => familyOf(c) === family);
      expect(own.length, `no check in family ${family}`).toBeGreaterThan(0);
      for (const fault of faults) {
        const { clause } = faultCatalog[fault as keyof typeof faultCatalog];
        expect(own.some((c) => c.clauses.includes(clause)), `${family} has no check naming ${clause} (${fault})`).toBe(true);
      }
    }
  });

  it('covers every A clause of the catalog with at least one check', async () => {
    const checks = await loadChecks();
    const named = new Set(checks.filter((c) => familyOf(c).startsWith('a-')).flatMap((c) => c.clauses));
    const aClauses = ['A-VER-1', 'A-AUTH-1', 'A-AUTH-2', 'A-AUTH-3', 'A-AUTH-4', 'A-AUTH-5', 'A-AUTH-6', 'A-AUTH-7', 'A-ENUM-1', 'A-ENUM-2', 'A-ERR-1', 'A-ERR-2', 'A-ERR-3', 'A-PIPE-1', 'A-PIPE-2', 'A-PIPE-3', 'A-GAP-1', 'A-GAP-2', 'A-GAP-3', 'A-GAP-4'];
    expect(aClauses.filter((c) => !named.has(c))).toEqual([]);
  });
});
