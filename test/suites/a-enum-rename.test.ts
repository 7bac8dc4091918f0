import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * X-ISO-1 on renames in a-enum: account 1 renaming its own pipeline to the name of one of account
 * 2's live pipelines is judged against its rename to a fresh name by the same method just before,
 * by the answer and by what reads back. PATCH is seen on its own where the target document says
 * PUT is not served; a rename answered 2xx that did not take effect (a front that swallows it)
 * is caught by the read.
 */
const withoutReplace = (target: ResolvedTarget): ResolvedTarget => ({ ...target, interfaceA: { ...target.interfaceA, operations: { ...target.interfaceA.operations, 'pipelines.replace': null } } });

async function runEnum(options: Parameters<typeof runSuitesAgainstSimulator>[0]) {
  const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5, ...options });
  return run.checks[0]!;
}

const messages = (check: Awaited<ReturnType<typeof runEnum>>) => check.failures.map((f) => `${f.clause} ${f.message}`).join('\n');

describe("a-enum/foreign-pipeline-same-404 on renames to a name of account 2's pipelines", () => {
  it('fails X-ISO-1 where a PATCH to the name is refused (a-rename-name-taken-any-account), PUT not served', { timeout: 60_000 }, async () => {
    const check = await runEnum({ faults: ['a-rename-name-taken-any-account'], retarget: withoutReplace });
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(messages(check)).toMatch(/X-ISO-1 account 1's update \(PATCH\) of its own pipeline \d+ to ".*-enum-idle", the name of account 2's not deployed pipeline \d+ was refused, where its rename to a fresh name was taken/);
  });

  it('fails X-ISO-1 where the PATCH to the name answers 200 but the name does not read back', { timeout: 60_000 }, async () => {
    let accountOne = '';
    const learnKey = (target: ResolvedTarget): ResolvedTarget => {
      accountOne = `Bearer ${target.a[0]?.adminKey ?? ''}`;
      return withoutReplace(target);
    };
    const front = answering((req, body) => (req.method === 'PATCH' && req.headers.authorization === accountOne && /-enum-idle"/.test(body) ? { status: 200, body: '{}' } : undefined));
    const check = await runEnum({ front, retarget: learnKey });
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(messages(check)).toMatch(/X-ISO-1 account 1's update \(PATCH\) of its own pipeline \d+ to ".*-enum-idle".* answered 200 but did not take effect/);
  });

  it('passes the simulator, whose renames check the caller\'s names only', { timeout: 60_000 }, async () => {
    const check = await runEnum({});
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect((check.partial ?? []).filter((p) => p.clause === 'X-ISO-1')).toEqual([]);
  });
});
