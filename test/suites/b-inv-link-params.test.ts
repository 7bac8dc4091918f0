import { describe, expect, it } from 'vitest';
import { rewriting } from '../support/rewriting-front.ts';
import { describeChecks, runSuitesAgainstSimulator } from '../support/run-suites.ts';

/**
 * B-GAP-3's Link header read as RFC 8288 section 3 writes it: a link-value's parameters in any
 * order, a quoted-string holding a comma or a semicolon. The twelfth freedom audit's fh variation
 * 2 put a title before each rel (`<...>; title="Invoices, from 21"; rel="next"`), and the old
 * reading (`[^;,]+` per parameter) ended the link at the title's comma, so b-inv/paging-conventions
 * failed 'the first of several pages has no Link rel="next"'.
 */

/** Each invoice Link value gets a title, a quoted-string with a comma, a semicolon and an escaped quote, before its rel. */
const titled = rewriting((req, reply) => {
  const link = reply.headers.link;
  // The front copies the headers after this, so the change goes out with the answer.
  if (req.method === 'GET' && typeof link === 'string') reply.headers.link = link.replace(/>;\s*rel=/g, '>; title="Invoices, from here; see \\"paging\\""; rel=');
  return undefined;
});

describe('b-inv/paging-conventions and the Link header', () => {
  it('finds rel="next" and rel="prev" behind a title holding a comma', { timeout: 60_000 }, async () => {
    const run = await runSuitesAgainstSimulator({ only: ['b-inv/paging-conventions'], profile: 'simulator', front: titled });
    const check = run.checks.find((c) => c.id === 'b-inv/paging-conventions')!;
    expect(check.verdict, describeChecks([check])).toBe('pass');
  });
});
