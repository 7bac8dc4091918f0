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

/**
 * The simulator control API (`control_url`) did not do what a check asked of it (tell the time,
 * move the clock): the check ends with the verdict `error`, naming the request, even inside a
 * property. Read as a counterexample it would fail the check's clause for a fault of the run's
 * own tooling, not of the target's API.
 */
export class ControlApiError extends Error {
  override name = 'ControlApiError';
}
