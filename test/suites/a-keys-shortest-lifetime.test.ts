import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec sets keys no shortest lifetime: a deployment may refuse an expiry less than an hour
 * ahead (the fourth freedom audit's fe variation 8). On the control API's clock the expiry checks
 * make such keys a day longer and move past it; the real-time check, which cannot wait an hour,
 * says why it did not time one (a note where the clock's twin verifies A-AUTH-4).
 */
function shortestLifetimeOfAnHour(now: () => number) {
  return answering((req, body) => {
    if (req.method !== 'POST' || !/\/api\/public\/v1\/api-keys$/.test(req.url ?? '')) return undefined;
    const at = /"expires_at"\s*:\s*"([^"]+)"/.exec(body)?.[1];
    if (at === undefined || Date.parse(at) - now() >= 3_600_000) return undefined;
    return { status: 400, body: JSON.stringify({ error: 'expires_at must be at least one hour in the future', code: 'bad_request', field: 'expires_at' }) };
  });
}

describe('keys a deployment makes live at least an hour', () => {
  it('are timed on the control clock a day longer: A-AUTH-4 verified and passed, nothing failed', { timeout: 120_000 }, async () => {
    // The front judges by the real clock: the first keys (before the checks move the simulator's
    // clock ahead) are refused as the variation refused them.
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/expired-key-refused', 'a-keys/expiry-in-real-time'], seed: 5, runs: 3, front: shortestLifetimeOfAnHour(() => Date.now()) });
    const judged = run.checks.map((c) => [c.id, c.verdict, c.failures.map((f) => f.message), (c.partial ?? []).map((p) => p.clause)]);
    expect(judged, describeChecks(run.checks)).toEqual([
      ['a-keys/expired-key-refused', 'pass', [], []],
      ['a-keys/expiry-in-real-time', 'pass', [], []],
    ]);
    expect(run.checks.find((c) => c.id === 'a-keys/expiry-in-real-time')?.notes.join('\n')).toMatch(/shortest lifetime/);
  });
});
