import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';
import type { ResolvedTarget } from '../../suites/lib/types.ts';

/**
 * a-pipe/delete-deployed's fixed cases where the target refuses what they need, as a conformant
 * deployment may (the definition schema and who may start a pipeline are its own, A-GAP-1): the
 * case is left unseen, said in a note, and nothing fails.
 */
const INVALID = JSON.stringify({ error: 'Invalid definition: source.tables holds at most 8 tables.', code: 'invalid_definition', field: 'source.tables' });

/** A 400 to every create whose definition lists more than 8 tables (the wide cases' names are `public.table_NNNN`). */
const wideRefused = answering((req, body) => (req.method === 'POST' && /^\/api\/public\/v1\/pipelines$/.test(req.url ?? '') && (body.match(/public\.table_\d{4}/g) ?? []).length > 8 ? { status: 400, body: INVALID } : undefined));

const FORBIDDEN = JSON.stringify({ error: 'Forbidden: this key may not start pipelines.', code: 'forbidden' });

/** A 403 to every start sent with account 1's non-admin key (read off the target as the run is given it). */
function nonAdminStartRefused(): { front: ReturnType<typeof answering>; retarget: (target: ResolvedTarget) => ResolvedTarget } {
  let nonAdmin: string | undefined;
  const front = answering((req) => (req.method === 'POST' && /\/pipelines\/\d+\/start$/.test(req.url ?? '') && nonAdmin !== undefined && req.headers.authorization === `Bearer ${nonAdmin}` ? { status: 403, body: FORBIDDEN } : undefined));
  const retarget = (target: ResolvedTarget): ResolvedTarget => {
    nonAdmin = target.a[0]?.nonAdminKey;
    return target;
  };
  return { front, retarget };
}

describe('a-pipe/delete-deployed where its fixed cases are refused', () => {
  it('notes a non-admin key refused the start, and passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-pipe/delete-deployed'], ...nonAdminStartRefused(), seed: 3, runs: 3 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason ?? JSON.stringify(check.failures)).toBe('pass');
    expect(check.notes).toContainEqual(expect.stringMatching(/^POST \S+\/start with account 1's non-admin key answered 403 .*so the DELETE of a deployed pipeline started with a non-admin key was not seen$/));
  });

  it('notes a wide definition refused, and passes', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['a-pipe/delete-deployed'], front: wideRefused, seed: 3, runs: 3 });
    const check = run.checks[0]!;
    expect(check.verdict, check.reason ?? JSON.stringify(check.failures)).toBe('pass');
    expect(check.notes.filter((n) => /^a definition of \d+ tables could not be created .*so the DELETE of a deployed pipeline of \d+ tables was not seen$/.test(n))).toHaveLength(2);
  });
});
