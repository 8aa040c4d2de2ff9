import type { ReactNode } from 'react';
import { MAX_SEARCH_LENGTH } from '@ratings/contract';
import { SelectField, TextField } from '@/components/filter-fields';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { poolName, type PoolData } from '@/lib/pools.queries';
import { TOURNAMENT_PARAMS, type TournamentFilters } from '@/lib/tournaments.queries';

/**
 * The fields of a tournament filter form, the public directory's and the console's: name, pool, then
 * `children` (the console's status and creator), then the end-date range.
 */
export function TournamentFilterFields({
  idPrefix,
  filters,
  pools,
  locale,
  children,
}: {
  idPrefix: string;
  filters: TournamentFilters;
  pools: readonly PoolData[];
  locale: Locale;
  children?: ReactNode;
}) {
  const { tournamentsData: text, common } = getDictionary(locale);
  return (
    <>
      <TextField
        id={`${idPrefix}-search`}
        name={TOURNAMENT_PARAMS.search}
        type="search"
        label={text.search}
        value={filters.search}
        maxLength={MAX_SEARCH_LENGTH}
      />
      <SelectField
        id={`${idPrefix}-pool`}
        name={TOURNAMENT_PARAMS.pool}
        label={common.poolLabel}
        value={filters.pool}
        options={[
          { value: '', label: common.allPools },
          ...pools.map((pool) => ({ value: pool.code, label: capitalize(poolName(pool, locale), locale) })),
        ]}
      />
      {children}
      <TextField
        id={`${idPrefix}-from`}
        name={TOURNAMENT_PARAMS.from}
        type="date"
        label={text.from}
        value={filters.from}
      />
      <TextField id={`${idPrefix}-to`} name={TOURNAMENT_PARAMS.to} type="date" label={text.to} value={filters.to} />
    </>
  );
}
