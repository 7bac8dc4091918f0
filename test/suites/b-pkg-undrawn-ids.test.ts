import { describe, expect, it } from 'vitest';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { FaultName } from '../../simulator/faults.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-PKG-1 at ids the drawn absent ids never are: 0 (a "0 means the latest" shortcut), minus the
 * fixture package's id (a parse that drops the sign) and 2^32 above it (a cast to 32 bits). Each
 * careless read answers the fixture or the newest package; b-pkg/absent reads the three and wants
 * the package asked for or a 404 with the message object.
 */
async function absent(fault: FaultName | undefined, conventions: 'standard' | 'alt') {
  const run = await runSuitesAgainstSimulator({ faults: fault ? [fault] : [], exactly: ['b-pkg/absent'], seed: 7, runs: 3, conventions });
  return { failed: run.failedClauses, messages: run.checks.flatMap((c) => c.failures.map((f) => f.message)).join('\n') };
}

const FAULTS: [FaultName, RegExp][] = [
  ['b-package-zero-reads-newest', /GET \/packages\/0 \(the id 0\) answered 200 with package/],
  ['b-package-negative-id-sign-dropped', /GET \/packages\/-\d+ \(the fixture package's id \d+ with a minus sign\) answered 200 with package/],
  ['b-package-id-int32-wrapped', /GET \/packages\/\d{10,} \(2\^32 \+ the fixture package's id \d+\) answered 200 with package/],
];

describe('b-pkg/absent at 0, a negative id and 2^32 above the fixture', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    for (const [fault, message] of FAULTS) {
      it(`fails B-PKG-1 with ${fault} (${conventions})`, { timeout: 30_000 }, async () => {
        const { failed, messages } = await absent(fault, conventions);
        expect(failed.has('B-PKG-1')).toBe(true);
        expect(messages).toMatch(message);
      });
    }
    it(`passes without a fault (${conventions})`, { timeout: 30_000 }, async () => {
      expect((await absent(undefined, conventions)).failed.has('B-PKG-1')).toBe(false);
    });
  }
});

// An absent package read by another user of the account: a member's read authorized on the record
// before asking whether there is one answers the permission refusal (403), not the not-found object.
describeCheckCatches("b-pkg/absent: an absent package read by member_api_key's user is a 404 too", {
  check: 'b-pkg/absent',
  fault: 'b-package-absent-member-403',
  clause: 'B-PKG-1',
  message: /^GET \/packages\/\d+ \(no such package\) with member_api_key, whose user is served the fixture package, answered 403$/,
});
