import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-PIPE-1: DELETE of a deployed pipeline stops and tears it down first, whatever became of the
 * key that started it. The twenty-eighth mutation audit found every A-PIPE-1 pipeline started
 * with a key that still worked at its DELETE: a teardown run with the starting key's token, which
 * the runtime refuses once that key is revoked, and an archive that goes on all the same, passed
 * in std and alt. a-pipe/delete-deployed now starts one plain pipeline with an admin key the run
 * makes, revokes that key, and deletes the pipeline with account 1's admin key, in every run (9
 * more requests at seed 7).
 */
describeCheckCatches('a-pipe/delete-deployed against a teardown run with the revoked starting key', { check: 'a-pipe/delete-deployed', fault: 'a-revoked-starter-delete-keeps-running', clause: 'A-PIPE-1', message: /revoked since|not archived/ });
