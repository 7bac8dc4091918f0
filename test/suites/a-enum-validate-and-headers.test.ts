import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { frontServer } from '../support/front-server.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { Front } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * X-ISO-1 in a-enum/foreign-pipeline-same-404 on two ways past the account a key belongs to: a
 * header naming account 2 (an account switcher's `X-Account`), and the dry run of the create
 * (`pipelines.validate`) refusing a name only account 2 uses. The header write is judged by
 * what account 2 reads back, not by its answer alone; the dry run by its body too, not by its
 * status alone.
 */
async function runEnum(options: Parameters<typeof runSuitesAgainstSimulator>[0]) {
  const run = await runSuitesAgainstSimulator({ only: ['a-enum/foreign-pipeline-same-404'], profile: 'spec', runs: 5, ...options });
  return run.checks[0]!;
}

const messages = (check: Awaited<ReturnType<typeof runEnum>>) => check.failures.map((f) => `${f.clause} ${f.message}`).join('\n');

/**
 * Before the simulator with a-account-header-switches-account: only a PATCH keeps its X-Account
 * (every other request loses it, so reads answer as for an absent id), and that PATCH is sent on
 * as it came (the write is done in account 2) and then again without the header, whose answer,
 * an absent id's, is the one returned: a write that changes account 2's pipeline unseen in its answer.
 */
const swallowedHeaderWrite: Front = (upstream) =>
  frontServer(upstream, (req, body, res, forward) => {
    const pass = () =>
      forward(req.url ?? '/', (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      });
    if (req.method !== 'PATCH' || req.headers['x-account'] === undefined) {
      delete req.headers['x-account'];
      pass();
      return;
    }
    forward(req.url ?? '/', (done) => {
      done.resume();
      done.on('end', () => {
        delete req.headers['x-account'];
        pass();
      });
    });
  });

describe('a-enum/foreign-pipeline-same-404 on headers naming account 2 and on the dry run of the create', () => {
  it('fails X-ISO-1 where a read with X-Account naming account 2 is served (a-account-header-switches-account)', { timeout: 60_000 }, async () => {
    const check = await runEnum({ faults: ['a-account-header-switches-account'] });
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(messages(check)).toMatch(/X-ISO-1 GET \/pipelines\/\{id\} with X-Account: \S+ of account 2's not deployed pipeline succeeded for account 1/);
  });

  it('fails X-ISO-1 where the write with the headers is answered as for an absent id, but changed account 2\'s pipeline', { timeout: 60_000 }, async () => {
    const check = await runEnum({ faults: ['a-account-header-switches-account'], front: swallowedHeaderWrite });
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(messages(check)).toMatch(/X-ISO-1 account 1's PATCH \/pipelines\/\{id\} of account 2's not deployed pipeline \d+, sent with headers naming account 2 \(X-Account, .*\), changed it/);
  });

  it('fails X-ISO-1 where the dry run under account 2\'s name answers the same status as a fresh name with another body', { timeout: 60_000 }, async () => {
    let accountOne = '';
    const learnKey = (target: ResolvedTarget): ResolvedTarget => {
      accountOne = `Bearer ${target.a[0]?.adminKey ?? ''}`;
      return target;
    };
    const front = answering((req, body) => (req.method === 'POST' && req.url === '/api/public/v1/pipelines/validate' && req.headers.authorization === accountOne && /-enum-idle"/.test(body) ? { status: 200, body: JSON.stringify({ valid: false, errors: ['name: in use'] }) } : undefined));
    const check = await runEnum({ front, retarget: learnKey });
    expect(check.verdict, describeChecks([check])).toBe('fail');
    expect(messages(check)).toMatch(/X-ISO-1 account 1's dry run of the create \(pipelines.validate\) of a definition named ".*-enum-idle", the name of account 2's not deployed pipeline \d+ gets another body than the same definition under a fresh name/);
  });
});
