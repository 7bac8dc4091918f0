import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLifecyclePoll } from '../support/run-suites.ts';

/**
 * A target whose jobs end before anyone can read them running: POST /jobs answers `pending`,
 * every GET /jobs/{id} answers `completed`. The statuses and progress it shows are all valid,
 * but B-JOB-4's running phase was never seen: the poller must say so, not pass the clause.
 */
const KEY = 'k'.repeat(32);

function instantJobs(endless = false): http.Server {
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const job = (status: string, progress: number) => ({ id: 7, status, progress, cluster_id: 1, package_id: 2, variables: {}, dynamic_variables: {} });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/vnd.service+json; version=2; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && path === '/acme/api/jobs') return send(201, job('pending', 0));
      if (req.method === 'GET' && path === '/acme/api/jobs/7') return send(200, endless ? job('running', 0.5) : job('completed', 1));
      if (req.method === 'DELETE' && path === '/acme/api/jobs/7') return send(200, job('completed', 1));
      send(404, { message: 'Not found' });
    });
  });
}

describe('b-job/lifecycle-poll on a target whose jobs are never seen running', () => {
  const server = instantJobs();

  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('passes its statuses, but leaves B-JOB-4 not verified, saying the job was never seen running', async () => {
    const { checks: [poll], verdicts } = await runLifecyclePoll(server, 'instant jobs', KEY);
    expect(poll?.verdict).toBe('pass');
    expect(poll?.notes.join('\n')).toMatch(/1 reads .* saw pending → completed/);
    const job4 = verdicts.find((v) => v.id === 'B-JOB-4');
    expect(job4?.verdict).toBe('not-verified');
    expect(job4?.reasons.join('\n')).toContain('was never seen running');
    // The job did end, so its statuses were seen through to the end: B-JOB-3 is covered in full.
    expect(verdicts.find((v) => v.id === 'B-JOB-3')?.verdict).toBe('pass');
  });
});

describe('b-job/lifecycle-poll on a target whose job does not end within the time its document gives', () => {
  const server = instantJobs(true);

  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stops waiting when that time is up and leaves B-JOB-3 covered in part, naming the field that gives a job longer', async () => {
    const started = Date.now();
    // job_end_seconds: 1.5 (the default, 120 s, would outlast this test's own timeout).
    const { verdicts } = await runLifecyclePoll(server, 'endless jobs', KEY, { jobEndMs: 1_500 });
    expect(Date.now() - started).toBeLessThan(20_000);
    const job3 = verdicts.find((v) => v.id === 'B-JOB-3');
    expect(job3?.verdict).toBe('not-verified');
    expect(job3?.reasons.join('\n')).toMatch(/had not ended after 1\.5 s .*interface_b\.job_end_seconds/);
  });
});
