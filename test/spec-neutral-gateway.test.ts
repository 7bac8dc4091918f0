import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../suites/clauses.ts';
import { clauseVerdicts } from '../suites/lib/aggregate.ts';
import { faultlessRunProblems, runSuitesAgainstSimulator } from './support/run-suites.ts';
import { startSpecNeutralGateway, type SpecNeutralGateway } from './support/spec-neutral-gateway.ts';

/*
 * The kit's promise turned into a metamorphic test: a deployment changed only where the spec
 * leaves it free (test/support/spec-neutral-gateway.ts: members reordered and added, bodies
 * pretty-printed, compressed and chunked, media types spelt otherwise, a firewall that refuses a
 * request without a User-Agent, a cookie and a request id different
 * on every answer) is as conformant as before, so every must clause must still be verified and
 * pass, and no check may fail or error. Both sets of conventions, in the spec profile (the
 * simulator profile holds the simulator to its own spelling on purpose).
 */

const MUST = CLAUSES.filter((c) => c.kind === 'must').map((c) => c.id);

describe('a deployment behind a gateway that changes only what the spec leaves free', () => {
  it.each(['standard', 'alt'] as const)('%s conventions: every must clause verified and passed, no check failed or errored', { timeout: 120_000 }, async (conventions) => {
    let gateway: SpecNeutralGateway | undefined;
    const run = await runSuitesAgainstSimulator({
      conventions,
      profile: 'spec',
      seed: Number(process.env.DISCO_GATEWAY_SEED ?? 20261127),
      runs: 10,
      front: async (origin) => (gateway = await startSpecNeutralGateway(origin)),
    });
    expect(faultlessRunProblems(run, conventions, 'spec')).toEqual([]);
    const verdicts = clauseVerdicts(run.checks, { profile: 'spec' });
    expect(verdicts.filter((v) => v.kind === 'must' && v.verdict === 'pass').map((v) => v.id)).toEqual(MUST);
    // The run went through the gateway: thousands of answers rewritten, not a few.
    expect(gateway!.rewritten()).toBeGreaterThan(1_000);
    // Most of them compressed, though the client asked for no coding.
    expect(gateway!.compressed()).toBeGreaterThan(1_000);
    // Nor is a gap choice of interface B that the gateway leaves as it was read as another: the
    // paging Link, now relative, is still followed (B-GAP-3). (Interface A's definitions come
    // back with the added member inside, so A-GAP-1 and A-GAP-4 may say so.)
    if (conventions === 'standard') expect(verdicts.filter((v) => v.verdict === 'advisory' && v.id.startsWith('B-GAP')).map((v) => v.id)).toEqual([]);
  });
});
