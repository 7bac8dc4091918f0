import type { CheckContext, Exchange } from './types.ts';
import { describeResponse } from './expect.ts';
import { is2xx, requestLine } from './answers.ts';

// ---------------------------------------------------------------------------------------------
// Refusals

/**
 * A request that must not authenticate: a 2xx (or the answer `accepted` describes) fails
 * `acceptedClause`; any other refusal than 401 fails A-AUTH-7; a 401 without the error object
 * fails both A-AUTH-7 ("401 with the error object") and A-ERR-1, the clause of every 401's body
 * (callers list it under `supports`, so `--only A-ERR-1` runs them).
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
  t.expect.errorObjectA(ex, 'A-AUTH-7');
  t.expect.errorObjectA(ex, 'A-ERR-1');
}
