import { describe, expect, it } from 'vitest';
import { watchInterruptions, type StopSignal } from './signals.ts';

/** A fake process: signals are delivered by hand, exit throws so the test can see it. */
function fakeProcess() {
  const listeners = new Map<StopSignal, () => void>();
  const said: string[] = [];
  const io = {
    stderr: (text: string) => void said.push(text),
    exit: (code: number): never => {
      throw new Error(`exit ${code}`);
    },
    on: (signal: StopSignal, listener: () => void) => void listeners.set(signal, listener),
    off: (signal: StopSignal) => void listeners.delete(signal),
  };
  return { io, said, send: (signal: StopSignal) => listeners.get(signal)?.(), listening: () => listeners.size };
}

describe('the signal stage of disco check', () => {
  it('aborts the run at the first signal and reports 130 for SIGINT, 143 for SIGTERM', () => {
    for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      const p = fakeProcess();
      const interruption = watchInterruptions(p.io);
      expect(interruption.signal.aborted).toBe(false);
      expect(interruption.exitCode()).toBeUndefined();
      p.send(signal);
      expect(interruption.signal.aborted).toBe(true);
      expect(interruption.received()).toBe(signal);
      expect(interruption.exitCode()).toBe(code);
      expect(p.said.join('')).toContain('stopping, cleaning up and writing reports');
    }
  });

  it('exits at once, without cleanup, on a second signal', () => {
    const p = fakeProcess();
    watchInterruptions(p.io);
    p.send('SIGTERM');
    expect(() => p.send('SIGINT')).toThrow('exit 130');
    expect(p.said.join('')).toContain('interrupted again, exiting without cleanup');
  });

  it('stops listening once disposed', () => {
    const p = fakeProcess();
    const interruption = watchInterruptions(p.io);
    expect(p.listening()).toBe(2);
    interruption.dispose();
    expect(p.listening()).toBe(0);
  });
});
