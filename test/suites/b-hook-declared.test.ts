import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { CheckResult, DeclaredHook, ResolvedTarget } from '../../suites/lib/types.ts';
import { MADE_UP_HOOK_EVENT } from '../../suites/lib/arbitraries/resources.ts';

/*
 * Hook types, setting keys and event kinds are not in the spec. The alt conventions' hooks speak
 * other words than the real service's (`http` hooks with an `endpoint`, events as
 * `job:completed`), and their target document says so (`interface_b.hook`): the checks that make
 * hooks follow it, so B-HOOK-1 and B-HOOK-2 are verified there; without it they are not verified
 * (never failed); and a hook the document declares must be taken.
 */

const HOOK_CHECKS = ['b-hook/create-read', 'b-hook/reset-salt'];

function withHook(hook: DeclaredHook | undefined) {
  return ({ interfaceB: { hooks: _declared, ...interfaceB }, ...target }: ResolvedTarget): ResolvedTarget => ({ ...target, interfaceB: { ...interfaceB, ...(hook ? { hooks: [hook] } : {}) } });
}

const verdicts = (checks: readonly CheckResult[]) => Object.fromEntries(checks.map((c) => [c.id, c.verdict]));

describe('a hook declared in the target document (interface_b.hook)', () => {
  it('is what the hook checks make: against the alt conventions B-HOOK-1 and B-HOOK-2 pass', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', only: HOOK_CHECKS, seed: 7, runs: 8 });
    expect(verdicts(run.checks)).toEqual({ 'b-hook/create-read': 'pass', 'b-hook/reset-salt': 'pass' });
  });

  it('without it, the real service\'s words are refused there and the hook checks are not verified, never failed', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', only: HOOK_CHECKS, seed: 7, runs: 8, retarget: withHook(undefined) });
    expect(verdicts(run.checks)).toEqual({ 'b-hook/create-read': 'skip', 'b-hook/reset-salt': 'skip' });
    expect(run.checks[0]?.reason).toContain('give its own hooks as interface_b.hooks (or one as interface_b.hook) in the target document');
  });

  it('must be taken: a declared hook the deployment refuses fails B-HOOK-1', { timeout: 60_000 }, async () => {
    const refused: DeclaredHook = { type: 'carrier-pigeon', settings: { loft: 'north' }, events: ['job:completed'] };
    const run = await runSuitesAgainstSimulator({ conventions: 'alt', only: ['b-hook/create-read'], seed: 7, runs: 3, retarget: withHook(refused) });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect([...run.failedClauses]).toEqual(['B-HOOK-1']);
  });

  it('is sent as declared, subscribed to some of its events, by every check that makes a hook', { timeout: 90_000 }, async () => {
    // In the real service's words, on the standard simulator: only web hooks, only these events.
    const declared: DeclaredHook = { type: 'web', settings: { url: 'https://hooks.disco-conformance.invalid/declared-here' }, events: ['job.failed', 'cluster.error'] };
    const sent: Record<string, unknown>[] = [];
    const recording = answering((req, body) => {
      if (req.method === 'POST' && /^\/[^/]+\/api\/hooks$/.test(req.url ?? '')) {
        try {
          sent.push(JSON.parse(body) as Record<string, unknown>);
        } catch {
          // A malformed body a robustness check sends on purpose: not a hook body.
        }
      }
      return undefined;
    });
    const checks = ['b-hook/create-read', 'b-hdr/json-media-type-spellings', 'b-gap/write-success-codes', 'b-schema/'];
    const run = await runSuitesAgainstSimulator({ only: checks, seed: 7, runs: 5, front: recording, retarget: withHook(declared) });
    expect(run.checks.filter((c) => c.verdict !== 'pass').map((c) => `${c.id}: ${c.verdict} ${c.reason ?? ''}`)).toEqual([]);
    const hooks = sent.filter((body) => typeof body.name === 'string');
    expect(hooks.length).toBeGreaterThan(10);
    for (const body of hooks) {
      expect(body.type).toBe('web');
      expect(body.settings).toEqual(declared.settings);
      // Beyond the declared events only the one no deployment has, sent to be refused (b-hook/create-read).
      expect((body.events as string[]).filter((e) => e !== MADE_UP_HOOK_EVENT).every((e) => declared.events.includes(e))).toBe(true);
    }
  });
});
