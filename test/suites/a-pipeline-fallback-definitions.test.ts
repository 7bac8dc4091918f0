import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { plainDefinition } from '../../suites/lib/arbitraries/definitions.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A deployment whose schema refuses the kit's generated pipeline definition (here: its region)
 * gets the target document's own definitions (`interface_a.definitions`) instead. Each pipeline
 * made from one keeps the name the check gave it: two made from the same definition would
 * otherwise share a name (refused where names are unique in an account), and the checks that find
 * account 2's pipelines by name (X-ISO-1 on account 1's list) would look for one it does not have.
 */
const refusesTheGeneratedRegion = answering((req, body) =>
  req.method === 'POST' && req.url === '/api/public/v1/pipelines' && body.includes('eu-west-1') ? { status: 422, body: JSON.stringify({ error: 'destination.settings.region: not a region of this deployment' }) } : undefined,
);

/** The vendor's own definition, and no fixture pipeline of account 2: only the run's own pipelines stand for another account's. */
function withOwnDefinition(target: ResolvedTarget): ResolvedTarget {
  const own = plainDefinition('vendor-sample');
  const definition = { ...own, destination: { type: 's3', settings: { bucket: 'vendor-bucket', region: 'us-east-2', format: 'parquet' } } };
  const [one, two] = target.a;
  return { ...target, interfaceA: { ...target.interfaceA, definitions: [definition] }, a: [one!, { ...two!, fixtures: { ...two!.fixtures, pipeline_ids: [] } }] };
}

describe('pipelines made from the target document\'s own definitions', () => {
  it('are made under the names the check gave them, so a list showing account 2\'s of them fails X-ISO-1', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], faults: ['a-list-shows-foreign'], profile: 'spec', runs: 3, front: refusesTheGeneratedRegion, retarget: withOwnDefinition });
    const check = run.checks[0]!;
    expect(check.notes.join('\n')).toContain('interface_a.definitions[0] of the target document was used instead');
    expect(check.failures.map((f) => `${f.clause} ${f.message}`).join('\n'), describeChecks([check])).toMatch(/X-ISO-1 account 1's pipeline list shows account 2's pipelines \d+ \(not deployed\), \d+ \(archived\), \d+ \(deployed\)/);
  });

  it('pass on the faultless simulator (no false alarm from the fallback)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 3, front: refusesTheGeneratedRegion, retarget: withOwnDefinition });
    const check = run.checks[0]!;
    expect(check.verdict, describeChecks([check])).toBe('pass');
  });
});
