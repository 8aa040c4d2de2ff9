import {
  FIDE_RATING_DIFFERENCE_TABLE,
  FIDE_SCORING_PROBABILITY_TABLE,
  FIDE_TABLE_MAX_DIFFERENCE,
  fideRatingDifference,
  fideScoringPercent,
  fideScoringProbability,
} from './fide-tables';

// Source: FIDE Handbook B.02 (1 March 2024) tables 8.1.1 and 8.1.2, as data in fide-tables.ts.
describe('table 8.1.2 (rating difference → PD)', () => {
  it('has 51 contiguous rows from .50 to 1.00, the last above 735', () => {
    expect(FIDE_SCORING_PROBABILITY_TABLE).toHaveLength(51);
    expect(FIDE_SCORING_PROBABILITY_TABLE.map((row) => row.percent)).toEqual(
      Array.from({ length: 51 }, (_, i) => 50 + i),
    );
    expect(FIDE_SCORING_PROBABILITY_TABLE[49].maxDifference).toBe(FIDE_TABLE_MAX_DIFFERENCE);
    expect(FIDE_SCORING_PROBABILITY_TABLE[50].maxDifference).toBe(Infinity);
  });

  // Every boundary, generated from the data: the upper bound of a row and the first difference of the next.
  const boundaries = FIDE_SCORING_PROBABILITY_TABLE.slice(0, -1).flatMap((row, i) => [
    [row.maxDifference, row.percent / 100],
    [row.maxDifference + 1, FIDE_SCORING_PROBABILITY_TABLE[i + 1].percent / 100],
  ]);
  it.each(boundaries)('D = %d → PD %d (and 1 − PD for D = −%d)', (difference, probability) => {
    expect(fideScoringProbability(difference)).toBe(probability);
    expect(fideScoringPercent(-difference)).toBe(100 - Math.round(probability * 100));
  });

  it.each([
    [3, 0.5],
    [4, 0.51],
    [302, 0.85],
    [303, 0.86],
    [411, 0.92],
    [412, 0.93],
    [735, 0.99],
    [736, 1],
    [5000, 1],
  ])('named boundaries of the spec: D = %d → %d', (difference, probability) => {
    expect(fideScoringProbability(difference)).toBe(probability);
  });

  it('puts a fractional difference in the row above the bound it exceeds', () => {
    expect(fideScoringPercent(3.5)).toBe(51);
    expect(fideScoringPercent(-3.5)).toBe(49);
    expect(fideScoringPercent(735.01)).toBe(100);
  });
});

describe('table 8.1.1 (fractional score → dp)', () => {
  it('has the 51 rows from p = 1.00 (800, notional) down to .50 (0)', () => {
    expect(FIDE_RATING_DIFFERENCE_TABLE).toHaveLength(51);
    expect(FIDE_RATING_DIFFERENCE_TABLE[0]).toEqual({ percent: 100, dp: 800 });
    expect(FIDE_RATING_DIFFERENCE_TABLE[50]).toEqual({ percent: 50, dp: 0 });
  });

  it.each(FIDE_RATING_DIFFERENCE_TABLE.map((row) => [row.percent, row.dp]))(
    'p = .%d → dp %d, and dp(1 − p) = −dp(p)',
    (percent, dp) => {
      expect(fideRatingDifference(percent)).toBe(dp);
      expect(fideRatingDifference(100 - percent)).toBe(percent === 50 ? 0 : -dp);
    },
  );

  it('is strictly decreasing from 1.00 to .50', () => {
    const dps = FIDE_RATING_DIFFERENCE_TABLE.map((row) => row.dp);
    dps.slice(1).forEach((dp, i) => expect(dp).toBeLessThan(dps[i]));
  });

  it('rejects a p that is not whole hundredths', () => {
    expect(() => fideRatingDifference(57.5)).toThrow(RangeError);
    expect(() => fideRatingDifference(101)).toThrow(RangeError);
  });
});
