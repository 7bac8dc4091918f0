import { HOOK_EVENTS, type HookEvent } from './events.ts';
import type { HookType } from './types.ts';

/**
 * The words a deployment's hooks speak: the names of their types, setting keys and event kinds.
 * The spec shows none of them ("Allowed values of hook `type` and of the keys in `settings`: not
 * shown"); the standard conventions speak the real service's (docs/interface-b.md), the alt
 * conventions others (docs/conventions.md). The model keeps the real service's words inside and
 * translates at the edge: reading a body, presenting a hook, naming a delivered event.
 */
export interface HookVocabulary {
  /** The name each type goes by. */
  types: Record<HookType, string>;
  /** The name each setting key goes by, where it is not its own. */
  settings: Readonly<Record<string, string>>;
  /** The name each event kind goes by. */
  events: Record<HookEvent, string>;
}

const SAME_TYPES: Record<HookType, string> = { web: 'web', email: 'email', slack: 'slack', pagerduty: 'pagerduty', hipchat: 'hipchat' };

export const REAL_SERVICE_HOOK_VOCABULARY: HookVocabulary = {
  types: SAME_TYPES,
  settings: {},
  events: Object.fromEntries(HOOK_EVENTS.map((e) => [e, e])) as Record<HookEvent, string>,
};

/** Other words for everything: `http` hooks with an `endpoint`, events as `job:completed` and `job:*`. */
export const ALT_HOOK_VOCABULARY: HookVocabulary = {
  types: { web: 'http', email: 'mail', slack: 'chat', pagerduty: 'incident', hipchat: 'hipchat' },
  settings: { url: 'endpoint' },
  events: Object.fromEntries(HOOK_EVENTS.map((e) => [e, e.includes('.') ? e.replace('.', ':') : `${e}:*`])) as Record<HookEvent, string>,
};

/** The type a vocabulary's name stands for; undefined for a name it does not have. */
export function typeNamed(v: HookVocabulary, name: string): HookType | undefined {
  return (Object.keys(v.types) as HookType[]).find((type) => v.types[type] === name);
}

/** The event kind a vocabulary's name stands for; undefined for a name it does not have. */
export function eventNamed(v: HookVocabulary, name: unknown): HookEvent | undefined {
  return typeof name === 'string' ? HOOK_EVENTS.find((event) => v.events[event] === name) : undefined;
}

/** The name an event kind goes by (one the model does not know, as it is). */
export function eventName(v: HookVocabulary, event: string): string {
  return Object.hasOwn(v.events, event) ? v.events[event as HookEvent] : event;
}

/** The name a setting key goes by. */
export function settingName(v: HookVocabulary, key: string): string {
  return Object.hasOwn(v.settings, key) ? (v.settings[key] as string) : key;
}

/** Settings as the vocabulary spells them (keys renamed, values as they are). */
export function spokenSettings(v: HookVocabulary, settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [settingName(v, key), value]));
}

/**
 * Settings as the model keeps them, from settings already validated in the vocabulary's words
 * (so every key is one of its own).
 */
export function keptSettings(v: HookVocabulary, settings: Record<string, unknown>): Record<string, unknown> {
  const inside = new Map(Object.entries(v.settings).map(([key, name]) => [name, key]));
  return Object.fromEntries(Object.entries(settings).map(([name, value]) => [inside.get(name) ?? name, value]));
}
