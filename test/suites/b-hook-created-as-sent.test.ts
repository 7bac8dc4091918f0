import { describeCheckCatches } from '../support/check-catches.ts';

/*
 * B-HOOK-1: GET /hooks/{hook_id} returns the hook POST /hooks made, as sent. Two ways a hook
 * came back otherwise and b-hook/create-read passed:
 * - Every PagerDuty hook the run made was named `disco` (the generated ones, and the one the alt
 *   simulator's document declares), already a slug: a deployment storing a service's name as the
 *   slug its PagerDuty integration looks services up by passed. The names now carry capitals and
 *   blanks, generated and declared.
 * - Every hook it made was account 1's: a deployment storing other accounts' hooks without their
 *   events passed. It now makes one in account 2 too.
 */
describeCheckCatches('b-hook/create-read and a PagerDuty service name stored as a slug', {
  check: 'b-hook/create-read',
  fault: 'b-hook-pagerduty-service-name-slugged',
  clause: 'B-HOOK-1',
  message: "the hook's settings is not what was sent",
});

describeCheckCatches("b-hook/create-read and account 2's hooks stored without their events", {
  check: 'b-hook/create-read',
  fault: 'b-hook-later-accounts-events-dropped',
  clause: 'B-HOOK-1',
  message: "POST /hooks with account 2's api_key: the hook's events is not what was sent",
});
