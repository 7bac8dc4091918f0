import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-AUTH-1: `Authorization: Bearer <key>` authenticates, whichever configured key it carries.
 * The twenty-eighth mutation audit found the configured keys sent to the pipeline list only: a
 * definitions service whose gate knows the admin keys alone, refusing a non-admin key with 401 on
 * the definition read, passed in std and alt. a-auth/bearer-key-authenticates now reads account
 * 1's first fixture pipeline (the pipeline, its definition) with the admin key and then its
 * non-admin key, and fails a 401 to the latter (4 more requests).
 */
describeCheckCatches('a-auth/bearer-key-authenticates against a definitions service that knows admin keys only', { check: 'a-auth/bearer-key-authenticates', fault: 'a-nonadmin-key-definition-401', clause: 'A-AUTH-1', message: 'was refused as a key not read (401)' });
