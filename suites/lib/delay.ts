/**
 * Waits `ms`, or less when `signal` aborts first. It resolves in both cases, never rejects: the
 * caller's next request sees the interruption and stops, so a check that waits on the target's
 * clock (a key's expiry, a job's progress) lets Ctrl-C end the run at once instead of after the
 * wait.
 */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
