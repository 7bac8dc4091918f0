import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * A deployment whose error bodies carry the time each was made, to the millisecond (Spring Boot's
 * `timestamp`, the sixth freedom audit's fj 10): two answers sent within the same millisecond
 * share it, so what two absent ids' answers vary by cannot show it. The comparisons of a foreign
 * id's answer with an absent one's set each answer's own stamp aside, and still tell answers
 * that differ otherwise apart.
 *
 * The front stamps the n-th refusal it passes with the time of the deployment's clock (its Date,
 * a whole second) plus ceil(n / 2) ms: every other pair of refusals in a row shares a stamp, as
 * two in the same millisecond would, and the pair around it does not, whatever the machine's
 * speed.
 */
function stampingRefusals() {
  let refusals = 0;
  return rewriting((_req, reply) => {
    if (reply.status < 400 || !String(reply.headers['content-type'] ?? '').includes('json')) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(reply.body);
    } catch {
      return undefined;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const clock = Date.parse(String(reply.headers.date));
    const timestamp = new Date((Number.isNaN(clock) ? Date.now() : clock) + (Math.ceil(++refusals / 2) % 1000)).toISOString();
    return { body: JSON.stringify({ timestamp, ...body }) };
  });
}

const CHECKS = ['b-iso/foreign-ids-read-as-absent', 'b-iso/foreign-account-path', 'b-iso/foreign-ids-write-as-absent', 'b-iso/foreign-job-output-preview', 'a-enum/foreign-pipeline-same-404'];

describe("error bodies stamped with the time of each answer, to the millisecond", () => {
  it("are no tell: a foreign id's answer is judged alike an absent one's (B-AUTH-3, A-ENUM-1, in the simulator profile)", { timeout: 240_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: CHECKS, front: stampingRefusals(), seed: 7, runs: 10 });
    expect(run.checks.filter((c) => c.verdict !== "pass").map((c) => `${c.id}: ${c.verdict} ${c.failures.map((f) => `${f.clause} ${f.message} EXP ${f.expected} REC ${f.received}`).join("; ")}`)).toEqual([]);
  });

  it('still fail a foreign answer that differs otherwise (B-AUTH-3)', { timeout: 120_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ exactly: ['b-iso/foreign-ids-read-as-absent'], faults: ['b-foreign-resource-403'], front: stampingRefusals(), seed: 7, runs: 10 });
    expect(run.failedClauses.has('B-AUTH-3')).toBe(true);
  });
});
