import type { Metadata } from 'next';
import Link from 'next/link';
import { MAX_CLUB_LENGTH, MAX_SEARCH_LENGTH } from '@ratings/contract';
import { PROVISIONAL_MARK } from '@ratings/rating-rules';
import { FilterForm, SelectField, TextField } from '@/components/filter-fields';
import { PaginationNav } from '@/components/pagination-nav';
import { RatingValue } from '@/components/rating-value';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, plural } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs, sectionHref } from '@/i18n/routes';
import { SEXES } from '@/lib/filter-values';
import { pageLinks, readCursorPosition } from '@/lib/pagination';
import {
  fetchPlayers,
  parsePlayerFilters,
  PLAYER_PARAMS,
  PLAYERS_PAGE_SIZE,
  toDirectoryRow,
} from '@/lib/players.queries';
import { fetchPools, poolName } from '@/lib/pools.queries';
import { filterQuery, type SearchParams } from '@/lib/search-params';
import { titlesText } from '@/lib/player-name';

interface PlayersProps {
  params: Promise<{ lang: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: PlayersProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  return pageMetadata(locale, { section: 'players', params: [] }, getDictionary(locale).players);
}

/** The player directory: the home page's search lands here (`?q=levesque`). */
export default async function PlayersPage({ params, searchParams }: PlayersProps) {
  const locale = await localeFromParams(params);
  const query = await searchParams;
  const dictionary = getDictionary(locale);
  const { players: text, common, search } = dictionary;
  const filters = parsePlayerFilters(query);
  const position = readCursorPosition(query);
  const [pools, players] = await Promise.all([fetchPools(), fetchPlayers(filters, position)]);
  const path = sectionHref(locale, 'players');
  const rows = players.edges.map((edge) => toDirectoryRow(edge.node));
  const links = pageLinks(
    path,
    filterQuery(PLAYER_PARAMS, filters),
    position,
    players.pageInfo,
    players.totalCount,
    PLAYERS_PAGE_SIZE,
  );

  return (
    <>
      <div className="page-intro">
        <h1>{text.heading}</h1>
        <p className="lead">{text.intro}</p>
      </div>

      <FilterForm
        action={path}
        legend={search.label}
        applyLabel={search.button}
        resetLabel={common.filters.reset}
        search
      >
        <TextField
          id="player-search"
          name={PLAYER_PARAMS.search}
          type="search"
          label={search.field}
          hint={search.hint}
          value={filters.search}
          maxLength={MAX_SEARCH_LENGTH}
        />
        <TextField
          id="player-federation"
          name={PLAYER_PARAMS.federation}
          label={common.federationLabel}
          hint={common.federationHint}
          value={filters.federation}
          maxLength={3}
          pattern="[A-Za-z]{3}"
        />
        <TextField
          id="player-club"
          name={PLAYER_PARAMS.club}
          label={common.clubLabel}
          hint={common.clubHint}
          value={filters.club}
          maxLength={MAX_CLUB_LENGTH}
        />
        <SelectField
          id="player-sex"
          name={PLAYER_PARAMS.sex}
          label={common.sexLabel}
          value={filters.sex}
          options={[
            { value: '', label: common.filters.any },
            ...SEXES.map((sex) => ({ value: sex, label: common.sex[sex] })),
          ]}
        />
      </FilterForm>

      {rows.length === 0 ? (
        <p className="notice" data-players-empty>
          {text.empty}
        </p>
      ) : (
        <section aria-labelledby="players-count">
          <p id="players-count" className="result-count" data-total-count={players.totalCount}>
            {filters.search
              ? plural(text.results, players.totalCount, locale, { query: filters.search })
              : plural(text.all, players.totalCount, locale)}
          </p>
          <div className="table-scroll">
            <table className="data-table" data-players-table>
              <caption className="visually-hidden">{text.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.columns.player}</th>
                  <th scope="col">{text.columns.federation}</th>
                  <th scope="col">{text.columns.club}</th>
                  <th scope="col" className="numeric">
                    {text.columns.birthYear}
                  </th>
                  {pools.map((pool) => (
                    <th key={pool.code} scope="col" className="numeric">
                      {capitalize(poolName(pool, locale), locale)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-player-id={row.id}>
                    <th scope="row">
                      {row.titles.length > 0 && <span className="player-title">{titlesText(row.titles)} </span>}
                      <Link href={pageHrefs.player(locale, row.id)}>{row.name}</Link>
                    </th>
                    <td>{row.federation ?? common.notAvailable}</td>
                    <td>{row.club ?? common.notAvailable}</td>
                    <td className="numeric">{row.birthYear ?? common.notAvailable}</td>
                    {pools.map((pool) => {
                      const display = row.ratings[pool.code];
                      return (
                        <td key={pool.code} className="numeric">
                          {display ? (
                            <RatingValue
                              display={display}
                              provisional={display.startsWith(PROVISIONAL_MARK)}
                              text={common.provisional}
                            />
                          ) : (
                            common.notAvailable
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PaginationNav links={links} text={common.pagination} />
        </section>
      )}
    </>
  );
}
