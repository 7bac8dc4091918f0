import { invalidFields, type FieldProblem } from '../../http/errors.ts';
import { HOOK_EVENTS, isHookEvent, type HookEvent } from './events.ts';
import { settingsProblems } from './settings.ts';
import { LIVE_HOOK_TYPES, type Hook, type LiveHookType } from './types.ts';
import { eventNamed, keptSettings, spokenSettings, typeNamed, type HookVocabulary } from './vocabulary.ts';

/** A hook's client-settable fields, validated. */
export interface HookFields {
  type: LiveHookType;
  name: string;
  settings: Record<string, unknown>;
  events: HookEvent[];
  active: boolean;
}

const MAX_NAME = 255;
/** Reporting every bad entry of a huge array would make a huge error body. */
const MAX_EVENT_PROBLEMS = 10;

/**
 * Reads the body of `POST /hooks`, in `v`'s words (types, setting keys, event kinds), into the
 * model's. `type`, `settings` and `events` are required; `name` defaults as the real docs say
 * (`defaultHookName`) and `active` to true. Unknown top-level keys are ignored; every problem is
 * reported at once, each naming its field.
 */
export function parseHookCreate(body: Record<string, unknown>, v: HookVocabulary): HookFields {
  const problems: FieldProblem[] = [];
  const type = readType(body.type, problems, v);
  const name = body.name === undefined ? undefined : readName(body.name, problems);
  const settings = body.settings === undefined ? missing('settings', problems) : readSettingsObject(body.settings, problems);
  const events = body.events === undefined ? missing('events', problems) : readEvents(body.events, problems, v);
  const active = body.active === undefined ? true : readActive(body.active, problems);
  if (type && settings) problems.push(...settingsProblems(type, settings, v));
  if (problems.length || !type || !settings || !events || name === null || active === null) throw invalidFields(problems);
  const kept = withSettingDefaults(type, keptSettings(v, settings));
  return { type, name: name ?? defaultHookName(type, kept), settings: kept, events, active };
}

/**
 * A hook's name when none is given, as the real docs say (resources/hooks/web-hook.md,
 * slack-hook.md): a web hook's `url`; a Slack hook's `team` and `channel` run together, or its
 * `url` when both are empty; an email hook's `emails`; a PagerDuty hook's `service_name`.
 */
export function defaultHookName(type: LiveHookType, settings: Record<string, unknown>): string {
  const text = (key: string): string => (typeof settings[key] === 'string' ? (settings[key] as string) : '');
  switch (type) {
    case 'web':
      return text('url');
    case 'slack':
      return `${text('team')}${text('channel')}` || text('url');
    case 'email':
      return text('emails');
    case 'pagerduty':
      return text('service_name');
  }
}

/** A web hook always shows `basic_auth` and `insecure_ssl`, false unless set, as the real docs' answers do. */
function withSettingDefaults(type: LiveHookType, settings: Record<string, unknown>): Record<string, unknown> {
  return type === 'web' ? { ...settings, basic_auth: settings.basic_auth ?? false, insecure_ssl: settings.insecure_ssl ?? false } : settings;
}

/**
 * Reads the body of `PUT /hooks/{id}`: any subset of the create fields. `settings`, when given,
 * replaces the stored object, but for a web hook's `basic_auth_data`: it is never shown, so a
 * client cannot send it back, and the docs' own update sends `basic_auth: true` without it; the
 * stored data stays unless new data is sent. Whatever results is validated as a whole, so
 * changing `type` alone fails when the stored settings do not fit the new type.
 */
export function parseHookUpdate(body: Record<string, unknown>, current: Hook, v: HookVocabulary): { fields: HookFields; changed: boolean } {
  const problems: FieldProblem[] = [];
  const given = ['type', 'name', 'settings', 'events', 'active'].some((k) => body[k] !== undefined);
  const type = body.type !== undefined ? readType(body.type, problems, v) : current.type === 'hipchat' ? retired(problems, v) : current.type;
  const name = body.name === undefined ? current.name : readName(body.name, problems);
  // Validated in the vocabulary's words, as the client spells them, stored settings too.
  const settings = body.settings === undefined ? spokenSettings(v, current.settings) : keepBasicAuthData(readSettingsObject(body.settings, problems), current);
  const events = body.events === undefined ? current.events.filter(isHookEvent) : readEvents(body.events, problems, v);
  const active = body.active === undefined ? current.active : readActive(body.active, problems);
  if (type && settings) problems.push(...settingsProblems(type, settings, v));
  if (problems.length || !type || !settings || !events || name === null || active === null) throw invalidFields(problems);
  return { fields: { type, name, settings: withSettingDefaults(type, keptSettings(v, settings)), events, active }, changed: given };
}

function keepBasicAuthData(settings: Record<string, unknown> | null, current: Hook): Record<string, unknown> | null {
  const stored = current.settings.basic_auth_data;
  if (!settings || settings.basic_auth_data !== undefined || settings.basic_auth !== true || stored === undefined) return settings;
  return { ...settings, basic_auth_data: stored };
}

function missing(field: string, problems: FieldProblem[]): null {
  problems.push({ field, message: 'is required' });
  return null;
}

function knownTypes(v: HookVocabulary): string {
  return LIVE_HOOK_TYPES.map((type) => v.types[type]).join(', ');
}

function retired(problems: FieldProblem[], v: HookVocabulary): null {
  problems.push({ field: 'type', message: `${v.types.hipchat} hooks are retired; use one of ${knownTypes(v)}` });
  return null;
}

function readType(value: unknown, problems: FieldProblem[], v: HookVocabulary): LiveHookType | null {
  if (value === undefined) return missing('type', problems);
  const type = typeof value === 'string' ? typeNamed(v, value) : undefined;
  if (typeof value !== 'string') problems.push({ field: 'type', message: `must be a string, one of ${knownTypes(v)}` });
  else if (type === 'hipchat') retired(problems, v);
  else if (type === undefined) problems.push({ field: 'type', message: `must be one of ${knownTypes(v)}` });
  else return type;
  return null;
}

function readName(value: unknown, problems: FieldProblem[]): string | null {
  if (typeof value !== 'string') problems.push({ field: 'name', message: 'must be a string' });
  else if (value.length > MAX_NAME) problems.push({ field: 'name', message: `must be at most ${MAX_NAME} characters` });
  else return value;
  return null;
}

function readSettingsObject(value: unknown, problems: FieldProblem[]): Record<string, unknown> | null {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ...(value as Record<string, unknown>) };
  problems.push({ field: 'settings', message: 'must be a JSON object' });
  return null;
}

/** Events in the order given, each once. */
function readEvents(value: unknown, problems: FieldProblem[], v: HookVocabulary): HookEvent[] | null {
  if (!Array.isArray(value)) {
    problems.push({ field: 'events', message: 'must be a non-empty array of event names' });
    return null;
  }
  if (value.length === 0) {
    problems.push({ field: 'events', message: 'must not be empty' });
    return null;
  }
  const events: HookEvent[] = [];
  let bad = 0;
  value.forEach((name: unknown, i) => {
    const event = eventNamed(v, name);
    if (event !== undefined) {
      if (!events.includes(event)) events.push(event);
    } else if (bad++ < MAX_EVENT_PROBLEMS) {
      problems.push({ field: `events[${i}]`, message: `is not a hook event (one of ${HOOK_EVENTS.map((e) => v.events[e]).join(', ')})` });
    }
  });
  return bad ? null : events;
}

function readActive(value: unknown, problems: FieldProblem[]): boolean | null {
  if (typeof value === 'boolean') return value;
  problems.push({ field: 'active', message: 'must be a boolean' });
  return null;
}
