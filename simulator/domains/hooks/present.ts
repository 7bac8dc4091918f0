import type { Links, Sim } from '../../context.ts';
import { presentTime } from '../../http/time.ts';
import type { Hook } from './types.ts';
import { hookTypeIconUrl, type HookTypeEntry } from './catalog.ts';
import { eventName, spokenSettings, type HookVocabulary } from './vocabulary.ts';

/**
 * A hook as interface B returns it (spec section 2), `salt` included, in the conventions' words
 * for its type, setting keys and events. A web hook's `basic_auth_data` (a user and password) is
 * written, never shown, as every example of the real docs answers: deliveries and pings, which
 * send this body, do not carry it either.
 */
export function presentHook(sim: Sim, hook: Hook, links: Links): Record<string, unknown> {
  const { basic_auth_data: _written, ...settings } = hook.settings;
  const words = sim.conventions.b.hooks;
  return {
    id: hook.id,
    type: words.types[hook.type],
    name: hook.name,
    active: hook.active,
    settings: spokenSettings(words, settings),
    events: hook.events.map((event) => eventName(words, event)),
    salt: hook.salt,
    created_at: presentTime(sim, hook.createdAt),
    updated_at: presentTime(sim, hook.updatedAt),
    url: `${links.api}/hooks/${hook.id}`,
  };
}

/** The body a hook's own ping delivers: the hook as the API shows it, without the salt that signs the delivery. */
export function presentPingedHook(sim: Sim, hook: Hook, links: Links): Record<string, unknown> {
  const { salt: _signs, ...shown } = presentHook(sim, hook, links);
  return shown;
}

/** A hook type as `GET /hooks/types` lists it (the real service's shape), by the name `words` gives it. */
export function presentHookType(entry: HookTypeEntry, words: HookVocabulary): Record<string, unknown> {
  return { type: words.types[entry.type], name: entry.name, description: entry.description, icon_url: hookTypeIconUrl(entry), groups: entry.groups.map((g) => ({ ...g })) };
}
