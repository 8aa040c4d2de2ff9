import type { ApiContext } from '../context';

/** Cache tags of the site that a publication makes stale (apps/web src/lib/cache-tags.ts). */
const PUBLICATION_TAGS = ['rankings', 'lists', 'players', 'tournaments'];

/**
 * Tells the site a list was published so its cached pages are rebuilt. Best effort: a site
 * that is down or not configured does not fail the publication; its caches then expire on their own.
 */
export function notifyPublication(ctx: ApiContext): void {
  const { webRevalidateUrl, revalidateSecret } = ctx.config;
  if (!webRevalidateUrl || !revalidateSecret) return;
  fetch(webRevalidateUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${revalidateSecret}` },
    body: JSON.stringify({ tags: PUBLICATION_TAGS }),
    signal: AbortSignal.timeout(5_000),
  })
    .then((response) => {
      if (!response.ok) ctx.logger.warn({ status: response.status }, 'site revalidation refused');
    })
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'site revalidation failed'));
}
