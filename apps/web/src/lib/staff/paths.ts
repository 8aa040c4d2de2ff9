/**
 * The page a staff member was on, so signing in (again) brings him back to it. Only a path of this site is
 * followed (`/gestion/…`, `/en/staff/…`): never another origin (`//evil.example`, `https://…`), never a
 * backslash trick browsers read as one.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some((character) => character.charCodeAt(0) < 0x20)) return null;
  return value;
}

/**
 * The public path and query of the page being rendered, which the proxy passes to the app (pages only see
 * their internal route): where signing in again leads back to.
 */
export const PUBLIC_PATH_HEADER = 'x-ratings-public-path';
