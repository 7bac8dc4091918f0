import type { CheckContext, Exchange } from './types.ts';
import { describeResponse } from './expect.ts';
import { is2xx, requestLine } from './answers.ts';
import { otherSchemeCases } from './arbitraries/credentials.ts';
import { CRASH_AND_LEAK, expectNoCrashOrLeak } from './robustness.ts';

// ---------------------------------------------------------------------------------------------
// Refusals

/**
 * A request that must not authenticate: a 2xx (or the answer `accepted` describes) fails
 * `acceptedClause`; any other refusal than 401 fails A-AUTH-7; a 401 without the error object
 * fails both A-AUTH-7 ("401 with the error object") and A-ERR-1, the clause of every 401's body:
 * one failure filed under both (`also`), so a run of either clause names it (callers list A-ERR-1
 * under `supports`, so `--only A-ERR-1` runs them).
 */
export function expectUnauthenticated(t: CheckContext, ex: Exchange, what: string, acceptedClause: string, accepted: (ex: Exchange) => boolean = is2xx): void {
  t.expect.that(!accepted(ex), {
    clause: acceptedClause,
    message: `${what} authenticated: ${requestLine(ex)} answered ${ex.response.status}`,
    expected: '401 with the error object',
    received: describeResponse(ex),
    exchange: ex,
  });
  t.expect.status(ex, 401, 'A-AUTH-7', `${what}: ${requestLine(ex)} answered ${ex.response.status}, expected 401 (a missing or invalid key)`);
  t.expect.errorObjectA(ex, 'A-AUTH-7', ['A-ERR-1']);
}

/**
 * The valid credentials under the scheme in other letter cases (`otherSchemeCases`: `basic`,
 * `BASIC`, `bAsIc`), each sent once by `send`, the same read where the scheme as the spec writes
 * it was just served. RFC 9110 section 11.1 makes the scheme case-insensitive; the spec writes it
 * one way (B-AUTH-1's "HTTP Basic", A-AUTH-1's `Bearer <key>`) and says nothing of other
 * spellings. So whichever way the target answers, neither clause fails (the lead's decision on the
 * audits' b13 #18 and fk v12): a refusal (any answer below 500 that `served` does not take for the
 * read served) is noted with the RFC, so a client's user learns that this deployment matches the
 * scheme as written. A refusal is still held to the interface's rule for credentials it does not
 * read (`expectRefusal`: A-AUTH-7's 401 with the error object, B-AUTH-1's 4xx): a deployment that
 * reads the key under `bearer` and then answers 403, or redirects to a login page, refuses
 * nothing the spec lets it refuse so. A 5xx or a stack trace fails X-ROB-1, as for any request
 * (callers list it under `supports`).
 */
export async function noteSchemeCaseRefusals(
  t: CheckContext,
  credentials: { scheme: string; token: string; shown: string },
  send: (authorization: string) => Promise<Exchange>,
  expectRefusal: (ex: Exchange, what: string) => void,
  served: (ex: Exchange) => boolean = is2xx,
): Promise<void> {
  const refused: string[] = [];
  let line = '';
  for (const spelt of otherSchemeCases(credentials.scheme)) {
    const ex = await send(`${spelt} ${credentials.token}`);
    const shown = `"${spelt} ${credentials.shown}"`;
    expectNoCrashOrLeak(t, ex, CRASH_AND_LEAK, [], `with Authorization ${shown} (the scheme in another letter case)`);
    line = requestLine(ex);
    if (ex.response.status >= 500 || served(ex)) continue;
    refused.push(`${shown} answered ${ex.response.status}`);
    expectRefusal(ex, `the valid credentials under ${shown} (the scheme in another letter case), not read as ${credentials.scheme}`);
  }
  if (refused.length === 0) return;
  t.note(
    `the valid credentials under the scheme in another letter case were refused on ${line}, where "${credentials.scheme} ${credentials.shown}" was served: ${refused.join(', ')}. RFC 9110 section 11.1 makes the scheme case-insensitive, so a client that writes it so is refused by this deployment; the spec writes it \`${credentials.scheme}\`, so this is not failed`,
  );
}
