import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { presentOptionalTime, presentTime } from '../../http/time.ts';
import type { User } from '../users/types.ts';
import { gravatarEmailOf } from '../users/model.ts';
import { ownerIdOf, roleOf } from './model.ts';

/** A user's resource: its member record (`GET /members/{id}`), which the real service's API gives by id. */
export function memberUrl(links: Links, id: number): string {
  return `${links.api}/members/${id}`;
}

/** A member as the real docs show one (resources/member.md): the user's public fields, its role, and whether it owns the account. No key. */
export function presentMember(sim: Sim, account: AccountState, user: User, links: Links): Record<string, unknown> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    display_name: user.name,
    gravatar_email: gravatarEmailOf(user),
    avatar_url: user.avatar_url,
    created_at: presentTime(sim, user.createdAt),
    updated_at: presentTime(sim, user.updatedAt),
    location: user.location,
    confirmed: user.confirmed,
    confirmed_at: presentOptionalTime(sim, user.confirmedAt),
    role: roleOf(account, user),
    owner: user.id === ownerIdOf(account),
    url: memberUrl(links, user.id),
    html_url: `${links.html}/settings/members/${user.id}`,
  };
}
