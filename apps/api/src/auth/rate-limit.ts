import type { Response } from 'express';
import type { RateLimiter } from '@ratings/core';
import type { Viewer } from './viewer';

export interface QuotaSettings {
  /** Requests per minute per IP for anonymous callers. */
  anonymousPerMinute: number;
  /** Client addresses never limited (the site's own server on the same machine, by default). */
  exemptIps: ReadonlySet<string>;
}

/**
 * Quotas (issue #4): a key's own quota, or the per-IP anonymous one; staff are not limited. Every response
 * carries the caller's quota in the IETF RateLimit header fields; over quota → 429, RATE_LIMITED and
 * Retry-After. Returns false when the request was refused (the response is already sent).
 */
export async function applyQuota(
  viewer: Viewer,
  limiter: RateLimiter,
  settings: QuotaSettings,
  res: Response,
): Promise<boolean> {
  if (viewer.kind === 'staff' || settings.exemptIps.has(viewer.ip)) return true;
  const [key, limit] =
    viewer.kind === 'apiKey'
      ? [`key:${viewer.keyId}`, viewer.quotaPerMinute]
      : [`ip:${viewer.ip}`, settings.anonymousPerMinute];
  const decision = await limiter.hit(key, limit);
  res.setHeader('RateLimit-Policy', `${decision.limit};w=60`);
  res.setHeader('RateLimit-Limit', String(decision.limit));
  res.setHeader('RateLimit-Remaining', String(decision.remaining));
  res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
  if (decision.allowed) return true;
  res.setHeader('Retry-After', String(decision.resetSeconds));
  res.status(429).json({
    errors: [
      {
        message: `quota of ${decision.limit} requests a minute exceeded; retry in ${decision.resetSeconds} s`,
        extensions: { code: 'RATE_LIMITED', retryAfterSeconds: decision.resetSeconds },
      },
    ],
  });
  return false;
}
