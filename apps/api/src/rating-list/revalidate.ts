import type { ApiConfig } from '../config';
import type { Logger } from '../logger';

/** Cache tags of the site (apps/web src/lib/cache-tags.ts) that a write can make stale. */
export type SiteTag = 'rankings' | 'lists' | 'players' | 'tournaments';

/** What a publication makes stale: every public page. */
export const PUBLICATION_TAGS: readonly SiteTag[] = ['rankings', 'lists', 'players', 'tournaments'];
/** What a change of live ratings makes stale (a tournament accepted, reopened or corrected): the players' pages. */
export const LIVE_RATING_TAGS: readonly SiteTag[] = ['players'];

/**
 * How the announcement is retried when the site cannot take it (down, restarting, answering 5xx): the site keeps
 * its pages until told, so a lost announcement leaves the old list on it for up to its safety revalidation (an
 * hour). Delays double from `firstDelayMs`: 1, 2, 4 … 32 s, about a minute in all by default.
 */
export interface SiteRetry {
  readonly attempts: number;
  readonly firstDelayMs: number;
  readonly timeoutMs: number;
}

export const SITE_RETRY: SiteRetry = { attempts: 7, firstDelayMs: 1_000, timeoutMs: 5_000 };

/** Whether an answer is worth asking again: the site's own failures, not a refusal of the request (401, 400). */
const retryable = (status: number) => status >= 500 || status === 429;

/**
 * Tells the site which of its cached pages to rebuild (`ChangeBroadcast.afterWrite` calls it once the replicas
 * have the write): every instance named in WEB_REVALIDATE_URL, each on its own. Best effort, in the background: an
 * instance that is down is asked again (`SiteRetry`), and one that refuses or stays down does not fail the write;
 * its caches then expire on their own. Resolves when every instance is done (tests wait for it; the API does not).
 */
export async function notifySite(
  config: ApiConfig,
  logger: Logger,
  tags: ReadonlySet<SiteTag>,
  retry: SiteRetry = SITE_RETRY,
): Promise<void> {
  const { webRevalidateUrls, revalidateSecret } = config;
  if (!revalidateSecret || tags.size === 0) return;
  const body = JSON.stringify({ tags: [...tags] });
  await Promise.all(webRevalidateUrls.map((url) => notifyInstance(url, revalidateSecret, body, logger, retry)));
}

async function notifyInstance(
  url: string,
  secret: string,
  body: string,
  logger: Logger,
  retry: SiteRetry,
): Promise<void> {
  const attempt = async (number: number): Promise<void> => {
    let failure: Record<string, unknown>;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body,
        signal: AbortSignal.timeout(retry.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) {
        if (number > 1) logger.info({ site: url, attempt: number }, 'site revalidated');
        return;
      }
      if (!retryable(response.status)) {
        logger.warn({ site: url, status: response.status }, 'site revalidation refused');
        return;
      }
      failure = { status: response.status };
    } catch (error) {
      failure = { err: error };
    }
    if (number >= retry.attempts) {
      logger.warn(
        { site: url, ...failure, attempts: number },
        'site revalidation failed: its pages expire on their own',
      );
      return;
    }
    const delayMs = retry.firstDelayMs * 2 ** (number - 1);
    logger.warn({ site: url, ...failure, attempt: number, retryInMs: delayMs }, 'site revalidation failed; retrying');
    await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    return attempt(number + 1);
  };
  return attempt(1);
}
