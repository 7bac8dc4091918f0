import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { answering } from '../support/answering-front.ts';
import { laggingMarks } from '../support/lagging-marks.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * B-HDR-1: POST /notifications/mark {"id": N} under another spelling of application/json
 * (`application/json; charset=utf-8`, `Application/JSON`) must read its body. A handler that reads
 * it only under exactly `application/json` takes it for no body and marks every notification read,
 * answering 200 all the same: b-hdr/json-media-type-on-every-write judges the mark by the other
 * notifications it leaves unread, not by its status.
 */
async function everyWrite(faults: FaultName[], options: { conventions?: 'standard' | 'alt'; front?: ReturnType<typeof answering>; retarget?: (target: ResolvedTarget) => ResolvedTarget } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-hdr/json-media-type-on-every-write'], profile: 'spec', seed: 7, runs: 3, faults, ...options });
  const check = run.checks.find((c) => c.id === 'b-hdr/json-media-type-on-every-write');
  if (!check) throw new Error('b-hdr/json-media-type-on-every-write did not run');
  return check;
}

describe('b-hdr/json-media-type-on-every-write judges a mark by id by the notifications it leaves unread', () => {
  it.each(['standard', 'alt'] as const)('a mark that ignores its body under other spellings, marking all, fails B-HDR-1 (%s)', async (conventions) => {
    const check = await everyWrite(['b-mark-body-read-under-exact-media-type'], { conventions });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^POST \/notifications\/mark \{"id": \d+\} with Content-Type "application\/json; charset=utf-8" also marked \d+ of the \d+ other notifications unread before it read/);
  });

  it('faultless, each mark by id leaves the others unread: it passes, saying so', async () => {
    const check = await everyWrite([]);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/POST \/notifications\/mark by id under 4 other spelling\(s\) of application\/json left the notifications unread before it, but the one named, unread/);
  });

  it('where GET /notifications is not served, the mark is judged by its status, and a note says why', async () => {
    const check = await everyWrite(['b-mark-body-read-under-exact-media-type'], { front: answering((req) => (req.method === 'GET' && /\/api\/notifications(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined)) });
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/POST \/notifications\/mark by id under other spellings of application\/json was judged by its status only: GET \/notifications \(an extension\) is not served/);
  });
});

/** The target document's `list_lag_seconds`: a bound ten times the front's lag, so a loaded machine does not miss it. */
const declaringLag = (ms: number) => (target: ResolvedTarget): ResolvedTarget => ({ ...target, interfaceB: { ...target.interfaceB, listLagMs: ms } });

describe.concurrent('b-hdr/json-media-type-on-every-write against a notification list that shows marks 1 s late', () => {
  it('judges the others once the named one shows read: the mark of all under another spelling fails B-HDR-1', { timeout: 60_000 }, async () => {
    const check = await everyWrite(['b-mark-body-read-under-exact-media-type'], { front: laggingMarks(1_000), retarget: declaringLag(10_000) });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^POST \/notifications\/mark \{"id": \d+\} with Content-Type "application\/json; charset=utf-8" also marked \d+ of the \d+ other notifications unread before it read/);
  });

  it('faultless, each mark by id leaves the others unread: it passes, verified', { timeout: 60_000 }, async () => {
    const check = await everyWrite([], { front: laggingMarks(1_000), retarget: declaringLag(10_000) });
    expect([check.verdict, check.failures, check.partial ?? []]).toEqual(['pass', [], []]);
  });

  it('where the named one never shows read within the list\'s lag, the others are not judged: B-HDR-1 not verified, saying why', { timeout: 60_000 }, async () => {
    const check = await everyWrite(['b-mark-body-read-under-exact-media-type'], { front: laggingMarks(3_600_000), retarget: declaringLag(500) });
    expect(check.failures).toEqual([]);
    expect(check.partial?.map((p) => p.clause)).toContain('B-HDR-1');
    expect(check.notes.join('\n')).toMatch(/judged by its status only: .*GET \/notifications did not show notification \d+, the one named, read within 0.5 s/);
  });
});
