import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A request without a key whose Accept admits no JSON (`application/yaml`) is wrong two ways: a
 * deployment may negotiate the media type before it looks at the key and answer 406. The spec
 * does not order the two refusals, so that is no false alarm; the missing key's 401 is judged on
 * the requests whose Accept admits JSON. Here a front turns interface A's 401s to such requests
 * into 406s with the error object.
 */
const notAcceptableFirst = rewriting((req, reply) => {
  const accept = req.headers.accept ?? '';
  const admitsJson = accept === '' || /json|\*\/\*|application\/\*/i.test(accept);
  if (!req.url?.startsWith('/api/public/') || admitsJson || reply.status !== 401) return undefined;
  return { status: 406, body: JSON.stringify({ error: 'not_acceptable', message: 'interface A answers application/json' }) };
});

describe('a-err/401-404-error-object against a 406 for an Accept admitting no JSON before the key', () => {
  it('notes the 406 and still verifies A-ERR-1 and A-AUTH-7', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/401-404-error-object'], profile: 'spec', front: notAcceptableFirst, seed: 7, runs: 5 });
    const check = run.checks[0]!;
    expect([check.verdict, check.reason ?? '', check.failures.map((f) => f.message), check.partial ?? []]).toEqual(['pass', '', [], []]);
    expect(check.notes).toContain('DELETE without a key, Accept: application/yaml answered 406: refused for its Accept, which admits no JSON, before (or beside) its missing key; the spec does not order the two, and that 401 is judged where the Accept admits JSON');
  });
});
