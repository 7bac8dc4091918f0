import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import type { ConventionsName } from '../../simulator/conventions.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * b-ver/accept-required on the paths a version negotiation may miss: another account than the
 * first (a flag set per account), a HEAD (a negotiation in the body renderer), an Accept header
 * no media-type parser reads (a catch that falls back to the default version), and the reads at
 * the API's root (a router mounted apart).
 */
function acceptRequired(faults: FaultName[], conventions: ConventionsName) {
  return runSuitesAgainstSimulator({ only: ['b-ver/accept-required'], exactly: ['b-ver/accept-required'], faults, conventions, seed: 7, runs: 3 });
}

const CASES: { fault: FaultName; message: RegExp }[] = [
  { fault: 'b-later-accounts-accept-optional', message: /account 2/ },
  { fault: 'b-head-skips-accept', message: /^HEAD / },
  { fault: 'b-accept-unparseable-served', message: /names no media type a parser reads/ },
  // The API-root router mounted apart from the version negotiation: GET /user at the root.
  { fault: 'b-root-routes-skip-accept', message: /^GET \/user at the API's root .* with no Accept header was not refused \(200\)/ },
];

describe('b-ver/accept-required', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    for (const { fault, message } of CASES) {
      it(`fails B-VER-1 under ${fault} (${conventions})`, { timeout: 120_000 }, async () => {
        const run = await acceptRequired([fault], conventions);
        const check = run.checks.find((c) => c.id === 'b-ver/accept-required')!;
        expect(check.verdict, describeChecks(run.checks)).toBe('fail');
        expect(check.failures.map((f) => f.clause)).toContain('B-VER-1');
        expect(check.failures.map((f) => f.message).join('\n')).toMatch(message);
      });
    }
    it(`faultless: passes (${conventions})`, { timeout: 120_000 }, async () => {
      const run = await acceptRequired([], conventions);
      expect(run.checks.find((c) => c.id === 'b-ver/accept-required')?.verdict, describeChecks(run.checks)).toBe('pass');
    });
  }
});
