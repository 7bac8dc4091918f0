import { describe, expect, it } from 'vitest';
import { laneOf } from './lanes.ts';

describe('laneOf', () => {
  it('runs a check that moves the clock only with the control API alone only where the target has one', () => {
    const check = { needs: ['b', 'b2'] as const, runsAloneWithControl: 'it moves the simulator clock' };
    expect(laneOf({ ...check, needs: [...check.needs] }, { controlUrl: 'http://127.0.0.1:1/_disco' })).toBe('alone');
    expect(laneOf({ ...check, needs: [...check.needs] }, {})).toBe('b');
    // Without a target to ask (a schedule drawn up ahead), the safe lane.
    expect(laneOf({ ...check, needs: [...check.needs] })).toBe('alone');
  });

  it('keeps the other rules whatever the target', () => {
    expect(laneOf({ needs: ['a'] }, {})).toBe('a');
    expect(laneOf({ needs: ['a'], runsAlone: 'timing' }, {})).toBe('alone');
    expect(laneOf({ needs: ['a', 'b'] }, {})).toBe('alone');
    expect(laneOf({ needs: ['b', 'control'] }, {})).toBe('alone');
  });
});
