/**
 * Filter values the API validates, checked the same way before asking it: a value it would refuse
 * (apps/api `*.args.ts`) is dropped from the filters instead of turning the page into an error.
 */

/** `Sex` in the schema. */
export const SEXES = ['F', 'M'] as const;
export type Sex = (typeof SEXES)[number];

/** apps/api PlayersArgs / TournamentsArgs: `@MaxLength(100)` on `search`. */
export const MAX_SEARCH_LENGTH = 100;
/** apps/api RankingFilterArgs / PlayersArgs: `@MaxLength(200)` on `club`. */
export const MAX_CLUB_LENGTH = 200;
/** apps/api: `federation must be a three-letter code`. */
const FEDERATION_CODE = /^[A-Za-z]{3}$/;

export function federationFilter(value: string | undefined): string | null {
  return value !== undefined && FEDERATION_CODE.test(value) ? value.toUpperCase() : null;
}

export function clubFilter(value: string | undefined): string | null {
  return value !== undefined && value.length <= MAX_CLUB_LENGTH ? value : null;
}

export function searchFilter(value: string | undefined): string | null {
  return value !== undefined && value.length <= MAX_SEARCH_LENGTH ? value : null;
}

export function sexFilter(value: string | undefined): Sex | null {
  const upper = value?.toUpperCase();
  return upper !== undefined && (SEXES as readonly string[]).includes(upper) ? (upper as Sex) : null;
}
