import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * X-ISO-1 in a-enum/same-name-stop-spares-other-account: account 1 starts, updates, replaces,
 * stops and archives its pipeline (and archives a second one deployed) while account 2 has a
 * deployed one of the same name. A runtime
 * that addresses deployments by name redeploys or stops both, and fails the check; a deployment whose pipelines never show a
 * state the target document maps to deployed is not seen either way, and is no pass.
 */
describe('a-enum/same-name-stop-spares-other-account', () => {
  const only = ['a-enum/same-name-stop-spares-other-account'];

  it('fails X-ISO-1 where a stop stops every deployment of the name (a-stop-by-name-every-account)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only, faults: ['a-stop-by-name-every-account'], runs: 3 });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures.map((f) => f.clause)).toContain('X-ISO-1');
  });

  it.each(['standard', 'alt'] as const)('fails X-ISO-1 where a start redeploys every deployment of the name (a-start-by-name-every-account, %s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ only, conventions, faults: ['a-start-by-name-every-account'], runs: 3 });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures.map((f) => f.message).join('\n')).toMatch(/start of its pipeline .* changed account 2's deployed pipeline/);
  });

  it.each(['standard', 'alt'] as const)('fails X-ISO-1 where a PUT or PATCH of a deployed pipeline redeploys every deployment of the name (a-update-redeploys-same-name-every-account, %s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ only, conventions, faults: ['a-update-redeploys-same-name-every-account'], runs: 3 });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures.map((f) => f.message).join('\n')).toMatch(/update \(PATCH\) of its deployed pipeline .* changed account 2's deployed pipeline/);
  });

  it.each(['standard', 'alt'] as const)('fails X-ISO-1 where archiving a not-deployed pipeline stops every deployment of the name (a-archive-stops-same-name-every-account, %s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ only, conventions, faults: ['a-archive-stops-same-name-every-account'], runs: 3 });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures.map((f) => f.message).join('\n')).toMatch(/archive \(DELETE\) of a not deployed pipeline, .* left account 2's deployed pipeline .* not deployed/);
  });

  it('passes on the faultless simulator', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only, runs: 3 });
    expect(run.checks[0]?.failures).toEqual([]);
    expect(run.checks[0]?.verdict).toBe('pass');
  });

  it('does not pass where a started pipeline never shows deployed (a state the document does not map)', { timeout: 60_000 }, async () => {
    const starting = rewriting((req, reply) => {
      if (req.method !== 'GET' || !/^\/api\/public\/v1\/pipelines\/\d+$/.test(req.url ?? '') || reply.status !== 200) return undefined;
      const body = JSON.parse(reply.body) as Record<string, unknown>;
      // Both the coarse and the detailed state, whichever the target document maps.
      return body.status === 'deployed' ? { body: JSON.stringify({ ...body, status: 'starting', state: 'starting' }) } : undefined;
    });
    const run = await runSuitesAgainstSimulator({ only, profile: 'spec', runs: 3, front: starting });
    expect(run.checks[0]?.failures).toEqual([]);
    expect(run.checks[0]?.verdict).not.toBe('pass');
  });
});
