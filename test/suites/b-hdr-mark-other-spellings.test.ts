import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { answering } from '../support/answering-front.ts';

/**
 * B-HDR-1: POST /notifications/mark {"id": N} under another spelling of application/json
 * (`application/json; charset=utf-8`, `Application/JSON`) must read its body. A handler that reads
 * it only under exactly `application/json` takes it for no body and marks every notification read,
 * answering 200 all the same: b-hdr/json-media-type-on-every-write judges the mark by the other
 * notifications it leaves unread, not by its status.
 */
async function everyWrite(faults: FaultName[], options: { conventions?: 'standard' | 'alt'; front?: ReturnType<typeof answering> } = {}) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-hdr/json-media-type-on-every-write'], profile: 'spec', seed: 7, runs: 3, faults, ...options });
  const check = run.checks.find((c) => c.id === 'b-hdr/json-media-type-on-every-write');
  if (!check) throw new Error('b-hdr/json-media-type-on-every-write did not run');
  return check;
}

describe('b-hdr/json-media-type-on-every-write judges a mark by id by the notifications it leaves unread', () => {
  it.each(['standard', 'alt'] as const)('a mark that ignores its body under other spellings, marking all, fails B-HDR-1 (%s)', async (conventions) => {
    const check = await everyWrite(['b-mark-body-read-under-exact-media-type'], { conventions });
    expect(check.verdict).toBe('fail');
    expect(check.failures[0]?.clause).toBe('B-HDR-1');
    expect(check.failures[0]?.message).toMatch(/^POST \/notifications\/mark \{"id": \d+\} with Content-Type "application\/json; charset=utf-8" also marked \d+ of the \d+ other notifications unread before it read/);
  });

  it('faultless, each mark by id leaves the others unread: it passes, saying so', async () => {
    const check = await everyWrite([]);
    expect(check.failures).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/POST \/notifications\/mark by id under 4 other spelling\(s\) of application\/json left the notifications unread before it, but the one named, unread/);
  });

  it('where GET /notifications is not served, the mark is judged by its status, and a note says why', async () => {
    const check = await everyWrite(['b-mark-body-read-under-exact-media-type'], { front: answering((req) => (req.method === 'GET' && /\/api\/notifications(\?|$)/.test(req.url ?? '') ? { status: 404, body: '{"message":"Item not found."}' } : undefined)) });
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/POST \/notifications\/mark by id under other spellings of application\/json was judged by its status only: GET \/notifications \(an extension\) is not served/);
  });
});
