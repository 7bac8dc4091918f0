import { describe, expect, it } from 'vitest';
import { frontServer } from '../support/front-server.ts';
import { runSuitesAgainstSimulator, type Front } from '../support/run-suites.ts';
import { clauseVerdicts } from '../../suites/lib/aggregate.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * A deployment whose extension lists (every interface B list but `GET /invoices`: the spec shows
 * paging for that one only) page by page number, `page` from 1 and `page_size`, and ignore the
 * invoice list's `offset` and `limit` (the fifth freedom audit's variation fh 13). Undeclared, the
 * walks read such a list one default page at a time and the clauses resting on whole lists go
 * not verified; declared (`interface_b.extension_paging`), the walks page by number and verify
 * them.
 */
const pageNumberedExtensionLists: Front = (upstream) =>
  frontServer(upstream, (req, _body, res, forward) => {
    const url = new URL(req.url ?? '/', 'http://front');
    forward(isExtensionList(req.method, url.pathname) ? `${url.pathname}${byOffset(url.searchParams)}` : (req.url ?? '/'), (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
  });

/** An interface B read that is not the invoice list (nor interface A's, nor the control API's). */
function isExtensionList(method: string | undefined, path: string): boolean {
  return method === 'GET' && !path.startsWith('/api/public/') && !path.startsWith('/_disco') && !path.endsWith('/invoices');
}

/** The simulator's offset and limit for the page number asked; the offset and limit sent are dropped (this deployment does not take them). */
function byOffset(query: URLSearchParams): string {
  const out = new URLSearchParams([...query].filter(([name]) => name !== 'offset' && name !== 'limit' && name !== 'page' && name !== 'page_size'));
  const page = query.get('page');
  const size = query.get('page_size');
  if (size !== null) out.set('limit', size);
  if (page !== null) {
    // A page number that is no positive integer is passed on as an offset the simulator refuses (a 4xx, as this deployment's own).
    const number = /^[1-9][0-9]{0,8}$/.test(page) ? Number(page) : undefined;
    const pageSize = size !== null && /^[1-9][0-9]{0,2}$/.test(size) ? Number(size) : 20;
    out.set('offset', number === undefined ? page : String((number - 1) * pageSize));
  }
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** The clauses fh 13 lost, and the checks that verify them through whole extension lists. */
const CLAUSES = ['B-AUTH-3', 'B-HOOK-1', 'B-CONN-2', 'X-ISO-1'];
const CHECKS = ['b-hook/create-read', 'b-conn/rename', 'b-iso/foreign-account-path-writes', 'b-iso/foreign-ids-write-as-absent', 'b-iso/filtered-lists-own-only'];

const declaring = (target: ResolvedTarget): ResolvedTarget => ({ ...target, interfaceB: { ...target.interfaceB, extensionPaging: { by: 'page', page: 'page', size: 'page_size' } } });

function verdicts(run: Awaited<ReturnType<typeof runSuitesAgainstSimulator>>): Record<string, string> {
  return Object.fromEntries(clauseVerdicts(run.checks, { profile: 'simulator' }).filter((v) => CLAUSES.includes(v.id)).map((v) => [v.id, v.verdict]));
}

describe('extension lists paged by page number (interface_b.extension_paging)', () => {
  it('declared, are walked by page number: every clause resting on a whole list passes, and no check fails', { timeout: 180_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: CHECKS, front: pageNumberedExtensionLists, retarget: declaring, seed: 7, runs: 5 });
    expect(run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id)).toEqual([]);
    expect(run.checks.flatMap((c) => (c.partial ?? []).map((p) => `${c.id}: ${p.clause} ${p.reason}`))).toEqual([]);
    expect(verdicts(run)).toEqual({ 'B-AUTH-3': 'pass', 'B-HOOK-1': 'pass', 'B-CONN-2': 'pass', 'X-ISO-1': 'pass' });
  });

  it('undeclared, leave what needs a whole list not verified, naming the target document\'s field that says how they page', { timeout: 180_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: CHECKS, front: pageNumberedExtensionLists, seed: 7, runs: 5 });
    expect(run.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'error').map((c) => c.id)).toEqual([]);
    const v = verdicts(run);
    expect([v['B-AUTH-3'], v['B-HOOK-1'], v['X-ISO-1']]).toEqual(['not-verified', 'not-verified', 'not-verified']);
    const told = run.checks.flatMap((c) => c.partial ?? []).map((p) => p.reason);
    expect(told.some((r) => /interface_b\.extension_paging says how the extension lists page/.test(r))).toBe(true);
  });

  it('declared, still fail a list that shows another account\'s item (X-ISO-1)', { timeout: 180_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-iso/filtered-lists-own-only'], faults: ['b-delivery-status-filter-every-account'], front: pageNumberedExtensionLists, retarget: declaring, seed: 7, runs: 5 });
    expect(run.failedClauses.has('X-ISO-1')).toBe(true);
  });
});
