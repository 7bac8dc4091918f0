import type { CheckDefinition } from './types.ts';

/**
 * Where a check runs. Interface A and interface B share no state in the spec (separate keys,
 * separate resources), so the checks of one interface run in order in their own lane, beside
 * the other interface's lane; a check that uses both, uses the control API (moving the clock
 * moves both interfaces) or asks for it (`runsAlone`: the timing oracle) runs when no other
 * check is running. With `serial`, every check runs alone, in order.
 */
export type Lane = 'a' | 'b' | 'alone';

export function laneOf(check: Pick<CheckDefinition, 'needs' | 'runsAlone' | 'runsLast' | 'runsAloneWithControl'>, target?: { controlUrl?: string }): Lane {
  if (check.runsAlone || check.runsLast || check.needs.includes('control')) return 'alone';
  if (check.runsAloneWithControl && (target === undefined || target.controlUrl)) return 'alone';
  const a = check.needs.some((n) => n === 'a' || n === 'a2' || n === 'a-nonadmin');
  const b = check.needs.some((n) => n === 'b' || n === 'b2');
  if (a && !b) return 'a';
  if (b && !a) return 'b';
  return 'alone';
}
