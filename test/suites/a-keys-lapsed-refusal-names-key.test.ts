import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-AUTH-3: no answer after a key's creation returns its full value. The twenty-seventh mutation
 * audit found the refusals of expired keys never scanned: a deployment whose 401 to a key that
 * lapsed names it whole ("the API key fdk_... expired at ...") passed in std and alt. The expiry
 * checks now scan the expired key's own 401 for its value (no added request).
 */
describeCheckCatches('the expiry checks against a deployment whose 401 names the lapsed key', {
  check: [
    { check: 'a-keys/expiry-in-real-time', conventions: ['standard', 'alt'] },
    { check: 'a-keys/expired-key-refused', conventions: ['standard'] },
  ],
  fault: 'a-lapsed-key-401-names-key',
  clause: 'A-AUTH-3',
  message: 'the refusal of the key once expired',
});
