import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * The key in the query string (`?api_key=<key>`, no Authorization) is also a query parameter no
 * interface A operation names: a deployment may refuse unknown parameters with 400 naming the
 * parameter before it looks at the key (the fourteenth freedom audit's variation fk 10). The spec
 * does not order the refusals of a request wrong two ways: the key was not taken, which is what
 * the probe asks. Here a front answers 400 to an interface A request with a query parameter
 * other than page, page_size and include_archived, whatever the key.
 */
const KNOWN = new Set(['page', 'page_size', 'include_archived']);
const unknownQueryRefused = rewriting((req) => {
  const url = new URL(req.url ?? '/', 'http://front');
  if (!url.pathname.startsWith('/api/public/')) return undefined;
  const unknown = [...url.searchParams.keys()].find((k) => !KNOWN.has(k));
  if (unknown === undefined) return undefined;
  return { status: 400, body: JSON.stringify({ error: `${unknown} is not a known query parameter`, code: 'bad_request', field: unknown }) };
});

describe('a-auth/other-schemes-refused against a 400 for an unknown query parameter before the key', () => {
  it('notes the refusal and still verifies A-AUTH-1 and A-AUTH-7', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-auth/other-schemes-refused'], profile: 'spec', front: unknownQueryRefused, seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect([check.verdict, check.reason ?? '', check.failures.map((f) => f.message), check.partial ?? []]).toEqual(['pass', '', [], []]);
    expect(check.notes?.some((n) => /key in the query string was refused with another 4xx than 401.*"\?api_key=<key>".*answered 400/.test(n))).toBe(true);
    expect([...run.failedClauses]).toEqual([]);
  });
});
