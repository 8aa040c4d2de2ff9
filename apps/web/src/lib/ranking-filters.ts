import { graphql } from '@/__generated__/gql';
import { AgeGroup, type RankingFilterValuesQuery } from '@/__generated__/graphql';
import { SEXES } from './filter-values';
import { postGraphQL } from './graphql-request';
import type { KeptRankingFilter, KnownFilterValues } from './kept-routes';

/**
 * The filter values each pool's current list has, as the proxy checks a one-filter ranking's address against them
 * (`kept-routes.ts`): only a value the API knows gets a kept page, so made-up values cannot fill the cache. Read at
 * most once every `FILTER_VALUES_TTL_MS` (a publication changes them; until then a new club is served uncached).
 */

export const FILTER_VALUES_TTL_MS = 10_000;

export const rankingFilterValuesQuery = graphql(`
  query RankingFilterValues {
    pools {
      code
      categories {
        code
      }
      federations
      clubs
    }
  }
`);

type FilterSets = Map<string, Record<KeptRankingFilter, ReadonlySet<string>>>;

/** The values of every pool, by filter: the schema's sexes and age groups, the pool's categories, federations and clubs. */
export function filterSets(data: RankingFilterValuesQuery): FilterSets {
  return new Map(
    data.pools.map((pool) => [
      pool.code,
      {
        category: new Set(pool.categories.map((category) => category.code)),
        sex: new Set(SEXES),
        age: new Set(Object.values(AgeGroup)),
        federation: new Set(pool.federations),
        club: new Set(pool.clubs),
      },
    ]),
  );
}

export function knownValues(sets: FilterSets): KnownFilterValues {
  return (pool, filter, value) => sets.get(pool)?.[filter].has(value) ?? false;
}

let memo: { at: number; known: Promise<KnownFilterValues> } | null = null;

/** The known values, from memory when read less than `FILTER_VALUES_TTL_MS` ago; none while the API is down. */
export function currentFilterValues(apiUrl: string, now = Date.now()): Promise<KnownFilterValues> {
  if (memo === null || now - memo.at >= FILTER_VALUES_TTL_MS) {
    const known = postGraphQL(apiUrl, rankingFilterValuesQuery, {})
      .then((data) => knownValues(filterSets(data)))
      // An outage sends every filtered ranking to the uncached route, which shows the outage page; retried next time.
      .catch((): KnownFilterValues => {
        memo = null;
        return () => false;
      });
    memo = { at: now, known };
  }
  return memo.known;
}
