import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec shows no PATCH of a pipeline (A-GAP-1), so not the media type it takes either. A
 * deployment that takes plain JSON and refuses a merge patch with 415 must have its broken
 * definitions sent as it takes them, and not see its 415 judged as A-ERR-2's 400 or A-ERR-3's 422.
 */
describe('a-err checks against a deployment whose PATCH takes plain JSON only', () => {
  let refused = 0;
  const plainJsonPatch = answering((req) => {
    if (req.method !== 'PATCH' || !/^\/api\/public\/v1\/pipelines\/\d+$/.test(req.url ?? '')) return undefined;
    if ((req.headers['content-type'] ?? '').split(';')[0]!.trim() === 'application/json') return undefined;
    refused++;
    return { status: 415, body: '{"error":"unsupported media type: send application/json"}' };
  });

  it('no false alarm: the PATCH is probed and then sent as plain JSON', { timeout: 90_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/invalid-definition-400', 'a-err/wrong-shape-422'], profile: 'spec', runs: 25, front: plainJsonPatch });
    expect(run.checks.flatMap((c) => c.failures.map((f) => `${c.id}: ${f.clause} ${f.message}`))).toEqual([]);
    expect(run.checks.map((c) => c.verdict)).toEqual(['pass', 'pass']);
    // The merge patch was tried once per check (the probe), then not again.
    expect(refused).toBe(2);
  });
});
