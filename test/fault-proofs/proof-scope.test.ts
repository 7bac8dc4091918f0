import { describe, expect, it } from 'vitest';
import { clauseChecks, proofScope } from './prove.ts';

describe('the checks a fault proof runs', () => {
  it('are exactly those its record names, none picked by prefix (b-ntf/mark is not b-ntf/mark-aged)', async () => {
    expect(await proofScope('B-NTF-1', ['b-ntf/mark'])).toEqual(['b-ntf/mark']);
  });

  it('are every check naming the clause for a fault with no record yet, those that only support it too (as disco check --only selects them), so the record can be made', async () => {
    expect(await proofScope('X-ROB-1', undefined)).toEqual(await clauseChecks('X-ROB-1'));
    expect(await proofScope('X-ROB-1', [])).toEqual(await clauseChecks('X-ROB-1'));
    // A-PIPE-2: a-pipe/delete-not-deployed carries it; a-keys/value-shown-once only supports it.
    expect(await clauseChecks('A-PIPE-2')).toEqual(expect.arrayContaining(['a-pipe/delete-not-deployed', 'a-keys/value-shown-once']));
  });

  it('leave the timing oracle out of other clauses\' runs, which go side by side, and keep it in its own', async () => {
    expect(await clauseChecks('A-ENUM-1')).not.toContain('a-timing/foreign-404-latency');
    expect(await clauseChecks('A-ENUM-2')).toContain('a-timing/foreign-404-latency');
  });
});
