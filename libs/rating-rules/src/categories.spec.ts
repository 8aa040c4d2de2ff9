import { categoryOf, DEFAULT_CATEGORIES, formatRating, validateCategoryTable, type RatingCategory } from './categories';
import { expectRuleError } from './__fixtures__/builders';

describe('categories (the federation’s Elo page)', () => {
  it('covers 0 … ∞ without gaps, highest first, with stable codes', () => {
    expect(() => validateCategoryTable(DEFAULT_CATEGORIES)).not.toThrow();
    expect(DEFAULT_CATEGORIES.map((c) => c.code)).toEqual([
      'GM',
      'M',
      'EXPERT',
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H',
      'I',
      'J',
    ]);
  });

  const bounds: [number, string][] = DEFAULT_CATEGORIES.flatMap((c) =>
    c.max === null
      ? [[c.min, c.code]]
      : [
          [c.min, c.code],
          [c.max, c.code],
        ],
  );
  it.each(bounds)('%d → %s', (rating, code) => {
    expect(categoryOf(rating).code).toBe(code);
  });

  it('returns the whole band, with French and English names', () => {
    expect(categoryOf(2450)).toEqual({ code: 'GM', name: 'Grand Maître', nameEn: 'Grandmaster', min: 2400, max: null });
    expect(categoryOf(2399.6).code).toBe('M');
  });

  it('accepts a pool’s own table and rejects a broken one', () => {
    const table: RatingCategory[] = [
      { code: 'ELITE', name: 'Élite', nameEn: 'Elite', min: 2000, max: null },
      { code: 'OPEN', name: 'Open', nameEn: 'Open', min: 0, max: 1999 },
    ];
    expect(categoryOf(2100, table).code).toBe('ELITE');
    expectRuleError(
      () => categoryOf(100, [table[0], { ...table[1], max: 1500 }]),
      'INVALID_PARAMETER',
      'categories[1].max',
    );
    expectRuleError(
      () => validateCategoryTable([{ ...table[0] }, { ...table[1], min: 100 }]),
      'INVALID_PARAMETER',
      'categories[1].min',
    );
  });
});

describe('formatRating', () => {
  it.each([
    [1543, true, '~1543'],
    [1543, false, '1543'],
    [1464.06, false, '1464'],
    [1542.5, true, '~1543'],
  ])('%d, provisional %s → %s', (rating, provisional, text) => expect(formatRating(rating, provisional)).toBe(text));
});
