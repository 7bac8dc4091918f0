import type { MemberRole } from '../users/types.ts';

/**
 * What the account lets its caller do, by role, exactly as the real service's API docs list them
 * in an account (sections/get-account.md: an admin's; sections/update-account.md: a member's).
 * Shown, not enforced beyond what the simulator enforces (member management is for admins,
 * domains/members/model.ts; updating the account too); the docs' member may `deleteMember`,
 * which the simulator does not let a member do.
 */
const ADMIN_PERMISSIONS: readonly string[] = [
  'viewAccountInfo', 'updateAccountInfo', 'changeAccountOwner', 'deleteAccount', 'viewAccountBillingInfo', 'updateAccountBillingInfo', 'viewAccountUsage',
  'listMembers', 'inviteMember', 'deleteMember', 'updateMemberRole', 'viewAccountMember',
  'listHooks', 'viewHook', 'createHook', 'updateHook', 'deleteHook',
  'listConnections', 'viewConnection', 'createConnection', 'testConnection', 'importConnection', 'updateConnection', 'deleteConnection',
  'listPackages', 'viewPackage', 'createPackage', 'updatePackage', 'deletePackage', 'validatePackage', 'listPackageTemplates',
  'listJobs', 'viewJob', 'createJob',
  'listClusters', 'viewCluster', 'createCluster', 'updateCluster', 'deleteCluster',
  'listSchedules', 'viewSchedule', 'createSchedule', 'updateSchedule', 'deleteSchedule',
];

/** What a member lacks: the docs' member list is the admin's without these, in the same order. */
const ADMIN_ONLY = new Set(['updateAccountInfo', 'changeAccountOwner', 'deleteAccount', 'viewAccountBillingInfo', 'updateAccountBillingInfo', 'inviteMember', 'updateMemberRole']);

const MEMBER_PERMISSIONS: readonly string[] = ADMIN_PERMISSIONS.filter((p) => !ADMIN_ONLY.has(p));

export function permissionsOf(role: MemberRole): readonly string[] {
  return role === 'admin' ? ADMIN_PERMISSIONS : MEMBER_PERMISSIONS;
}
