import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../suites/lib/run.ts';
import { freshOpenSshKey } from '../../suites/lib/arbitraries/ssh-keys.ts';
import { until } from '../../simulator/testing/hook-receiver.ts';
import { closeServer, localTarget } from '../support/local-target.ts';
import type { CheckContext, CheckDefinition, ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * Ctrl-C ends a check at once whatever it waits on: real time (a key's expiry), its own work
 * (a key pair being made), a poll's interval or a wait the target asked for (429 Retry-After);
 * what it made is still cleaned up.
 */
describe('an interrupted run does not wait out what its checks wait on', () => {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    if (req.url === '/busy') res.writeHead(429, { 'retry-after': '9', 'content-type': 'application/json' }).end('{}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  let target: ResolvedTarget;
  beforeAll(async () => {
    target = await localTarget(server);
  });
  afterAll(() => closeServer(server));

  const waiting = (id: string, wait: (t: CheckContext) => Promise<unknown>): CheckDefinition => ({
    id,
    clauses: [],
    title: id,
    needs: ['b'],
    async run(t) {
      await t.http.request('POST', `${target.baseUrl}/made/${id}`);
      t.cleanup(`undo ${id}`, async () => void (await t.http.request('DELETE', `${target.baseUrl}/made/${id}`)));
      await wait(t);
      // Reached only when the wait ended: the request must then say the run was interrupted.
      await t.http.request('GET', `${target.baseUrl}/after/${id}`);
    },
  });
  const never = new Promise<never>(() => undefined);

  it.each([
    ['b-wait/sleep', (t: CheckContext) => t.sleep(30_000)],
    ['b-wait/own-work', (t: CheckContext) => t.interruptible(never)],
    ['b-wait/poll', (t: CheckContext) => t.poll(async () => undefined, { timeoutMs: 60_000, intervalMs: 30_000 })],
    ['b-wait/retry-after', (t: CheckContext) => t.http.request('GET', `${target.baseUrl}/busy`)],
  ])('%s: the check ends within 0.5 s of the abort, as an error, with its cleanup sent', async (id, wait) => {
    seen.length = 0;
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error('interrupted by SIGINT')), 100);
    const out = await runChecks({ target, checks: [waiting(id, wait)], profile: 'spec', seed: 1, runs: 1, readOnly: false, timeoutMs: 2000, signal: controller.signal });
    expect(performance.now() - started).toBeLessThan(600);
    expect(out.checks[0]?.verdict).toBe('error');
    expect(out.checks[0]?.reason).toMatch(/interrupted/);
    expect(seen).toContain(`DELETE /made/${id}`);
    expect(seen).not.toContain(`GET /after/${id}`);
  });

  it.each([
    ['b-wait/poll-then-judge', async (t: CheckContext) => {
      const delivered = await t.poll(async () => undefined, { timeoutMs: 60_000, intervalMs: 30_000 });
      if (delivered === undefined) t.fail({ clause: 'B-HOOK-1', message: 'nothing was delivered within 60 s' });
    }],
    ['b-wait/sleep-then-judge', async (t: CheckContext) => {
      await t.sleep(30_000);
      t.fail({ clause: 'B-HOOK-1', message: 'still not there after the wait' });
    }],
  ] as const)('%s: an interrupted wait is the run\'s interruption, never the target\'s failure to answer in time', async (id, judge) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('interrupted by SIGINT')), 100);
    const check: CheckDefinition = { id, clauses: ['B-HOOK-1'], title: id, needs: ['b'], run: judge };
    const out = await runChecks({ target, checks: [check], profile: 'spec', seed: 1, runs: 1, readOnly: false, timeoutMs: 2000, signal: controller.signal });
    expect([out.checks[0]?.verdict, out.checks[0]?.failures]).toEqual(['error', []]);
    expect(out.checks[0]?.reason).toMatch(/interrupted/);
  });

  it('work that ends before the interruption is passed through unchanged', async () => {
    const controller = new AbortController();
    let got: unknown;
    const check: CheckDefinition = {
      id: 'b-wait/quick-work',
      clauses: [],
      title: 'quick work',
      needs: ['b'],
      async run(t) {
        got = await t.interruptible(Promise.resolve(42));
        await expect(t.interruptible(Promise.reject(new Error('its own failure')))).rejects.toThrow('its own failure');
      },
    };
    const out = await runChecks({ target, checks: [check], profile: 'spec', seed: 1, runs: 1, readOnly: false, timeoutMs: 2000, signal: controller.signal });
    expect(out.checks[0]?.verdict).toBe('pass');
    expect(got).toBe(42);
  });

  it('stops the RSA key makers at the interruption, not at the process exit: their cores go to the run\'s ending', async () => {
    const controller = new AbortController();
    const check: CheckDefinition = {
      id: 'b-wait/ssh-key',
      clauses: [],
      title: 'takes an RSA key, then waits',
      needs: ['b'],
      async run(t) {
        await t.interruptible(freshOpenSshKey('rsa'));
        // The makers are making the next keys ahead now.
        before = keyMakers();
        controller.abort(new Error('interrupted by SIGINT'));
        await t.sleep(30_000);
      },
    };
    let before: number[] = [];
    await runChecks({ target, checks: [check], profile: 'spec', seed: 1, runs: 1, readOnly: false, timeoutMs: 2000, signal: controller.signal });
    expect(before.length).toBeGreaterThan(0);
    // SIGKILL sent at the abort: gone by the time the run has ended, or very soon after.
    await until(() => !keyMakers().some((pid) => before.includes(pid)), 1_000);
    expect(keyMakers().filter((pid) => before.includes(pid))).toEqual([]);
  });

  it('no check waits on a bare timer: every wait in suites/ goes through t.sleep, t.poll or t.interruptible', () => {
    // The run's plumbing (suites/lib/delay.ts, the HTTP client's pacer and timeouts, the RSA key
    // makers' watchdog, which nothing waits on and which never holds the process) is where timers belong.
    const root = fileURLToPath(new URL('../../suites', import.meta.url));
    const plumbing = new Set(['lib/delay.ts', 'lib/http.ts', 'lib/arbitraries/rsa-keys.ts']);
    const timers = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !plumbing.has(f.split('\\').join('/')))
      .filter((f) => /\bsetTimeout\s*\(|timers\/promises|\bsetInterval\s*\(/.test(readFileSync(join(root, f), 'utf8')))
      .map((f) => relative(root, join(root, f)));
    expect(timers).toEqual([]);
  });
});

/** This process's RSA key makers still running (suites/lib/arbitraries/rsa-keys.ts), from /proc. */
function keyMakers(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('generateKeyPairSync');
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
