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
