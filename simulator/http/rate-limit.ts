import type { Clock } from '../clock.ts';
import type { Conventions } from '../conventions.ts';
import { ApiError } from './errors.ts';

const HOUR_MS = 3_600_000;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch seconds at which the window resets. */
  resetAt: number;
}

/**
 * Requests per user per clock hour, as the real service counts them (docs/interface-b.md: 5,000 an hour,
 * `X-RateLimit-Limit` / `X-RateLimit-Remaining` on every response, 429 beyond). Windows are
 * aligned to the simulator's clock, so a test can move into the next hour instead of waiting.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>(); // "account:user" -> current window

  constructor(
    private readonly clock: Clock,
    /** Requests per hour; 0 switches limiting (and its headers) off. */
    public limitPerHour: number,
    /** The headers' names and how the reset is told (B-GAP-6). */
    private readonly names: Conventions['b']['rateLimitHeaders'],
  ) {}

  /** The rate-limit headers of an answer in the window `state`. */
  headers(state: RateLimitState): Record<string, string> {
    const reset = this.names.resetAs === 'epoch-seconds' ? state.resetAt : Math.max(0, state.resetAt - Math.floor(this.clock.now() / 1000));
    return { [this.names.limit]: String(state.limit), [this.names.remaining]: String(state.remaining), [this.names.reset]: String(reset) };
  }

  /** Counts one request of `who`; throws a 429 when the window is used up. */
  take(who: string): RateLimitState | null {
    if (this.limitPerHour <= 0) return null;
    const now = this.clock.now();
    const start = Math.floor(now / HOUR_MS) * HOUR_MS;
    let window = this.windows.get(who);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(who, window);
    }
    const resetAt = Math.floor((start + HOUR_MS) / 1000);
    if (window.count >= this.limitPerHour) {
      throw new ApiError('rate_limited', {
        message: `Rate limit exceeded: ${this.limitPerHour} requests an hour.`,
        headers: {
          ...this.headers({ limit: this.limitPerHour, remaining: 0, resetAt }),
          'Retry-After': String(Math.max(1, Math.ceil((start + HOUR_MS - now) / 1000))),
        },
      });
    }
    window.count++;
    return { limit: this.limitPerHour, remaining: this.limitPerHour - window.count, resetAt };
  }

  /** `who`'s window as it stands, counting nothing and refusing nothing (`GET /rate_limit_status`). */
  peek(who: string): RateLimitState | null {
    if (this.limitPerHour <= 0) return null;
    const now = this.clock.now();
    const start = Math.floor(now / HOUR_MS) * HOUR_MS;
    const window = this.windows.get(who);
    const count = window && window.start === start ? window.count : 0;
    return { limit: this.limitPerHour, remaining: Math.max(0, this.limitPerHour - count), resetAt: Math.floor((start + HOUR_MS) / 1000) };
  }

  reset(): void {
    this.windows.clear();
  }
}
