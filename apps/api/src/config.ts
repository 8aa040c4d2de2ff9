/** Every setting of the API process, read from the environment in one place (README: "Configuration"). */
export interface ApiConfig {
  port: number;
  host: string;
  logLevel: string;
  /** Secret that signs staff bearer tokens. */
  tokenSecret: string;
  /** Where the site listens for "a list was published" notifications (optional). */
  webRevalidateUrl: string | null;
  revalidateSecret: string | null;
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: intFromEnv('API_PORT', 4000),
    host: env.API_HOST ?? '0.0.0.0',
    logLevel: env.LOG_LEVEL ?? 'info',
    tokenSecret: env.TOKEN_SECRET ?? 'dev-only-secret-change-me',
    webRevalidateUrl: env.WEB_REVALIDATE_URL ?? null,
    revalidateSecret: env.REVALIDATE_SECRET ?? null,
  };
}
