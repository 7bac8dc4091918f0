import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runLifecyclePoll } from '../support/run-suites.ts';

/**
 * B-SCHEMA-1 of a job that has run, seen without the control API: b-job/lifecycle-poll judges the
 * job's section 2 shape on its reads, the one after it ended too (its outputs). Outside the
 * simulator profile the job read is an extension, so only a read showing every field of section
 * 2's job is judged: a summary view is not, and is no false alarm.
 */
const KEY = 'k'.repeat(32);

type View = 'whole' | 'whole-fields-string' | 'summary-fields-string';

const STAMP = '2026-01-02T10:00:00Z';

/** Job 7: pending when made, completed at every read, with one output. */
function jobsTarget(view: View): http.Server {
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const base = `http://${req.headers.host ?? ''}/acme/api`;
      const fields = view === 'whole' ? ['id', 'name'] : 'id,name';
      const output = { id: 1, name: 'out', records_count: 3, created_at: STAMP, updated_at: STAMP, url: `${base}/jobs/7/outputs/1`, component: { name: 'dest', type: 'destination', fields } };
      const summary = (status: string, progress: number) => ({ id: 7, status, progress, cluster_id: 1, package_id: 2, variables: {}, dynamic_variables: {} });
      const whole = (status: string, progress: number, outputs: unknown[]) => ({
        ...summary(status, progress),
        owner_id: 1,
        outputs_count: outputs.length,
        outputs,
        started_at: STAMP,
        created_at: STAMP,
        failed_at: null,
        updated_at: STAMP,
        errors: '',
        runtime_in_seconds: 1,
        url: `${base}/jobs/7`,
        html_url: `http://${req.headers.host ?? ''}/acme/jobs/7`,
        log_url: `${base}/jobs/7/log`,
        creator: { type: 'User', display_name: 'Ann', id: 1, url: `${base}/user` },
        package: { id: 2, name: 'pkg', url: `${base}/packages/2` },
        cluster: { id: 1, name: 'cl', url: `${base}/clusters/1` },
        // A field of the deployment's own: never an error.
        extra_field: 'x',
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/vnd.service+json; version=2; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && path === '/acme/api/jobs') return send(201, whole('pending', 0, []));
      if (req.method === 'GET' && path === '/acme/api/jobs/7') return send(200, view === 'summary-fields-string' ? { ...summary('completed', 1), outputs: [output] } : whole('completed', 1, [output]));
      send(404, { message: 'Not found' });
    });
  });
}

async function runPoll(view: View, servers: http.Server[]) {
  const server = jobsTarget(view);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (await runLifecyclePoll(server, `completed job (${view})`, KEY)).checks[0];
}

describe('b-job/lifecycle-poll and the shape of a job that has run', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });

  it('fails B-SCHEMA-1 when the completed job, shown whole, gives its output component\'s fields as a string', { timeout: 30_000 }, async () => {
    const poll = await runPoll('whole-fields-string', servers);
    expect(poll?.verdict).toBe('fail');
    expect(poll?.failures.map((f) => f.clause)).toContain('B-SCHEMA-1');
  });

  it('passes the completed job shown whole with the table\'s types and a field of its own', { timeout: 30_000 }, async () => {
    const poll = await runPoll('whole', servers);
    expect(poll?.failures).toEqual([]);
    expect(poll?.verdict).toBe('pass');
  });

  it('does not judge a job read that is a summary view (an extension\'s own shape) outside the simulator profile', { timeout: 30_000 }, async () => {
    const poll = await runPoll('summary-fields-string', servers);
    expect(poll?.failures).toEqual([]);
    expect(poll?.verdict).toBe('pass');
  });
});
