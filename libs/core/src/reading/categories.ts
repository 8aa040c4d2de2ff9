import { DEFAULT_CATEGORIES, validateCategoryTable, type RatingCategory } from '@ratings/rating-rules';
import type { Pool } from '@ratings/db';

/** A pool's category table: its own when configured, else the spec's (Grand Maître … Classe J). */
export function poolCategories(pool: Pick<Pool, 'categoryTable'>): readonly RatingCategory[] {
  if (!pool.categoryTable) return DEFAULT_CATEGORIES;
  const table = pool.categoryTable as RatingCategory[];
  validateCategoryTable(table, 'pool.categoryTable');
  return table;
}

export function categoryByCode(pool: Pick<Pool, 'categoryTable'>, code: string | null): RatingCategory | null {
  if (code === null) return null;
  return poolCategories(pool).find((c) => c.code === code) ?? null;
}
