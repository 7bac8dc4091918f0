import { describeCheckCatches } from '../support/check-catches.ts';

/**
 * A-PIPE-1: DELETE of a deployed pipeline stops and tears it down first. The twenty-eighth
 * mutation audit found every pipeline of the A-PIPE-1 checks started once before its DELETE (a
 * restart stops it first): a start of a deployed pipeline that reaches a runtime registering a
 * second deployment, which the teardown does not know, and an archive that goes on all the same,
 * passed in std and alt. a-pipe/delete-deployed now starts one plain pipeline twice in a row
 * before its DELETE, in every run (7 more requests at seed 7).
 */
describeCheckCatches('a-pipe/delete-deployed against a teardown that leaves a second start\'s deployment running', { check: 'a-pipe/delete-deployed', fault: 'a-second-start-delete-keeps-running', clause: 'A-PIPE-1', message: /started twice|not archived/ });
