/**
 * Request quotas per minute, per key (an API key id, or a client IP for anonymous callers), counted in units:
 * a request costs 1 unit, a costly one more (the caller says how many).
 *
 * `RateLimiter` is the small interface the API depends on. `InMemoryRateLimiter` counts in this process only:
 * behind a load balancer, N API instances would let a caller spend up to N × limit units a minute. Several
 * instances need a shared store (e.g. Redis `INCRBY` + `EXPIRE` on `key:window`) behind the same interface.
 */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Units left in the current window after this hit. */
  readonly remaining: number;
  /** Seconds until the window ends and the count starts over (what `Retry-After` should say when refused). */
  readonly resetSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts `cost` units (default 1) for `key` against `limit` units per window. A hit the window cannot pay
   * (fewer than `cost` units left) is refused and counts nothing; a `cost` of 0 reads the window.
   */
  hit(key: string, limit: number, cost?: number): Promise<RateLimitDecision>;
}

/** Quotas are per minute ("quotaPerMinute"). */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Expired windows are swept once the map holds this many keys, so memory follows the active callers only. */
const SWEEP_THRESHOLD = 10_000;

interface Window {
  readonly startsAt: number;
  count: number;
}

/**
 * Fixed windows that start at a key's first request (not at the top of the minute, so callers do not all
 * reset together). A window allows `limit` units; at a window boundary a caller can fit up to 2 × limit
 * into one rolling minute, which is acceptable for fair-use quotas.
 */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly windowMs: number = RATE_LIMIT_WINDOW_MS,
  ) {}

  async hit(key: string, limit: number, cost = 1): Promise<RateLimitDecision> {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`rate limit must be a whole number ≥ 1 (got ${limit})`);
    if (!Number.isInteger(cost) || cost < 0) throw new RangeError(`cost must be a whole number ≥ 0 (got ${cost})`);
    const now = this.clock();
    let window = this.windows.get(key);
    if (window === undefined || now >= window.startsAt + this.windowMs) {
      if (this.windows.size >= SWEEP_THRESHOLD) this.sweep(now);
      window = { startsAt: now, count: 0 };
      this.windows.set(key, window);
    }
    const allowed = window.count + cost <= limit;
    if (allowed) window.count += cost;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.startsAt + this.windowMs - now) / 1000)),
    };
  }

  /** Keys currently tracked (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now >= window.startsAt + this.windowMs) this.windows.delete(key);
    }
  }
}
