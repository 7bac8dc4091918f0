import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-CONN-1: the types list is the catalog of the types a connection may have. Mutation audit 28
 * found b-conn/types-of-made-connections making its connection of a kind the account held none of
 * in account 1 alone: a catalog a later account's shard keeps from before the warehouses passed.
 * It now makes one in account 2 too, with account 2's key.
 */
describeCheckCatches('b-conn/types-of-made-connections against a later account served a catalog without the warehouses', { check: 'b-conn/types-of-made-connections', fault: 'b-connection-types-later-accounts-without-warehouses', clause: 'B-CONN-1', message: 'GET /connections/types (account 2) does not list' });
