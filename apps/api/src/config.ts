import { randomBytes } from 'node:crypto';
import proxyAddr from 'proxy-addr';
import { DEFAULT_WEBHOOK_RETRY, type WebhookRetryPolicy } from '@ratings/core';

/** Every setting of the API process, read from the environment in one place (README: "Configuration"). */
export interface ApiConfig {
  port: number;
  host: string;
  logLevel: string;
  /** Secret that signs staff bearer tokens (at least 32 characters). */
  tokenSecret: string;
  /** True when TOKEN_SECRET was not set: a random one is used, and tokens die with the process. */
  tokenSecretGenerated: boolean;
  /** Largest rating-list file POST /imports/lists accepts, in bytes (MAX_LIST_IMPORT_MB). */
  maxListImportBytes: number;
  /** Anonymous requests per minute per client IP. */
  anonymousPerMinute: number;
  /** Client addresses without quota (the site's server on the same machine). */
  rateLimitExemptIps: ReadonlySet<string>;
  /** How long a public query's answer may be served from memory (0: never). */
  responseCacheSeconds: number;
  /** Memory the response cache may hold, in bytes of serialised answers. */
  responseCacheMaxBytes: number;
  /** Longest a database statement of a public read may run, in milliseconds (0: no limit). */
  publicStatementTimeoutMs: number;
  /**
   * The proxies whose X-Forwarded-For gives the client address (Express `trust proxy`: addresses, subnets,
   * `loopback`, `linklocal`, `uniquelocal`); empty: none, the client is the socket's address.
   */
  trustProxy: readonly string[];
  /**
   * The API as callers reach it (PUBLIC_API_URL, e.g. https://api.federation.example, a path prefix allowed), for
   * the absolute URLs answers carry (downloads, feeds); null: the origin each request came to.
   */
  publicBaseUrl: string | null;
  /**
   * Where the site listens for "a list was published" notifications (WEB_REVALIDATE_URL, comma-separated): each
   * instance of the site keeps its pages in its own memory, so each is told. Empty: none.
   */
  webRevalidateUrls: readonly string[];
  revalidateSecret: string | null;
  /** Redis holding the quotas shared by every instance (null: each instance counts its own). */
  rateLimitRedisUrl: string | null;
  /** Prefix of the quota keys in Redis, so that several deployments can share one server. */
  rateLimitRedisPrefix: string;
  /** Bearer token GET /metrics requires (null: no /metrics). */
  metricsToken: string | null;
  /**
   * A direct connection to the primary for the LISTEN session that empties this instance's caches when another
   * changes data (null on the embedded database). Defaults to DATABASE_URL, which must then not be a PgBouncer.
   */
  changeFeedUrl: string | null;
  /**
   * Redis whose pub/sub carries those messages instead (CHANGE_FEED_REDIS_URL): no LISTEN session is opened then.
   * Null: PostgreSQL LISTEN/NOTIFY.
   */
  changeFeedRedisUrl: string | null;
  /**
   * Its pub/sub channel (CHANGE_FEED_REDIS_CHANNEL): channels ignore Redis's database numbers, so deployments
   * sharing one server each name their own.
   */
  changeFeedRedisChannel: string;
  /** How long a publication waits for the read replicas to replay it before it is announced, in ms. */
  replicaWaitMs: number;
  /** Where the public site is (SITE_URL, an origin): feed entries link to its pages; null: to the API's exports. */
  publicSiteUrl: string | null;
  /** Pause between two looks at the webhook outbox, in milliseconds (0: no dispatcher in this process). */
  webhookPollMs: number;
  /** Longest a webhook receiver may take to answer, in milliseconds. */
  webhookTimeoutMs: number;
  /** Attempts per delivery, and the wait after a first failure (doubled after each further one). */
  webhookRetry: WebhookRetryPolicy;
  /**
   * The federation's IANA time zone (FEDERATION_TIME_ZONE): a list comes into force when its effective date begins
   * there, and `Pool.currentList` is the list in force on today's date there.
   */
  federationTimeZone: string;
}

/** The federation's time zone when FEDERATION_TIME_ZONE is not set. */
export const DEFAULT_FEDERATION_TIME_ZONE = 'America/Toronto';

/** An IANA time zone from the environment, checked now (Intl refuses an unknown one) and in its canonical name. */
function timeZoneFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`${name} must be an IANA time zone such as America/Toronto or Europe/Paris, got "${raw}"`);
  }
}

/** The site instances' revalidation endpoints, each an http(s) URL, refused at start otherwise. */
function revalidateUrlsFromEnv(raw: string | undefined): string[] {
  const urls = (raw ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of urls) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new Error(`WEB_REVALIDATE_URL must be http(s) URLs separated by commas, got "${url}"`);
  }
  return urls;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

/** An absolute http(s) URL from the environment, checked now so that a typo stops the start with its name. */
function originFromEnv(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL`);
  return url.href.replace(/\/+$/, '');
}

/** A redis:// or rediss:// URL from the environment, checked now so that a typo stops the start with its name. */
function redisUrlFromEnv(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  // The value is not repeated: it may hold the server's password.
  if (!URL.canParse(raw) || !/^rediss?:$/.test(new URL(raw).protocol))
    throw new Error(`${name} must be a redis:// or rediss:// URL, such as redis://redis.internal:6379/0`);
  return raw;
}

/** Public answers are at most this stale after a change made outside this process. */
export const DEFAULT_MAX_LIST_IMPORT_MB = 300;
export const DEFAULT_RESPONSE_CACHE_SECONDS = 30;
/** Room for a few thousand ordinary answers (a 100-row ranking is about 30 KB) in a small container. */
export const DEFAULT_RESPONSE_CACHE_MB = 64;
/**
 * A public read's statements are index range scans of milliseconds; 5 s only cuts a query gone wrong (or a
 * database under a load it cannot serve), before it holds a connection for long.
 */
export const DEFAULT_PUBLIC_STATEMENT_TIMEOUT_MS = 5_000;
/** Anonymous fair-use quota: a person browsing never reaches it, a scraper soon does. */
export const DEFAULT_ANONYMOUS_PER_MINUTE = 300;
/**
 * No proxy: X-Forwarded-For is text any client can send, so believing it from a whole network (every private
 * address, say) lets anyone in that network pick his own address for the quotas and the audit trail.
 * A deployment behind a load balancer names it in TRUST_PROXY.
 */
export const DEFAULT_TRUST_PROXY = '';
export const DEFAULT_RATE_LIMIT_REDIS_PREFIX = 'ratings:quota:';
export const DEFAULT_CHANGE_FEED_REDIS_CHANNEL = 'ratings:changes';
/** A replica replays a commit within milliseconds; past this, reads go to the primary until it has. */
export const DEFAULT_REPLICA_WAIT_MS = 5_000;
/** Publications reach receivers within a few seconds; an idle outbox costs one indexed query per poll. */
export const DEFAULT_WEBHOOK_POLL_MS = 2_000;
/** A receiver should answer at once and do its work afterwards (GitHub allows 10 s). */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
/** Loopback: the site's server rendering pages on the same machine. */
export const DEFAULT_EXEMPT_IPS = '127.0.0.1,::1,::ffff:127.0.0.1';

/** TRUST_PROXY as Express reads it (comma-separated), checked now so that a typo stops the start with its name. */
function trustProxyFromEnv(raw: string | undefined): string[] {
  const proxies = (raw ?? DEFAULT_TRUST_PROXY)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(proxies);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must list addresses, subnets or loopback, linklocal, uniquelocal: ${(error as Error).message}`,
    );
  }
  return proxies;
}

/** PUBLIC_API_URL without a trailing slash, checked now so that a typo stops the start. */
function publicBaseUrlFromEnv(raw: string | undefined): string | null {
  if (!raw?.trim()) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`PUBLIC_API_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_API_URL must be an absolute http(s) URL, got "${raw}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const secret = env.TOKEN_SECRET?.trim();
  if (secret && secret.length < 32) throw new Error('TOKEN_SECRET must be at least 32 characters long');
  // A random secret per process signs tokens no other instance accepts, and every restart signs everyone out.
  if (!secret && env.NODE_ENV === 'production') {
    throw new Error(
      'TOKEN_SECRET is not set: in production (NODE_ENV=production) the API needs the same secret of 32+ characters on every instance, e.g. `openssl rand -base64 48`.',
    );
  }
  return {
    port: intFromEnv(env, 'API_PORT', 4000),
    host: env.API_HOST || '0.0.0.0',
    logLevel: env.LOG_LEVEL || 'info',
    tokenSecret: secret || randomBytes(32).toString('base64url'),
    tokenSecretGenerated: !secret,
    maxListImportBytes: intFromEnv(env, 'MAX_LIST_IMPORT_MB', DEFAULT_MAX_LIST_IMPORT_MB, 1) * 1048576,
    anonymousPerMinute: intFromEnv(env, 'RATE_LIMIT_ANONYMOUS_PER_MINUTE', DEFAULT_ANONYMOUS_PER_MINUTE, 1),
    rateLimitExemptIps: new Set(
      (env.RATE_LIMIT_EXEMPT_IPS ?? DEFAULT_EXEMPT_IPS)
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
    ),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    responseCacheSeconds: intFromEnv(env, 'RESPONSE_CACHE_SECONDS', DEFAULT_RESPONSE_CACHE_SECONDS),
    responseCacheMaxBytes: intFromEnv(env, 'RESPONSE_CACHE_MAX_MB', DEFAULT_RESPONSE_CACHE_MB, 1) * 1024 * 1024,
    publicStatementTimeoutMs: intFromEnv(env, 'PUBLIC_STATEMENT_TIMEOUT_MS', DEFAULT_PUBLIC_STATEMENT_TIMEOUT_MS),
    publicBaseUrl: publicBaseUrlFromEnv(env.PUBLIC_API_URL),
    webRevalidateUrls: revalidateUrlsFromEnv(env.WEB_REVALIDATE_URL),
    revalidateSecret: env.REVALIDATE_SECRET || null,
    rateLimitRedisUrl: env.RATE_LIMIT_REDIS_URL?.trim() || null,
    rateLimitRedisPrefix: env.RATE_LIMIT_REDIS_PREFIX || DEFAULT_RATE_LIMIT_REDIS_PREFIX,
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    changeFeedUrl: env.DATABASE_LISTEN_URL?.trim() || env.DATABASE_URL?.trim() || null,
    changeFeedRedisUrl: redisUrlFromEnv(env, 'CHANGE_FEED_REDIS_URL'),
    changeFeedRedisChannel: env.CHANGE_FEED_REDIS_CHANNEL?.trim() || DEFAULT_CHANGE_FEED_REDIS_CHANNEL,
    replicaWaitMs: intFromEnv(env, 'REPLICA_WAIT_MS', DEFAULT_REPLICA_WAIT_MS),
    publicSiteUrl: originFromEnv(env, 'SITE_URL'),
    webhookPollMs: intFromEnv(env, 'WEBHOOK_POLL_MS', DEFAULT_WEBHOOK_POLL_MS),
    webhookTimeoutMs: intFromEnv(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_TIMEOUT_MS, 1),
    webhookRetry: {
      maxAttempts: intFromEnv(env, 'WEBHOOK_MAX_ATTEMPTS', DEFAULT_WEBHOOK_RETRY.maxAttempts, 1),
      baseDelayMs: intFromEnv(env, 'WEBHOOK_RETRY_BASE_MS', DEFAULT_WEBHOOK_RETRY.baseDelayMs, 1),
    },
    federationTimeZone: timeZoneFromEnv(env, 'FEDERATION_TIME_ZONE', DEFAULT_FEDERATION_TIME_ZONE),
  };
}
