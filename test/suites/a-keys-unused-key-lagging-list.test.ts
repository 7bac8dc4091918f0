import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';
import type { Front } from '../support/run-suites.ts';

/**
 * A-AUTH-3 before a key's first use (freedom audit 21, item 1): a-keys/value-shown-once reads the
 * key list once right after making an unused key. A deployment whose key list shows a new key
 * late (an index behind the store) and which serves no key read (404) never showed that key, so
 * nothing was judged, and a key shown whole until its first use passed. The check now looks for
 * the key's id in the list, reads it again briefly, and says A-AUTH-3 was not verified where it
 * never appears.
 */
const KEYS = /^\/api\/public\/v1\/api-keys(?:\?.*)?$/;
const KEY = /^\/api\/public\/v1\/api-keys\/\d+$/;

/** A front whose key list leaves out the keys made through it less than `lagMs` ago, and whose key read answers 404. */
function laggingKeyList(lagMs: number): Front {
  const madeAt = new Map<number, number>();
  return rewriting((req, reply) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && KEY.test(url)) return { status: 404, body: JSON.stringify({ error: 'not_found', message: 'Not found' }) };
    if (!KEYS.test(url) || reply.status >= 300) return undefined;
    const body = JSON.parse(reply.body) as { id?: unknown; items?: { id?: unknown }[] };
    if (req.method === 'POST' && typeof body.id === 'number') madeAt.set(body.id, Date.now());
    if (req.method !== 'GET' || !Array.isArray(body.items)) return undefined;
    const now = Date.now();
    const items = body.items.filter((k) => typeof k.id !== 'number' || now - (madeAt.get(k.id) ?? 0) >= lagMs);
    return { body: JSON.stringify({ ...body, items }) };
  });
}

describe('a-keys/value-shown-once where the key list shows a new key late and no key read is served', () => {
  const run = (faults: FaultName[], front?: Front) => runSuitesAgainstSimulator({ exactly: ['a-keys/value-shown-once'], profile: 'spec', seed: 7, runs: 3, faults, ...(front ? { front } : {}) });

  it('a list that never shows the unused key: A-AUTH-3 not verified, saying the list never showed it, with a key shown until its first use', { timeout: 60_000 }, async () => {
    const check = (await run(['a-new-key-shown-until-first-use'], laggingKeyList(600_000))).checks[0]!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.partial?.map((p) => p.reason).join('\n')).toMatch(/the key list did not show key \d+, made unused for it, in \d+ reads over \d+ s/);
  });

  it('a list 1 s behind: the unused key is seen on a later read and its value shown there fails A-AUTH-3', { timeout: 60_000 }, async () => {
    const check = (await run(['a-new-key-shown-until-first-use'], laggingKeyList(1_000))).checks[0]!;
    expect(check.verdict).toBe('fail');
    expect(check.failures.map((f) => f.clause)).toEqual(['A-AUTH-3']);
  });

  it('the same list 1 s behind without the fault: passes, the key read alone not verified', { timeout: 60_000 }, async () => {
    const check = (await run([], laggingKeyList(1_000))).checks[0]!;
    expect(check.failures.map((f) => f.message)).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.partial?.map((p) => p.reason)).toEqual([expect.stringMatching(/^the read of a new key \(keys\.read\) answered 404/)]);
  });
});
