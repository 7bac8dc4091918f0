import { exitCodeOfSignal } from '../../suites/lib/aggregate.ts';

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** What a run needs to know about Ctrl-C and SIGTERM while it goes on. */
export interface Interruption {
  /** Aborted at the first signal: the runner stops starting requests and runs the cleanups. */
  readonly signal: AbortSignal;
  /** The first signal received, if any. */
  received(): StopSignal | undefined;
  /** 130 after SIGINT, 143 after SIGTERM, undefined when no signal came. */
  exitCode(): number | undefined;
  /** Stops listening (the run is over). */
  dispose(): void;
}


/**
 * Stage 2 of `disco check`: the first SIGINT or SIGTERM aborts the run gracefully (cleanups run,
 * reports are still written); a second one exits at once, without cleanup. `exit` and the
 * process are injectable so the rule can be tested without signalling the test runner.
 */
export function watchInterruptions(io: { stderr: (text: string) => void; exit: (code: number) => never; on?: (signal: StopSignal, listener: () => void) => void; off?: (signal: StopSignal, listener: () => void) => void } = defaultIo()): Interruption {
  const controller = new AbortController();
  let first: StopSignal | undefined;
  const listeners = new Map<StopSignal, () => void>();
  for (const name of ['SIGINT', 'SIGTERM'] as const) {
    const listener = () => {
      if (first) {
        io.stderr('\ndisco check: interrupted again, exiting without cleanup\n');
        io.exit(exitCodeOfSignal(name));
      }
      first = name;
      io.stderr(`\ndisco check: ${name === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'}: stopping, cleaning up and writing reports (again to exit at once)\n`);
      controller.abort(new Error(`interrupted by ${name}`));
    };
    listeners.set(name, listener);
    io.on?.(name, listener);
  }
  return {
    signal: controller.signal,
    received: () => first,
    exitCode: () => (first ? exitCodeOfSignal(first) : undefined),
    dispose: () => {
      for (const [name, listener] of listeners) io.off?.(name, listener);
    },
  };
}

function defaultIo() {
  return {
    stderr: (text: string) => void process.stderr.write(text),
    exit: (code: number): never => process.exit(code),
    on: (signal: StopSignal, listener: () => void) => void process.on(signal, listener),
    off: (signal: StopSignal, listener: () => void) => void process.off(signal, listener),
  };
}
