import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { Hook } from './types.ts';

/** A hook as interface B returns it (spec section 2), `salt` included. */
export function presentHook(sim: Sim, hook: Hook, links: Links): Record<string, unknown> {
  return {
    id: hook.id,
    type: hook.type,
    name: hook.name,
    active: hook.active,
    settings: { ...hook.settings },
    events: [...hook.events],
    salt: hook.salt,
    created_at: presentTime(sim, hook.createdAt),
    updated_at: presentTime(sim, hook.updatedAt),
    url: `${links.api}/hooks/${hook.id}`,
  };
}
