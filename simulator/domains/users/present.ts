import type { Links, Sim } from '../../context.ts';
import type { AccountState } from '../../store.ts';
import { presentOwnUserTime, presentTime, presentUserTime } from '../../http/time.ts';
import { notificationCounts } from '../notifications/model.ts';
import type { SshKey, User } from './types.ts';
import { gravatarEmailOf } from './model.ts';
import { pickerLabelOffset, timeZoneInfo } from './time-zone.ts';

/** The user as interface B returns it (spec section 2), `api_key` included, with the real docs' `time_zone_info`, `gravatar_email` and `receive_newsletter`. */
export function presentUser(sim: Sim, account: AccountState, user: User, links: Links): Record<string, unknown> {
  const counts = notificationCounts(account, user.id);
  const zoneInfo = timeZoneInfo(user.time_zone, sim.clock.now());
  // b-user-zone-offset-table: the offset's hour looked up in the zone picker's labels (to +12 only).
  if (sim.faults.has('b-user-zone-offset-table')) zoneInfo.offset = pickerLabelOffset(zoneInfo.offset);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar_url: user.avatar_url,
    api_key: user.apiKey,
    time_zone: user.time_zone,
    time_zone_info: zoneInfo,
    location: user.location,
    confirmed: user.confirmed,
    confirmed_at: user.confirmedAt === null ? null : presentOwnUserTime(sim, user.confirmedAt),
    notifications_count: counts.total,
    unread_notifications_count: counts.unread,
    notification_settings: { ...user.notification_settings },
    gravatar_email: gravatarEmailOf(user),
    receive_newsletter: user.receiveNewsletter ?? false,
    created_at: presentOwnUserTime(sim, user.createdAt),
    updated_at: presentUserTime(sim, user.updatedAt, user.time_zone),
    url: `${links.api}/user`,
    html_url: `${links.html}/settings/edit`,
    last_login: user.lastLogin === null ? null : presentOwnUserTime(sim, user.lastLogin),
  };
}

export function presentSshKey(sim: Sim, key: SshKey, links: Links): Record<string, unknown> {
  return {
    id: key.id,
    name: key.name,
    fingerprint: key.fingerprint,
    // b-ssh-key-comment-null: a line without a comment shown as null, not as the empty string.
    comment: key.comment === '' && sim.faults.has('b-ssh-key-comment-null') ? null : key.comment,
    created_at: presentTime(sim, key.createdAt),
    updated_at: presentTime(sim, key.updatedAt),
    url: `${links.api}/user/keys/${key.id}`,
  };
}
