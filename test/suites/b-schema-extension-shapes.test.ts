import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/** Described as a real deployment is, without the simulator's control API. */
const withoutControl = ({ controlUrl: _control, ...target }: ResolvedTarget): ResolvedTarget => target;

/**
 * B-SCHEMA-1 holds the resources section 2 gives to their tables. An extension of the real
 * service (GET /user, GET /hooks, ...) has no shape in the spec: a deployment that answers the
 * user wrapped, or lists hooks without their salt, answers nothing the spec fixes.
 */
describe('b-schema/read-resources and extensions answered in shapes of their own', () => {
  const ownShapes = rewriting((req, reply) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'GET' || reply.status !== 200) return undefined;
    if (/^\/[^/]+\/api\/user$/.test(path)) return { body: JSON.stringify({ user: JSON.parse(reply.body) as unknown }) };
    if (/^\/[^/]+\/api\/hooks$/.test(path)) return { body: JSON.stringify((JSON.parse(reply.body) as { id: number; name: string }[]).map((h) => ({ id: h.id, name: h.name }))) };
    return undefined;
  });

  it("judges only the spec's reads in the spec profile: B-SCHEMA-1 passes", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-schema/read-resources', 'b-schema/read-formats'], profile: 'spec', front: ownShapes, retarget: withoutControl });
    expect(run.checks.map((c) => `${c.id}: ${c.verdict} ${c.reason ?? ''}`)).toEqual(['b-schema/read-resources: pass ', 'b-schema/read-formats: pass ']);
  });

  it("holds the simulator to its own extensions' shapes in the simulator profile", { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-schema/read-resources'], profile: 'simulator', front: ownShapes });
    expect([...run.failedClauses]).toEqual(['B-SCHEMA-1']);
  });
});
