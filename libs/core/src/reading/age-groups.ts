import { invalidInput } from '../errors';

/**
 * Age groups of rankings, the usual ones of youth and senior events. A player's age in a group is the age
 * he reaches during the list's year (FIDE youth and senior events count it that way: a U16 of 2026 was
 * born in 2010 or later, a 50+ of 2026 in 1976 or earlier). Youth groups are cumulative: U12 includes U10.
 */
export const AGE_GROUPS = [
  { code: 'U8', maxAge: 8 },
  { code: 'U10', maxAge: 10 },
  { code: 'U12', maxAge: 12 },
  { code: 'U14', maxAge: 14 },
  { code: 'U16', maxAge: 16 },
  { code: 'U18', maxAge: 18 },
  { code: 'U20', maxAge: 20 },
  { code: 'S50', minAge: 50 },
  { code: 'S65', minAge: 65 },
] as const satisfies readonly { code: string; maxAge?: number; minAge?: number }[];

export type AgeGroupCode = (typeof AGE_GROUPS)[number]['code'];

/** The birth years a group covers in `year`: `{ from?, to? }`, both inclusive. */
export function birthYearsOf(group: AgeGroupCode, year: number): { from: number | null; to: number | null } {
  const found = AGE_GROUPS.find((g) => g.code === group);
  if (!found) throw invalidInput('ageGroup', `unknown age group "${group}"`);
  if ('maxAge' in found) return { from: year - found.maxAge, to: null };
  return { from: null, to: year - found.minAge };
}
