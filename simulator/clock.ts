/**
 * Time for the simulator. Lifecycles (jobs, pipelines, key expiry) read time only from here,
 * so tests drive them with a manual clock instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock that follows real time from an offset that can be moved: `advance` and `set` shift
 * the simulator's "now" without waiting. When `frozen`, time moves only when told to,
 * which makes lifecycles fully deterministic for tests.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | null;

  constructor(options: { frozen?: boolean; start?: number } = {}) {
    const start = options.start ?? Date.now();
    this.frozenAt = options.frozen ? start : null;
    if (!options.frozen && options.start !== undefined) this.offsetMs = start - Date.now();
  }

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a finite, non-negative number of milliseconds');
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
    return this.now();
  }

  /** Moves time to `ms`. Time never goes backwards: lifecycles assume it is monotone. */
  set(ms: number): number {
    if (!Number.isFinite(ms)) throw new RangeError('set needs a finite time');
    const delta = ms - this.now();
    if (delta < 0) throw new RangeError('the clock never goes backwards');
    return this.advance(delta);
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  freeze(): void {
    if (this.frozenAt === null) this.frozenAt = this.now();
  }
}

/** ISO 8601 UTC with a `Z`, second precision, as the real service writes timestamps. */
export function isoTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** `YYYY-MM-DD` in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
