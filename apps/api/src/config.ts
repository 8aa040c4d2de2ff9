import { randomBytes } from 'node:crypto';
import proxyAddr from 'proxy-addr';

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
   * the absolute URLs answers carry (downloads); null: the origin each request came to.
   */
  publicBaseUrl: string | null;
  /** Where the site listens for "a list was published" notifications (optional). */
  webRevalidateUrl: string | null;
  revalidateSecret: string | null;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
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
    webRevalidateUrl: env.WEB_REVALIDATE_URL || null,
    revalidateSecret: env.REVALIDATE_SECRET || null,
  };
}
