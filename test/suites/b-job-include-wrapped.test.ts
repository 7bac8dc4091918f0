import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-job/lifecycle-poll also reads the job with the real service's documented query
 * (include=log_summary). A deployment may keep the job one level down beside the runner's summary
 * (`{"job": {...}, "log_summary": {...}}`) rather than merge the two: the nineteenth freedom
 * audit's v4 found such an answer noted "no progress shown", so a progress in percent there went
 * unjudged. The job is now found by its id one level down and its progress judged.
 */
describe('b-job/lifecycle-poll against a deployment that wraps the job read with include=log_summary', () => {
  const wrapping = (progressOf: (progress: number) => number) =>
    rewriting((req, reply) => {
      if (req.method !== 'GET' || reply.status !== 200 || !/^\/[^/]+\/api\/jobs\/\d+\?(?:.*&)?include=log_summary/.test(req.url ?? '')) return undefined;
      const { log_summary: summary, ...job } = JSON.parse(reply.body) as Record<string, unknown>;
      return { body: JSON.stringify({ log_summary: { ...(summary as object), progress: 42 }, job: { ...job, progress: progressOf(Number(job.progress)) } }) };
    });

  const reshaping = (reshape: (job: Record<string, unknown>, summary: Record<string, unknown>) => unknown) =>
    rewriting((req, reply) => {
      if (req.method !== 'GET' || reply.status !== 200 || !/^\/[^/]+\/api\/jobs\/\d+\?(?:.*&)?include=log_summary/.test(req.url ?? '')) return undefined;
      const { log_summary: summary, ...job } = JSON.parse(reply.body) as Record<string, unknown>;
      return { body: JSON.stringify(reshape(job, summary as Record<string, unknown>)) };
    });

  it('the summary on top (the job\'s id, a progress in percent, no status) with the job inside it: passes, the job judged (freedom audit 20 v7)', { timeout: 90_000 }, async () => {
    const front = reshaping((job, summary) => ({ ...summary, id: job.id, progress: 14, job }));
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], profile: 'spec', seed: 7, runs: 3, front });
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/the job read with \?include=log_summary: .*progress [\d.]+, status "[a-z_]+" \(the job one level down\)/);
  });

  it('an array [job, summary], the job\'s progress in percent: fails B-JOB-4 (freedom audit 20 v9: it was read as a refusal)', { timeout: 90_000 }, async () => {
    const front = reshaping((job, summary) => [{ ...job, progress: Math.round(Number(job.progress) * 100) }, summary]);
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], profile: 'spec', seed: 7, runs: 3, front });
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/read with \?include=log_summary .* outside 0 to 1/);
  });

  it('progress in percent one level down: fails B-JOB-4', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], profile: 'spec', seed: 7, runs: 3, front: wrapping((p) => Math.round(p * 100)) });
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toContain('B-JOB-4');
    expect(check.failures.map((f) => f.message).join('\n')).toMatch(/read with \?include=log_summary .* outside 0 to 1/);
  });

  it('progress within 0..1 one level down (the summary\'s own progress in percent beside it): passes, judged there', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-poll'], profile: 'spec', seed: 7, runs: 3, front: wrapping((p) => p) });
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-poll')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/the job read with \?include=log_summary: .*progress [\d.]+, status "[a-z_]+" \(the job one level down\)/);
  });
});
