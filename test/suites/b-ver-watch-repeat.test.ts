import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

const WATCHERS = /^\/[^/]+\/api\/jobs\/\d+\/watchers$/;

/**
 * B-VER-2 judges the answers of the spec's writes, the watch among them, sent on a job the check
 * made: its creator, who watches it already on the real service. The spec's 200 is for
 * subscribing; a deployment that refuses a second subscription (409) answers what the spec does
 * not cover, unless the caller was first seen to stop watching.
 */
describe('b-ver/write-responses-media-type and a deployment that refuses a repeated watch', () => {
  it('does not judge a 409 to a creator that could not stop watching first: B-VER-2 passes', { timeout: 60_000 }, async () => {
    const refusesRepeats = answering((req) => {
      if (!WATCHERS.test(req.url ?? '')) return undefined;
      if (req.method === 'DELETE') return { status: 404, body: '{"message":"Not found"}' };
      if (req.method === 'POST') return { status: 409, body: '{"message":"already watching"}' };
      return undefined;
    });
    const run = await runSuitesAgainstSimulator({ only: ['b-ver/write-responses-media-type'], profile: 'spec', front: refusesRepeats, retarget: withoutControl });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason).toBe('pass');
    expect(check.notes.join(' ')).toMatch(/answered, not judged: POST \/jobs\/\{id\}\/watchers: answered 409, and the caller created the job and may watch it already \(DELETE \/jobs\/\d+\/watchers, an extension that would take that off first, answered 404\)/);
  });

  it('still fails a refusal after the caller was seen to stop watching', { timeout: 60_000 }, async () => {
    const refusesWatching = answering((req) => (req.method === 'POST' && WATCHERS.test(req.url ?? '') ? { status: 409, body: '{"message":"already watching"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-ver/write-responses-media-type'], profile: 'spec', front: refusesWatching, retarget: withoutControl });
    expect([...run.failedClauses]).toEqual(['B-VER-2']);
  });
});
