import { periodDates } from './factories';

describe('periodDates', () => {
  it.each([
    [
      '2026-11',
      { periodStart: '2026-10-01', periodEnd: '2026-10-31', effectiveDate: '2026-11-01', cutOffDate: '2026-10-31' },
    ],
    [
      '2026-01',
      { periodStart: '2025-12-01', periodEnd: '2025-12-31', effectiveDate: '2026-01-01', cutOffDate: '2025-12-31' },
    ],
    [
      '2028-03',
      { periodStart: '2028-02-01', periodEnd: '2028-02-29', effectiveDate: '2028-03-01', cutOffDate: '2028-02-29' },
    ],
  ])('list %s rates the month before it', (period, dates) => {
    expect(periodDates(period)).toEqual(dates);
  });

  it('names a malformed period', () => {
    expect(() => periodDates('2026-1')).toThrow(`period: must be a month written 'YYYY-MM' (got "2026-1")`);
  });
});
