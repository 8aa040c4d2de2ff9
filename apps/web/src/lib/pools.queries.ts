import { notFound } from 'next/navigation';
import { cache } from 'react';
import { formatDecimal } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { graphql } from '@/__generated__/gql';
import type { PoolsQuery } from '@/__generated__/graphql';
import { MAX_POOL_CODE_LENGTH } from '@ratings/contract';
import { queryApi } from './api';

/**
 * The federation's rating pools: every page that names a pool, lists its categories or explains its
 * rating system reads this one operation, so it is fetched once and answered from the cache after.
 */

export const poolsQuery = graphql(`
  query Pools {
    pools {
      id
      code
      name
      nameFr
      ratingSystemId
      systemParams
      periodMonths
      description
      ratingSystem {
        id
        name
        nameFr
        description
        ratingUnit
        parameters {
          key
          type
          default
          description
          source
          min
          max
          values
        }
      }
      categories {
        code
        name
        nameEn
        min
        max
      }
      currentList {
        id
        period
        effectiveDate
        upcoming
        revision
        stats {
          listed
          provisional
        }
      }
      upcomingList {
        id
        period
        effectiveDate
        upcoming
      }
    }
  }
`);

export type PoolData = PoolsQuery['pools'][number];
export type RatingSystemParameterData = PoolData['ratingSystem']['parameters'][number];

/** A parameter's value as the page shows it: rating systems' parameters are numbers, booleans, enum codes or none. */
export type ParameterValue = string | number | boolean | null;

/** Pool codes are short identifiers (`standard`, `rapid`), no longer than the API takes. */
const POOL_CODE = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_POOL_CODE_LENGTH}}$`);

export function isPoolCode(value: string): boolean {
  return POOL_CODE.test(value);
}

/** Once per request (React `cache`): a layout, its page and their metadata all read the pools. */
export const fetchPools = cache(async (): Promise<PoolData[]> => {
  const { pools } = await queryApi(poolsQuery, {}, ['pools', 'lists']);
  return pools;
});

/** The pool a page's address names; an unknown code is the 404 page. */
export async function requirePool(code: string): Promise<PoolData> {
  if (!isPoolCode(code)) notFound();
  const pool = (await fetchPools()).find((candidate) => candidate.code === code);
  if (!pool) notFound();
  return pool;
}

/** The pool's name in the page's language (`Lente` / `Standard`); French falls back to the API's name. */
export function poolName(pool: { name: string; nameFr: string | null }, locale: Locale): string {
  return locale === 'fr' ? (pool.nameFr ?? pool.name) : pool.name;
}

export function categoryName(category: { name: string; nameEn: string }, locale: Locale): string {
  return locale === 'fr' ? category.name : category.nameEn;
}

export function ratingSystemName(system: { name: string; nameFr: string }, locale: Locale): string {
  return locale === 'fr' ? system.nameFr : system.name;
}

export interface ConfiguredParameter extends Omit<RatingSystemParameterData, 'default'> {
  default: ParameterValue;
  /** What the pool runs with (`systemParams`); null if the API left the parameter out. */
  value: ParameterValue;
  /** True when the pool runs with the system's default. */
  isDefault: boolean;
}

/** A JSON value from the API as a parameter value; an object or an array is no value a parameter has. */
function toParameterValue(json: unknown): ParameterValue {
  return typeof json === 'string' || typeof json === 'number' || typeof json === 'boolean' ? json : null;
}

/**
 * The pool's rating-system parameters as configured: the system's list of parameters, in its order,
 * each with the value the API gives in `systemParams` (defaults filled in there). A value the system
 * does not describe is ignored (the API validates settings against the system).
 */
export function configuredParameters(pool: Pick<PoolData, 'systemParams' | 'ratingSystem'>): ConfiguredParameter[] {
  const settings: Record<string, unknown> =
    typeof pool.systemParams === 'object' && pool.systemParams !== null ? { ...pool.systemParams } : {};
  return pool.ratingSystem.parameters.map((parameter) => {
    const value = toParameterValue(settings[parameter.key]);
    const defaultValue = toParameterValue(parameter.default);
    return { ...parameter, default: defaultValue, value, isDefault: value === defaultValue };
  });
}

/** The longest decimals a parameter default has (Glicko-2's ε = 0.000001). */
const PARAMETER_DIGITS = 6;

/** A parameter's value for reading: yes/no, "none" for null, numbers in the page's language, enum codes as they are. */
export function parameterValueText(
  value: ParameterValue,
  locale: Locale,
  words: { true: string; false: string; null: string },
): string {
  if (value === null) return words.null;
  if (typeof value === 'boolean') return value ? words.true : words.false;
  if (typeof value === 'number') return formatDecimal(value, locale, PARAMETER_DIGITS);
  return value;
}
