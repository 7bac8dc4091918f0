import { describe, expect, it } from 'vitest';
import { UsageError } from '../commands/usage-error.ts';
import { parseOnly, selectChecks, tokenMatches } from './select.ts';

const checks = [
  { id: 'b-auth/basic', clauses: ['B-AUTH-1'] },
  { id: 'b-auth/regenerate', clauses: ['B-AUTH-2'] },
  { id: 'b-inv/walk-pages', clauses: ['B-LIM-1'] },
  { id: 'b-inv/page-size', clauses: ['B-LIM-2', 'B-GAP-3'] },
  { id: 'a-auth/bearer', clauses: ['A-AUTH-1'] },
];
const ids = (tokens: string[]) => selectChecks(checks, tokens).selected.map((c) => c.id);

describe('--only', () => {
  it('splits commas, trims and drops duplicates', () => {
    expect(parseOnly(['b-auth, B-LIM-1', 'b-auth', ''])).toEqual(['b-auth', 'B-LIM-1']);
  });

  it('matches clause ids, clause families, check families and check ids, in any case', () => {
    expect(ids(['B-LIM-1'])).toEqual(['b-inv/walk-pages']);
    expect(ids(['B-LIM'])).toEqual(['b-inv/walk-pages', 'b-inv/page-size']);
    expect(ids(['b-auth'])).toEqual(['b-auth/basic', 'b-auth/regenerate']);
    expect(ids(['b-inv/page-size', 'b-gap-3'])).toEqual(['b-inv/page-size']);
    expect(ids(['A'])).toEqual(['a-auth/bearer']);
    expect(ids([])).toHaveLength(5);
    expect(tokenMatches('B-AUTH-1', { id: 'x/y', clauses: ['B-AUTH-10'] })).toBe(false);
    // A check id names that check alone, not the checks whose ids it begins.
    expect(tokenMatches('b-iso/foreign-account-path', { id: 'b-iso/foreign-account-path-writes', clauses: ['X-ISO-1'] })).toBe(false);
    expect(tokenMatches('B-ISO/Foreign-Account-Path', { id: 'b-iso/foreign-account-path', clauses: ['X-ISO-1'] })).toBe(true);
  });

  it('selects by a clause the checks that only support it too (they can fail it), and --skip leaves those in', () => {
    const withSupport = [...checks, { id: 'a-keys/expired', clauses: ['A-AUTH-7'], supports: ['A-ERR-1'] }, { id: 'a-err/objects', clauses: ['A-ERR-1'] }];
    expect(selectChecks(withSupport, ['A-ERR-1']).selected.map((c) => c.id)).toEqual(['a-keys/expired', 'a-err/objects']);
    expect(selectChecks(withSupport, ['A-ERR']).selected.map((c) => c.id)).toEqual(['a-keys/expired', 'a-err/objects']);
    expect(selectChecks(withSupport, [], ['A-ERR-1']).selected.map((c) => c.id)).toContain('a-keys/expired');
    expect(selectChecks(withSupport, [], ['A-ERR-1']).selected.map((c) => c.id)).not.toContain('a-err/objects');
  });

  it('returns what it left out', () => {
    expect(selectChecks(checks, ['a']).unselected.map((c) => c.id)).toEqual(['b-auth/basic', 'b-auth/regenerate', 'b-inv/walk-pages', 'b-inv/page-size']);
  });

  it('refuses a token that matches nothing, saying why', () => {
    expect(() => selectChecks(checks, ['b-auth', 'nope'])).toThrow(UsageError);
    expect(() => selectChecks(checks, ['nope'])).toThrow('--only nope matches no check');
    expect(() => selectChecks(checks, ['X-ISO-1'])).toThrow('no check covers clause X-ISO-1 yet');
  });
});

describe('--skip', () => {
  const skipping = (only: string[], skip: string[]) => selectChecks(checks, only, skip);

  it('leaves out what its tokens match, from everything or from --only\'s selection, and says what it left out', () => {
    expect(skipping([], ['b-inv/page-size', 'A']).selected.map((c) => c.id)).toEqual(['b-auth/basic', 'b-auth/regenerate', 'b-inv/walk-pages']);
    expect(skipping([], ['B-AUTH-2']).unselected.map((c) => c.id)).toEqual(['b-auth/regenerate']);
    expect(skipping(['b'], ['b-auth']).selected.map((c) => c.id)).toEqual(['b-inv/walk-pages', 'b-inv/page-size']);
  });

  it('refuses a token that matches nothing, and a selection that leaves no check', () => {
    expect(() => skipping([], ['nope'])).toThrow('--skip nope matches no check');
    expect(() => skipping([], ['X-ISO-1'])).toThrow('--skip X-ISO-1: no check covers clause X-ISO-1 yet');
    expect(() => skipping(['b-auth'], ['B-AUTH'])).toThrow('--only b-auth with --skip B-AUTH leaves no check to run');
    expect(() => skipping([], ['b', 'a'])).toThrow('--skip b,a leaves no check to run');
  });
});
