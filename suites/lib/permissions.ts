import type { CheckContext, Permission } from './types.ts';

/**
 * What a run may do to a target that cannot be undone through the API. The target document
 * grants it (`permissions`), or the operator does for one run with an environment variable;
 * a simulator with its control API allows it, since the control API undoes it.
 */
export const PERMISSION_ENV: Record<Permission, string> = {
  rotate_api_key: 'DISCO_ALLOW_KEY_ROTATION',
  rotate_member_api_key: 'DISCO_ALLOW_MEMBER_KEY_ROTATION',
  rotate_second_api_key: 'DISCO_ALLOW_SECOND_KEY_ROTATION',
  assign_connections_to_groups: 'DISCO_ALLOW_GROUP_MEMBERSHIP',
  change_user_email: 'DISCO_ALLOW_EMAIL_CHANGE',
  create_deliveries: 'DISCO_ALLOW_DELIVERIES',
  create_connections: 'DISCO_ALLOW_CONNECTIONS',
  invite_members: 'DISCO_ALLOW_MEMBER_INVITES',
};

export function permitted(t: Pick<CheckContext, 'target'>, permission: Permission): boolean {
  return t.target.controlUrl !== undefined || t.target.permissions.includes(permission) || process.env[PERMISSION_ENV[permission]] === '1';
}

/** How to grant it, for skip and partial reasons. */
export function howToPermit(permission: Permission): string {
  return `set permissions: [${permission}] in the target document, or ${PERMISSION_ENV[permission]}=1 for one run`;
}
