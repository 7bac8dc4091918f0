import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-AUTH-2: a replaced key stops authenticating, on every route. Mutation audit 28 found
 * b-auth/regenerated-key-replaces-old sending the replaced key on reads, PUT /user and POST /hooks
 * only: a deployment whose DELETE routes authorize through a grant cache of their own, never told
 * of a regeneration, let the old key go on deleting. The check now has the live key make an
 * inactive hook and sends DELETE /hooks/{id} with the replaced key, which must be refused.
 */
describeCheckCatches('b-auth/regenerated-key-replaces-old against DELETE routes that keep the grants of replaced keys', { check: 'b-auth/regenerated-key-replaces-old', fault: 'b-replaced-key-deletes-cached', clause: 'B-AUTH-2', message: 'was refused on reads but not on a removal: DELETE /hooks/' });
