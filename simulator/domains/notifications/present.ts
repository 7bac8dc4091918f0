import type { Links, Sim } from '../../context.ts';
import type { Notification } from './types.ts';
import { presentTime } from '../../http/time.ts';

/**
 * The simulator's notification shape (the spec shows none). `url` is the notification's page in
 * the dashboard; the API itself serves notifications only as a list.
 */
export function presentNotification(sim: Sim, n: Notification, links: Links): Record<string, unknown> {
  return {
    id: n.id,
    kind: n.kind,
    message: n.message,
    read: n.read,
    job_id: n.jobId,
    created_at: presentTime(sim, n.createdAt),
    url: `${links.html}/notifications/${n.id}`,
  };
}
