import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * `disco serve ... -- COMMAND [ARGS...]`: the simulator lives exactly as long as one command (a
 * client's test suite), as `firebase emulators:exec` does: no port to wait for, no target file
 * left from an earlier run to be mistaken for this one's, no process to kill afterwards.
 *
 * The command starts once the simulator answers, with `env` added to this process's environment
 * and this terminal's stdin, stdout and stderr; its exit status is the result (a signal that
 * ended it counts 128 + its number, as in a shell). SIGINT and SIGTERM sent to disco are passed
 * on to the command, as npm does for its scripts, and disco waits for it to end; a second one
 * ends it with SIGKILL. A command that cannot be started is 127 (not found) or 126, as in a shell.
 */
export function runCommandAlongside(command: readonly string[], env: Record<string, string>, say: (line: string) => void): Promise<number> {
  const [file, ...args] = command;
  if (file === undefined) return Promise.resolve(0);
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    let signals = 0;
    const pass = (signal: NodeJS.Signals) => {
      signals++;
      if (child.exitCode === null && child.signalCode === null) child.kill(signals > 1 ? 'SIGKILL' : signal);
    };
    process.on('SIGINT', pass);
    process.on('SIGTERM', pass);
    let ended = false;
    const end = (status: number) => {
      if (ended) return;
      ended = true;
      process.off('SIGINT', pass);
      process.off('SIGTERM', pass);
      resolve(status);
    };
    child.once('error', (err: NodeJS.ErrnoException) => {
      say(`disco serve: cannot run ${file}: ${err.code ?? err.message}`);
      end(err.code === 'ENOENT' ? 127 : 126);
    });
    child.once('exit', (code, signal) => end(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}
