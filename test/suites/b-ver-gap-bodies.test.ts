import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * B-VER-2 is judged on the answers of the spec's writes. A hook body holds values the spec leaves
 * open (its type, settings and events are the real service's): a deployment with other ones
 * refuses it, and that refusal is no answer whose media type could be judged.
 */
describe('b-ver/write-responses-media-type against a deployment with hook types of its own', () => {
  const otherHookTypes = answering((req) => (req.method === 'POST' && /^\/[^/]+\/api\/hooks\/?$/.test(req.url ?? '') ? { status: 422, body: '{"message":"type: unknown hook type web"}' } : undefined));

  it('notes the refusal and judges the other writes: B-VER-2 passes in the spec profile', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ver/write-responses-media-type'], profile: 'spec', front: otherHookTypes, retarget: withoutControl });
    const check = run.checks.find((c) => c.id === 'b-ver/write-responses-media-type')!;
    expect(check.verdict).toBe('pass');
    expect(check.notes.join(' ')).toContain("POST /hooks answered 422 to the real service's values: this target's differ, so its media type was not seen");
    // The reset needs a hook, which this deployment would not make: not sent, saying why.
    expect(check.notes.join(' ')).toMatch(/not sent: .*PUT \/hooks\/\{id\}\/reset: could not create a web hook with POST \/hooks in account 1: 422/);
    // The other writes were judged: the run sent them and they answered.
    expect(check.requests).toBeGreaterThan(5);
  });

  it('still holds the simulator to them in its own profile', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-ver/write-responses-media-type'], profile: 'simulator', front: otherHookTypes });
    expect(run.checks.find((c) => c.id === 'b-ver/write-responses-media-type')?.verdict).toBe('fail');
  });
});
