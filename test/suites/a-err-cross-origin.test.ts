import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-ERR-1: every 401 and 404 body of interface A is a JSON object with a string `error`, whatever
 * the request's origin. The twenty-eighth mutation audit found no A-ERR-1 probe sent with an
 * `Origin` header: a CORS layer that re-raises a cross-origin request's errors as the
 * framework's bare HTTP error, with an empty body, passed in std and alt.
 * a-err/401-404-error-object now sends the spec's DELETE of an absent pipeline without a key and
 * the read of an absent pipeline with the key from two origins (a dashboard's, `null`): 4 more
 * requests at seed 7.
 */
describeCheckCatches('a-err/401-404-error-object against a CORS layer that drops cross-origin error bodies', { check: 'a-err/401-404-error-object', fault: 'a-cross-origin-errors-bodiless', clause: 'A-ERR-1', message: 'error object' });
