import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-CONN-2: the rename answers the connection, connection_group_id null when ungrouped. Mutation
 * audit 28 found b-conn/rename judging connection_group_id only in api_key's renames of account
 * 1: the renames with member_api_key and account 2's own key were judged for the name alone, so a
 * serializer rolled out to later accounts that drops null attributes passed. Those answers must
 * now carry connection_group_id too, an integer or null.
 */
describeCheckCatches("b-conn/rename against a later account's answers without null attributes", { check: 'b-conn/rename', fault: 'b-update-answer-later-accounts-nulls-dropped', clause: 'B-CONN-2', message: 'has no connection_group_id field' });
