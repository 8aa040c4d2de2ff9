import { MAX_POOL_CODE_LENGTH } from '@ratings/contract';
import type { ParameterType } from '@/__generated__/graphql';
import {
  categoryName,
  configuredParameters,
  isPoolCode,
  parameterValueText,
  poolName,
  ratingSystemName,
  type RatingSystemParameterData,
} from './pools.queries';

const parameter = (
  key: string,
  type: ParameterType,
  value: RatingSystemParameterData['default'],
): RatingSystemParameterData => ({
  key,
  type,
  default: value,
  description: `${key} description`,
  source: 'rating rules §3',
  min: null,
  max: null,
  values: null,
});

describe('names in the page’s language', () => {
  it('uses the French names on French pages, falling back to the API’s name', () => {
    expect(poolName({ name: 'Standard', nameFr: 'Lente' }, 'fr')).toBe('Lente');
    expect(poolName({ name: 'Standard', nameFr: 'Lente' }, 'en')).toBe('Standard');
    expect(poolName({ name: 'Online', nameFr: null }, 'fr')).toBe('Online');
    expect(categoryName({ name: 'Grand Maître', nameEn: 'Grandmaster' }, 'en')).toBe('Grandmaster');
    expect(categoryName({ name: 'Classe A', nameEn: 'Class A' }, 'fr')).toBe('Classe A');
    expect(ratingSystemName({ name: 'Quebec federation rating (FQE)', nameFr: 'Cote FQE' }, 'fr')).toBe('Cote FQE');
  });
});

describe('isPoolCode', () => {
  it.each([
    ['standard', true],
    ['rapid-u2000', true],
    ['', false],
    ['../etc', false],
    ['x'.repeat(MAX_POOL_CODE_LENGTH), true],
    ['x'.repeat(MAX_POOL_CODE_LENGTH + 1), false],
  ])('%s → %s', (code, expected) => {
    expect(isPoolCode(code)).toBe(expected);
  });
});

describe('configuredParameters', () => {
  const ratingSystem = {
    parameters: [
      parameter('halvedAbove', 'NUMBER', 2200),
      parameter('unratedOpponentRating', 'NUMBER', null),
      parameter('rounding', 'ENUM', 'half-away-from-zero'),
    ],
  };

  it('reads each value from `systemParams`, where the API fills in the defaults', () => {
    const parameters = configuredParameters({
      systemParams: { halvedAbove: 2200, unratedOpponentRating: null, rounding: 'half-away-from-zero' },
      ratingSystem,
    } as never);
    expect(parameters.map((p) => [p.key, p.value, p.isDefault])).toEqual([
      ['halvedAbove', 2200, true],
      ['unratedOpponentRating', null, true],
      ['rounding', 'half-away-from-zero', true],
    ]);
  });

  it('marks the pool’s own settings, in the system’s order, and ignores one the system does not describe', () => {
    const parameters = configuredParameters({
      systemParams: { rounding: 'half-away-from-zero', bogus: 1, halvedAbove: 2300, unratedOpponentRating: null },
      ratingSystem,
    } as never);
    expect(parameters.map((p) => [p.key, p.value, p.isDefault])).toEqual([
      ['halvedAbove', 2300, false],
      ['unratedOpponentRating', null, true],
      ['rounding', 'half-away-from-zero', true],
    ]);
  });

  it('no longer fills a value the API left out with the default: it reads as unset', () => {
    expect(
      configuredParameters({ systemParams: {}, ratingSystem } as never).map((p) => [p.key, p.value, p.isDefault]),
    ).toEqual([
      ['halvedAbove', null, false],
      ['unratedOpponentRating', null, true],
      ['rounding', null, false],
    ]);
  });
});

describe('parameterValueText', () => {
  const words = { true: 'oui', false: 'non', null: 'aucune' };
  it.each([
    [true, 'fr', 'oui'],
    [false, 'fr', 'non'],
    [null, 'fr', 'aucune'],
    [2200, 'fr', '2200'],
    [0.000001, 'fr', '0,000001'],
    [0.5, 'en', '0.5'],
    ['fide-table', 'fr', 'fide-table'],
  ] as const)('%s (%s) → %s', (value, locale, expected) => {
    expect(parameterValueText(value, locale, words)).toBe(expected);
  });
});
