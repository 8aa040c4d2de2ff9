import { addMonths, nextPeriod } from './periods';

describe('periods', () => {
  it.each([
    ['2026-11', -23, '2024-12'],
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-01-31', -1, '2025-12'],
    ['2026-03', 0, '2026-03'],
  ])('%s %+d months is %s', (month, months, expected) => {
    expect(addMonths(month, months)).toBe(expected);
  });

  it('names the list that rates a tournament: the month after it ended', () => {
    expect(nextPeriod('2010-10-02')).toBe('2010-11');
    expect(nextPeriod('2026-12-31')).toBe('2027-01');
  });

  it('refuses what is not a month', () => {
    expect(() => addMonths('November', 1)).toThrow('not a month: November');
  });
});
