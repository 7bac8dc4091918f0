import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * The spec gives notifications no fields. A deployment may tell a job's creator of its failure
 * naming the job and its other watchers in a digest naming only the package ("A run of
 * broken-export that you watch failed"): the watcher is notified. b-job/watch's failing watch
 * failed B-JOB-5 there, reading "no notification names the job" as "none reached the watcher"
 * (the nineteenth freedom audit's v9); a new notification naming no job now leaves it unjudged,
 * noted. A watcher who gets nothing still fails (b-failed-job-notifies-owner-only).
 */
describe('b-job/watch against a deployment whose watchers get digests of failures', () => {
  it('no false alarm: the digest is noted as possibly the watcher\'s notification', { timeout: 120_000 }, async () => {
    let memberAuthorization: string | undefined;
    const digests = rewriting((req, reply) => {
      if (req.method !== 'GET' || reply.status !== 200 || !/\/api\/notifications(\?|$)/.test(req.url ?? '')) return undefined;
      if (memberAuthorization === undefined || req.headers.authorization !== memberAuthorization) return undefined;
      const items = JSON.parse(reply.body) as Record<string, unknown>[];
      if (!Array.isArray(items)) return undefined;
      return {
        body: JSON.stringify(items.map((n) => {
          if (typeof n.message !== 'string' || !/\bfailed\b/i.test(n.message)) return n;
          const { job_id: _job, ...rest } = n;
          return { ...rest, message: 'A run of a package you watch failed' };
        })),
      };
    });
    const run = await runSuitesAgainstSimulator({
      only: ['b-job/watch'],
      profile: 'spec',
      seed: 7,
      front: digests,
      retarget: (target: ResolvedTarget) => {
        const key = target.b[0]?.memberApiKey;
        if (key !== undefined) memberAuthorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
        return target;
      },
    });
    const check = run.checks.find((c) => c.id === 'b-job/watch')!;
    expect(check.failures.map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
    expect(check.notes.join('\n')).toMatch(/new notification\(s\) naming no job while job \d+ failed/);
  });
});
