import { describeCheckCatches } from '../support/check-catches.ts';

/*
 * B-HOOK-1: GET /hooks/{hook_id} returns the hook POST /hooks made, its settings as sent. Every
 * PagerDuty hook the run made was named `disco` (the generated ones, and the one the alt
 * simulator's document declares), already a slug: a deployment that stores a service's name as
 * the slug its PagerDuty integration looks services up by passed. The names now carry capitals
 * and blanks, generated and declared.
 */
describeCheckCatches('b-hook/create-read and a PagerDuty service name stored as a slug', {
  check: 'b-hook/create-read',
  fault: 'b-hook-pagerduty-service-name-slugged',
  clause: 'B-HOOK-1',
  message: "the hook's settings is not what was sent",
});
