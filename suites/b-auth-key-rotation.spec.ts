import fc from 'fast-check';
import { expectVendorMediaType } from './lib/b-media-type.ts';
import { check } from './lib/registry.ts';
import { howToPermit, permitted } from './lib/permissions.ts';
import type { CheckContext, Exchange } from './lib/types.ts';
import { keyProbes, keyWriteProbes } from './catalog/b-key-probes.ts';
import { bodyContext } from './catalog/b-requests.ts';
import { GONE, partReader } from './catalog/b-state.ts';
import { idOf, is2xx, userIn } from './lib/answers.ts';

/*
 * B-AUTH-2: `POST /user/tokens` replaces the caller's key. The check cannot undo that: after it,
 * the key configured for account 1 is dead, for the rest of the run and for whoever owns it.
 * Hence:
 *  - it is declared `runsLast`: the registry orders it after every other check (also under
 *    --only), so every other check has already run with the configured key when this one kills it;
 *  - it touches nothing else and stores the new key nowhere (reports redact it: `api_key` is a
 *    secret field), so on a real deployment the account's owner must fetch a fresh key from the
 *    dashboard afterwards. That is why it runs on a real target only when the target document
 *    permits it (`permissions: [rotate_api_key]`, or DISCO_ALLOW_KEY_ROTATION=1 for one run); on
 *    the simulator (a control API is present) it always runs,
 *    and gives the user its configured key back through the control API afterwards, so the same
 *    target file works for the next run.
 */


/** How long a replaced key may still authenticate: the document's `replaced_key_seconds`, else a minute (a gateway's authorizer cache). */
const DEFAULT_REPLACED_KEY_MS = 60_000;

function replacedKeyMs(target: CheckContext['target']): number {
  return target.interfaceB.replacedKeyMs ?? DEFAULT_REPLACED_KEY_MS;
}

/**
 * Asks with `key`, replaced at `replacedAt` (epoch ms), until it is refused or `graceMs` have
 * passed, more slowly as it goes (a quarter of a second, doubling, at most 5 s apart), and once
 * more at the end. The last answer; how long after the replacement the key was last seen working
 * (0 when never) and, once refused, when that answer came.
 */
async function untilRefused(t: CheckContext, key: string, replacedAt: number, graceMs: number): Promise<{ last: Exchange; workedMs: number; refusedMs?: number }> {
  const deadline = replacedAt + graceMs;
  let pause = 250;
  let workedMs = 0;
  for (;;) {
    const last = await t.bWithKey(key).get('/connections/types');
    const status = last.response.status;
    if (status < 200 || status >= 300) return { last, workedMs, refusedMs: Date.now() - replacedAt };
    workedMs = Date.now() - replacedAt;
    const left = deadline - Date.now();
    if (left <= 0) return { last, workedMs };
    await t.sleep(Math.min(pause, left));
    pause = Math.min(pause * 2, 5_000);
  }
}

/** A short time as people read it: milliseconds below a second. */
function shownMs(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

function newKeyOf(t: CheckContext, ex: Exchange, oldKeys: Set<string>): string {
  t.expect.status(ex, 200, 'B-AUTH-2', `POST /user/tokens answered ${ex.response.status}; the spec table gives 200 and the user`);
  const body = t.expect.json(ex, 'B-AUTH-2');
  const apiKey = body && typeof body === 'object' ? (body as Record<string, unknown>).api_key : undefined;
  t.expect.that(typeof apiKey === 'string' && apiKey.length > 0, {
    clause: 'B-AUTH-2',
    message: 'POST /user/tokens did not return the user with a new api_key',
    expected: 'a user object whose api_key is a non-empty string',
    received: `api_key is ${apiKey === undefined ? 'missing' : typeof apiKey}`,
    exchange: ex,
  });
  const key = apiKey as string;
  t.expect.that(!oldKeys.has(key), { clause: 'B-AUTH-2', message: 'POST /user/tokens returned a key that was already in use', expected: 'a new key', received: 'a previous key', exchange: ex });
  return key;
}

/** Account 1's client with the live key, as the catalog's part readers take it. */
type LiveView = Pick<CheckContext, 'b' | 'target'>;

/**
 * Sends the harmless writes of `keyWriteProbes` with the replaced key `old`: each must be refused
 * (4xx) and change nothing the catalog says it touches, read back with the live key before and
 * after (a part that cannot be read is added to `unreadable`). What one made anyway is deleted with
 * the key live at cleanup time (`live`): the key configured for account 1 is dead by then.
 */
async function expectWritesRefused(t: CheckContext, old: string, user: Record<string, unknown> | undefined, view: LiveView, live: () => string, unreadable: Set<string>): Promise<void> {
  for (const probe of keyWriteProbes(bodyContext(t), user)) {
    const readers = (probe.endpoint.touches ?? []).map((part) => ({ part, read: partReader(view, 0, part) }));
    const before = new Map<string, string>();
    for (const { part, read } of readers) {
      const value = await read?.();
      if (value === undefined || value === GONE) unreadable.add(part);
      else before.set(part, value);
    }
    const ex = await probe.send(t.bWithKey(old));
    const made = idOf(ex);
    if (is2xx(ex) && made !== undefined && probe.remove) {
      const path = probe.remove(made);
      t.cleanup(`delete what ${probe.endpoint.key} made with a replaced key (DELETE ${path}, with the live key)`, async () => {
        const removed = await t.bWithKey(live()).delete(path);
        if (!is2xx(removed)) throw new Error(`DELETE ${path} answered ${removed.response.status}; it is still there`);
      });
    }
    t.expect.status(ex, '4xx', 'B-AUTH-2', `the key replaced by POST /user/tokens was refused on reads but not on writes: ${probe.endpoint.key} with it answered ${ex.response.status}`);
    for (const { part, read } of readers) {
      const was = before.get(part);
      if (was === undefined) continue;
      const now = await read?.();
      if (now === undefined) {
        unreadable.add(part);
        continue;
      }
      t.expect.that(now === was, { clause: 'B-AUTH-2', message: `${probe.endpoint.key} with the key replaced by POST /user/tokens was refused, and yet the account's ${part} changed`, expected: was, received: now });
    }
  }
}

check({
  id: 'b-auth/regenerated-key-replaces-old',
  clauses: ['B-AUTH-2'],
  supports: ['B-VER-2'],
  title: "B-AUTH-2: POST /user/tokens answers 200 with a new api_key; the new key works and the old one stops authenticating, on every endpoint, within the time the target document allows (replaced_key_seconds, default 60 s; the simulator's 0: the very next request) (runs last: it kills the configured key)",
  needs: ['b', 'write'],
  runsLast: true,
  async run(t) {
    if (!permitted(t, 'rotate_api_key')) {
      t.skip(
        `regenerating the key kills the api_key configured for account 1 (the new key is redacted from the report, so the owner must fetch a fresh one from the dashboard); ${howToPermit('rotate_api_key')}`,
      );
    }
    const account = t.target.b[0];
    if (!account) return t.skip('the target has no interface B account 1');
    let current = account.apiKey;
    const retired = new Set<string>([current]);
    const controlUrl = t.target.controlUrl;
    if (controlUrl) {
      t.cleanup('give account 1 its configured key back (simulator control API)', async () => {
        const ex = await t.http.request('POST', `${controlUrl}/accounts/${encodeURIComponent(account.accountId)}/user-keys/replace`, { body: { current, replacement: account.apiKey } });
        if (ex.response.status !== 200) throw new Error(`the control API answered ${ex.response.status}`);
      });
    } else {
      t.note('the key configured for account 1 is no longer valid after this check');
    }

    const probes = keyProbes(t.target);
    // Account 1 as the live key sees it, to read back what a write with the old key could change.
    const liveView: LiveView = { b: () => t.bWithKey(current), target: t.target };
    const unreadable = new Set<string>();
    const graceMs = replacedKeyMs(t.target);
    // The longest a replaced key was seen working, and when it was then refused.
    let lingered: { workedMs: number; refusedMs?: number } = { workedMs: 0 };
    await t.property('each regeneration retires the previous key, within the grace the target allows', fc.constantFrom(...probes.map((p) => p.label)), async (label) => {
      const probe = probes.find((p) => p.label === label) ?? probes[0]!;
      const regenerated = await t.bWithKey(current).post('/user/tokens');
      const replacedAt = Date.now();
      const next = newKeyOf(t, regenerated, retired);
      const old = current;
      // From here on the account's key is `next`, whatever the checks below find (shrinking
      // re-runs this predicate, and it must start from the live key).
      current = next;
      retired.add(next);
      // A write b-ver's media-type check cannot undo, so its label is looked at here, once the
      // live key is `next`: a failure re-runs this predicate from it.
      expectVendorMediaType(t, regenerated);
      if (graceMs > 0) {
        // A read, never the probe: while the old key still works, a regeneration sent with it
        // would replace `next` too.
        const polled = await untilRefused(t, old, replacedAt, graceMs);
        if (polled.workedMs > lingered.workedMs) lingered = polled;
        const status = polled.last.response.status;
        const why =
          status >= 200 && status < 300
            ? `the key replaced by POST /user/tokens still authenticated ${shownMs(polled.workedMs)} later (GET /connections/types answered ${status}); the target document allows ${graceMs / 1000} s (interface_b.replaced_key_seconds${t.target.interfaceB.replacedKeyMs === undefined ? ', default' : ''})`
            : `GET /connections/types with the key replaced by POST /user/tokens answered ${status}, which is no refusal (4xx)`;
        t.expect.status(polled.last, '4xx', 'B-AUTH-2', why);
      }
      const oldAnswer = await probe.send(t.bWithKey(old));
      t.expect.status(oldAnswer, '4xx', 'B-AUTH-2', graceMs > 0 ? `the key replaced by POST /user/tokens was refused by GET /connections/types but not by ${probe.label} (${oldAnswer.response.status})` : `the key replaced by POST /user/tokens still worked on the very next request (${probe.label} answered ${oldAnswer.response.status}); the target document promises it is refused at once (interface_b.replaced_key_seconds: 0)`);
      // Its body is not checked: the spec fixes error bodies for not-found answers only (the
      // refusal's error object is the B-GAP-2 convention, checked by b-auth/refusal-is-401).
      // Writes too, judged after the same waiting as the reads: a key refused on reads may still
      // write where the write routes authorize through a cache of their own.
      await expectWritesRefused(t, old, userIn(regenerated), liveView, () => current, unreadable);
      const newAnswer = await t.bWithKey(next).get('/connections/types');
      t.expect.status(newAnswer, '2xx', 'B-AUTH-2', 'the key returned by POST /user/tokens does not authenticate');
    }, { runs: 4 });
    if (lingered.workedMs > 0) {
      const refused = lingered.refusedMs === undefined ? '' : ` and was refused ${shownMs(lingered.refusedMs)} after`;
      t.note(`a replaced key still authenticated ${shownMs(lingered.workedMs)} after POST /user/tokens${refused} (within the ${graceMs / 1000} s the target document allows)`);
    }

    if (unreadable.size) t.note(`what the writes sent with a replaced key could have changed (${[...unreadable].join(', ')}) could not be read back (an extension read not served, or a list not read whole): there their refusal alone was judged`);

    // Every key this check retired stays dead.
    for (const key of retired) {
      if (key === current) continue;
      const ex = await t.bWithKey(key).get('/connections/types');
      t.expect.status(ex, '4xx', 'B-AUTH-2', 'a key retired by POST /user/tokens authenticates again later');
    }
  },
});
