import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-AUTH-3: no later read returns a key's full value. The twenty-seventh mutation audit found a
 * key's record never read after its revocation (the revocation answer was the last one scanned):
 * a store that moves revoked keys to an audit table kept in clear, which later reads are served
 * from, passed in std and alt. a-keys/value-shown-once now reads one revoked key's record once a
 * run (1 request).
 */
describeCheckCatches('a-keys/value-shown-once against a deployment that keeps revoked keys in clear', { check: 'a-keys/value-shown-once', fault: 'a-revoked-key-record-shows-value', clause: 'A-AUTH-3', message: /^GET .*\/api[-_]keys\/\d+ shows the full value/ });
