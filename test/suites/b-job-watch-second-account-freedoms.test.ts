import { describe, expect, it } from 'vitest';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * B-JOB-5 in b-job/watch's account 2 part (freedom audit 27): account 2's user made the job, so it
 * watches it already (its creator watches by default, gaps.md), and stops watching it first by
 * DELETE /jobs/{id}/watchers, an extension. Where that is not served, the watch that follows asks
 * for what the spec does not cover (a second subscription), which may be refused (409, say), as the
 * check takes it of account 1's creator (callerWatches): it was failed for not answering 200 (a
 * false alarm). A caller seen not to watch still gets 200 or fails.
 */

let secondAuthorization: string | undefined;
const knowingSecond = (t: ResolvedTarget): ResolvedTarget => {
  const key = t.b[1]?.apiKey;
  secondAuthorization = key === undefined ? undefined : `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  return t;
};
const WATCHERS = /\/api\/jobs\/\d+\/watchers\/?$/;
const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!;

/** No unwatch (DELETE .../watchers: 404), and account 2's watch of a job it watches already (its own) refused 409. */
const noUnwatchAlreadyWatching = answering((req) => {
  if (!WATCHERS.test(pathOf(req.url))) return undefined;
  if (req.method === 'DELETE') return { status: 404, body: '{"message":"Not found"}' };
  if (req.method === 'POST' && secondAuthorization !== undefined && req.headers.authorization === secondAuthorization) return { status: 409, body: '{"message":"You already watch this job"}' };
  return undefined;
});

function watch(conventions: ConventionsName) {
  return runSuitesAgainstSimulator({ exactly: ['b-job/watch'], conventions, seed: 7, runs: 3, front: noUnwatchAlreadyWatching, retarget: knowingSecond });
}

describe("b-job/watch in account 2 where no unwatch is served and a second watch is refused", () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`passes, noting account 2's watch not seen (${conventions})`, { timeout: 90_000 }, async () => {
      const run = await watch(conventions);
      const check = run.checks.find((c) => c.id === 'b-job/watch')!;
      expect(check.verdict, describeChecks(run.checks)).toBe('pass');
      expect(check.notes.join('\n')).toMatch(/account 2's watch answered 409/);
    });
  }
});
