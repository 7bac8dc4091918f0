import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { laggingMarks } from '../support/lagging-marks.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * B-HDR-1: each mark by id of b-hdr/json-media-type-on-every-write needs its own control. Where
 * the notification it names was read before it (an earlier run marked the target document's
 * fixture notification; every spelling after the first names it again), the list showing it read
 * tells nothing, and against a list that shows marks late one immediate read would hide a mark
 * of all (audit 22, V1 and V6).
 */
async function everyWrite(faults: FaultName[], options: { conventions?: 'standard' | 'alt'; front?: ReturnType<typeof rewriting>; retarget?: (target: ResolvedTarget) => ResolvedTarget } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-hdr/json-media-type-on-every-write'], profile: 'spec', seed: 7, runs: 3, faults, ...options });
  const check = run.checks.find((c) => c.id === 'b-hdr/json-media-type-on-every-write');
  if (!check) throw new Error('b-hdr/json-media-type-on-every-write did not run');
  return check;
}

/**
 * The target document names `pick(ids)` of account 1's notifications (the simulator's seed reads
 * every fourth: ids[3] is read before the run, as an earlier run leaves a fixture), and says its
 * lists may lag `lagMs`.
 */
const naming = (pick: (ids: number[]) => number[], lagMs: number) => (target: ResolvedTarget): ResolvedTarget => ({
  ...target,
  interfaceB: { ...target.interfaceB, listLagMs: lagMs },
  b: target.b.map((b, i) => (i === 0 ? { ...b, fixtures: { ...b.fixtures, notification_ids: pick(b.fixtures.notification_ids ?? []) } } : b)),
});
const readFixtureOnly = (ids: number[]) => [ids[3]!];
const readFixtureFirst = (ids: number[]) => [ids[3]!, ...ids.filter((_, i) => i !== 3)];

describe.concurrent('b-hdr/json-media-type-on-every-write: a mark whose named notification was read before it, against a list 1 s late', () => {
  it('the only fixture notification read already: the marks are judged after the list\'s lag, and a mark of all fails B-HDR-1 naming the spellings', { timeout: 60_000 }, async () => {
    const check = await everyWrite(['b-mark-body-read-under-exact-media-type'], { front: laggingMarks(1_000), retarget: naming(readFixtureOnly, 4_000) });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^POST \/notifications\/mark \{"id": \d+\}, the notification named read before it, under "application\/json; charset=utf-8", "Application\/JSON".* marked \d+ of the \d+ other notifications unread before them read/);
  });

  it('a later spelling alone marking all (a case-sensitive prefix test) fails B-HDR-1 naming the spellings judged together', { timeout: 60_000 }, async () => {
    const check = await everyWrite(['b-mark-body-case-sensitive-media-type'], { front: laggingMarks(1_000), retarget: naming(readFixtureOnly, 4_000) });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/"Application\/JSON".* marked \d+ of the \d+ other notifications unread before them read/);
  });

  it('where the document names more notifications, each mark names one still unread: a mark of all fails at once', { timeout: 60_000 }, async () => {
    const check = await everyWrite(['b-mark-body-read-under-exact-media-type'], { front: laggingMarks(1_000), retarget: naming(readFixtureFirst, 10_000) });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^POST \/notifications\/mark \{"id": \d+\} with Content-Type "application\/json; charset=utf-8" also marked \d+ of the \d+ other notifications unread before it read/);
  });

  it('faultless, the only fixture notification read already: the others are still unread after the lag, verified', { timeout: 60_000 }, async () => {
    const check = await everyWrite([], { front: laggingMarks(1_000), retarget: naming(readFixtureOnly, 3_000) });
    expect([check.verdict, check.failures, check.partial ?? []]).toEqual(['pass', [], []]);
    expect(check.notes.join('\n')).toMatch(/POST \/notifications\/mark by id under 4 other spelling\(s\) of application\/json left the notifications unread before it, but the one named, unread/);
  });
});

describe('b-mark-body-case-sensitive-media-type: a mark reading its body under a case-sensitive prefix test', () => {
  it.each(['standard', 'alt'] as const)('fails B-HDR-1 at "Application/JSON" (%s)', async (conventions) => {
    const check = await everyWrite(['b-mark-body-case-sensitive-media-type'], { conventions });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^POST \/notifications\/mark \{"id": \d+\} with Content-Type "Application\/JSON" also marked/);
  });
});
