import { describe, it } from 'vitest';
import { faultCatalog, type FaultName } from '../simulator/faults.ts';
import { describeChecks } from './support/run-suites.ts';
import { runCatching } from './fault-proofs/prove.ts';
import { startBigIdGateway, withBigFixtureIds } from './support/big-id-gateway.ts';

/*
 * The spec says only that ids are integers: a deployment handing out ids beyond 2^53 (64-bit
 * snowflake ids) is conformant, and JSON.parse reads such an id as the nearest double. The whole
 * suite, through a gateway that shows every id of the simulator as 10^18 + n
 * (test/support/big-id-gateway.ts), must verify and pass every must clause as it does without it,
 * with the target described by a document listing its fixtures by those ids; and a fault must
 * still be caught, named in the ids the client saw.
 */

// The whole run of this promise is spec-neutral-gateway.test.ts's standard-conventions run: the
// suite through this gateway behind the spec-neutral one, the target's clock 400 days ahead, must
// verify and pass every must clause (a whole run of its own here cost CI about 60 s of a worker's
// time). `npm run soak` runs the whole suite through this gateway alone once per seed, in the
// standard and alt conventions in turn.

describe('behind the big-id gateway, a fault is still caught and named in real ids', () => {
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
