import type http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../suites/lib/run.ts';
import { simulatorNow } from '../../suites/lib/target-features.ts';
import type { CheckContext, CheckDefinition, ResolvedTarget } from '../../suites/lib/types.ts';
import { interfaceATarget, jsonServer } from '../support/local-target.ts';

/**
 * A `control_url` that does not answer as the simulator's control API does (a wrong address, an
 * older simulator) is the run's own tooling failing, not the target's API: a check that asked it
 * for the time or to move the clock, even inside a property, ends as an error naming the request,
 * and fails no clause. It failed the check's first clause as a counterexample (A-AUTH-4 for
 * `a-keys/expired-key-refused`).
 */
describe('a control API that does not do what it is asked', () => {
  let server: http.Server;
  let target: ResolvedTarget;
  beforeAll(async () => {
    server = jsonServer(() => ({ status: 404, body: { error: 'Not found.' } }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const plain = interfaceATarget(server, 'broken-control', [], [{ adminKey: `fdk_${'A'.repeat(40)}`, fixtures: {} }]);
    target = { ...plain, controlUrl: `${plain.cdcBaseUrl}/_disco` };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const inProperty = (id: string, step: (t: CheckContext) => Promise<unknown>): CheckDefinition => ({
    id,
    clauses: ['A-AUTH-4'],
    title: 'asks the control API inside a property',
    needs: ['a', 'control'],
    run: (t) => t.property('the control API is asked', fc.integer({ min: 1, max: 5 }), async () => void (await step(t))),
  });

  it.each([
    ['moving the clock', inProperty('a-one/advances', (t) => t.advanceClock(1000)), /did not move the clock: POST \/clock\/advance answered 404/],
    ['telling the time', inProperty('a-one/asks-the-time', (t) => simulatorNow(t)), /did not tell the time: GET \/clock answered 404/],
  ])('%s: the check errs, naming the request; no clause fails', async (_what, check, said) => {
    const out = await runChecks({ target, checks: [check], profile: 'spec', seed: 1, runs: 3, readOnly: false, timeoutMs: 2_000 });
    expect(out.checks[0]).toMatchObject({ verdict: 'error', failures: [] });
    expect(out.checks[0]?.reason).toMatch(said);
  });
});
