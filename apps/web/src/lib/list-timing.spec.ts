import { inForceText, isUpcoming, todayIn } from './list-timing';

const text = { inForceSince: 'in force since {date}', upcomingFrom: 'upcoming: in force from {date}' };

describe('todayIn', () => {
  it('is the date in the federation’s time zone', () => {
    const lateOnNovember30InMontreal = new Date('2026-12-01T03:30:00Z');
    expect(todayIn('UTC', lateOnNovember30InMontreal)).toBe('2026-12-01');
    expect(todayIn('America/Toronto', lateOnNovember30InMontreal)).toBe('2026-11-30');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
  });
});

describe('isUpcoming and inForceText', () => {
  it('is upcoming until its effective date, in force from that day on', () => {
    expect(isUpcoming('2026-12-01', '2026-11-30')).toBe(true);
    expect(isUpcoming('2026-12-01', '2026-12-01')).toBe(false);
    expect(isUpcoming('2026-12-01', '2027-01-15')).toBe(false);
  });

  it('words the date for each case', () => {
    expect(inForceText('2026-12-01', '2026-11-30', 'en', text)).toBe('upcoming: in force from 1 December 2026');
    expect(inForceText('2026-12-01', '2026-12-01', 'en', text)).toBe('in force since 1 December 2026');
    expect(
      inForceText('2026-12-01', '2026-11-02', 'fr', {
        inForceSince: 'depuis le {date}',
        upcomingFrom: 'dès le {date}',
      }),
    ).toBe('dès le 1 décembre 2026');
  });
});
