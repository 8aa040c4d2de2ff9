import type { ApiConfig } from '../config';
import type { Logger } from '../logger';

/** Cache tags of the site that a publication makes stale (apps/web src/lib/cache-tags.ts). */
const PUBLICATION_TAGS = ['rankings', 'lists', 'players', 'tournaments'];

/**
 * Tells the site a list was published so its cached pages are rebuilt (`ChangeBroadcast.afterWrite` calls it once
 * the replicas have the list). Best effort: a site that is down or not configured does not fail the publication;
 * its caches then expire on their own.
 */
export function notifyPublication(config: ApiConfig, logger: Logger): void {
  const { webRevalidateUrl, revalidateSecret } = config;
  if (!webRevalidateUrl || !revalidateSecret) return;
  fetch(webRevalidateUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${revalidateSecret}` },
    body: JSON.stringify({ tags: PUBLICATION_TAGS }),
    signal: AbortSignal.timeout(5_000),
  })
    .then((response) => {
      if (!response.ok) logger.warn({ status: response.status }, 'site revalidation refused');
    })
    .catch((error: unknown) => logger.warn({ err: error }, 'site revalidation failed'));
}
