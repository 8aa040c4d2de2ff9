import type { ApiConfig } from '../config';
import type { Logger } from '../logger';

/** Cache tags of the site (apps/web src/lib/cache-tags.ts) that a write can make stale. */
export type SiteTag = 'rankings' | 'lists' | 'players' | 'tournaments';

/** What a publication makes stale: every public page. */
export const PUBLICATION_TAGS: readonly SiteTag[] = ['rankings', 'lists', 'players', 'tournaments'];
/** What a change of live ratings makes stale (a tournament accepted, reopened or corrected): the players' pages. */
export const LIVE_RATING_TAGS: readonly SiteTag[] = ['players'];

/**
 * Tells the site which of its cached pages to rebuild (`ChangeBroadcast.afterWrite` calls it once the replicas
 * have the write). Best effort: a site that is down or not configured does not fail the write; its caches then
 * expire on their own.
 */
export function notifySite(config: ApiConfig, logger: Logger, tags: ReadonlySet<SiteTag>): void {
  const { webRevalidateUrl, revalidateSecret } = config;
  if (!webRevalidateUrl || !revalidateSecret || tags.size === 0) return;
  fetch(webRevalidateUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${revalidateSecret}` },
    body: JSON.stringify({ tags: [...tags] }),
    signal: AbortSignal.timeout(5_000),
  })
    .then((response) => {
      if (!response.ok) logger.warn({ status: response.status }, 'site revalidation refused');
    })
    .catch((error: unknown) => logger.warn({ err: error }, 'site revalidation failed'));
}
