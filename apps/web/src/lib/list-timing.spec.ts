import { inForceText } from './list-timing';

const text = { inForceSince: 'in force since {date}', upcomingFrom: 'upcoming: in force from {date}' };

describe('inForceText', () => {
  it('words the date as the API places the list: in force since it, or upcoming until it', () => {
    expect(inForceText({ effectiveDate: '2026-12-01', upcoming: true }, 'en', text)).toBe(
      'upcoming: in force from 1 December 2026',
    );
    expect(inForceText({ effectiveDate: '2026-12-01', upcoming: false }, 'en', text)).toBe(
      'in force since 1 December 2026',
    );
    expect(
      inForceText({ effectiveDate: '2026-12-01', upcoming: true }, 'fr', {
        inForceSince: 'depuis le {date}',
        upcomingFrom: 'dès le {date}',
      }),
    ).toBe('dès le 1 décembre 2026');
  });
});
