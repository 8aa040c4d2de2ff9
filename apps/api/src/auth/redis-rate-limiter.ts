import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { InMemoryRateLimiter, RATE_LIMIT_WINDOW_MS, type RateLimitDecision, type RateLimiter } from '@ratings/core';
import type { Logger } from '../logger';
import { closeRedis, openRedis } from '../redis';

/** A quota store's state, for /healthz and the metrics. */
export interface QuotaStoreStatus {
  readonly store: 'memory' | 'redis';
  /** False while Redis cannot be reached: each instance then counts its own quotas. */
  readonly shared: boolean;
}

/**
 * Quotas shared by every API instance, counted in Redis (rate-limiter-flexible's fixed windows: a key's window
 * starts at its first hit and lasts a minute, as InMemoryRateLimiter's). When Redis cannot be reached the API
 * keeps serving: hits are counted in this process (per-instance limits) until Redis answers again, with one
 * log line each way and `status().shared` false.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  /** One limiter per quota size (rate-limiter-flexible fixes the points per limiter); same keys in Redis. */
  private readonly limiters = new Map<number, RateLimiterRedis>();
  private readonly fallback = new InMemoryRateLimiter();
  private shared = true;

  constructor(
    url: string,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
  ) {
    // A hit Redis cannot take at once is counted by the fallback.
    this.redis = openRedis(url);
    this.redis.on('ready', () => this.markShared(true));
    this.redis.on('error', (error) => this.markShared(false, error.message));
  }

  status(): QuotaStoreStatus {
    return { store: 'redis', shared: this.shared && this.redis.status === 'ready' };
  }

  async hit(key: string, limit: number, cost = 1): Promise<RateLimitDecision> {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`rate limit must be a whole number ≥ 1 (got ${limit})`);
    if (!Number.isInteger(cost) || cost < 0) throw new RangeError(`cost must be a whole number ≥ 0 (got ${cost})`);
    const limiter = this.limiterFor(limit);
    try {
      if (cost === 0) {
        const state = await limiter.get(key);
        return decision(true, limit, state ? state.consumedPoints : 0, state?.msBeforeNext ?? RATE_LIMIT_WINDOW_MS);
      }
      const consumed = await limiter.consume(key, cost);
      return decision(true, limit, consumed.consumedPoints, consumed.msBeforeNext);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        // A refused hit counts nothing (the RateLimiter contract): give back what consume added.
        await limiter.reward(key, cost).catch(() => undefined);
        return decision(false, limit, error.consumedPoints - cost, error.msBeforeNext);
      }
      this.markShared(false, (error as Error).message);
      return this.fallback.hit(key, limit, cost);
    }
  }

  close(): Promise<void> {
    return closeRedis(this.redis);
  }

  private limiterFor(limit: number): RateLimiterRedis {
    let limiter = this.limiters.get(limit);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: this.keyPrefix,
        points: limit,
        duration: RATE_LIMIT_WINDOW_MS / 1000,
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(limit, limiter);
    }
    return limiter;
  }

  private markShared(shared: boolean, reason?: string): void {
    if (shared === this.shared) return;
    this.shared = shared;
    if (shared) this.logger.warn('quota store back: quotas are shared by every instance again');
    else this.logger.error({ reason }, 'quota store unreachable: each instance counts its own quotas');
  }
}

function decision(allowed: boolean, limit: number, consumed: number, msBeforeNext: number): RateLimitDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - consumed),
    resetSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}
