import {
  capitalize,
  fillTemplate,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatExpectedScore,
  formatMonth,
  formatPercent,
  formatPeriod,
  formatScore,
  formatSigned,
  plural,
} from './format';

/** French number formatting groups digits with a narrow no-break space (U+202F) and puts a no-break space (U+00A0) before %. */
const NNBSP = '\u202f';

describe('fillTemplate', () => {
  it('fills every placeholder', () => {
    expect(fillTemplate('{list}, {date} : {rating}', { list: 'Mars 2024', date: '1 mars 2024', rating: '~1543' })).toBe(
      'Mars 2024, 1 mars 2024 : ~1543',
    );
    expect(fillTemplate('{min} à {max}', { min: 0, max: 199 })).toBe('0 à 199');
  });

  it('refuses a template whose placeholder has no value', () => {
    expect(() => fillTemplate('Classement : {rating}', {})).toThrow('No value for placeholder {rating}');
  });
});

describe('numbers', () => {
  it.each([
    [1234567, 'fr', `1${NNBSP}234${NNBSP}567`],
    [1234567, 'en', '1,234,567'],
    [0, 'fr', '0'],
  ] as const)('formatCount(%d, %s) = %s', (value, locale, expected) => {
    expect(formatCount(value, locale)).toBe(expected);
  });

  it.each([
    [16, 'fr', 0, '+16'],
    [-3, 'en', 0, '-3'],
    [0, 'fr', 0, '0'],
    [2.909091, 'fr', 2, '+2,91'],
    [-29.0909, 'en', 2, '-29.09'],
    [1200, 'fr', 0, '+1200'],
  ] as const)('formatSigned(%d, %s, %d) = %s', (value, locale, digits, expected) => {
    expect(formatSigned(value, locale, digits)).toBe(expected);
  });

  it('prints expected scores to hundredths, as the FIDE tables do', () => {
    expect(formatExpectedScore(0.909091, 'fr')).toBe('0,91');
    expect(formatExpectedScore(0.5, 'en')).toBe('0.50');
    expect(formatExpectedScore(1, 'en')).toBe('1.00');
  });

  it('prints shares as percentages to one decimal', () => {
    expect(formatPercent(0.640065, 'fr')).toBe('64,0\u00a0%');
    expect(formatPercent(0.090909, 'en')).toBe('9.1%');
  });
});

describe('dates', () => {
  it('prints a list date as a calendar day, whatever the server time zone', () => {
    expect(formatDate('2024-03-01', 'fr')).toBe('1 mars 2024');
    expect(formatDate('2024-03-01', 'en')).toBe('1 March 2024');
    expect(formatDate('2024-12-31T23:30:00Z', 'fr')).toBe('31 décembre 2024');
  });

  it('prints an instant of the audit trail with its time, in UTC', () => {
    expect(formatDateTime('2026-11-03T14:05:00.000Z', 'en')).toBe('3 Nov 2026, 14:05 UTC');
    expect(formatDateTime('2026-11-03T14:05:00.000Z', 'fr')).toBe('3 nov. 2026, 14:05 UTC');
  });

  it('prints axis months short', () => {
    expect(formatMonth('2024-03-01', 'fr')).toBe('mars 2024');
    expect(formatMonth(Date.UTC(2024, 8, 1), 'en')).toBe('Sept 2024');
  });

  it.each(['01/03/2024', '2024-13-45', 'yesterday'])('refuses %s', (text) => {
    expect(() => formatDate(text, 'fr')).toThrow(RangeError);
  });
});

describe('rating periods', () => {
  it('names a period by its month', () => {
    expect(formatPeriod('2026-11', 'fr')).toBe('novembre 2026');
    expect(formatPeriod('2026-11', 'en')).toBe('November 2026');
    expect(capitalize(formatPeriod('2026-10', 'fr'), 'fr')).toBe('Octobre 2026');
  });

  it.each(['2026-13', '2026-1', 'novembre'])('refuses %s', (period) => {
    expect(() => formatPeriod(period, 'fr')).toThrow(`Not a rating period (YYYY-MM): "${period}"`);
  });
});

describe('scores and decimals', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [0.5, '½'],
    [3.5, '3½'],
    [6, '6'],
  ])('formatScore(%d) = %s', (points, expected) => {
    expect(formatScore(points, 'fr')).toBe(expected);
  });

  it('prints other fractions as decimals of the language', () => {
    expect(formatScore(2.25, 'fr')).toBe('2,25');
    expect(formatDecimal(12.5, 'fr')).toBe('12,5');
    expect(formatDecimal(32, 'en')).toBe('32');
    expect(formatDecimal(2450, 'fr', 0)).toBe('2450');
  });
});

describe('plural', () => {
  const forms = { one: '{count} joueur classé', other: '{count} joueurs classés' };

  it('picks the form the language uses for the count', () => {
    expect(plural(forms, 1, 'fr')).toBe('1 joueur classé');
    expect(plural(forms, 0, 'fr')).toBe('0 joueur classé');
    expect(plural(forms, 30, 'fr')).toBe('30 joueurs classés');
    expect(plural({ one: '{count} rated player', other: '{count} rated players' }, 0, 'en')).toBe('0 rated players');
  });

  it('groups large counts and fills the other placeholders', () => {
    expect(
      plural({ one: '{count} ligne ({revision})', other: '{count} lignes ({revision})' }, 5000, 'fr', { revision: 1 }),
    ).toBe(`5${NNBSP}000 lignes (1)`);
  });
});
