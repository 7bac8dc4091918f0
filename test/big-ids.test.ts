import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../suites/clauses.ts';
import { clauseVerdicts } from '../suites/lib/aggregate.ts';
import { faultCatalog, type FaultName } from '../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from './support/run-suites.ts';
import { runCatching } from './fault-proofs/prove.ts';
import { expectSkewSeen, SKEW_DAYS, SKEW_MS } from './support/clock-skew.ts';
import { bigIdRunProblems, startBigIdGateway, withBigFixtureIds, type BigIdGateway } from './support/big-id-gateway.ts';

/*
 * The spec says only that ids are integers: a deployment handing out ids beyond 2^53 (64-bit
 * snowflake ids) is conformant, and JSON.parse reads such an id as the nearest double. The whole
 * suite, through a gateway that shows every id of the simulator as 10^18 + n
 * (test/support/big-id-gateway.ts), must verify and pass every must clause as it does without it,
 * with the target described by a document listing its fixtures by those ids.
 */

const MUST = CLAUSES.filter((c) => c.kind === 'must').map((c) => c.id);

describe('a deployment whose ids are beyond 2^53', () => {
  // The standard conventions here, the alt ones in the fault runs below; `npm run soak` runs the
  // whole suite through the gateway once per seed in each (they alternate): a second whole run
  // here cost CI about 50 s of a worker's time. The same run has the target's clock 400 days
  // ahead of the runner's (test/support/clock-skew.ts; split-origins.test.ts has it behind): a
  // deployment may differ in both at once, and a whole run of its own cost CI about 30 s more.
  it.each(['standard'] as const)(`%s conventions, the target's clock ${SKEW_DAYS} days ahead: every must clause verified and passed, no check failed or errored`, { timeout: 120_000 }, async (conventions) => {
    let gateway: BigIdGateway | undefined;
    const run = await runSuitesAgainstSimulator({
      conventions,
      clockOffsetMs: SKEW_MS,
      profile: 'spec',
      seed: Number(process.env.DISCO_BIG_ID_SEED ?? 20261128),
      runs: 10,
      front: async (origin) => (gateway = await startBigIdGateway(origin)),
      retarget: withBigFixtureIds,
    });
    expect(bigIdRunProblems(run, conventions)).toEqual([]);
    const verdicts = clauseVerdicts(run.checks, { profile: 'spec' });
    expect(verdicts.filter((v) => v.kind === 'must' && v.verdict === 'pass').map((v) => v.id)).toEqual(MUST);
    expect(gateway!.shown()).toBeGreaterThan(1_000);
    expectSkewSeen(run, SKEW_MS);
  });
});

describe('behind the same gateway, a fault is still caught and named in real ids', () => {
  // Isolation compares ids a check holds as stand-ins with what the target shows; a stand-in
  // that hid a difference would pass a leak. A string id must still be no integer id.
  const faults: FaultName[] = ['a-cross-account-pipelines', 'a-list-shows-foreign', 'b-cross-account-access', 'b-package-id-as-string'];
  it.concurrent.for(faults)('%s', { timeout: 60_000 }, async (fault, { expect }) => {
    const { clause } = faultCatalog[fault];
    const run = await runCatching(fault, { conventions: 'alt', seed: 99, runs: 10, shrink: false, profile: 'spec', front: startBigIdGateway, retarget: withBigFixtureIds });
    expect([...run.failedClauses], describeChecks(run.checks)).toContain(clause);
    const shown = run.checks.flatMap((c) => [c.reason ?? '', ...c.failures.flatMap((f) => [f.message, f.expected ?? '', f.received ?? ''])]).join('\n');
    expect(shown).not.toMatch(/(?<!\d)5000000\d{9}(?!\d)/);
    if (fault !== 'b-package-id-as-string') expect(shown).toMatch(/(?<!\d)10{8}\d{10}(?!\d)/);
  });
});
