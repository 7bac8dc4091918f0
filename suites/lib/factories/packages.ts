import type { CheckContext } from '../types.ts';
import { deleteOnCleanup, type Account } from './removal.ts';

/**
 * A package of no flow, named for the run. On a real deployment a package made can only be
 * archived (`DELETE /packages/{id}`), never removed, so the catalog marks its POST destructive:
 * the run sends it only where it must be refused.
 */
export function untitledPackageBody(name: string): Record<string, unknown> {
  return { name, description: 'made by disco', variables: { run_date: "'2026-01-01'" } };
}

/** A package is archived by `DELETE /packages/{id}` (an extension); archived, it still reads. */
export function archivePackageOnCleanup(t: CheckContext, id: number, account: Account = 0): void {
  deleteOnCleanup(t, account, `archive package ${id} of account ${account + 1}`, `/packages/${id}`, `/packages/${id}`);
}
