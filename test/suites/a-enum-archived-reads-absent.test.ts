import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A deployment whose archived pipelines read as absent: once archived, every request to the
 * pipeline (its read, its definition, a second DELETE, the writes) answers the 404 an absent id
 * gets (the fourteenth freedom audit's fk 13). Reading a pipeline is not in the spec, an archived
 * one least of all: conformant. Comparing another account's pipeline with an absent id needs no
 * read of the archived one, yet a-enum/foreign-pipeline-same-404 read account 2's archived
 * pipeline back ("could not read pipeline N") and a-enum/same-name-stop-spares-other-account
 * waited for account 1's to show archived: both skipped, A-ENUM-1 and X-ISO-1 not verified.
 */
const archivedReadsAbsent = () => {
  const archived = new Set<string>();
  return rewriting((req, reply) => {
    const id = /^\/api\/public\/v1\/pipelines\/(\d+)(\/[^?]*)?(\?|$)/.exec(req.url ?? '')?.[1];
    if (id === undefined) return undefined;
    if (archived.has(id)) return (reply.status >= 200 && reply.status < 300) || reply.status === 409 ? { status: 404, body: JSON.stringify({ error: 'Pipeline not found.', code: 'not_found' }) } : undefined;
    if (req.method === 'DELETE' && reply.status === 200 && /^\/api\/public\/v1\/pipelines\/\d+(\?|$)/.test(req.url ?? '')) archived.add(id);
    return undefined;
  });
};

describe('a-enum checks against a deployment whose archived pipelines read as absent', () => {
  it('a-enum/foreign-pipeline-same-404 and a-enum/same-name-stop-spares-other-account verify A-ENUM-1 and X-ISO-1 (alt conventions)', { timeout: 120_000 }, async () => {
    const exactly = ['a-enum/foreign-pipeline-same-404', 'a-enum/same-name-stop-spares-other-account'];
    const run = await runSuitesAgainstSimulator({ exactly, conventions: 'alt', seed: 7, runs: 5, front: archivedReadsAbsent() });
    expect(run.checks.map((c) => [c.id, c.verdict, c.reason ?? '', c.failures.map((f) => f.message), c.partial ?? []])).toEqual(exactly.map((id) => [id, 'pass', '', [], []]));
    const foreign = run.checks.find((c) => c.id === 'a-enum/foreign-pipeline-same-404')!;
    expect(foreign.notes.join('\n')).toMatch(/account 2's archived pipeline \d+ reads as absent to account 2 itself \(404\): compared with an absent id/);
  });
});
