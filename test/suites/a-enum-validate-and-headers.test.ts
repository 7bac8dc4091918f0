import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * X-ISO-1 in a-enum/foreign-pipeline-same-404 on two ways past the account a key belongs to: a
 * header naming account 2 (an account switcher's `X-Account`), and the dry run of the create
 * (`pipelines.validate`) refusing a name only account 2 uses. The header write is judged by
 * what account 2 reads back, not by its answer alone; the dry run by its body too, not by its
 * status alone.
 */
async function runEnum(options: Parameters<typeof runSuitesAgainstSimulator>[0]) {
  const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5, ...options });
  return run.checks[0]!;
}

const messages = (check: Awaited<ReturnType<typeof runEnum>>) => check.failures.map((f) => `${f.clause} ${f.message}`).join('\n');

describe('a-enum/foreign-pipeline-same-404 on headers naming account 2 and on the dry run of the create', () => {
  it('fails X-ISO-1 where the dry run under account 2\'s name answers the same status as a fresh name with another body', { timeout: 60_000 }, async () => {
    let accountOne = '';
    const learnKey = (target: ResolvedTarget): ResolvedTarget => {
      accountOne = `Bearer ${target.a[0]?.adminKey ?? ''}`;
      return target;
    };
    const front = answering((req, body) => (req.method === 'POST' && req.url === '/api/public/v1/pipelines/validate' && req.headers.authorization === accountOne && /-enum-idle"/.test(body) ? { status: 200, body: JSON.stringify({ valid: false, errors: ['name: in use'] }) } : undefined));
    const check = await runEnum({ front, retarget: learnKey });
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(messages(check)).toMatch(/X-ISO-1 account 1's dry run of the create \(pipelines.validate\) of a definition named ".*-enum-idle", the name of account 2's not deployed pipeline \d+ gets another body than the same definition under a fresh name/);
  });
});
