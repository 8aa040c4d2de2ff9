import { Sex } from '@/__generated__/graphql';
import { FEDERATION_CODE_PATTERN, MAX_CLUB_LENGTH, MAX_SEARCH_LENGTH } from '@ratings/contract';

/**
 * Filter values the API validates, checked the same way before asking it: a value it would refuse
 * is dropped from the filters instead of turning the page into an error.
 */

/** The schema's `Sex` values in the order the pick lists offer them (women first; the schema says M, F). */
export const SEXES: readonly Sex[] = [Sex.F, Sex.M];

export function federationFilter(value: string | undefined): string | null {
  return value !== undefined && FEDERATION_CODE_PATTERN.test(value) ? value.toUpperCase() : null;
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
