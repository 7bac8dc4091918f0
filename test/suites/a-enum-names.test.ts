import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * X-ISO-1 on pipeline names in a-enum: account 1 creating a pipeline under the name of one of
 * account 2's is judged against account 1's own creation of the same definition under a fresh
 * name, never against a fixed status. The deployments here are the simulator behind a front that
 * refuses some of account 1's creations itself (account 1 told apart by its key, which the front
 * learns from the target document before the run sends anything).
 */
function refusingAccountOne(refuse: (body: string) => { status: number; error: string } | undefined) {
  let accountOne = '';
  const learnKey = (target: ResolvedTarget): ResolvedTarget => {
    accountOne = `Bearer ${target.a[0]?.adminKey ?? ''}`;
    return target;
  };
  const front = answering((req, body) => {
    if (req.method !== 'POST' || req.url !== '/api/public/v1/pipelines' || req.headers.authorization !== accountOne) return undefined;
    const refusal = refuse(body);
    return refusal ? { status: refusal.status, body: JSON.stringify({ error: refusal.error }) } : undefined;
  });
  return { front, retarget: learnKey };
}

async function runEnum(refuse: Parameters<typeof refusingAccountOne>[0]) {
  const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5, ...refusingAccountOne(refuse) });
  return run.checks[0]!;
}

describe("a-enum/foreign-pipeline-same-404 on a name of account 2's pipelines", () => {
  it('fails X-ISO-1 where the name alone is refused, with a 4xx other than 409, while a fresh name is created', { timeout: 60_000 }, async () => {
    const check = await runEnum((body) => (/-enum-idle"/.test(body) ? { status: 422, error: 'That name is taken.' } : undefined));
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(check.failures.map((f) => `${f.clause} ${f.message}`).join('\n')).toMatch(/X-ISO-1 account 1 was refused a pipeline named ".*-enum-idle" like account 2's not deployed pipeline \d+, and created the same definition under a fresh name/);
  });

  it('leaves X-ISO-1 not verified, saying why, where account 1 cannot create the pipeline under a fresh name either', { timeout: 60_000 }, async () => {
    const check = await runEnum(() => ({ status: 402, error: 'Pipeline quota reached.' }));
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect((check.partial ?? []).filter((p) => p.clause === 'X-ISO-1').map((p) => p.reason).join('\n')).toMatch(/account 1 could not create a pipeline named .* \(402\b.*\), nor the same definition under a fresh name \(402\b.*\)/);
  });
});
