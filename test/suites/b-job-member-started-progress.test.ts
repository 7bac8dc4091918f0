import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * B-JOB-4 for a job another user of the account started: mutation audit 28 found every job
 * b-job/lifecycle-poll reads started with an account's api_key (member_api_key only reads the
 * ended job), so a deployment whose members' jobs run on another runner, which reports progress
 * in percent, passed. The check now starts one job with member_api_key and reads it with api_key
 * to its end beside the others (the lists and the search it reads then show that job too).
 */
describeCheckCatches("b-job/lifecycle-poll against a member's job reported in percent", { check: 'b-job/lifecycle-poll', fault: 'b-member-job-progress-percent', clause: 'B-JOB-4', message: 'outside 0 to 1' });
