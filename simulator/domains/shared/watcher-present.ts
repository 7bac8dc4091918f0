import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import { memberUrl } from '../members/present.ts';
import type { User } from '../users/types.ts';

/**
 * One entry of a job's, cluster's or schedule's watcher list: the real docs' `id` and
 * `display_name`, with the simulator's `name`, `email` and the member's `url`.
 */
export function presentWatcher(user: User, links: Links): Record<string, unknown> {
  return { id: user.id, display_name: user.name, name: user.name, email: user.email, url: memberUrl(links, user.id) };
}

/**
 * The answer to `POST {collection}/{id}/watchers`: the caller's watcher entry with what the real
 * docs show (sections/watch-clusters-and-jobs.md, watch-schedules.md), `created_at` (the call's
 * time: the simulator keeps no time per watcher) and the watched resource's URL under
 * `job_url`, `cluster_url` or `schedule_url`.
 */
export function presentWatch(sim: Sim, user: User, links: Links, watched: { kind: 'job' | 'cluster' | 'schedule'; url: string }): Record<string, unknown> {
  return { ...presentWatcher(user, links), created_at: presentTime(sim, sim.clock.now()), [`${watched.kind}_url`]: watched.url };
}
