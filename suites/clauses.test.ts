import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLAUSES, clauseById, clauseFamily, isClauseId } from './clauses.ts';

// The catalog lives beside the repository (`../shared/spec/clauses.md` from its root).
const CATALOG = fileURLToPath(new URL('../../shared/spec/clauses.md', import.meta.url));
const catalogPresent = existsSync(CATALOG);

function catalogRows(text: string): { id: string; kind: string; section: string }[] {
  const rows: { id: string; kind: string; section: string }[] = [];
  for (const line of text.split('\n')) {
    const m = /^\|\s*([A-Z]-[A-Z]+-\d+)\s*\|\s*(\w+)\s*\|\s*([^|]+?)\s*\|/.exec(line);
    if (m?.[1] && m[2] && m[3]) rows.push({ id: m[1], kind: m[2], section: m[3] });
  }
  return rows;
}

describe('clause registry', () => {
  it('has unique ids, a kind, a section and a one-line statement for every clause', () => {
    expect(new Set(CLAUSES.map((c) => c.id)).size).toBe(CLAUSES.length);
    for (const c of CLAUSES) {
      expect(c.id).toMatch(/^[ABX]-[A-Z]+-\d+$/);
      expect(['must', 'gap']).toContain(c.kind);
      expect(c.section).not.toBe('');
      expect(c.statement.length).toBeGreaterThan(10);
      expect(c.statement).not.toContain('\n');
      // Gap clauses and only they live in a *-GAP-* family.
      expect(c.kind === 'gap').toBe(/-GAP-/.test(c.id));
    }
  });

  it('looks clauses up by id', () => {
    expect(clauseById('B-AUTH-1')?.kind).toBe('must');
    expect(clauseById('B-GAP-3')?.kind).toBe('gap');
    expect(clauseById('B-AUTH-99')).toBeUndefined();
    expect(isClauseId('X-ISO-1')).toBe(true);
    expect(isClauseId('x-iso-1')).toBe(false);
    expect(clauseFamily('B-AUTH-3')).toBe('B-AUTH');
  });

  it.skipIf(!catalogPresent)(
    `matches the ids, kinds and sections of the catalog${catalogPresent ? '' : ` (SKIPPED: ${CATALOG} is absent)`}`,
    () => {
      const rows = catalogRows(readFileSync(CATALOG, 'utf8'));
      expect(rows.length).toBeGreaterThan(40);
      const ours = CLAUSES.map((c) => ({ id: c.id, kind: c.kind, section: c.section })).sort((a, b) => a.id.localeCompare(b.id));
      expect(ours).toEqual([...rows].sort((a, b) => a.id.localeCompare(b.id)));
    },
  );

  it.skipIf(!catalogPresent)(`words every statement in its own way rather than copying the catalog${catalogPresent ? '' : ` (SKIPPED: ${CATALOG} is absent)`}`, () => {
    const text = readFileSync(CATALOG, 'utf8');
    const copied = CLAUSES.filter((c) => text.includes(c.statement));
    expect(copied.map((c) => c.id)).toEqual([]);
  });
});
