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

/**
 * A request in a language the deployment has no texts in (`Accept-Language: ja`) may be refused
 * with 406 (RFC 9110 12.5.4 allows it, though it discourages it), before or beside its missing
 * key or absent pipeline: no false alarm either. Here a front turns interface A's 401s and 404s
 * to requests asking for another language than English into 406s with the error object; the
 * 401 and 404 are judged on the requests without an Accept-Language.
 */
const languageRefusedFirst = rewriting((req, reply) => {
  const language = req.headers['accept-language'];
  if (!req.url?.startsWith('/api/public/') || language === undefined || /^en\b/i.test(language) || (reply.status !== 401 && reply.status !== 404)) return undefined;
  return { status: 406, body: JSON.stringify({ error: 'not_acceptable', message: 'error texts are in English only' }) };
});

describe('a-err/401-404-error-object and a-err/404-error-object-writes against a 406 for another language', () => {
  it('note the 406s and still verify A-ERR-1, A-AUTH-7 and A-ENUM-1', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['a-err/401-404-error-object', 'a-err/404-error-object-writes'], profile: 'spec', front: languageRefusedFirst, seed: 7, runs: 5 });
    expect(run.checks.map((c) => [c.id, c.verdict, c.reason ?? '', c.failures.map((f) => f.message), c.partial ?? []])).toEqual([
      ['a-err/401-404-error-object', 'pass', '', [], []],
      ['a-err/404-error-object-writes', 'pass', '', [], []],
    ]);
    const notes = run.checks.flatMap((c) => c.notes);
    expect(notes).toContain('DELETE without a key, Accept-Language: ja answered 406: refused for its Accept-Language (a server may answer 406 where it has no text in the language, RFC 9110 12.5.4), before (or beside) its missing key; the spec does not order the two, and that 401 is judged without an Accept-Language');
    expect(notes).toContain("DELETE of an absent pipeline, Accept-Language: de-DE,de;q=0.9 answered 406: refused for its Accept-Language (a server may answer 406 where it has no text in the language, RFC 9110 12.5.4), before (or beside) the absent pipeline's 404; the spec does not order the two, and that 404 is judged without an Accept-Language");
  });
});
