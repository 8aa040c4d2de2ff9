import { performanceRating } from './performance';

describe('performanceRating', () => {
  it.each([
    // the Quebec cote page’s cases #1 and #2 (the page prints 2100 for #2; the formula gives 2000)
    [[2000, 2000, 2000, 2000, 2000], 0, 'linear', 1600],
    [[1600, 1600, 1600, 1600, 1600], 5, 'linear', 2000],
    [[1500, 1600, 1400], 1.5, 'linear', 1500],
    // FIDE: Ra + dp(p): 5/5 → p 1.00 → 800 (notional), 3/5 → .60 → 72, 23/40 → .575 → .58 → 57 (exact, not .57)
    [[1800, 1800, 1800, 1800, 1800], 5, 'fide', 2600],
    [[1800, 1800, 1800, 1800, 1800], 3, 'fide', 1872],
    [Array.from({ length: 40 }, () => 2000), 23, 'fide', 2057],
  ] as const)('%j scoring %d (%s) → %d', (ratings, score, method, expected) => {
    expect(performanceRating(ratings, score, method)).toBe(expected);
  });

  it('is null without games', () => {
    expect(performanceRating([], 0, 'linear')).toBeNull();
    expect(performanceRating([], 0, 'fide')).toBeNull();
  });
});
