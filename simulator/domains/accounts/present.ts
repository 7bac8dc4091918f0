import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { presentTime } from '../../http/time.ts';
import { ownerIdOf, roleOf } from '../members/model.ts';
import { avatarUrlFor } from '../users/new-user.ts';
import type { User } from '../users/types.ts';
import { accountCounts, accountCreatedAt, accountUpdatedAt, ownerEmailOf, regionOf } from './model.ts';
import { permissionsOf } from './permissions.ts';
import { accountPublicKey } from './public-key.ts';

/** The account resource's own address: outside the account path, as the real docs give it. */
export function accountUrl(links: Links, account: AccountState): string {
  return `${links.origin}/accounts/${encodeURIComponent(account.slug)}`;
}

/**
 * An account as the real docs show one (resources/account.md, sections/get-account.md), seen by
 * `caller`: its role, permissions and whether it owns the account are the caller's. The billing
 * and avatar addresses are the owner's until set. `tunnel_host` is the host the API was called
 * on (the simulator runs no tunnel).
 */
export function presentAccount(sim: Sim, account: AccountState, caller: User, links: Links): Record<string, unknown> {
  const profile = account.profile ?? {};
  const ownerEmail = ownerEmailOf(account);
  const gravatarEmail = profile.gravatarEmail !== undefined ? profile.gravatarEmail : ownerEmail;
  const role = roleOf(account, caller);
  const ownerId = ownerIdOf(account) ?? null;
  return {
    id: account.id,
    account_id: account.slug,
    name: account.name,
    uname: `u_${account.id}`,
    region: regionOf(account),
    location: profile.location ?? null,
    billing_email: profile.billingEmail !== undefined ? profile.billingEmail : ownerEmail,
    gravatar_email: gravatarEmail,
    avatar_url: avatarUrlFor(gravatarEmail ?? ''),
    created_at: presentTime(sim, accountCreatedAt(account)),
    updated_at: presentTime(sim, accountUpdatedAt(account)),
    ...accountCounts(account),
    role,
    permissions: permissionsOf(role),
    is_owner: caller.id === ownerId,
    owner_id: ownerId,
    url: accountUrl(links, account),
    public_key: accountPublicKey(account),
    tunnel_host: new URL(links.origin).hostname,
  };
}
