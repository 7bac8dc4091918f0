/**
 * Ends `disco check` early from any stage with an exit code and, when there is something to
 * say, one line for stderr (already redacted). The orchestration catches it in one place.
 */
export class RunStopped extends Error {
  override name = 'RunStopped';

  constructor(
    readonly exitCode: number,
    message = '',
  ) {
    super(message);
  }
}
