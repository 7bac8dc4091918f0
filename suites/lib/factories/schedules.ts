import type { CheckContext, Exchange } from '../types.ts';
import type { TargetFixtures } from '../target-types.ts';
import { idOf, routeMissing } from '../answers.ts';
import { deleteOnCleanup, type Account } from './removal.ts';
import { setupFailed } from './setup.ts';

/**
 * A disabled daily schedule of the account's fixture package, starting a year from now: it would
 * never run during a check, on any target. Undefined without a package fixture.
 */
export function disabledScheduleBody(name: string, fixtures: TargetFixtures): Record<string, unknown> | undefined {
  if (fixtures.package_id === undefined) return undefined;
  const start = new Date(Date.now() + 365 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { name, status: 'disabled', start_at: start, interval_amount: 1, interval_unit: 'days', task: { nodes: 1, packages: [{ package_id: fixtures.package_id }] } };
}

/**
 * An enabled daily schedule of the account's fixture package whose first run is at `startMs` (on
 * the target's clock). Only where the control API moves the clock
 * past it: elsewhere it would start a real job on someone's deployment at a real time.
 * Undefined without a package fixture.
 */
export function enabledScheduleBody(name: string, fixtures: TargetFixtures, startMs: number): Record<string, unknown> | undefined {
  if (fixtures.package_id === undefined) return undefined;
  const start = new Date(startMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  // No idle settings of its own: a deployment may bound them (a time_to_idle of at least 300 s,
  // say), and the schedule is deleted when the check ends.
  return { name, status: 'enabled', start_at: start, interval_amount: 1, interval_unit: 'days', task: { nodes: 1, packages: [{ package_id: fixtures.package_id }] } };
}

export function deleteScheduleOnCleanup(t: CheckContext, id: number, account: Account = 0): void {
  deleteOnCleanup(t, account, `delete schedule ${id} of account ${account + 1}`, `/schedules/${id}`, `/schedules/${id}`);
}

/**
 * Creates a disabled schedule in `account` and registers its removal; undefined without a package
 * fixture, or on a target that does not serve schedules (`POST /schedules` is an extension of the
 * real service: a deployment of the spec alone has none, and the endpoints about one are left out).
 */
export async function makeSchedule(t: CheckContext, account: Account, base: string): Promise<{ id: number; created: Exchange } | undefined> {
  const body = disabledScheduleBody(t.name(base), t.fixtures(account));
  if (!body) return undefined;
  const created = await t.b(account).post('/schedules', { body });
  // The simulator serves schedules: there a missing route is its bug, which setupFailed reports.
  if (routeMissing(created) && t.target.controlUrl === undefined) {
    t.note(`POST /schedules (an extension) answered ${created.response.status}: this target serves no schedules, so the endpoints about one were left out`);
    return undefined;
  }
  const id = idOf(created);
  if (created.response.status >= 300 || id === undefined) setupFailed(t, `create a schedule with POST /schedules in account ${account + 1}`, created);
  deleteScheduleOnCleanup(t, id, account);
  return { id, created };
}
