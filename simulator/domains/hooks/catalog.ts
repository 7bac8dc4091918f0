import type { HookType } from './types.ts';

/** A hook type as `GET /hooks/types` lists it: the real service's shape (its API docs). */
export interface HookTypeEntry {
  type: HookType;
  name: string;
  description: string;
  groups: readonly { group_type: string; group_name: string }[];
}

/**
 * Every hook type, retired HipChat too (the real service's list shows it). Email's and HipChat's
 * entries are its docs' own; the others are written the same way (its docs show no more).
 */
export const HOOK_TYPE_CATALOG: readonly HookTypeEntry[] = [
  { type: 'email', name: 'Email', description: 'Our Email integration enables you to receive real-time email alerts about your account activity.', groups: [{ group_type: 'email', group_name: 'Email' }] },
  { type: 'hipchat', name: 'HipChat', description: 'Our HipChat integration enables you to receive real-time updates about your account activity into your HipChat rooms.', groups: [{ group_type: 'chat', group_name: 'Chat' }] },
  { type: 'pagerduty', name: 'PagerDuty', description: 'Our PagerDuty integration opens incidents in your PagerDuty service about your account activity.', groups: [{ group_type: 'incident', group_name: 'Incident management' }] },
  { type: 'slack', name: 'Slack', description: 'Our Slack integration enables you to receive real-time updates about your account activity into your Slack channels.', groups: [{ group_type: 'chat', group_name: 'Chat' }] },
  { type: 'web', name: 'Web Hook', description: 'Our Web Hook integration POSTs real-time updates about your account activity to the URL you choose.', groups: [{ group_type: 'web', group_name: 'Web' }] },
];

/** Every type a hook may have, retired ones too: what the hook list's `type` filter takes. */
export const HOOK_TYPES: readonly HookType[] = HOOK_TYPE_CATALOG.map((entry) => entry.type);

/** Icons live outside the simulator, on a reserved domain, as the connection types' do. */
export function hookTypeIconUrl(entry: HookTypeEntry): string {
  return `https://assets.example.invalid/hook-types/${entry.type}.png`;
}
