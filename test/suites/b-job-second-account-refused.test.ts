import { describe, expect, it } from 'vitest';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * B-JOB-1 and B-JOB-5 in account 2 (b-job/create-starts, b-job/watch) where account 2's plan
 * refuses jobs (402; freedom audit 27). Checked fine, kept as a test (green before and after: no
 * check change): noted, account 1's jobs carry the clauses.
 */

let secondAuthorization: string | undefined;
const knowingSecond = (t: ResolvedTarget): ResolvedTarget => {
  const key = t.b[1]?.apiKey;
  secondAuthorization = key === undefined ? undefined : `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  return t;
};
const front = answering((req) =>
  req.method === 'POST' && /^\/[^/]+\/api\/jobs\/?$/.test((req.url ?? '/').split('?')[0] ?? '') && secondAuthorization !== undefined && req.headers.authorization === secondAuthorization
    ? { status: 402, body: '{"message":"Your plan does not include jobs"}' }
    : undefined,
);

describe("b-job checks where account 2's plan refuses jobs (402)", () => {
  it.each(['standard', 'alt'] as const)('b-job/create-starts and b-job/watch pass, noted (%s)', { timeout: 90_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-job/create-starts', 'b-job/watch'], seed: 7, runs: 3, conventions, front, retarget: knowingSecond });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass', 'pass']);
    expect(run.checks.map((c) => c.notes.join('\n')).join('\n')).toMatch(/account 2's key answered 402/);
  });
});
