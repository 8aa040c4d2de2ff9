import { assertRating } from './checks';
import { fail } from './errors';
import { roundHalfAwayFromZero } from './rounding';

/** A rating band; `min` inclusive, `max` inclusive or null for the open top band. */
export interface RatingCategory {
  readonly code: string;
  /** French name, as players read it (the federation’s Elo page). */
  readonly name: string;
  readonly nameEn: string;
  readonly min: number;
  readonly max: number | null;
}

const category = (code: string, name: string, nameEn: string, min: number, max: number | null): RatingCategory =>
  Object.freeze({ code, name, nameEn, min, max });

/**
 * The federation’s Elo page, "Catégories d'évaluation", highest first. "Meilleur joueur du monde" is not a band but the
 * player ranked first on a list (a badge), so it is not here. A pool may configure another table.
 */
export const DEFAULT_CATEGORIES: readonly RatingCategory[] = Object.freeze([
  category('GM', 'Grand Maître', 'Grandmaster', 2400, null),
  category('M', 'Maître', 'Master', 2200, 2399),
  category('EXPERT', 'Expert', 'Expert', 2000, 2199),
  category('A', 'Classe A', 'Class A', 1800, 1999),
  category('B', 'Classe B', 'Class B', 1600, 1799),
  category('C', 'Classe C', 'Class C', 1400, 1599),
  category('D', 'Classe D', 'Class D', 1200, 1399),
  category('E', 'Classe E', 'Class E', 1000, 1199),
  category('F', 'Classe F', 'Class F', 800, 999),
  category('G', 'Classe G', 'Class G', 600, 799),
  category('H', 'Classe H', 'Class H', 400, 599),
  category('I', 'Classe I', 'Class I', 200, 399),
  category('J', 'Classe J', 'Class J', 0, 199),
]);

/**
 * Checks a category table a pool configures: highest band first, the top band open, each band's max one
 * below the next band's min, the last band starting at 0, codes unique. Throws INVALID_PARAMETER.
 */
export function validateCategoryTable(table: readonly RatingCategory[], field = 'categories'): void {
  if (!Array.isArray(table) || table.length === 0) fail('INVALID_PARAMETER', field, 'must be a non-empty array', table);
  const codes = new Set<string>();
  table.forEach((band, index) => {
    const at = `${field}[${index}]`;
    if (typeof band.code !== 'string' || band.code === '' || codes.has(band.code)) {
      fail('INVALID_PARAMETER', `${at}.code`, 'must be a unique non-empty string', band.code);
    }
    codes.add(band.code);
    if (typeof band.name !== 'string' || band.name === '')
      fail('INVALID_PARAMETER', `${at}.name`, 'must be a name', band.name);
    if (!Number.isInteger(band.min) || band.min < 0)
      fail('INVALID_PARAMETER', `${at}.min`, 'must be an integer ≥ 0', band.min);
    const expectedMax = index === 0 ? null : table[index - 1].min - 1;
    if (band.max !== expectedMax) {
      fail(
        'INVALID_PARAMETER',
        `${at}.max`,
        `must be ${expectedMax === null ? 'null (open top band)' : expectedMax}`,
        band.max,
      );
    }
    if (band.max !== null && band.max < band.min) fail('INVALID_PARAMETER', `${at}.max`, 'must be ≥ min', band.max);
  });
  const last = table[table.length - 1];
  if (last.min !== 0)
    fail('INVALID_PARAMETER', `${field}[${table.length - 1}].min`, 'the lowest band must start at 0', last.min);
}

/** The band a rating falls in (lower bound inclusive): 2400 → Grand Maître, 2399 → Maître, 0 → Classe J. */
export function categoryOf(rating: number, categories: readonly RatingCategory[] = DEFAULT_CATEGORIES): RatingCategory {
  assertRating(rating, 'rating');
  if (categories !== DEFAULT_CATEGORIES) validateCategoryTable(categories);
  for (const band of categories) if (rating >= band.min) return band;
  return categories[categories.length - 1]; // unreachable: the lowest band starts at 0
}

/** Prefix that marks a provisional rating on lists (the federation’s Elo page: "le signe ~"). */
export const PROVISIONAL_MARK = '~';

/** '~1543' for a provisional rating, '1543' otherwise (rounded half away from zero for display). */
export function formatRating(rating: number, provisional: boolean): string {
  assertRating(rating, 'rating');
  return `${provisional ? PROVISIONAL_MARK : ''}${roundHalfAwayFromZero(rating)}`;
}
