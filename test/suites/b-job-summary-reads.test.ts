import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The job reads (GET /jobs/{id}, GET /jobs) are extensions: outside the simulator profile a
 * deployment may answer a summary of its own (an archive store's, say). b-job/lifecycle-clock
 * validates a job whose package was archived under it against section 2's job only where that
 * shape binds (jobSchemaBinds), as its other reads do: it failed B-SCHEMA-1 on such a summary (the
 * nineteenth freedom audit's v2). POST /jobs, the spec's, still answers the whole job.
 */
describe('b-job/lifecycle-clock against a deployment whose job reads are summaries', () => {
  const SUMMARY = ['id', 'status', 'progress', 'package_id', 'cluster_id', 'created_at', 'updated_at', 'url'];
  const summary = (job: unknown) => (job !== null && typeof job === 'object' ? Object.fromEntries(Object.entries(job).filter(([k]) => SUMMARY.includes(k))) : job);
  const summarised = rewriting((req, reply) => {
    if (req.method !== 'GET' || reply.status !== 200 || !/^\/[^/]+\/api\/jobs(\/\d+)?(\?|$)/.test(req.url ?? '')) return undefined;
    const body = JSON.parse(reply.body) as unknown;
    return { body: JSON.stringify(Array.isArray(body) ? body.map(summary) : summary(body)) };
  });

  it('no B-SCHEMA-1 failure, the list\'s summary noted', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-job/lifecycle-clock'], profile: 'spec', seed: 7, runs: 3, front: summarised });
    const check = run.checks.find((c) => c.id === 'b-job/lifecycle-clock')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/GET \/jobs lists job \d+, whose (package|cluster) \d+ was .* without every field of section 2's job/);
  });
});
