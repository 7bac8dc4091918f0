import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';

/**
 * a-enum/foreign-pipeline-same-404 also sends the pipeline's path methods it serves for no
 * operation (OPTIONS, and a write the path lacks): their answers must be alike for a foreign and
 * an absent id, whatever they are. A target that gives no answer to such a method at all (a proxy
 * that drops OPTIONS) has nothing to compare there: the check leaves the method out, noted, and
 * still verifies the rest.
 */
const droppingOptions: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    if (req.method === 'OPTIONS') {
      res.destroy();
      return;
    }
    forward(req.url ?? '/', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

describe('a-enum/foreign-pipeline-same-404 and methods the pipeline path does not serve', () => {
  it('compares OPTIONS and POST /pipelines/{id} of a foreign and an absent id, and passes the faultless simulator', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5 });
    const check = run.checks[0];
    expect(check?.failures.map((f) => `${f.clause} ${f.message}`)).toEqual([]);
    expect(check?.verdict).toBe('pass');
    expect(check?.title).toMatch(/OPTIONS and a write its path does not serve/);
  });

  it('leaves out a method the target gives no answer to, saying so, and still passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5, front: droppingOptions });
    const check = run.checks[0];
    expect(check?.failures.map((f) => `${f.clause} ${f.message}`)).toEqual([]);
    expect(check?.verdict).toBe('pass');
    expect(check?.notes.join('\n')).toMatch(/OPTIONS \S+ \(a method it serves for no operation\): the target gave no answer to an absent id/);
  });

  it('fails the fault that narrows Allow for an archived id', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5, faults: ['a-enum-405-allow-narrowed'] });
    const check = run.checks[0];
    expect(check?.verdict).toBe('fail');
    expect(check?.failures.map((f) => f.clause)).toContain('A-ENUM-1');
    expect(check?.failures.map((f) => f.message).join('\n')).toMatch(/(OPTIONS|POST) \/pipelines\/\{id\} \(a method it serves for no operation\) of account 2's archived pipeline/);
  });
});
