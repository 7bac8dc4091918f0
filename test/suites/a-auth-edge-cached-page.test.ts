import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-AUTH-7: a missing or invalid key gives 401, on a URL a key has just read too. The
 * twenty-eighth mutation audit found no A-AUTH-7 check reading a URL with the key before it sent
 * the same one without: an edge cache in front of the gate keeping the pipeline list's later
 * pages by URL alone (no Vary on Authorization), which serves them to anyone after a key read
 * them, failed only A-AUTH-4's and A-AUTH-6's checks (their dead keys on a later page), never
 * A-AUTH-7, in std and alt. a-auth/invalid-keys-401 now reads a later page with the admin key and
 * sends the same URL without a key and with a key that names nothing (3 more requests at seed 7).
 */
describeCheckCatches('a-auth/invalid-keys-401 against an edge cache that serves later list pages by URL alone', { check: 'a-auth/invalid-keys-401', fault: 'a-later-list-pages-edge-cached', clause: 'A-AUTH-7', message: 'on a later page of the pipeline list the admin key had just read' });
