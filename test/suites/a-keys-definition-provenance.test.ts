import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-AUTH-3: no later read returns a key's full value. The twenty-seventh mutation audit found the
 * definition of a pipeline a key made never read back for it: a store that stamps the document
 * with its provenance (the credentials as presented) passed in std and alt, its metadata clean.
 * a-keys/value-shown-once now reads that definition once, right after the create (before the
 * writes replace the document): 1 request.
 */
describeCheckCatches('a-keys/value-shown-once against a deployment whose definitions carry the creating key', { check: 'a-keys/value-shown-once', fault: 'a-definition-provenance-key', clause: 'A-AUTH-3', message: '/definition' });
