import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * Section 2's connection table is "Connection (as returned by update)": a deployment whose list
 * of connections (an extension) shows summaries (id, name, type) is conformant. Outside the
 * simulator profile only the update's answer is held to the table.
 */
describe('b-schema/read-resources against a deployment that lists connections as summaries', () => {
  const summaries = rewriting((req, reply) => {
    if (req.method !== 'GET' || !/^\/[^/]+\/api\/connections\/?(\?|$)/.test(req.url ?? '') || reply.status !== 200) return undefined;
    const items = JSON.parse(reply.body) as { id: number; name: string; type: string }[];
    return { body: JSON.stringify(items.map(({ id, name, type }) => ({ id, name, type }))) };
  });

  it('no false alarm in the spec profile; the simulator profile still holds them to the table', { timeout: 60_000 }, async () => {
    const spec = await runSuitesAgainstSimulator({ only: ['b-schema/read-resources'], profile: 'spec', front: summaries });
    expect(spec.checks.flatMap((c) => c.failures.map((f) => f.message))).toEqual([]);
    const simulator = await runSuitesAgainstSimulator({ only: ['b-schema/read-resources'], profile: 'simulator', front: summaries });
    expect(simulator.checks[0]?.verdict).toBe('fail');
  });
});

/** B-FMT-1 states one string id, the invoice's: a run that read no invoice did not see it. */
describe('b-schema/read-formats where no account read has an invoice', () => {
  const noInvoices = rewriting((req, reply) => (req.method === 'GET' && /^\/[^/]+\/api\/invoices\/?(\?|$)/.test(req.url ?? '') && reply.status === 200 ? { body: '[]' } : undefined));

  it('B-FMT-1 is not verified, saying the invoice id was not seen', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-schema/read-formats'], profile: 'spec', front: noInvoices });
    expect(run.checks[0]?.partial?.map((p) => p.reason)).toEqual(["no invoice was read (the invoice lists read are empty), so the invoice id, the one string id of section 2, was not seen"]);
  });
});
