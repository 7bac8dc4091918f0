import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runLifecyclePoll } from '../support/run-suites.ts';

/**
 * B-JOB-4 (and B-JOB-3) hold for the jobs a job list shows, not only for a job read alone. A target whose
 * single-job answers are right (progress 0..1) but whose GET /jobs (an extension) shows each job
 * through a view of its own: in percent, a failure naming the job; all at 0, where a percent scale
 * cannot show, the clause is not verified, saying so; not served, nothing of a list to judge.
 */
const KEY = 'k'.repeat(32);

type ListView = 'percent' | 'zero' | 'none' | 'labels';

/** Job 7 runs at 0.5 for three reads, then completes; the stop (an extension) is not served. */
function jobsTarget(view: ListView): http.Server {
  let reads = 0;
  const now = () => (reads <= 3 ? { status: 'running', progress: 0.5 } : { status: 'completed', progress: 1 });
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const job = (state: { status: string; progress: number }) => ({ id: 7, ...state, cluster_id: 1, package_id: 2, variables: {}, dynamic_variables: {} });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/vnd.service+json; version=2; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && path === '/acme/api/jobs') return send(201, job({ status: 'pending', progress: 0 }));
      if (req.method === 'GET' && path === '/acme/api/jobs/7') {
        reads++;
        return send(200, job(now()));
      }
      if (req.method === 'GET' && path === '/acme/api/jobs' && view !== 'none') {
        const state = now();
        const status = view === 'labels' ? `${state.status.charAt(0).toUpperCase()}${state.status.slice(1)}` : state.status;
        return send(200, [job({ status, progress: view === 'percent' ? state.progress * 100 : view === 'labels' ? state.progress : 0 })]);
      }
      send(404, { message: 'Not found' });
    });
  });
}

async function runPoll(view: ListView, servers: http.Server[]) {
  const server = jobsTarget(view);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { checks, verdicts } = await runLifecyclePoll(server, `jobs listed (${view})`, KEY);
  return { poll: checks[0], job4: verdicts.find((v) => v.id === 'B-JOB-4'), job3: verdicts.find((v) => v.id === 'B-JOB-3') };
}

describe('b-job/lifecycle-poll and the job list', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  it('fails B-JOB-4 naming the listed job when the list shows progress in percent, though the job read alone is right', { timeout: 30_000 }, async () => {
    const { poll, job4 } = await runPoll('percent', servers);
    expect(poll?.verdict).toBe('fail');
    expect(job4?.verdict).toBe('fail');
    expect(poll?.failures[0]?.message).toMatch(/job list \(GET \/jobs.*job 7 \(running\) with progress 50, outside 0 to 1/);
  });

  it('leaves B-JOB-4 not verified when the list shows no job with progress above 0, saying its scale was not seen', { timeout: 30_000 }, async () => {
    const { poll, job4 } = await runPoll('zero', servers);
    expect(poll?.verdict).toBe('pass');
    expect(job4?.verdict).toBe('not-verified');
    expect(job4?.reasons.join('\n')).toMatch(/job list \(GET \/jobs, an extension\) showed no job with progress above 0/);
  });

  it('fails B-JOB-3 naming the listed job when the list shows its status as a display label, though the job read alone is right', { timeout: 30_000 }, async () => {
    const { poll, job3, job4 } = await runPoll('labels', servers);
    expect(job3?.verdict).toBe('fail');
    expect(job4?.verdict).not.toBe('fail');
    expect(poll?.failures.map((f) => f.message).join('\n')).toMatch(/job list \(GET \/jobs.*job 7 with the status "Running", not one of the nine/);
  });

  it('passes B-JOB-4 where no job list is served, and says none was judged', { timeout: 30_000 }, async () => {
    const { poll, job4 } = await runPoll('none', servers);
    expect(poll?.verdict).toBe('pass');
    expect(job4?.verdict).toBe('pass');
    expect(poll?.notes.join('\n')).toContain('the job list (GET /jobs, an extension) is not served');
  });
});
