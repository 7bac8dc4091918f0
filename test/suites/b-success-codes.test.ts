import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * The success codes of the connection type list and of the invoice list are not shown in the
 * spec: a deployment answering them 203 (a caching layer in front, say) answers them successfully,
 * and the positive control and the invoice isolation check take it so.
 */
describe('success codes the spec does not show, answered 203', () => {
  const nonAuthoritative = rewriting((req, reply) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    return req.method === 'GET' && reply.status === 200 && /^\/[^/]+\/api\/(connections\/types|invoices)$/.test(path) ? { status: 203 } : undefined;
  });

  it('the positive control holds (B-ERR-1 verified) and account 2\'s invoices are looked for', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-err/', 'b-iso/foreign-invoices-not-listed'], profile: 'spec', front: nonAuthoritative, retarget: withoutControl });
    const invoices = run.checks.find((c) => c.id === 'b-iso/foreign-invoices-not-listed')!;
    expect([invoices.verdict, invoices.reason]).toEqual(['pass', undefined]);
    const partial = run.checks.flatMap((c) => c.partial ?? []).filter((p) => p.reason.includes('GET /connections/types'));
    expect(partial).toEqual([]);
  });
});
