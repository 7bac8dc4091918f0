import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { masks, secretDifference, settingsReflect } from '../../suites/lib/masked-secrets.ts';

/**
 * A hook's `settings` are an object whose keys the spec does not name: a deployment may show a
 * secret one masked, as GitHub shows a webhook's secret ("****" and the last four characters) and
 * as the real service leaves a web hook's basic_auth_data out. b-hook/create-read failed B-HOOK-1
 * for a PagerDuty service_key shown so (the fourteenth freedom audit's fl 2), with a message that
 * showed the expected and the received settings alike: both redacted to "[REDACTED]".
 */
const shownAs = (secret: (value: string) => string) =>
  rewriting((req, reply) => {
    if (!/^\/[^/]+\/api\/hooks(\/\d+)?(\?|$)/.test(req.url ?? '') || reply.status >= 300 || !reply.body) return undefined;
    const body = JSON.parse(reply.body) as unknown;
    const hide = (hook: unknown): unknown => {
      const settings = (hook as { settings?: Record<string, unknown> } | null)?.settings;
      return settings && typeof settings.service_key === 'string' ? { ...(hook as object), settings: { ...settings, service_key: secret(settings.service_key) } } : hook;
    };
    return { body: JSON.stringify(Array.isArray(body) ? body.map(hide) : hide(body)) };
  });

describe('b-hook/create-read against a deployment showing a secret setting masked', () => {
  it('"****" and the last four: B-HOOK-1 passes, verified, and the mask is noted', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-hook/create-read'], seed: 7, runs: 10, front: shownAs((v) => `****${v.slice(-4)}`) });
    const check = run.checks[0]!;
    expect([check.verdict, check.reason, check.failures.map((f) => f.message), check.partial ?? []]).toEqual(['pass', undefined, [], []]);
    expect(check.notes.join('\n')).toMatch(/the hook's settings\.service_key shown masked \(8 characters where \d+ were sent, 4 of them mask characters, its last 4 the sent value's last 4\)/);
  });

  it('a value that is no mask of the one sent still fails B-HOOK-1, the message telling how it differs without either value', { timeout: 60_000 }, async () => {
    const sent: string[] = [];
    const other = shownAs((v) => {
      sent.push(v);
      return `****${[...v.slice(-4)].map((c) => (c === '0' ? '1' : '0')).join('')}`;
    });
    const run = await runSuitesAgainstSimulator({ exactly: ['b-hook/create-read'], seed: 7, runs: 10, front: other });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    const failure = check.failures[0]!;
    expect(failure.clause).toBe('B-HOOK-1');
    expect(failure.message).toMatch(/the hook's settings is not what was sent \(secret-named settings, shown redacted: service_key: 8 characters where \d+ were sent, 4 of them mask characters, neither end the sent value's\)/);
    expect(failure.expected).not.toBe(failure.received);
    for (const value of sent) expect(JSON.stringify(failure)).not.toContain(value);
  });
});

describe('masks: what passes for a mask of a secret', () => {
  const secret = '0123456789abcdef0123456789abcdef';

  it('takes redaction tokens and mask characters keeping at most half of the value, from its ends', () => {
    for (const got of ['[REDACTED]', '[FILTERED]', '<hidden>', '********', `****${secret.slice(-4)}`, `${secret.slice(0, 4)}…${secret.slice(-4)}`, `${secret.slice(0, 8)}...${secret.slice(-8)}`]) expect([got, masks(secret, got)]).toEqual([got, true]);
  });

  it('refuses the value itself, another value, a mask keeping more than half, and a kept part that is not the value\'s', () => {
    for (const got of [secret, 'fedcba9876543210fedcba9876543210', `****${secret.slice(-20)}`, '****ffff', 'ab', '', 42, null]) expect([got, masks(secret, got)]).toEqual([got, false]);
  });

  it('settingsReflect masks only secret-named settings', () => {
    expect(settingsReflect({ service_key: '****cdef', service_name: 'disco' }, { service_key: secret, service_name: 'disco' })).toEqual({ masked: ['service_key'] });
    expect(settingsReflect({ url: 'https://****' }, { url: 'https://example.com/hook' })).toBeNull();
    expect(settingsReflect({ service_name: 'disco' }, { service_key: secret, service_name: 'disco' })).toBeNull();
  });

  it('secretDifference tells lengths and kept ends, never the text', () => {
    expect(secretDifference(secret, 'fedcba9876543210fedcba9876543210')).toBe("32 characters where 32 were sent, no mask characters, neither end the sent value's");
    expect(secretDifference(secret, `${secret}x`)).toBe("33 characters where 32 were sent, no mask characters, its first 32 the sent value's first 32");
    expect(secretDifference(secret, undefined)).toBe('missing');
    expect(secretDifference(secret, 7)).toBe('a number where a string was sent');
  });
});
