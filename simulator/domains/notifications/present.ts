import type { Links, Sim } from '../../context.ts';
import type { Notification } from './types.ts';
import { presentOptionalTime, presentTime } from '../../http/time.ts';

/**
 * A notification as the conventions show it (the spec shows none). The real service's: `title`,
 * `message`, `last_read_at` (null while unread), `created_at`, `updated_at` (when it was last
 * marked). `alt`: the event `kind`, a `read` flag, the job it is about, and its dashboard `url`.
 */
export function presentNotification(sim: Sim, n: Notification, links: Links): Record<string, unknown> {
  if (sim.conventions.b.notifications === 'all-with-read-flag') {
    return { id: n.id, kind: n.kind, message: n.message, read: n.read, job_id: n.jobId, created_at: presentTime(sim, n.createdAt), url: `${links.html}/notifications/${n.id}` };
  }
  const readAt = n.read ? (n.readAt ?? n.createdAt) : null;
  return {
    id: n.id,
    title: titleOf(n.kind),
    message: n.message,
    last_read_at: presentOptionalTime(sim, readAt),
    created_at: presentTime(sim, n.createdAt),
    updated_at: presentTime(sim, readAt ?? n.createdAt),
  };
}

/** The title of an event kind as the real service words it: `job.completed` is "Job completed". */
function titleOf(kind: string): string {
  const words = kind.split(/[._]/).filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
