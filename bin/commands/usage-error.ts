/** A mistake in how disco was invoked or configured: exit code 2, message without a stack. */
export class UsageError extends Error {
  override name = 'UsageError';
}
