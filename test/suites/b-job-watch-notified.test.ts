import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * B-JOB-5: the watch subscribes the caller to the job's notifications. b-job/watch stops the
 * watched job and a job the user watches as its creator (the control), and judges the
 * notifications (GET /notifications, an extension whose fields the spec does not show). It fails
 * only on clear evidence (the control's end notified the user, the watched job's did not); a
 * deployment that shows notifications it cannot tie to a job, or sends none for a stopped job,
 * or refuses another user's watch, leaves B-JOB-5 not verified, never failed.
 */

const NOTIFICATIONS = /^\/[^/]+\/api\/notifications(\?|$)/;

/** A front rewriting each notification of GET /notifications. */
const notifications = (rewrite: (n: Record<string, unknown>) => Record<string, unknown> | null) =>
  rewriting((req, reply) => {
    if (req.method !== 'GET' || !NOTIFICATIONS.test(req.url ?? '') || reply.status !== 200) return undefined;
    const items = (JSON.parse(reply.body) as Record<string, unknown>[]).map(rewrite).filter((n) => n !== null);
    return { body: JSON.stringify(items) };
  });

/** The target without `member_api_key`, as most documents are. */
const withoutMember = (target: ResolvedTarget): ResolvedTarget => ({ ...target, b: target.b.map(({ memberApiKey: _member, ...account }) => account) });

async function watchCheck(options: Parameters<typeof runSuitesAgainstSimulator>[0]) {
  const run = await runSuitesAgainstSimulator({ only: ['b-job/watch'], profile: 'spec', seed: 3, runs: 3, ...options });
  const check = run.checks.find((c) => c.id === 'b-job/watch')!;
  return { run, check, partial: (check.partial ?? []).map((p) => p.reason).join(' | ') };
}

describe.concurrent('b-job/watch judges the notification of the watched job\'s end', () => {
  it('is verified on the simulator, for api_key\'s user and member_api_key\'s', { timeout: 60_000 }, async () => {
    const { check } = await watchCheck({});
    expect([check.verdict, check.partial ?? []], describeChecks([check])).toEqual(['pass', []]);
    expect(check.notes.join(' ')).toMatch(/api_key's user was notified about job \d+/);
    expect(check.notes.join(' ')).toMatch(/member_api_key's user \(colleague@one\.example\) was notified about job \d+/);
    expect(check.notes.join(' ')).toMatch(/api_key's user was notified about job \d+, which it watches through POST \/jobs\/\d+\/watchers while it ran/);
  });

  it('is not verified, never failed, where no notification names a job', { timeout: 60_000 }, async () => {
    const nameless = notifications((n) => ({ id: n.id, title: 'Something happened', created_at: n.created_at, last_read_at: n.last_read_at }));
    const { check, partial } = await watchCheck({ front: nameless });
    expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
    expect(partial).toMatch(/no subscription by a POST was seen to bring a notification/);
    expect(partial).toMatch(/no new notification named it either/);
  });

  it('is not verified, never failed, where a stopped job notifies nobody; the same faulty deployment is blamed only through its failing job', { timeout: 60_000 }, async () => {
    const noStops = notifications((n) => (typeof n.message === 'string' && /stopped/.test(n.message) ? null : n));
    const faultless = await watchCheck({ front: noStops });
    expect([faultless.check.verdict, faultless.check.failures], describeChecks([faultless.check])).toEqual(['pass', []]);
    expect(faultless.partial).toMatch(/no new notification named it either: the deployment may not notify on a stopped job/);
    // Its watches notify no one: the stopped jobs cannot show it here, the failed job (whose end
    // does notify its creator) does, and nothing else is blamed.
    const faulty = await watchCheck({ front: noStops, faults: ['b-watch-listed-not-notified'] });
    expect(faulty.check.failures.map((f) => f.message), describeChecks([faulty.check])).toEqual([expect.stringMatching(/whose jobs fail\) failed after member_api_key's user .* no notification about it reached member_api_key's user/)]);
  });

  it('fails where the control job notified the user and the watched one did not (b-watch-listed-not-notified)', { timeout: 60_000 }, async () => {
    const { check } = await watchCheck({ faults: ['b-watch-listed-not-notified'], retarget: withoutMember });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-JOB-5');
    expect(check.failures[0]?.message).toMatch(/no notification about it reached api_key's user within \d+ s, while job \d+, which api_key's user watches as its creator, ended too \(stopped\) and did notify it/);
  });

  it('fails where a watch made while the job ran is listed but its end does not notify it (b-watch-while-running-not-notified), for either user', { timeout: 60_000 }, async () => {
    // Without member_api_key only api_key's user watches the running job, after it stopped watching it before it ran.
    for (const retarget of [withoutMember, (target: ResolvedTarget) => target]) {
      const { check } = await watchCheck({ faults: ['b-watch-while-running-not-notified'], retarget });
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures[0]?.clause).toBe('B-JOB-5');
      // The watched job may run already when it is watched on a loaded machine: then it fails first, alike.
      expect(check.failures[0]?.message).toMatch(/job \d+ ended \(stopped\) after api_key's user's POST \/jobs\/\d+\/watchers( while it ran)? answered 200, and no notification about it reached api_key's user within \d+ s, while job \d+, which api_key's user watches as its creator, ended too \(stopped\) and did notify it/);
    }
  });
});

describe.concurrent('b-job/watch with another user of the account (member_api_key)', () => {
  it('without it, says what would let it see the watch subscribe its caller, not the owner; a watch subscribing the owner then goes unseen, not passed', { timeout: 60_000 }, async () => {
    for (const faults of [[], ['b-watch-subscribes-owner' as const]]) {
      const { check, partial } = await watchCheck({ retarget: withoutMember, faults });
      expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
      expect(partial).toMatch(/needs a key of a second user of account 1 \(member_api_key in the target document\)/);
    }
  });

  it('with it, a watch subscribing the account\'s owner instead of its caller fails, naming both', { timeout: 60_000 }, async () => {
    const { check } = await watchCheck({ faults: ['b-watch-subscribes-owner'] });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/with member_api_key, its user \(colleague@one\.example\) is not among the job's watchers, and api_key's user \(owner@one\.example\), who had stopped watching, is/);
  });

  it('a deployment that lets only a job\'s creator watch it (the member is refused, 403) is not failed: the member\'s watch is not seen', { timeout: 60_000 }, async () => {
    // Which roles may call what on interface B is not shown (section 5). A key watching a job it did not start is refused.
    const started = new Set<string>();
    const creatorsOnly = rewriting((req, reply) => {
      const key = req.headers.authorization ?? '';
      if (req.method === 'POST' && /^\/[^/]+\/api\/jobs$/.test(req.url ?? '') && reply.status < 300) started.add(`${key} ${String((JSON.parse(reply.body) as { id: number }).id)}`);
      const watched = /^\/[^/]+\/api\/jobs\/(\d+)\/watchers$/.exec(req.url ?? '')?.[1];
      if (req.method === 'POST' && watched !== undefined && !started.has(`${key} ${watched}`)) return { status: 403, body: '{"message":"Forbidden"}' };
      return undefined;
    });
    const { check, partial } = await watchCheck({ front: creatorsOnly });
    expect([check.verdict, check.failures], describeChecks([check])).toEqual(['pass', []]);
    expect(partial).toMatch(/with member_api_key answered 403 \(which roles may call what on interface B is not shown\)/);
  });
});

// The jobs the check watches are stopped, or fail: one of the fixture package is left to complete,
// watched by member_api_key's user, for a deployment that tells only a job's owner of a completion.
describeCheckCatches('b-job/watch on a job left to complete', {
  check: 'b-job/watch',
  fault: 'b-completed-job-notifies-owner-only',
  clause: 'B-JOB-5',
  message: /^job \d+ \(the fixture package \d+, left to complete\) completed after member_api_key's user \(colleague@one\.example\)'s POST \/jobs\/\d+\/watchers answered 200, and api_key's user, its creator, was notified of its end/,
});
