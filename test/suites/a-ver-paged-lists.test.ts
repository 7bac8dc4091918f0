import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-VER-1: interface A is served under `/api/public/v1`, its lists as clients page them too. The
 * twenty-eighth mutation audit found the A-VER-1 checks reading the lists without paging
 * parameters only: a gateway that routes every paged list request to a v2 service (paging
 * reworked there), so that /api/public/v1 answers it as an unknown path, passed in std and alt.
 * a-ver/served-under-v1 now reads each list the target routes with the admin key as it is and
 * with the query of its first page (4 more requests at seed 7).
 */
describeCheckCatches('a-ver/served-under-v1 against a gateway that serves paged lists under v2 only', { check: 'a-ver/served-under-v1', fault: 'a-paged-lists-v2-only', clause: 'A-VER-1', message: 'paged requests are not served there' });
