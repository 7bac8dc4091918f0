import type { FieldProblem } from '../../http/errors.ts';
import { decodeCanonicalBase64 } from '../../http/base64.ts';
import { isEmailAddress } from '../users/email.ts';
import type { LiveHookType } from './types.ts';
import { settingName, type HookVocabulary } from './vocabulary.ts';

/**
 * The settings each hook type takes (docs/interface-b.md; slack's `username` from the real service's docs).
 * Keys are checked one by one: an unknown key, a wrong type or a missing required key is a 422
 * naming `settings.<key>`. Only known keys are stored, exactly as given.
 */
type Rule = { kind: 'url' | 'boolean' | 'text' | 'emails' | 'basic-auth'; required?: true };

const RULES: Record<LiveHookType, Record<string, Rule>> = {
  web: {
    url: { kind: 'url', required: true },
    basic_auth: { kind: 'boolean' },
    basic_auth_data: { kind: 'basic-auth' },
    insecure_ssl: { kind: 'boolean' },
  },
  email: { emails: { kind: 'emails', required: true } },
  slack: {
    url: { kind: 'url', required: true },
    team: { kind: 'text' },
    channel: { kind: 'text' },
    username: { kind: 'text' },
  },
  pagerduty: {
    pd_account: { kind: 'text' },
    service_name: { kind: 'text' },
    service_key: { kind: 'text', required: true },
  },
};

const MAX_URL = 2048;
const MAX_TEXT = 255;
const MAX_EMAILS = 2048;

/** A type's rules under the names `v` gives its setting keys. */
function spokenRules(type: LiveHookType, v: HookVocabulary): Record<string, Rule> {
  return Object.fromEntries(Object.entries(RULES[type]).map(([key, rule]) => [settingName(v, key), rule]));
}

/**
 * Problems of `settings`, spelt in `v`'s words, for a hook of `type`; an empty list means valid.
 * Fields and messages are in `v`'s words too.
 */
export function settingsProblems(type: LiveHookType, settings: Record<string, unknown>, v: HookVocabulary): FieldProblem[] {
  const rules = spokenRules(type, v);
  const typeName = v.types[type];
  const problems: FieldProblem[] = [];
  for (const [key, value] of Object.entries(settings)) {
    // Own keys only: `constructor` or `toString` must not find Object.prototype's members.
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    const field = `settings.${key}`;
    if (!rule) {
      problems.push({ field, message: `is not a setting of ${typeName} hooks (known: ${Object.keys(rules).join(', ')})` });
      continue;
    }
    const message = valueProblem(rule, value);
    if (message) problems.push({ field, message });
  }
  for (const [key, rule] of Object.entries(rules)) {
    if (rule.required && settings[key] === undefined) problems.push({ field: `settings.${key}`, message: `is required for ${typeName} hooks` });
  }
  // basic_auth and basic_auth_data go by their own names in every vocabulary.
  if (type === 'web' && settings.basic_auth === true && settings.basic_auth_data === undefined) {
    problems.push({ field: 'settings.basic_auth_data', message: 'is required when basic_auth is true' });
  }
  return problems;
}

function valueProblem(rule: Rule, value: unknown): string | null {
  switch (rule.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be a boolean';
    case 'text':
      if (typeof value !== 'string') return 'must be a string';
      if (rule.required && value.trim() === '') return 'must not be blank';
      return value.length > MAX_TEXT ? `must be at most ${MAX_TEXT} characters` : null;
    case 'url':
      return typeof value === 'string' ? urlProblem(value) : 'must be a string';
    case 'emails':
      return typeof value === 'string' ? emailsProblem(value) : 'must be a string';
    case 'basic-auth':
      return typeof value === 'string' ? basicAuthProblem(value) : 'must be a string';
  }
}

function urlProblem(value: string): string | null {
  if (value.length > MAX_URL) return `must be at most ${MAX_URL} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an absolute http or https URL';
  if (url.hostname === '') return 'must name a host';
  // Credentials belong in basic_auth_data, where they are not echoed in every delivery record.
  if (url.username !== '' || url.password !== '') return 'must not carry credentials; use basic_auth and basic_auth_data';
  return null;
}

function emailsProblem(value: string): string | null {
  if (value.length > MAX_EMAILS) return `must be at most ${MAX_EMAILS} characters`;
  const addresses = value.split(',').map((a) => a.trim());
  const bad = addresses.findIndex((a) => !isEmailAddress(a));
  if (bad === -1) return null;
  return addresses[bad] === '' ? 'must be a comma-separated list of email addresses without empty entries' : `has an invalid email address at position ${bad + 1}`;
}

/** The real service documents `basic_auth_data` as base64 of `user:password`. */
function basicAuthProblem(value: string): string | null {
  if (value.length > MAX_TEXT * 2) return `must be at most ${MAX_TEXT * 2} characters`;
  const malformed = 'must be base64 of "user:password"';
  const decoded = decodeCanonicalBase64(value);
  if (decoded === null) return malformed;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(decoded);
  } catch {
    return malformed;
  }
  return text.includes(':') && !/[\u0000-\u001F\u007F]/.test(text) ? null : malformed;
}
