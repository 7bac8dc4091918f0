import type { CheckContext } from '../types.ts';
import { deleteHookOnCleanup } from './hooks.ts';
import { stopJobOnCleanup } from './jobs.ts';
import type { Account } from './removal.ts';
import { deleteSshKeyOnCleanup } from './ssh-keys.ts';
import { deleteScheduleOnCleanup } from './schedules.ts';
import { terminateClusterOnCleanup } from './clusters.ts';
import { deleteDeliveryOnCleanup } from './deliveries.ts';
import { archivePackageOnCleanup } from './packages.ts';
import { removeMemberOnCleanup } from './members.ts';
import { deleteConnectionOnCleanup } from './new-connections.ts';

/** The kinds of thing a write of interface B creates, each with its one cleanup rule. */
export type CreatedKind = 'hook' | 'sshKey' | 'job' | 'schedule' | 'cluster' | 'delivery' | 'package' | 'member' | 'connection';

/**
 * Registers the undoing of something a write created: a check's own set-up, or a write that
 * should have been refused and was not (so that a failing target is left clean).
 */
export function undoCreation(t: CheckContext, account: Account, kind: CreatedKind, id: number): void {
  switch (kind) {
    case 'hook':
      return deleteHookOnCleanup(t, id, account);
    case 'sshKey':
      return deleteSshKeyOnCleanup(t, id, account);
    case 'job':
      return stopJobOnCleanup(t, id, account);
    case 'schedule':
      return deleteScheduleOnCleanup(t, id, account);
    case 'cluster':
      return terminateClusterOnCleanup(t, id, account);
    case 'delivery':
      return deleteDeliveryOnCleanup(t, id, account);
    case 'package':
      return archivePackageOnCleanup(t, id, account);
    case 'member':
      return removeMemberOnCleanup(t, id, account);
    case 'connection':
      return deleteConnectionOnCleanup(t, id, account);
    default:
      return unhandled(kind);
  }
}

/** A kind without a cleanup rule is a compile error here, not a leftover on a target. */
function unhandled(kind: never): never {
  throw new Error(`no cleanup rule for ${String(kind)}`);
}
