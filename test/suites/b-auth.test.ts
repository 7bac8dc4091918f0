import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedTarget } from '../../bin/embedded-target.ts';
import { loadChecks } from '../../suites/index.ts';
import { runChecks } from '../../suites/lib/run.ts';
import { inRunOrder } from '../../suites/lib/registry.ts';
import type { Permission } from '../../suites/lib/types.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

const REGENERATE = 'b-auth/regenerated-key-replaces-old';

describe('b-auth: the key regeneration, which kills the configured key', () => {
  it('says in its definition that it runs last, and so runs after every other check', async () => {
    const checks = await loadChecks();
    expect(checks.find((c) => c.id === REGENERATE)?.runsLast).toBe(true);
    expect(checks.filter((c) => c.runsLast).map((c) => c.id)).toEqual([REGENERATE]);
    expect(checks.at(-1)?.id).toBe(REGENERATE);
  });

  it('is ordered by that field, not by where it is declared; checks that must run first come before all', () => {
    const declared = [{ id: 'z/last', runsLast: true }, { id: 'a/one' }, { id: 'm/two', runsLast: false }, { id: 'q/first', runsFirst: 'why' }, { id: 'b/also-last', runsLast: true }, { id: 'c/also-first', runsFirst: 'why' }];
    expect(inRunOrder(declared).map((c) => c.id)).toEqual(['q/first', 'c/also-first', 'a/one', 'm/two', 'z/last', 'b/also-last']);
  });

  it('B-NTF-1 runs before every other check: the catalog writes of other checks mark the notifications read', async () => {
    const checks = await loadChecks();
    expect(checks.filter((c) => c.runsFirst !== undefined).map((c) => c.id)).toEqual(['b-ntf/mark']);
    expect(checks[0]?.id).toBe('b-ntf/mark');
  });

  // A target without a control URL stands for a real deployment; it grants what its document says.
  async function runOnRealLookingTarget(permissions: Permission[] = []) {
    const embedded = await startEmbeddedTarget();
    try {
      const { controlUrl: _dropped, ...rest } = embedded.target;
      const target = { ...rest, permissions };
      const checks = (await loadChecks()).filter((c) => c.id === REGENERATE);
      return await runChecks({ target, checks, profile: 'spec', seed: 1, runs: 3, readOnly: false, timeoutMs: 10_000 });
    } finally {
      await embedded.close();
    }
  }

  afterEach(() => {
    delete process.env.DISCO_ALLOW_KEY_ROTATION;
  });

  it('is skipped on a real target unless the operator opts in, and says why', async () => {
    const out = await runOnRealLookingTarget();
    expect(out.checks[0]?.verdict).toBe('skip');
    expect(out.checks[0]?.reason).toMatch(/permissions: \[rotate_api_key\]/);
    expect(out.checks[0]?.reason).toMatch(/DISCO_ALLOW_KEY_ROTATION=1/);
  });

  it('runs on a real target whose document grants permissions: [rotate_api_key]', async () => {
    const out = await runOnRealLookingTarget(['rotate_api_key']);
    expect(out.checks[0]?.verdict).toBe('pass');
  });

  it('runs on a real target with DISCO_ALLOW_KEY_ROTATION=1', async () => {
    process.env.DISCO_ALLOW_KEY_ROTATION = '1';
    const out = await runOnRealLookingTarget();
    expect(out.checks[0]?.verdict).toBe('pass');
  });
});

describe('b-auth: the regenerated key\'s answer', () => {
  it('is labelled with the versioned media type (B-VER-2): a label wrong there fails B-VER-2 alone, the key rotation itself still judged from the live key', async () => {
    const run = await runSuitesAgainstSimulator({ faults: ['b-group-and-token-labelled-json'], only: [REGENERATE], runs: 3 });
    expect(run.checks.map((c) => c.verdict)).toEqual(['fail']);
    expect([...run.failedClauses]).toEqual(['B-VER-2']);
    expect(run.leftovers).toEqual([]);
  });
});
