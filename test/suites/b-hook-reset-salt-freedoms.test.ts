import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * b-hook/reset-salt on deployments that chose otherwise where the spec leaves them free: which
 * roles may do what is not shown (section 5), so a member may be refused the reset or be shown a
 * hook with its secrets masked (no salt, settings' values starred) while the reset's own answer
 * shows them; and account 2 may be refused hooks by its plan (402). None is a failure of
 * B-HOOK-2, and none may cost what the check verifies in account 1.
 */
function resetSalt(conventions: ConventionsName, options: { faults?: FaultName[]; front?: Front; retarget?: (t: ResolvedTarget) => ResolvedTarget } = {}) {
  return runSuitesAgainstSimulator({ exactly: ['b-hook/reset-salt'], conventions, seed: 7, runs: 3, ...options });
}

const HOOK = /^\/[^/]+\/api\/hooks\/\d+$/;
const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!;

/** The member's key, as the run's target document gives it (set by `retarget`, read by the front). */
let memberAuthorization: string | undefined;
const knowingMember = (t: ResolvedTarget): ResolvedTarget => {
  const key = t.b[0]?.memberApiKey;
  memberAuthorization = key === undefined ? undefined : `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  return t;
};
const byMember = (headers: Record<string, string | string[] | undefined>) => memberAuthorization !== undefined && headers.authorization === memberAuthorization;

/** GET /hooks/{id} with member_api_key shows the hook without its salt and with its settings' string values masked; the reset's answer shows them. */
const maskedMemberReads: Front = rewriting((req, reply) => {
  if (req.method !== 'GET' || !HOOK.test(pathOf(req.url)) || !byMember(req.headers) || reply.status >= 300) return undefined;
  const hook = JSON.parse(reply.body) as Record<string, unknown>;
  delete hook.salt;
  const settings = typeof hook.settings === 'object' && hook.settings !== null ? (hook.settings as Record<string, unknown>) : {};
  hook.settings = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, typeof v === 'string' ? `********${v.slice(-4)}` : v]));
  return { body: JSON.stringify(hook) };
});

describe('b-hook/reset-salt where the deployment chose otherwise (conformant)', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    const passes = async (options: Parameters<typeof resetSalt>[1]) => {
      const run = await resetSalt(conventions, options);
      const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
      return check;
    };
    it(`account 2 refused hooks by its plan (402): passes, noted (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await passes({ front: answering((req) => (req.method === 'POST' && /^\/disco-two\/api\/hooks\/?$/.test(pathOf(req.url)) ? { status: 402, body: '{"message":"Hooks are not in your plan"}' } : undefined)) });
      expect(check.notes.join('\n')).toMatch(/POST \/hooks with account 2's api_key answered 402/);
    });
    it(`a member refused the reset (403): passes, noted (${conventions})`, { timeout: 60_000 }, async () => {
      const check = await passes({ retarget: knowingMember, front: answering((req) => (req.method === 'PUT' && /\/hooks\/\d+\/reset$/.test(pathOf(req.url)) && byMember(req.headers) ? { status: 403, body: '{"message":"Forbidden"}' } : undefined)) });
      expect(check.notes.join('\n')).toMatch(/reset with member_api_key, of .*, answered 403/);
    });
    it(`a member's reads masked (no salt, settings starred) while the reset's answer shows them: passes (${conventions})`, { timeout: 60_000 }, async () => {
      await passes({ retarget: knowingMember, front: maskedMemberReads });
    });
  }
});

/** The member's reset answered as the member's reads show the hook (settings starred), its new salt shown. */
const maskedMemberAnswers: Front = rewriting((req, reply) => {
  const path = pathOf(req.url);
  const read = req.method === 'GET' && HOOK.test(path);
  const reset = req.method === 'PUT' && /\/hooks\/\d+\/reset$/.test(path);
  if ((!read && !reset) || !byMember(req.headers) || reply.status >= 300) return undefined;
  const hook = JSON.parse(reply.body) as Record<string, unknown>;
  if (read) delete hook.salt;
  const settings = typeof hook.settings === 'object' && hook.settings !== null ? (hook.settings as Record<string, unknown>) : {};
  hook.settings = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, typeof v === 'string' ? `********${v.slice(-4)}` : v]));
  return { body: JSON.stringify(hook) };
});

/** Every hook answered with a field of the deployment's own that moves on every answer. */
const movingExtraField: Front = rewriting((req, reply) => {
  if (!/\/hooks(\/\d+(\/reset)?)?$/.test(pathOf(req.url)) || reply.status >= 300 || !reply.body.startsWith('{')) return undefined;
  return { body: JSON.stringify({ ...(JSON.parse(reply.body) as Record<string, unknown>), last_checked_at: new Date().toISOString() }) };
});

/** updated_at moved to the reset's time by every reset, in its answer and in every later read of that hook. */
const resetMovesUpdatedAt: Front = (() => {
  const resetAt = new Map<string, string>();
  return rewriting((req, reply) => {
    const path = pathOf(req.url);
    const reset = /^(.*\/hooks\/\d+)\/reset$/.exec(path);
    const hook = reset ? reset[1]! : HOOK.test(path) ? path : undefined;
    if (hook === undefined || reply.status >= 300 || !reply.body.startsWith('{')) return undefined;
    if (reset && req.method === 'PUT') resetAt.set(hook, new Date(Date.now() + 1000).toISOString().replace(/\.\d+Z$/, 'Z'));
    const at = resetAt.get(hook);
    return at === undefined ? undefined : { body: JSON.stringify({ ...(JSON.parse(reply.body) as Record<string, unknown>), updated_at: at }) };
  });
})();

/** Settings read (and answered by a reset) with a default the deployment fills in, the create's answer echoing them as sent. */
const defaultsFilledIn: Front = rewriting((req, reply) => {
  const path = pathOf(req.url);
  if (!(HOOK.test(path) || /\/hooks\/\d+\/reset$/.test(path)) || req.method === 'DELETE' || reply.status >= 300 || !reply.body.startsWith('{')) return undefined;
  const hook = JSON.parse(reply.body) as Record<string, unknown>;
  const settings = typeof hook.settings === 'object' && hook.settings !== null ? (hook.settings as Record<string, unknown>) : {};
  return { body: JSON.stringify({ ...hook, settings: { ...settings, insecure_ssl: false } }) };
});

describe('b-hook/reset-salt where the deployment chose otherwise, further (conformant)', () => {
  // The spec profile lets updated_at move forward (the simulator profile holds it, by its conventions).
  it('updated_at moved by every reset: passes (alt)', { timeout: 60_000 }, async () => {
    const run = await resetSalt('alt', { front: resetMovesUpdatedAt });
    const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
    expect(check.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check.partial ?? []).toEqual([]);
  });
  for (const conventions of ['standard', 'alt'] as const) {
    it(`settings read with a default filled in, the create echoing them as sent: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await resetSalt(conventions, { front: defaultsFilledIn });
      const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
    });
  }
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a member's reads and reset answer both masked (settings starred), the answer showing the new salt: passes (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await resetSalt(conventions, { retarget: knowingMember, front: maskedMemberAnswers });
      const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('pass');
      expect(check.partial ?? []).toEqual([]);
    });
  }
  // The spec profile judges section 2's fields (the simulator profile every field, by its conventions).
  it('a field of its own on every hook, moving on every answer: passes (alt)', { timeout: 60_000 }, async () => {
    const run = await resetSalt('alt', { front: movingExtraField });
    const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
    expect(check.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check.partial ?? []).toEqual([]);
  });
});

describe('b-hook/reset-salt where a member\'s reads are masked, and the reset is careless (non-conformant)', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a member's reset that saves the masked settings still fails B-HOOK-2 (${conventions})`, { timeout: 60_000 }, async () => {
      const run = await resetSalt(conventions, { retarget: knowingMember, front: maskedMemberReads, faults: ['b-hook-member-reset-masks-settings'] });
      const check = run.checks.find((c) => c.id === 'b-hook/reset-salt')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toContain('B-HOOK-2');
      expect(check.failures.map((f) => f.message).join('\n')).toMatch(/member_api_key .*settings changed/);
    });
  }
});
