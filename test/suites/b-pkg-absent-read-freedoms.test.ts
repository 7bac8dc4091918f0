import { describe, expect, it } from 'vitest';
import type { ConventionsName } from '../../simulator/conventions.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';
import { answering } from '../support/answering-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { Front } from '../support/run-suites.ts';

/*
 * B-PKG-1 in b-pkg/absent (the ids 0, minus the fixture's, 2^32 above it) and b-pkg/read (a
 * member's 404) on deployments that chose otherwise (freedom audit 27). Checked fine, kept as
 * tests (green before and after: no check change): ids validated away with a 400 of the
 * deployment's own (0 and negative ids), members refused packages (403), members refused
 * both the read (404, hidden) and the list (403).
 */

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!;
const ONE = /^\/[^/]+\/api\/packages\/(-?\d+)$/;
const LIST = /^\/[^/]+\/api\/packages\/?$/;

let memberAuthorization: string | undefined;
const knowingMember = (t: ResolvedTarget): ResolvedTarget => {
  const key = t.b[0]?.memberApiKey;
  memberAuthorization = key === undefined ? undefined : `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  return t;
};
const isMember = (auth: string | undefined) => memberAuthorization !== undefined && auth === memberAuthorization;

/** Ids that are not positive refused as malformed, 400 with a body of the deployment's own (ids beyond 32 bits are the drawn property's: 404, not changed here). */
const idsValidated = answering((req) => {
  const m = ONE.exec(pathOf(req.url));
  if (req.method !== 'GET' || !m) return undefined;
  const id = Number(m[1]);
  return id <= 0 ? { status: 400, body: '{"error":"package_id must be a positive integer"}' } : undefined;
});
const memberRefused = (read: number, list: number): Front =>
  answering((req) => {
    if (req.method !== 'GET' || !isMember(req.headers.authorization)) return undefined;
    if (ONE.test(pathOf(req.url))) return { status: read, body: '{"message":"Not allowed"}' };
    if (LIST.test(pathOf(req.url))) return { status: list, body: '{"message":"Not allowed"}' };
    return undefined;
  });

function run(conventions: ConventionsName, check: string, front: Front) {
  return runSuitesAgainstSimulator({ exactly: [check], conventions, seed: 7, runs: 5, front, retarget: knowingMember });
}

describe('b-pkg/absent and b-pkg/read where the deployment chose otherwise (conformant)', () => {
  for (const conventions of ['standard', 'alt'] as const) {
    it(`undrawn ids refused 400 as malformed: b-pkg/absent passes, noted (${conventions})`, { timeout: 60_000 }, async () => {
      const r = await run(conventions, 'b-pkg/absent', idsValidated);
      expect(r.checks.map((c) => c.verdict), describeChecks(r.checks)).toEqual(['pass']);
      expect(r.checks[0]!.notes.join('\n')).toMatch(/refused .*\(400\)/);
    });
    it(`members refused the read (403): b-pkg/read passes, noted (${conventions})`, { timeout: 60_000 }, async () => {
      const r = await run(conventions, 'b-pkg/read', memberRefused(403, 200));
      expect(r.checks.map((c) => c.verdict), describeChecks(r.checks)).toEqual(['pass']);
      expect(r.checks[0]!.notes.join('\n')).toMatch(/with member_api_key answered 403/);
    });
    it(`members refused the read (404) and the list (403): b-pkg/read passes, noted (${conventions})`, { timeout: 60_000 }, async () => {
      const r = await run(conventions, 'b-pkg/read', memberRefused(404, 403));
      expect(r.checks.map((c) => c.verdict), describeChecks(r.checks)).toEqual(['pass']);
      expect(r.checks[0]!.notes.join('\n')).toMatch(/with member_api_key answered 404/);
    });
  }
});
