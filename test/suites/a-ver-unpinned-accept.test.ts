import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-VER-1: interface A is version 1.0, carried in the path prefix `/api/public/v1`, whatever the
 * client accepts. The twenty-eighth mutation audit found every interface A request sent with
 * `Accept: application/json`: a gateway that negotiates the version from Accept and sends a
 * client pinning no media type (no Accept, `*\/*`, `application/*`) to a v2 service, so that
 * /api/public/v1 answers it as an unknown path, passed in std and alt. a-ver/served-under-v1 now
 * sends the spec's DELETE of an absent pipeline without a key, and the pipeline list with the
 * key, under each such Accept beside the JSON one (8 more requests at seed 7).
 */
describeCheckCatches('a-ver/served-under-v1 against a gateway that serves clients pinning no media type under v2', { check: 'a-ver/served-under-v1', fault: 'a-unpinned-accept-served-v2', clause: 'A-VER-1', message: 'the path carries the version, whatever the client accepts' });
