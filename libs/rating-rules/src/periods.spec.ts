import { RatingRuleError } from './errors';
import { addMonths, periodAfter, periodRating, ratingPeriod } from './periods';

describe('ratingPeriod', () => {
  it('names a monthly list by the month it takes effect and rates the month before', () => {
    expect(ratingPeriod('2026-11', 1)).toEqual({
      period: '2026-11',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      effectiveDate: '2026-11-01',
    });
  });

  it('rates the months before a quarterly list, across a year and a leap February', () => {
    expect(ratingPeriod('2024-03', 3)).toEqual({
      period: '2024-03',
      periodStart: '2023-12-01',
      periodEnd: '2024-02-29',
      effectiveDate: '2024-03-01',
    });
    expect(ratingPeriod('2025-03', 1).periodEnd).toBe('2025-02-28');
  });

  it.each(['November', '2026-13', '2026-1', '2026-11-01'])('refuses %j, naming the field', (period) => {
    expect(() => ratingPeriod(period, 1)).toThrow(RatingRuleError);
    expect(() => ratingPeriod(period, 1)).toThrow(`period: must be a month written 'YYYY-MM' (got "${period}")`);
  });
});

describe('addMonths and periodAfter', () => {
  it.each([
    ['2026-11', -23, '2024-12'],
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-01-31', -1, '2025-12'],
    ['2026-03', 0, '2026-03'],
  ])('%s plus %i months is %s', (month, months, expected) => {
    expect(addMonths(month, months)).toBe(expected);
  });

  it('steps by the pool period', () => {
    expect(periodAfter('2026-11', 1)).toBe('2026-12');
    expect(periodAfter('2026-11', 3)).toBe('2027-02');
  });

  it('refuses what is not a month', () => {
    expect(() => addMonths('November', 1)).toThrow(
      `month: must be a month 'YYYY-MM' or a day 'YYYY-MM-DD' (got "November")`,
    );
  });
});

describe('periodRating', () => {
  it('puts a tournament that ended by the next period’s last day, late ones included, into the next run', () => {
    expect(periodRating('2026-11-08', '2026-12', 1)).toBe('2026-12');
    expect(periodRating('2026-11-30', '2026-12', 1)).toBe('2026-12');
    expect(periodRating('2025-03-02', '2026-12', 1)).toBe('2026-12');
  });

  it('puts a later one into the first later period whose games reach its last day', () => {
    expect(periodRating('2026-12-01', '2026-12', 1)).toBe('2027-01');
    expect(periodRating('2027-04-15', '2026-12', 1)).toBe('2027-05');
    // Quarterly: 2026-12 rates September–November, 2027-03 December–February, 2027-06 March–May.
    expect(periodRating('2027-02-28', '2026-12', 3)).toBe('2027-03');
    expect(periodRating('2027-03-01', '2026-12', 3)).toBe('2027-06');
  });

  it('starts a pool without a period with the list after the month the tournament ended', () => {
    expect(periodRating('2010-10-02', null, 1)).toBe('2010-11');
    expect(periodRating('2026-12-31', null, 3)).toBe('2027-01');
  });
});
