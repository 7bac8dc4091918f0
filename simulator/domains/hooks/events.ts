/**
 * Event names a hook may subscribe to (docs/interface-b.md, from the real service's docs). A family name
 * (`job`, `cluster`) subscribes to every event of that family.
 */
export const HOOK_EVENTS = [
  'job',
  'job.submitted',
  'job.started',
  'job.stopped',
  'job.completed',
  'job.failed',
  'cluster',
  'cluster.requested',
  'cluster.available',
  'cluster.terminated',
  'cluster.idled',
  'cluster.error',
] as const;

export type HookEvent = (typeof HOOK_EVENTS)[number];

/** `GET /hook_events`: each event as the real docs list it (sections/list-hook-events.md), its id in `words`. */
export function hookEventList(words: { events: Record<HookEvent, string> }): { id: string; group_name: string; name: string }[] {
  return HOOK_EVENTS.map((event) => {
    const [family = '', kind] = event.split('.');
    const group = family === 'job' ? 'Job' : 'Cluster';
    return { id: words.events[event], group_name: group, name: kind === undefined ? `All ${group} Notifications` : `${group} ${kind.charAt(0).toUpperCase()}${kind.slice(1)}` };
  });
}

export function isHookEvent(value: unknown): value is HookEvent {
  return typeof value === 'string' && (HOOK_EVENTS as readonly string[]).includes(value);
}

/** Whether a hook subscribed to `events` hears `event`, directly or through its family. */
export function subscribesTo(events: readonly string[], event: string): boolean {
  const dot = event.indexOf('.');
  const family = dot === -1 ? null : event.slice(0, dot);
  return events.some((e) => e === event || e === family);
}
