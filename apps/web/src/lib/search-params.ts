/**
 * Reading a page's URL query (`searchParams` of a Next.js page) and writing links back to it. Filters
 * travel as plain GET parameters, so every filter form works without JavaScript and every filtered
 * view has an address that can be shared.
 */

/** What Next.js hands a page as `await searchParams`. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a parameter, trimmed; `undefined` when absent or blank. */
export function firstParam(params: SearchParams, name: string): string | undefined {
  const raw = params[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

/**
 * `path?query`, with the parameters in the order given and the empty ones left out, so that
 * clearing a filter removes it from the address rather than leaving `club=`.
 */
export function hrefWithQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.append(name, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A page's filters as address parameters, named by `names` and in its order (links, pagination, menus);
 * unset filters are left out.
 */
export function filterQuery<Filters extends { [Filter in keyof Filters]: string | null }>(
  names: Record<keyof Filters, string>,
  filters: Filters,
): Record<string, string | undefined> {
  return Object.fromEntries(
    (Object.keys(names) as (keyof Filters)[]).map((filter) => [names[filter], filters[filter] ?? undefined]),
  );
}

/** `YYYY-MM-DD` naming a real calendar day (what `<input type="date">` submits and the API's `Date` takes). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
