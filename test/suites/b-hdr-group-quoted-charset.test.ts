import { describe, expect, it } from 'vitest';
import type { FaultName } from '../../simulator/faults.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-HDR-1: a JSON body is read as UTF-8 under every spelling of application/json. A group handler
 * that takes a quoted charset (`Charset="utf-8"`) for an unknown one and reads the body as Latin-1
 * garbles only letters beyond ASCII, and the group's name was ASCII: it is now sent with such
 * letters after it.
 */
async function everyWrite(conventions: 'standard' | 'alt', faults: FaultName[] = []) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-hdr/json-media-type-on-every-write'], seed: 7, runs: 3, conventions, faults });
  return run.checks.find((c) => c.id === 'b-hdr/json-media-type-on-every-write')!;
}

describe('b-hdr/json-media-type-on-every-write: a group named beyond ASCII', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`a group body read as Latin-1 under a quoted charset fails B-HDR-1 (${conventions})`, { timeout: 90_000 }, async () => {
      const check = await everyWrite(conventions, ['b-group-quoted-charset-latin1']);
      expect(check.verdict, describeChecks([check])).toBe('fail');
      expect(check.failures.map((f) => f.clause)).toEqual(['B-HDR-1']);
      expect(check.failures[0]?.message).toMatch(/^POST \/connection_groups with Content-Type "APPLICATION\/JSON ; Charset=\\"utf-8\\"" did not apply the JSON body as sent/);
      expect(check.failures[0]?.received).toMatch(/zoÃ«/);
    });
    it(`faultless: passes (${conventions})`, { timeout: 90_000 }, async () => {
      const check = await everyWrite(conventions);
      expect(check.verdict, describeChecks([check])).toBe('pass');
    });
  }
});

// The same misreading in POST /jobs's own body decoder: the job's ids are ASCII, so each job is
// now posted with a variable beyond ASCII, held to its value as sent.
describeCheckCatches('b-hdr/json-media-type-on-every-write: a job variable beyond ASCII', {
  check: 'b-hdr/json-media-type-on-every-write',
  fault: 'b-job-body-charset-spelling-latin1',
  clause: 'B-HDR-1',
  message: /^POST \/jobs with Content-Type ".*" did not read the JSON body as the same UTF-8 text: the job's variable disco_hdr/,
});
