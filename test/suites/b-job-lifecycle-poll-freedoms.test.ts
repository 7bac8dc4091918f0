import { describe, expect, it } from 'vitest';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/*
 * B-JOB-3 and B-JOB-4 in b-job/lifecycle-poll's reads of the ended job with include=cluster,package
 * and with member_api_key, on a deployment that chose otherwise (freedom audit 27). Checked fine,
 * kept as a test (green before and after: no check change): the include query refused (400, an
 * extension's query the deployment does not take) and members refused job reads (403): both noted.
 */

let memberAuthorization: string | undefined;
const knowingMember = (t: ResolvedTarget): ResolvedTarget => {
  const key = t.b[0]?.memberApiKey;
  memberAuthorization = key === undefined ? undefined : `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  return t;
};

const JOB = /^\/[^/]+\/api\/jobs\/\d+$/;
const front = answering((req) => {
  const [path, query = ''] = (req.url ?? '/').split('?');
  if (req.method !== 'GET' || !JOB.test(path ?? '')) return undefined;
  if (new URLSearchParams(query).get('include')?.includes('package')) return { status: 400, body: '{"message":"include: unknown association"}' };
  if (memberAuthorization !== undefined && req.headers.authorization === memberAuthorization) return { status: 403, body: '{"message":"Not allowed"}' };
  return undefined;
});

describe('b-job/lifecycle-poll where includes and members are refused', () => {
  it.each(['standard', 'alt'] as const)('passes, noted (%s)', { timeout: 90_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-job/lifecycle-poll'], seed: 7, runs: 3, conventions, front, retarget: knowingMember });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/with member_api_key answered 403/);
  });
});
