import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-CONN-1: the types list is the catalog of the types a connection may have. Mutation audit 28
 * found b-conn/types-of-made-connections making its connection of a kind the account held none of
 * in account 1 alone, with api_key alone: a catalog a later account's shard keeps from before the
 * warehouses, or one a member is answered by role (the types members may set up), passed. It now
 * makes one in account 2 too, with account 2's key, and has member_api_key read the list after
 * account 1's make: the member lists that connection, so its type must be in the member's list.
 */
describeCheckCatches('b-conn/types-of-made-connections against a later account served a catalog without the warehouses', { check: 'b-conn/types-of-made-connections', fault: 'b-connection-types-later-accounts-without-warehouses', clause: 'B-CONN-1', message: 'GET /connections/types (account 2) does not list' });
describeCheckCatches('b-conn/types-of-made-connections against members served the types they may set up', { check: 'b-conn/types-of-made-connections', fault: 'b-connection-types-members-without-warehouses', clause: 'B-CONN-1', message: 'GET /connections/types (member_api_key) does not list' });
