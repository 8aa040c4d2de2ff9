import type { ApiContext } from '../context';

/** Cache tags of the site that a publication makes stale (apps/web src/lib/cache-tags.ts). */
const PUBLICATION_TAGS = ['rankings', 'lists', 'players', 'tournaments'];

/**
 * Tells the site a list was published so its cached pages are rebuilt. Best effort: a site
 * that is down or not configured does not fail the publication; its caches then expire on their own.
 */
export function notifyPublication(ctx: ApiContext): void {
  notifySite(ctx, PUBLICATION_TAGS);
}

/**
 * Tells the site that live ratings may have changed (a tournament accepted, reopened or corrected): the players'
 * pages show them, so they are rebuilt within seconds rather than when their cache expires.
 */
export function notifyLiveRatings(ctx: ApiContext): void {
  notifySite(ctx, ['players']);
}

function notifySite(ctx: ApiContext, tags: readonly string[]): void {
  const { webRevalidateUrl, revalidateSecret } = ctx.config;
  if (!webRevalidateUrl || !revalidateSecret) return;
  fetch(webRevalidateUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${revalidateSecret}` },
    body: JSON.stringify({ tags }),
    signal: AbortSignal.timeout(5_000),
  })
    .then((response) => {
      if (!response.ok) ctx.logger.warn({ status: response.status }, 'site revalidation refused');
    })
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'site revalidation failed'));
}
