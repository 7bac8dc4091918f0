import { describe, expect, it } from 'vitest';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec names no key of a user's `notification_settings`. A deployment whose settings are
 * nested (`{email: {job_failed: true}}`) and that refuses keys it does not know must not fail
 * B-USER-1 because the kit sent the real service's switches.
 */
const KNOWN = { email: ['job_failed', 'job_completed'] } as const;

function nestedSettingsUser() {
  let user: Record<string, unknown> = {
    id: 7,
    name: 'Ada',
    email: 'ada@example.com',
    avatar_url: 'https://example.com/a.png',
    api_key: 'not-shown-here',
    time_zone: 'UTC',
    location: 'Lisbon',
    confirmed: true,
    confirmed_at: '2026-01-01T00:00:00Z',
    notifications_count: 0,
    unread_notifications_count: 0,
    notification_settings: { email: { job_failed: true } },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    url: 'https://example.com/user',
    html_url: 'https://example.com/settings',
    last_login: '2026-01-01T00:00:00Z',
  };
  const known = (settings: unknown): boolean =>
    settings !== null && typeof settings === 'object' && !Array.isArray(settings) && Object.entries(settings).every(([group, switches]) => group in KNOWN && switches !== null && typeof switches === 'object' && Object.entries(switches).every(([k, v]) => (KNOWN[group as keyof typeof KNOWN] as readonly string[]).includes(k) && typeof v === 'boolean'));
  return answering((req, body) => {
    if (!/^\/[^/]+\/api\/user\/?$/.test(req.url ?? '')) return undefined;
    if (req.method === 'GET') return { status: 200, body: JSON.stringify(user) };
    if (req.method !== 'PUT') return undefined;
    let sent: Record<string, unknown>;
    try {
      sent = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return { status: 400, body: '{"message":"the body is not JSON"}' };
    }
    if ('notification_settings' in sent && !known(sent.notification_settings)) return { status: 422, body: '{"message":"notification_settings: unknown key"}' };
    user = { ...user, ...sent };
    return { status: 200, body: JSON.stringify(user) };
  });
}

const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

describe('b-user/update against a deployment whose notification settings are nested', () => {
  it('sends the user\'s own settings back, and says their update was not seen: no false alarm', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-user/update'], profile: 'spec', runs: 5, front: nestedSettingsUser(), retarget: withoutControl });
    const check = run.checks.find((c) => c.id === 'b-user/update')!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.partial?.map((p) => p.reason).join(' ')).toContain('notification_settings were sent back as the user has them, so their update was not seen');
  });
});

/**
 * Values other than booleans: the spec shows no setting values, so a deployment may refuse them
 * with a 4xx, but a 200 must keep them as sent. A store that coerces every value to a boolean
 * (settings kept as flag columns) fails; switches alone would never show it.
 */
describe('b-user/update with settings holding strings, numbers and objects', () => {
  it('fails B-USER-1 where every setting value is stored and answered as a boolean', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-user-settings-coerced-boolean'], only: ['b-user/update'], seed: 5, runs: 30 });
    const [update] = run.checks;
    expect(update?.verdict).toBe('fail');
    expect(update?.failures[0]?.clause).toBe('B-USER-1');
    expect(update?.failures[0]?.message).toBe("PUT /user: the user's notification_settings do not hold the values sent");
  });

  it('passes B-USER-1 where settings other than switches are refused with a 422, noting it', { timeout: 60_000 }, async () => {
    const switchesOnly = answering((req, body) => {
      if (req.method !== 'PUT' || !/^\/[^/]+\/api\/user$/.test((req.url ?? '').split('?')[0] ?? '')) return undefined;
      const sent = JSON.parse(body) as { notification_settings?: unknown };
      const settings = sent.notification_settings;
      const switches = settings !== null && typeof settings === 'object' && Object.values(settings).every((v) => typeof v === 'boolean');
      return settings !== undefined && !switches ? { status: 422, body: JSON.stringify({ message: 'notification_settings: every value must be true or false' }) } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: ['b-user/update'], front: switchesOnly, seed: 5, runs: 30 });
    const [update] = run.checks;
    expect(update?.failures.map((f) => f.message)).toEqual([]);
    expect(update?.verdict).toBe('pass');
    expect(update?.notes.join('\n')).toMatch(/with a long value or settings other than switches with a 4xx, as it may .*notification_settings holding values other than booleans .*\(422\)/);
    expect(update?.notes.join('\n')).toContain('no notification_settings holding a value other than a boolean was taken in this run (none drawn, or every one refused with a 4xx)');
  });
});
