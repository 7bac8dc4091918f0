import type { FailureDetail } from './types.ts';

/** Thrown by t.fail / t.expect: a check's expectation did not hold. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
  constructor(readonly detail: FailureDetail) {
    super(`${detail.clause}: ${detail.message}`);
  }
}

/** Thrown by t.skip. */
export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
}

/**
 * The run was interrupted (Ctrl-C, SIGTERM) while the check waited on work of its own (a key
 * being made): the check ends at once with the verdict `error`, as one stopped between requests.
 */
export class RunInterrupted extends Error {
  override name = 'RunInterrupted';
  constructor() {
    super('the run was interrupted');
  }
}
