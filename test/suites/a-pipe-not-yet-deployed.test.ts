import { describe, expect, it } from 'vitest';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A-PIPE-1 is the rule for a deployed pipeline. A deployment that shows a started pipeline as
 * still provisioning (a state its document maps to none of the spec's) never showed a deployed
 * pipeline being deleted: the clause is not verified, saying so, never passed on those DELETEs.
 */
const stillProvisioning = rewriting((req, reply) =>
  req.method === 'GET' && /^\/api\/public\/v1\/pipelines\/\d+$/.test(req.url ?? '') ? { body: reply.body.replace(/"state":"(initial_sync|continuous_sync)"/, '"state":"provisioning"') } : undefined,
);

/** No deployed fixture to archive: only the pipelines the check starts itself. */
const withoutDeployedFixture = (target: ResolvedTarget): ResolvedTarget => ({
  ...target,
  a: target.a.map((a) => ({ ...a, fixtures: { ...a.fixtures, archivable_pipelines: { ...a.fixtures.archivable_pipelines, deployed: undefined } } })),
});

describe('a-pipe/delete-deployed where no started pipeline shows as deployed', () => {
  it('A-PIPE-1 not verified, saying the pipelines were not deployed when deleted', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-pipe/delete-deployed'], profile: 'spec', runs: 5, front: stillProvisioning, retarget: withoutDeployedFixture });
    const check = run.checks.find((c) => c.id === 'a-pipe/delete-deployed')!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.partial?.map((p) => p.reason).join(' ')).toMatch(/no pipeline the check started was deployed when it was deleted \(account 1.s pipeline \d+ was in a state the document does not map \(state "provisioning"\) when it was deleted\)/);
    expect(clauseVerdicts(run.checks, { profile: 'spec' }).find((v) => v.id === 'A-PIPE-1')?.verdict).toBe('not-verified');
  });
});
