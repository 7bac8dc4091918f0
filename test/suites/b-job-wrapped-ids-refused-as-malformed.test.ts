import { describe, expect, it } from 'vitest';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import { answering } from '../support/answering-front.ts';
import type { FaultName } from '../../simulator/faults.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A deployment storing ids as 32-bit integers that validates them: an id above 2^31 - 1 is no id
 * of its, refused as malformed (400 to the package and cluster reads, 422 with a validation body
 * of its own to POST /jobs) before any lookup, and its target document names absent ids within 32
 * bits (`absent_ids`), so no drawn id goes beyond. b-job/absent-cluster-or-package's 2^32 + the
 * fixture's ids are then no absent ids the deployment reads: only a job made elsewhere fails.
 */
const INT32_MAX = 2 ** 31 - 1;
const validatesInt32 = answering((req, body) => {
  const url = req.url ?? '';
  const read = /\/api\/(packages|clusters)\/(-?\d+)$/.exec(url);
  if (req.method === 'GET' && read?.[2] !== undefined && Number(read[2]) > INT32_MAX) return { status: 400, body: '{"errors":{"id":["is out of range"]}}' };
  if (req.method === 'POST' && /\/api\/jobs$/.test(url)) {
    const sent = JSON.parse(body) as Record<string, unknown>;
    const wide = ['cluster_id', 'package_id'].filter((k) => typeof sent[k] === 'number' && (sent[k] as number) > INT32_MAX);
    if (wide.length) return { status: 422, body: JSON.stringify({ errors: Object.fromEntries(wide.map((k) => [k, ['is out of range']])) }) };
  }
  return undefined;
});

/** Absent ids within 32 bits, as such a deployment names them. */
const within32Bits = (target: ResolvedTarget): ResolvedTarget => ({ ...target, absentIds: { min: 1_500_000_000, max: 2_000_000_000 } });

async function absentIds(conventions: 'standard' | 'alt', faults: FaultName[] = []) {
  const run = await runSuitesAgainstSimulator({ exactly: ['b-job/absent-cluster-or-package'], seed: 7, runs: 3, conventions, faults, front: validatesInt32, retarget: within32Bits });
  const check = run.checks.find((c) => c.id === 'b-job/absent-cluster-or-package');
  if (!check) throw new Error('b-job/absent-cluster-or-package did not run');
  return check;
}

describe('b-job/absent-cluster-or-package on a deployment refusing ids beyond 32 bits as malformed', () => {
  it.each(['standard', 'alt'] as const)('2^32 + the fixture\'s ids, read as malformed, refused without the error object: noted, not failed (%s)', { timeout: 60_000 }, async (conventions) => {
    const check = await absentIds(conventions);
    expect(check.failures, describeChecks([check])).toEqual([]);
    expect(check.verdict).toBe('pass');
    expect(check.notes.join('\n')).toMatch(/GET \/clusters\/\d{10,} answered 400.*not read as an id/);
  });
});
