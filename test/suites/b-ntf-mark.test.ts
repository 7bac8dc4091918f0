import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { B_ACCEPT, basicAuthorization } from '../../suites/lib/clients.ts';
import type { EmbeddedTarget } from '../../bin/embedded-target.ts';
import { runOneCheck, runSuitesAgainstSimulator, withEmbeddedTarget, type Front } from '../support/run-suites.ts';
import { rewriting } from '../support/rewriting-front.ts';
import { answering } from '../support/answering-front.ts';

/**
 * B-NTF-1: a mark is judged by its effect on notifications that were unread before it. One read
 * already reads "read" whatever the mark did, and an unread count of 0 stays 0 whatever a mark of
 * all did: a run that saw only those has not seen marking work.
 */

/**
 * Marks every notification of account 1's users read, as an earlier run would have: all at once,
 * then each by its id (under either fault, one of the two ways works); the member's (which
 * b-ntf/mark also marks one of by id) by the ids its own list shows; and account 2's user's
 * (b-ntf/mark marks one of them by id too) likewise.
 */
async function readEveryFixture(embedded: EmbeddedTarget): Promise<void> {
  const account = embedded.target.b[0]!;
  const markAs = async (key: string, body: Record<string, unknown>, accountId = account.accountId): Promise<void> => {
    const res = await fetch(`${embedded.target.baseUrl}/${accountId}/api/notifications/mark`, {
      method: 'POST',
      headers: { authorization: basicAuthorization(key), accept: B_ACCEPT, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  };
  for (const body of [{}, ...(account.fixtures.notification_ids ?? []).map((id) => ({ id }))]) await markAs(account.apiKey, body);
  const listedIds = async (key: string, accountId: string): Promise<number[]> => {
    const listed = await fetch(`${embedded.target.baseUrl}/${accountId}/api/notifications?all=true&limit=100`, { headers: { authorization: basicAuthorization(key), accept: B_ACCEPT } });
    return ((await listed.json()) as { id: number }[]).map((n) => n.id);
  };
  const second = embedded.target.b[1];
  if (second) for (const body of [{}, ...(await listedIds(second.apiKey, second.accountId)).map((id) => ({ id }))]) await markAs(second.apiKey, body, second.accountId);
  const member = account.memberApiKey;
  if (member === undefined) return;
  for (const body of [{}, ...(await listedIds(member, account.accountId)).map((id) => ({ id }))]) await markAs(member, body);
}

function mark(faults: FaultName[], seed: number, before?: (embedded: EmbeddedTarget) => Promise<void>) {
  return withEmbeddedTarget({ faults }, async (embedded) => {
    await before?.(embedded);
    return runOneCheck(embedded.target, 'b-ntf/mark', 'B-NTF-1', { seed });
  });
}

describe.concurrent('b-ntf/mark judges marks by notifications unread before them', () => {
  // Seeds 2, 5 and 6 drew the one fixture notification already read first and passed this fault.
  it.each([2, 5, 6])('a mark by id that leaves the notification unread fails B-NTF-1 (seed %i)', { timeout: 30_000 }, async (seed) => {
    const { check, verdict } = await mark(['b-mark-one-ignored'], seed);
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/notification \d+ (\(member_api_key's user's, .*\) )?is still unread (3 s )?after POST \/notifications\/mark/);
    expect(verdict?.verdict).toBe('fail');
  });

  it('faultless, with unread notifications: B-NTF-1 passes', { timeout: 30_000 }, async () => {
    const { check, verdict } = await mark([], 2);
    expect(check.partial ?? []).toEqual([]);
    expect(verdict?.verdict).toBe('pass');
  });

  it.each<[FaultName]>([['b-mark-one-ignored'], ['b-mark-all-ignored']])('every notification read before the run: %s is not seen, and B-NTF-1 is not verified, saying why', { timeout: 30_000 }, async (fault) => {
    const { check, verdict } = await mark([fault], 2, readEveryFixture);
    expect(check.verdict).toBe('pass');
    const reasons = (check.partial ?? []).map((p) => p.reason).join('\n');
    expect(reasons).toMatch(/marking one was judged by its 200 alone: none of fixtures.notification_ids was unread/);
    expect(reasons).toMatch(/marking all was judged by its 200 alone: GET \/user showed no unread notification/);
    expect(verdict?.verdict).toBe('not-verified');
  });
});

/**
 * The spec shows no field of a notification: a deployment telling its read state by `is_read`
 * (true or false) rather than the real service's `last_read_at` is read as well.
 */
describe.concurrent('b-ntf/mark against notifications whose read state is is_read', () => {
  const isRead = rewriting((req, reply) => {
    if (req.method !== 'GET' || !/^\/[^/]+\/api\/notifications(\?|$)/.test(req.url ?? '') || reply.status !== 200) return undefined;
    const items = JSON.parse(reply.body) as Record<string, unknown>[];
    return { body: JSON.stringify(items.map(({ last_read_at, ...rest }) => ({ ...rest, is_read: last_read_at !== null }))) };
  });

  it('sees the mark work: B-NTF-1 passes, verified', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], profile: 'spec', front: isRead, seed: 4, runs: 5 });
    const check = run.checks[0]!;
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
  });
});

/**
 * A deployment applying a mark a moment later (a queue behind the API): the next two reads of the
 * list after a mark by id still show that notification unread. Conformant: the mark shows soon.
 */
describe.concurrent('b-ntf/mark against a deployment whose marks show a moment later', () => {
  it('reads again until the mark shows: B-NTF-1 passes, verified', { timeout: 60_000 }, async () => {
    const lagging = new Map<number, number>();
    const slowMarks = rewriting((req, reply) => {
      const url = req.url ?? '';
      if (req.method === 'GET' && /^\/[^/]+\/api\/notifications(\?|$)/.test(url) && reply.status === 200) {
        const items = JSON.parse(reply.body) as { id: number; last_read_at: unknown }[];
        const shown = items.map((n) => {
          const left = lagging.get(n.id) ?? 0;
          if (left <= 0) return n;
          lagging.set(n.id, left - 1);
          return { ...n, last_read_at: null };
        });
        return { body: JSON.stringify(shown) };
      }
      return undefined;
    });
    // The mark's id comes from the request, which the rewriting front does not see: remember it on the way in.
    const front = answering((req, body) => {
      if (req.method === 'POST' && /^\/[^/]+\/api\/notifications\/mark$/.test(req.url ?? '')) {
        const id = (JSON.parse(body || '{}') as { id?: number }).id;
        if (typeof id === 'number') lagging.set(id, 2);
      }
      return undefined;
    });
    const run = await runSuitesAgainstSimulator({
      only: ['b-ntf/mark'],
      profile: 'spec',
      seed: 4,
      runs: 3,
      front: async (origin) => {
        const inner = await slowMarks(origin);
        const outer = await front(inner.origin);
        return { origin: outer.origin, close: async () => { await outer.close(); await inner.close(); } };
      },
    });
    const check = run.checks[0]!;
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
  });
});

/**
 * A mark of all is judged by each notification GET /notifications listed unread before it. Only
 * the unread count was judged before, and where it was not 0 after the mark the check marked all
 * again (for a notification arriving in between): a mark that reached only a page of them (the
 * newest 20 of the seed's 33 unread) was made up for by the second mark.
 */
describe.concurrent('b-ntf/mark judges a mark of all by every notification unread before it', () => {
  const leftUnread = /\d+ of the \d+ notifications GET \/notifications listed unread before POST \/notifications\/mark without an id are still unread/;

  it.each<[ConventionsName]>([['standard'], ['alt']])('a mark of all that marks only the newest 20 fails B-NTF-1 (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], faults: ['b-mark-all-newest-20'], conventions, seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-NTF-1');
    expect(check.failures[0]?.message).toMatch(leftUnread);
  });

  it('faultless: says how many the mark of all was seen to mark, and no partial', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect([check.verdict, check.partial ?? []]).toEqual(['pass', []]);
    expect(check.notes.join('\n')).toMatch(/marking all was seen to mark 3\d notifications GET \/notifications listed unread before it/);
  });

  /**
   * A deployment that gets a notification right after each first mark of all (a job ending): it
   * is unread after the mark, and the count shows it; marked by the second mark. Conformant: only
   * the notifications listed before the mark are held to it.
   */
  it('a notification arriving after the mark is not held to it: B-NTF-1 passes, verified', { timeout: 60_000 }, async () => {
    let marksOfAll = 0;
    let arrived: number | null = null;
    const arrivals = rewriting((req, reply) => {
      const url = req.url ?? '';
      if (req.method !== 'GET' || reply.status !== 200 || arrived === null) return undefined;
      if (/^\/[^/]+\/api\/user(\?|$)/.test(url)) {
        const user = JSON.parse(reply.body) as { unread_notifications_count: number };
        return { body: JSON.stringify({ ...user, unread_notifications_count: user.unread_notifications_count + 1 }) };
      }
      const limit = Number(new URL(url, 'http://x').searchParams.get('limit') ?? '20');
      if (!/^\/[^/]+\/api\/notifications(\?|$)/.test(url)) return undefined;
      const items = JSON.parse(reply.body) as unknown[];
      // On the list's last page only, so a page of one still holds one.
      if (items.length >= limit) return undefined;
      const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      return { body: JSON.stringify([{ id: arrived, title: 'Job completed', message: 'Job nightly completed', last_read_at: null, created_at: at, updated_at: at }, ...items]) };
    });
    // Every other mark of all: the first brings a notification after it, the second marks it.
    const marks = answering((req, body) => {
      if (req.method === 'POST' && /^\/[^/]+\/api\/notifications\/mark$/.test(req.url ?? '') && (JSON.parse(body || '{}') as { id?: unknown }).id === undefined) {
        marksOfAll += 1;
        arrived = marksOfAll % 2 === 1 ? 900_000 + marksOfAll : null;
      }
      return undefined;
    });
    const run = await runSuitesAgainstSimulator({
      only: ['b-ntf/mark'],
      seed: 7,
      runs: 5,
      front: async (origin) => {
        const inner = await arrivals(origin);
        const outer = await marks(inner.origin);
        return { origin: outer.origin, close: async () => { await outer.close(); await inner.close(); } };
      },
    });
    const check = run.checks[0]!;
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
    expect(marksOfAll).toBeGreaterThan(1);
  });

  /**
   * Without the list (an extension) only the unread count tells; after a mark of all that left
   * some unread, the second mark clears the count. Whether the first left them or they arrived
   * after it was not seen: said, never a pass of the clause.
   */
  const noList = answering((req) => (req.method === 'GET' && /^\/[^/]+\/api\/notifications(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Not found"}' } : undefined));
  const excused = /GET \/notifications \(an extension\) did not show which notifications were unread before the first mark/;

  it('no list, and the count needed a second mark: B-NTF-1 is not verified, saying why', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], faults: ['b-mark-all-newest-20'], seed: 7, runs: 5, front: noList });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('pass');
    expect((check.partial ?? []).map((p) => p.reason).join('\n')).toMatch(excused);
  });

  it('no list, and the first mark cleared the count: no such partial', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], seed: 7, runs: 5, front: noList });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('pass');
    expect((check.partial ?? []).map((p) => p.reason).join('\n')).not.toMatch(excused);
  });
});

/**
 * An id naming no notification of the caller (0, an absent one, another account's) is not
 * "without id": it must leave the caller's unread notifications unread. A mark reading its id with
 * a falsy test took `{"id": 0}` for a mark of all, and passed: the check never sent such an id.
 */
describe.concurrent('b-ntf/mark: an id naming no notification marks none', () => {
  const zeroMarkedAll = /POST \/notifications\/mark \{"id": 0\}, an id naming no notification of the caller \(none has id 0\), marked 33 of the 33 notifications GET \/notifications listed unread before it read/;

  it.each<[ConventionsName]>([['standard'], ['alt']])('{"id": 0} marking all fails B-NTF-1 (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], faults: ['b-mark-id-zero-marks-all'], conventions, seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-NTF-1');
    expect(check.failures[0]?.message).toMatch(zeroMarkedAll);
  });

  /** The spec does not say what such a mark answers: a deployment answering 200 and marking nothing is conformant. */
  it('a deployment answering 200 to an id naming nothing, marking nothing: B-NTF-1 passes, verified', { timeout: 60_000 }, async () => {
    const quiet = rewriting((req, reply) => (req.method === 'POST' && /^\/[^/]+\/api\/notifications\/mark$/.test(req.url ?? '') && reply.status === 404 ? { status: 200, body: '{}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], seed: 7, runs: 5, front: quiet });
    const check = run.checks[0]!;
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
    expect(check.notes.join('\n')).toMatch(/POST \/notifications\/mark \{"id": null\} answered 422 .*not judged: null may be read as "no id"/);
  });

  // One wait for all the marks naming nothing, after the last (a wait after each held the lane 3 s a run): a mark of all that id 0 sets off a moment later is still seen.
  it('a deployment whose mark by id 0 marks all a moment later fails B-NTF-1 (spec profile: read again after the last such mark)', { timeout: 60_000 }, async () => {
    const zeroMarksAllLater: Front = (upstream) =>
      answering((req, body) => {
        if (req.method !== 'POST' || !/^\/[^/]+\/api\/notifications\/mark$/.test(req.url ?? '') || (JSON.parse(body || '{}') as { id?: unknown }).id !== 0) return undefined;
        const headers = { authorization: req.headers.authorization ?? '', accept: req.headers.accept ?? B_ACCEPT, 'content-type': 'application/json' };
        setTimeout(() => void fetch(`${upstream}${req.url ?? ''}`, { method: 'POST', headers, body: '{}' }), 300);
        return { status: 200, body: '{}' };
      })(upstream);
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], profile: 'spec', seed: 7, runs: 5, front: zeroMarksAllLater });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/^POST \/notifications\/mark with ids naming no notification of the caller \(\{"id": 0\}: none has id 0; .*\), read 1 s after the last, marked \d+ of the \d+ notifications GET \/notifications listed unread before it read/);
  });

  it('a 5xx to an id naming nothing fails B-NTF-1', { timeout: 60_000 }, async () => {
    const crash = answering((req, body) => (req.method === 'POST' && /^\/[^/]+\/api\/notifications\/mark$/.test(req.url ?? '') && (JSON.parse(body || '{}') as { id?: unknown }).id === 0 ? { status: 500, body: '{"message":"boom"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], seed: 7, runs: 5, front: crash });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/POST \/notifications\/mark \{"id": 0\}, an id naming no notification of the caller \(none has id 0\), answered 500/);
  });
});

/**
 * Notifications are a user's: a mark of all by another user of the account (member_api_key's)
 * marks that user's, and must leave the caller's own unread. A mark that lost its user condition
 * marked every user's, and passed: the check marked with api_key alone. Judged only where the
 * member's list lacks some of the caller's unread ones (a deployment may keep one list per account).
 */
describe.concurrent("b-ntf/mark: a mark of all by another user leaves the caller's own notifications unread", () => {
  it.each<[ConventionsName]>([['standard'], ['alt']])("a member's mark of all marking the owner's too fails B-NTF-1 (%s conventions)", { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], faults: ['b-mark-all-every-user'], conventions, seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-NTF-1');
    expect(check.failures[0]?.message).toMatch(/POST \/notifications\/mark without an id by member_api_key's user \(another user of the account\) marked 33 of the caller's 33 unread notifications that the member's GET \/notifications did not list read/);
  });

  it("faultless: the member's mark of all is seen to leave the owner's alone, and no partial", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect([check.verdict, check.partial ?? []]).toEqual(['pass', []]);
    expect(check.notes.join('\n')).toMatch(/a mark of all by member_api_key's user left the caller's 33 unread notifications that the member's list did not show unread/);
  });

  /** Where the member lists the caller's notifications (one list per account; here the caller's own key), the member does not mark: nothing is judged, and it is said. */
  it('the member lists the same notifications: no mark by it, a note, B-NTF-1 still verified', { timeout: 60_000 }, async () => {
    const { check, verdict } = await withEmbeddedTarget({ faults: ['b-mark-all-every-user'] }, async (embedded) => {
      const [first, ...rest] = embedded.target.b;
      const target = { ...embedded.target, b: [{ ...first!, memberApiKey: first!.apiKey }, ...rest] };
      return runOneCheck(target, 'b-ntf/mark', 'B-NTF-1', { seed: 7 });
    });
    expect([check.verdict, check.partial ?? []]).toEqual(['pass', []]);
    expect(check.notes.join('\n')).toMatch(/GET \/notifications with member_api_key listed each of the 33 notifications the caller had unread: one list per account/);
    expect(verdict?.verdict).toBe('pass');
  });
});

/**
 * A mark by id that moves the user's read marker up to that id marks every unread one below it
 * too. The check marked the lowest unread fixture, below which nothing was unread, and passed it
 * in the alt conventions (only the simulator profile's exact unread count saw it): it marks the
 * middle one of those unread, by id, and sees the ones below it still unread.
 */
describe.concurrent('b-ntf/mark: a mark by id leaves the unread ones of lower id unread', () => {
  it.each<[ConventionsName]>([['standard'], ['alt']])('a mark by id marking every unread one of lower id fails B-NTF-1 (%s conventions)', { timeout: 60_000 }, async (conventions) => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], faults: ['b-mark-one-marks-lower-ids'], conventions, seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-NTF-1');
    expect(check.failures[0]?.message).toMatch(/POST \/notifications\/mark \{"id": \d+\} also marked notification \d+ read/);
  });
});

/**
 * A mark by id that looks only among the last week's notifications answers 404 to an older one
 * still listed unread. The run's notifications are marked minutes after they are made:
 * b-ntf/mark-aged moves the control API's clock 8 days past them first. After b-ntf/mark (which
 * marks every fixture read) it has nothing unread left, and a job of its own notifies it.
 */
describe.concurrent('b-ntf/mark-aged: a notification over a week old is marked by its id', () => {
  it('a mark refusing a notification older than 7 days fails B-NTF-1', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark', 'b-ntf/mark-aged'], faults: ['b-mark-old-notification-404'], seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-ntf/mark-aged')!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-NTF-1');
    expect(check.failures[0]?.message).toMatch(/POST \/notifications\/mark \{"id": \d+\} \(notification \d+, listed unread 8 days after it was made, simulator clock\) answered 404/);
  });

  it('faultless, every fixture read before it: a job of its own is marked 8 days on, B-NTF-1 passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark', 'b-ntf/mark-aged'], seed: 7, runs: 5 });
    const check = run.checks.find((c) => c.id === 'b-ntf/mark-aged')!;
    expect([check.verdict, check.reason, check.partial ?? []]).toEqual(['pass', undefined, []]);
    expect(check.notes.join('\n')).toMatch(/the one marked came after job \d+ of the check's own had run/);
  });
});

/**
 * GET /notifications (an extension) as an inbox: it lists the unread only, and nothing lists the
 * read ones (here a front drops `all=true` from the query, so the simulator's default, unread only,
 * answers; the fourteenth freedom audit's variation fl 8). A notification marked read leaves the
 * list: where the others listed unread stay listed (or GET /user's unread count falls), that is the
 * mark, as a mark of all is already judged by the ones no longer listed. B-NTF-1 was not verified:
 * "marking one was judged by its 200 alone".
 */
describe.concurrent('b-ntf/mark against a list of the unread only, with no way to list the read ones', () => {
  const inbox = answering(() => undefined, (req) => (req.url ?? '/').replace(/([?&])all=true(&|$)/, (_m, lead: string, tail: string) => (tail ? lead : '')));

  it('a notification leaving the list while the others stay is the mark: B-NTF-1 passes, verified (b-ntf/mark and b-ntf/mark-aged)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark', 'b-ntf/mark-aged'], seed: 7, runs: 5, front: inbox });
    for (const id of ['b-ntf/mark', 'b-ntf/mark-aged']) {
      const check = run.checks.find((c) => c.id === id)!;
      expect([id, check.verdict, check.reason, check.partial ?? []]).toEqual([id, 'pass', undefined, []]);
      expect(check.notes.join('\n')).toMatch(/notification \d+, listed unread, was no longer listed by GET \/notifications after POST \/notifications\/mark \{"id": \d+\}( while \d+ other unread ones? stayed listed|, and GET \/user's unread count fell from \d+ to \d+) \(a list of the unread only\): taken as marked/);
    }
  });

  it('a mark by id that leaves the notification unread still fails B-NTF-1', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], faults: ['b-mark-one-ignored'], seed: 2, runs: 5, front: inbox });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/notification \d+ (\(member_api_key's user's, .*\) )?is still unread after POST \/notifications\/mark/);
  });

  it('a mark by id that marks the unread ones of lower id too fails B-NTF-1 (they leave the list)', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ntf/mark'], faults: ['b-mark-one-marks-lower-ids'], seed: 7, runs: 5, front: inbox });
    const check = run.checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.message).toMatch(/POST \/notifications\/mark \{"id": \d+\} also marked notification \d+ read \(no longer listed by GET \/notifications, read whole\)/);
  });
});
