import { describe, expect, it } from 'vitest';
import { answering } from '../support/answering-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-ERR-1: "a 404 carries the fixed not-found text, the same for every 404", whoever asks in
 * whatever language. b-err's read sweep also reads the absent package with a browser's
 * Accept-Language (German, French, Spanish, Chinese): a 404 translated by it fails; a language the
 * deployment refuses to serve (a 406 of its own body) is no 404 and passes.
 */
const absentPackage = (url: string | undefined) => {
  const id = /^\/[^/]+\/api\/packages\/(\d+)$/.exec(url ?? '')?.[1];
  return id !== undefined && Number(id) >= 1_000_000_000;
};
const languageOf = (header: string | string[] | undefined) => String(header ?? '');

describe('b-err/404-same-message-reads against deployments that answer by Accept-Language', () => {
  it('an absent package read in German answered in German: fails B-ERR-1', { timeout: 60_000 }, async () => {
    const front = answering((req) => (req.method === 'GET' && /^de\b/i.test(languageOf(req.headers['accept-language'])) && absentPackage(req.url) ? { status: 404, body: '{"message":"Eintrag nicht gefunden."}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-reads'], profile: 'spec', front });
    expect(run.checks[0]?.verdict).toBe('fail');
    expect(run.checks[0]?.failures[0]).toMatchObject({ clause: 'B-ERR-1', message: 'GET /packages/{absent} with Accept-Language: de-DE,de;q=0.9,en;q=0.8: this 404 carries another text than the 404 of an absent package' });
  });

  it('Chinese refused with a 406 of its own body (a language not served): passes', { timeout: 60_000 }, async () => {
    const front = answering((req) => (/^zh\b/i.test(languageOf(req.headers['accept-language'])) ? { status: 406, body: '{"error":"language not available"}' } : undefined));
    const run = await runSuitesAgainstSimulator({ only: ['b-err/404-same-message-reads'], profile: 'spec', front });
    expect(run.checks[0]?.failures.map((f) => f.message)).toEqual([]);
    expect(run.checks[0]?.verdict).toBe('pass');
    // Said, not dropped in silence (audit free16): that probe showed no 404 text.
    expect(run.checks[0]?.notes).toContainEqual(expect.stringMatching(/^not compared with the 404 text, answered other than 404: GET \/packages\/\{absent\} with Accept-Language: zh-CN,zh;q=0\.9,en;q=0\.8: 406$/));
  });
});
