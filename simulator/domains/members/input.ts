import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { isEmailAddress } from '../users/email.ts';
import { MEMBER_ROLES, type MemberRole } from '../users/types.ts';

/** A `POST /members` body after type checks (sections/add-member.md of the real docs). */
export interface MemberInput {
  email: string;
  /** Used only when the address is nobody's yet; null: the address's local part. */
  name: string | null;
  role: MemberRole;
}

const MAX_TEXT = 255;
const ROLES_GIVEN = [...MEMBER_ROLES, 'owner'] as const;

/** `email` (required), `name` and `role` (`member` unless given); every bad field named at once, unknown ones ignored. */
export function parseMemberInput(body: Record<string, unknown>): MemberInput {
  const problems: FieldProblem[] = [];
  let email = '';
  if (body.email === undefined || body.email === null) problems.push({ field: 'email', message: 'is required' });
  else if (typeof body.email !== 'string' || !isEmailAddress(body.email)) problems.push({ field: 'email', message: 'must be a valid email address' });
  else email = body.email;
  let name: string | null = null;
  if (body.name !== undefined && body.name !== null) {
    if (typeof body.name === 'string' && body.name.trim() !== '' && body.name.length <= MAX_TEXT) name = body.name;
    else problems.push({ field: 'name', message: `must be a non-blank string of at most ${MAX_TEXT} characters` });
  }
  let role: MemberRole = 'member';
  if (body.role !== undefined && body.role !== null) {
    if ((MEMBER_ROLES as readonly unknown[]).includes(body.role)) role = body.role as MemberRole;
    else problems.push({ field: 'role', message: `must be one of ${MEMBER_ROLES.join(', ')}` });
  }
  if (problems.length) throw invalidFields(problems);
  return { email, name, role };
}

/** A `PUT /members/{id}` body: `role`, required, `member`, `admin` or `owner` (sections/set-member-role.md). */
export function parseRoleInput(body: Record<string, unknown>): MemberRole | 'owner' {
  if (body.role === undefined || body.role === null) throw invalidFields([{ field: 'role', message: 'is required' }]);
  if (!(ROLES_GIVEN as readonly unknown[]).includes(body.role)) throw invalidFields([{ field: 'role', message: `must be one of ${ROLES_GIVEN.join(', ')}` }]);
  return body.role as MemberRole | 'owner';
}
