/**
 * Links into the API for the browser (list downloads). `API_URL` is the server's way in and may be an
 * internal address, so the public base is its own setting: `PUBLIC_API_URL` (an origin, or an origin
 * and a path prefix when the API sits behind a reverse proxy), by default the origin of `API_URL`.
 */
export function publicApiBase(env: { PUBLIC_API_URL?: string; API_URL?: string }, defaultApiUrl: string): string {
  const configured = env.PUBLIC_API_URL?.trim();
  if (!configured) return new URL(env.API_URL || defaultApiUrl).origin;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new RangeError(`PUBLIC_API_URL is not an absolute URL: "${configured}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A path the API gives relative to its host (`/exports/lists/3.csv`), under the public base. */
export function publicApiHref(base: string, path: string): string {
  return `${base}/${path.replace(/^\/+/, '')}`;
}
