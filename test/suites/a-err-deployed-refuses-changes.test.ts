import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { Front } from '../support/run-suites.ts';

/*
 * A-ERR-2 and A-ERR-3 on the check's own deployed pipeline (freedom audit 27): a deployment may
 * refuse any change to a running pipeline ("stop it first"), and may say so with a 400 whose body
 * names no field, not only with 409, 412 or 423. Such a 400 is no failed validation: a valid
 * change gets it too. It was judged as a validation's 400 (a false alarm of A-ERR-2, and of
 * A-ERR-3 where a made-up key was sent). The near non-conformant deployment, which takes a valid
 * change but answers a broken one with a 400 naming no field (a-deployed-change-400-no-field),
 * still fails.
 */

/** Before the simulator: a replace or update of a pipeline started (and not stopped since) answers 400 naming no field, whatever it sends. */
function refusingRunningChanges(status: number): Front {
  const running = new Set<string>();
  return answering((req) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const lifecycle = /\/pipelines\/(\d+)\/(start|deploy|stop|undeploy)$/.exec(path);
    if (lifecycle && req.method === 'POST') {
      if (lifecycle[2] === 'start' || lifecycle[2] === 'deploy') running.add(lifecycle[1] ?? '');
      else running.delete(lifecycle[1] ?? '');
      return undefined;
    }
    const one = /\/pipelines\/(\d+)$/.exec(path);
    if (one && (req.method === 'PUT' || req.method === 'PATCH') && running.has(one[1] ?? '')) {
      return { status, body: JSON.stringify({ error: 'The pipeline is running: stop it before changing its definition.' }) };
    }
    return undefined;
  });
}

const CHECKS = ['a-err/invalid-definition-400', 'a-err/wrong-shape-422'];

describe('a-err checks on a deployment refusing any change to a running pipeline with 400', () => {
  it.each([
    ['standard', 400],
    ['alt', 400],
    ['standard', 403],
    ['alt', 403],
  ] as const)('passes, noting the refusals (%s conventions, %i)', { timeout: 120_000 }, async (conventions, status) => {
    const run = await runSuitesAgainstSimulator({ exactly: CHECKS, conventions, seed: 7, runs: 10, front: refusingRunningChanges(status) });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass', 'pass']);
    expect(run.checks.map((c) => c.notes.join('\n')).join('\n')).toMatch(/a valid definition by the same operation/);
  });

  it.each(['standard', 'alt'] as const)('still fails A-ERR-2 with a-deployed-change-400-no-field (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ faults: ['a-deployed-change-400-no-field'], exactly: ['a-err/invalid-definition-400'], conventions, seed: 7, runs: 10 });
    const [check] = run.checks;
    expect(check?.verdict, describeChecks(run.checks)).toBe('fail');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/the pipeline deployed, does not name the field/);
  });
});
