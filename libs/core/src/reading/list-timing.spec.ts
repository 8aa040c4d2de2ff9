import { dateIn, isUpcomingOn } from './lists';

describe('dateIn: the federation’s date, which decides the list in force', () => {
  it('is the date in the time zone, not the server’s', () => {
    const lateOnNovember30InMontreal = new Date('2026-12-01T03:30:00Z');
    expect(dateIn('UTC', lateOnNovember30InMontreal)).toBe('2026-12-01');
    expect(dateIn('America/Toronto', lateOnNovember30InMontreal)).toBe('2026-11-30');
    expect(dateIn('Asia/Tokyo', new Date('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
  });
});

describe('isUpcomingOn', () => {
  const published = (effectiveDate: string) => ({ status: 'PUBLISHED' as const, effectiveDate });

  it('is upcoming until its effective date, in force from that day on', () => {
    expect(isUpcomingOn(published('2026-12-01'), '2026-11-30')).toBe(true);
    expect(isUpcomingOn(published('2026-12-01'), '2026-12-01')).toBe(false);
    expect(isUpcomingOn(published('2026-12-01'), '2027-01-15')).toBe(false);
  });

  it('never calls a draft upcoming: only published lists come into force', () => {
    expect(isUpcomingOn({ status: 'DRAFT', effectiveDate: '2026-12-01' }, '2026-11-30')).toBe(false);
  });
});
