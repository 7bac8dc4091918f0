import { describe, expect, it } from 'vitest';
import { proofScope } from './prove.ts';

describe('the checks a fault proof runs', () => {
  it('are exactly those its record names, none picked by prefix (b-ntf/mark is not b-ntf/mark-aged)', () => {
    expect(proofScope('B-NTF-1', ['b-ntf/mark'])).toEqual({ exactly: ['b-ntf/mark'] });
  });

  it('are every check naming the clause for a fault with no record yet, so the record can be made', () => {
    expect(proofScope('X-ROB-1', undefined)).toEqual({ only: ['X-ROB-1'] });
    expect(proofScope('X-ROB-1', [])).toEqual({ only: ['X-ROB-1'] });
  });
});
