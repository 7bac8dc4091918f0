import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * The expiry checks write a key's expires_at at an offset from UTC (a-keys/expiry-in-real-time
 * at +05:30, a-keys/expired-key-refused at offsets drawn from UTC-12 to UTC+14), so a store that
 * drops the offset (fault a-key-expiry-offset-dropped) is seen. Key management is not in the spec
 * (A-GAP-4): a deployment may take expiries in UTC only. There the checks send the same moment in
 * UTC, say so, and still verify A-AUTH-4.
 */
function utcExpiriesOnly() {
  return answering((req, body) => {
    if (req.method !== 'POST' || !/\/api\/public\/v1\/api-keys$/.test(req.url ?? '')) return undefined;
    const at = /"expires_at"\s*:\s*"([^"]+)"/.exec(body)?.[1];
    if (at === undefined || at.endsWith('Z')) return undefined;
    return { status: 422, body: JSON.stringify({ error: 'expires_at must be a UTC date-time (ending in Z)', code: 'validation_failed', field: 'expires_at' }) };
  });
}

describe('key expiries written at an offset from UTC', () => {
  it('are sent again in UTC where a deployment takes only that: A-AUTH-4 verified and passed, nothing failed', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/expired-key-refused', 'a-keys/expiry-in-real-time'], seed: 5, runs: 4, front: utcExpiriesOnly() });
    const judged = run.checks.map((c) => [c.id, c.verdict, c.failures.map((f) => f.message), (c.partial ?? []).map((p) => p.clause)]);
    expect(judged, describeChecks(run.checks)).toEqual([
      ['a-keys/expired-key-refused', 'pass', [], []],
      ['a-keys/expiry-in-real-time', 'pass', [], []],
    ]);
    for (const check of run.checks) expect(check.notes.join('\n'), check.id).toMatch(/in UTC only/);
  });

  it('fail A-AUTH-4 where the offset is dropped, in real time too (no control API needed)', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-keys/expired-key-refused', 'a-keys/expiry-in-real-time'], seed: 5, runs: 4, faults: ['a-key-expiry-offset-dropped'] });
    expect(run.checks.map((c) => [c.id, c.verdict, [...new Set(c.failures.map((f) => f.clause))]]), describeChecks(run.checks)).toEqual([
      ['a-keys/expired-key-refused', 'fail', ['A-AUTH-4']],
      ['a-keys/expiry-in-real-time', 'fail', ['A-AUTH-4']],
    ]);
  });
});

// Mutation audit 29b: nor an expiry written with a fraction of a second (`.000Z`, as toISOString
// writes it), which a gate reading expiries with a seconds-only pattern holds without one.
describeCheckCatches('a-keys/expiry-in-real-time with an expiry written with a fraction of a second', {
  check: 'a-keys/expiry-in-real-time',
  fault: 'a-key-expiry-fraction-unparsed',
  clause: 'A-AUTH-4',
  message: '(the moment written with a fraction of a second)',
});
