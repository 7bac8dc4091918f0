import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRESH_STAMP_SLACK_MS, freshStampProblems, movedStampProblem, stampOrderProblem } from './formats.ts';
import type { Exchange } from './types.ts';

/** A create's answer stamped `Date: <dateMs>` (or with no Date header), taking `durationMs`. */
function answered(dateMs: number | undefined, durationMs: number, headerName = 'date'): Exchange {
  return {
    request: { method: 'POST', url: 'http://target.invalid/1/api/hooks', headers: {} },
    response: { status: 201, headers: dateMs === undefined ? {} : { [headerName]: new Date(dateMs).toUTCString() }, body: '' },
    json: undefined,
    durationMs,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('freshStampProblems', () => {
  // A deployment's clock may be anywhere (the spec-neutral gateway's is 400 days ahead): only the target's Date header counts.
  const someMoment = fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2090-01-01T00:00:00Z') });

  it('takes a record made during the exchange, whatever the target clock reads and however the Date header cuts its second', () => {
    fc.assert(fc.property(someMoment, fc.integer({ min: 0, max: 30_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (answeredMs, durationMs, share) => {
      const made = answeredMs - durationMs * share;
      const ex = answered(Math.floor(answeredMs / 1000) * 1000, durationMs);
      expect(freshStampProblems(ex, { created_at: iso(made), updated_at: iso(answeredMs) })).toEqual({ problems: [] });
    }));
  });

  it('names each timestamp a whole zone offset (15 minutes or more) from the Date header: local time labelled UTC', () => {
    fc.assert(fc.property(someMoment, fc.integer({ min: -48, max: 56 }).filter((quarters) => quarters !== 0), (answeredMs, quarters) => {
      const wallClock = iso(answeredMs + quarters * 15 * 60_000);
      const judged = freshStampProblems(answered(answeredMs, 200), { created_at: wallClock, updated_at: wallClock });
      expect('problems' in judged && judged.problems.length).toBe(2);
    }));
  });

  it('leaves room of FRESH_STAMP_SLACK_MS for a Date stamped by another machine', () => {
    const at = Date.parse('2026-12-01T06:27:00Z');
    expect(freshStampProblems(answered(at, 0), { created_at: iso(at - FRESH_STAMP_SLACK_MS + 1000) })).toEqual({ problems: [] });
    expect(freshStampProblems(answered(at, 0), { created_at: iso(at + FRESH_STAMP_SLACK_MS + 2000) })).toMatchObject({ problems: [expect.stringContaining('created_at')] });
  });

  it('judges nothing without a Date header, with one not a date, or without UTC timestamps, and reads the header in any case', () => {
    expect(freshStampProblems(answered(undefined, 10), { created_at: iso(0) })).toEqual({ unjudged: 'the answer has no Date header' });
    const bad = answered(0, 10);
    bad.response.headers = { date: 'yesterday' };
    expect(freshStampProblems(bad, { created_at: iso(0) })).toHaveProperty('unjudged');
    expect(freshStampProblems(answered(0, 10), { created_at: '2026-12-01T15:27:00+09:00' })).toHaveProperty('unjudged');
    expect(freshStampProblems(answered(Date.parse('2026-12-01T06:27:00Z'), 10, 'Date'), { created_at: '2026-12-01T15:27:00Z' })).toMatchObject({ problems: [expect.stringContaining('32400 s')] });
  });
});

describe('stampOrderProblem and movedStampProblem', () => {
  const at = Date.parse('2026-12-01T06:27:00Z');
  it('names an updated_at before created_at beyond a second, and takes one equal, later or cut to its second', () => {
    expect(stampOrderProblem({ created_at: iso(at), updated_at: iso(at - 8 * 3_600_000) })).toMatch(/^updated_at \S+ is 28800 s before created_at/);
    for (const updated of [at, at + 5_000, at - 999]) expect(stampOrderProblem({ created_at: iso(at), updated_at: iso(updated) })).toBeUndefined();
    expect(stampOrderProblem({ created_at: iso(at) })).toBeUndefined();
  });
  it('judges a moved updated_at against the answer that showed it before: not before that answer, less the slack', () => {
    const first = movedStampProblem(undefined, answered(at, 10), { updated_at: iso(at - 60_000) });
    expect(first).toEqual({ seen: { ms: at - 60_000, answered: at } });
    // Unchanged, or moved to a moment after the first answer: nothing to say.
    expect(movedStampProblem(first.seen, answered(at + 5_000, 10), { updated_at: iso(at - 60_000) }).problem).toBeUndefined();
    expect(movedStampProblem(first.seen, answered(at + 5_000, 10), { updated_at: iso(at + 4_000) }).problem).toBeUndefined();
    // Moved to eight hours before the first answer (a wall-clock time west of UTC labelled UTC).
    expect(movedStampProblem(first.seen, answered(at + 5_000, 10), { updated_at: iso(at + 5_000 - 8 * 3_600_000) }).problem).toMatch(/moved since an earlier answer/);
    expect(movedStampProblem(first.seen, answered(at + 5_000, 10), { updated_at: iso(at - FRESH_STAMP_SLACK_MS) }).problem).toBeUndefined();
  });
});
