import { Redis, type RedisOptions } from 'ioredis';

/** How long a command may wait for Redis before it fails and the caller does without it. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * A connection to Redis the API never waits on: while Redis is down, commands fail at once (each caller has a
 * fallback) rather than queue, and the connection is tried again in the background, at most 2 s apart.
 */
export function openRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    ...options,
  });
}

/** Closes the connection for good; the errors of its last moments are no one's concern any more. */
export async function closeRedis(redis: Redis): Promise<void> {
  redis.removeAllListeners('error');
  redis.on('error', () => undefined);
  await redis.quit().catch(() => redis.disconnect());
}
