import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { rewriting } from '../support/rewriting-front.ts';

/*
 * A-PIPE-1 and A-PIPE-2 once a deployment has run, or a pipeline stood stopped, for days (the
 * clock moved through the control API): a service may pause a deployment, or archive a pipeline
 * left stopped, by itself after a while (other moves are "not shown"). Such a case is not seen,
 * and the checks say so; they neither fail the clause for it nor pass it silently. Audit free16
 * v18 and v19: the past-a-day case vanished without a word, and a stopped pipeline that moved on
 * was a failure of A-PIPE-2 though no DELETE was sent.
 */

const DAY_MS = 86_400_000;

/** Pipeline reads of a deployment that pauses what has run over a day and archives what has stood stopped over two. */
const movesOldPipelinesByItself = rewriting((req, reply) => {
  if (req.method !== 'GET' || !/^\/api\/public\/v1\/pipelines\/\d+$/.test(req.url ?? '') || reply.status !== 200) return undefined;
  const now = Date.parse(String(reply.headers.date));
  const record = JSON.parse(reply.body) as Record<string, unknown>;
  const since = (member: string) => (typeof record[member] === 'string' ? now - Date.parse(record[member] as string) : 0);
  if (record.state === 'continuous_sync' && since('deployed_at') > DAY_MS) record.state = 'not_deployed';
  else if (record.state === 'not_deployed' && since('updated_at') > 2 * DAY_MS) record.state = 'archived';
  else return undefined;
  return { body: JSON.stringify(record) };
});

describe('A-PIPE-1 and A-PIPE-2 cases a deployment moved by itself', () => {
  it('are noted as not seen, the checks passing on the cases they saw (spec profile)', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-pipe/delete-after-sync', 'a-pipe/delete-not-deployed-after-sync'], profile: 'spec', seed: 7, runs: 5, front: movesOldPipelinesByItself });
    expect(run.checks.map((c) => c.verdict), describeChecks(run.checks)).toEqual(['pass', 'pass']);
    const notes = run.checks.flatMap((c) => c.notes).join('\n');
    expect(notes).toMatch(/the pipeline deployed for \d+ s \(past a day, simulator clock\) was not deployed at its DELETE \(.*\): a DELETE of a deployment that old was not seen/);
    expect(notes).toMatch(/pipeline \d+, left stopped \d+ s \(simulator clock\), was .*archived.* when read before its DELETE: that case was not seen/);
  });
});
