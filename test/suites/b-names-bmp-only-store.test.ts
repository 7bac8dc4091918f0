import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The spec fixes no character set for names: a deployment whose store holds only the Basic
 * Multilingual Plane (MySQL's utf8mb3) and refuses a name beyond it with a 422 is conformant.
 * The one-off cases that send such a name note the refusal; the properties, which hold their
 * drawn names to a 2xx, must never draw one (they did, through displayName: the eighteenth
 * freedom audit's v4, B-USER-1, B-CONN-2 and B-HOOK-1 failed).
 */
describe('interface B name checks against a deployment refusing names beyond U+FFFF', () => {
  const ASTRAL = /[\u{10000}-\u{10FFFF}]/u;
  let refused = 0;
  const bmpOnly = answering((req, body) => {
    if (!['POST', 'PUT'].includes(req.method ?? '') || !ASTRAL.test(body)) return undefined;
    refused++;
    return { status: 422, body: '{"message":"name: Incorrect string value (characters beyond U+FFFF are not stored)","field":"name"}' };
  });

  it('no false alarm, every clause still verified, the refusals noted', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-user/update', 'b-conn/rename', 'b-hook/create-read'], profile: 'spec', seed: 7, runs: 10, front: bmpOnly });
    expect(refused).toBeGreaterThan(0);
    expect(run.checks.flatMap((c) => c.failures.map((f) => `${c.id}: ${f.clause} ${f.message}`))).toEqual([]);
    expect(run.checks.map((c) => `${c.id}: ${c.verdict}`).sort()).toEqual(['b-conn/rename: pass', 'b-hook/create-read: pass', 'b-user/update: pass']);
  });
});
