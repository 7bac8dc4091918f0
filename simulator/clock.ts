/**
 * Time for the simulator. Lifecycles (jobs, pipelines, key expiry) read time only from here,
 * so tests drive them with a manual clock instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** True while time moves only when told to: nothing becomes due by waiting. Absent: false. */
  readonly frozen?: boolean;
  /** Simulator milliseconds per wall-clock millisecond. Absent: 1. */
  readonly speed?: number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock that follows real time, optionally faster (`speed`), from an anchor that can be
 * moved: `advance` and `set` shift the simulator's "now" without waiting. When `frozen`, time
 * moves only when told to, which makes lifecycles fully deterministic for tests. At speed 10 a
 * job that takes 35 s of the real service's time ends after 3.5 s of wall time.
 */
export class AdjustableClock implements Clock {
  /** Simulator time at `anchorReal` (wall time, ms). */
  private anchorSim: number;
  private anchorReal: number;
  private frozenAt: number | null;
  private rate: number;

  constructor(options: { frozen?: boolean; start?: number; speed?: number } = {}) {
    const real = Date.now();
    const start = options.start ?? real;
    this.rate = checkedSpeed(options.speed ?? 1);
    this.anchorSim = start;
    this.anchorReal = real;
    this.frozenAt = options.frozen ? start : null;
  }

  now(): number {
    if (this.frozenAt !== null) return this.frozenAt;
    const elapsed = Date.now() - this.anchorReal;
    return this.rate === 1 ? this.anchorSim + elapsed : this.anchorSim + Math.floor(elapsed * this.rate);
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a finite, non-negative number of milliseconds');
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.anchorSim += ms;
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

  /** How many simulator milliseconds pass per wall-clock millisecond while not frozen. */
  get speed(): number {
    return this.rate;
  }

  freeze(): void {
    if (this.frozenAt === null) this.frozenAt = this.now();
  }

  /** Lets time flow again from where it stands. */
  unfreeze(): void {
    if (this.frozenAt === null) return;
    this.anchorSim = this.frozenAt;
    this.anchorReal = Date.now();
    this.frozenAt = null;
  }

  /** Changes the speed from now on (time does not jump). */
  setSpeed(speed: number): void {
    const now = this.now();
    this.rate = checkedSpeed(speed);
    this.anchorSim = this.frozenAt ?? now;
    this.anchorReal = Date.now();
  }
}

/** 9999-12-31T23:59:59Z: later times break ISO 8601 formatting and every timestamp after them. */
export const LATEST_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** Speeds a clock accepts: above 0, at most 10,000 (a day in under 9 s). */
export const MAX_CLOCK_SPEED = 10_000;

function checkedSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed <= 0 || speed > MAX_CLOCK_SPEED) throw new RangeError(`clock speed must be above 0 and at most ${MAX_CLOCK_SPEED}`);
  return speed;
}

/** ISO 8601 UTC with a `Z`, second precision, as the real service writes timestamps. */
export function isoTime(ms: number): string {
  // Years outside 0000-9999 are written with six digits and a sign, and NaN or a moment outside
  // the Date range throws: both are left to the definition.
  if (!(ms >= FOUR_DIGIT_YEARS.from && ms < FOUR_DIGIT_YEARS.to)) return isoTimeByDate(ms);
  const second = Math.floor(ms / 1000);
  const day = Math.floor(second / 86_400);
  const prefix = datePrefixes.get(day) ?? datePrefix(day);
  const ofDay = second - day * 86_400;
  const h = Math.floor(ofDay / 3600);
  const m = Math.floor((ofDay % 3600) / 60);
  const s = ofDay % 60;
  return `${prefix}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}Z`;
}

/**
 * `YYYY-MM-DDT` of each day formatted so far (at most 4,096, then started afresh). A page of 100
 * jobs writes 900 timestamps; formatting each through a Date and toISOString took about half the
 * time of presenting the page (0.5 us each).
 */
const datePrefixes = new Map<number, string>();

/** 0000-01-01T00:00:00Z up to (not including) 10000-01-01T00:00:00Z, in ms. */
const FOUR_DIGIT_YEARS = { from: -62_167_219_200_000, to: 253_402_300_800_000 } as const;

function datePrefix(day: number): string {
  const prefix = isoTimeByDate(day * 86_400_000).slice(0, 11);
  if (datePrefixes.size >= 4096) datePrefixes.clear();
  datePrefixes.set(day, prefix);
  return prefix;
}

/** The definition `isoTime` keeps to (a property test holds them equal). */
export function isoTimeByDate(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** `YYYY-MM-DD` in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
