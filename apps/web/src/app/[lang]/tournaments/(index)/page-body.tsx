import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterForm } from '@/components/filter-fields';
import { PaginationNav } from '@/components/pagination-nav';
import { TournamentFilterFields } from '@/components/tournament-filter-fields';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDate, plural } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs, sectionHref } from '@/i18n/routes';
import { pageLinks, readCursorPosition } from '@/lib/pagination';
import { fetchPools, poolName } from '@/lib/pools.queries';
import { filterQuery, type SearchParams } from '@/lib/search-params';
import {
  fetchTournaments,
  parseTournamentFilters,
  TOURNAMENT_PARAMS,
  TOURNAMENTS_PAGE_SIZE,
} from '@/lib/tournaments.queries';

interface TournamentsProps {
  params: Promise<{ lang: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: TournamentsProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  return pageMetadata(locale, { section: 'tournaments', params: [] }, getDictionary(locale).tournaments);
}

/** Every tournament, newest first, searchable by name or city, pool and end date. */
export default async function TournamentsPage({ params, searchParams }: TournamentsProps) {
  const locale = await localeFromParams(params);
  const query = await searchParams;
  const dictionary = getDictionary(locale);
  const { tournaments: intro, tournamentsData: text, common } = dictionary;
  const pools = await fetchPools();
  const filters = parseTournamentFilters(
    query,
    pools.map((pool) => pool.code),
  );
  const position = readCursorPosition(query);
  const tournaments = await fetchTournaments(filters, position);
  const path = sectionHref(locale, 'tournaments');
  const links = pageLinks(
    path,
    filterQuery(TOURNAMENT_PARAMS, filters),
    position,
    tournaments.pageInfo,
    tournaments.totalCount,
    TOURNAMENTS_PAGE_SIZE,
  );

  return (
    <>
      <div className="page-intro">
        <h1>{intro.heading}</h1>
        <p className="lead">{intro.intro}</p>
      </div>

      <FilterForm
        action={path}
        legend={text.filtersLegend}
        applyLabel={common.filters.apply}
        resetLabel={common.filters.reset}
        search
      >
        <TournamentFilterFields idPrefix="tournament" filters={filters} pools={pools} locale={locale} />
      </FilterForm>

      {tournaments.edges.length === 0 ? (
        <p className="notice">{text.empty}</p>
      ) : (
        <section aria-labelledby="tournaments-count">
          <p id="tournaments-count" className="result-count">
            {plural(text.count, tournaments.totalCount, locale)}
          </p>
          <div className="table-scroll">
            <table className="data-table" data-tournaments-table>
              <caption className="visually-hidden">{text.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.columns.name}</th>
                  <th scope="col">{text.columns.city}</th>
                  <th scope="col">{text.columns.dates}</th>
                  <th scope="col">{text.columns.pool}</th>
                  <th scope="col" className="numeric">
                    {text.columns.rounds}
                  </th>
                  <th scope="col">{text.columns.status}</th>
                </tr>
              </thead>
              <tbody>
                {tournaments.edges.map(({ node: tournament }) => (
                  <tr key={tournament.id} data-tournament-id={tournament.id}>
                    <th scope="row">
                      <Link href={pageHrefs.tournament(locale, tournament.id)}>{tournament.name}</Link>
                    </th>
                    <td>{tournament.city ?? common.notAvailable}</td>
                    <td>
                      {fillTemplate(common.dateRange, {
                        start: formatDate(tournament.startDate, locale),
                        end: formatDate(tournament.endDate, locale),
                      })}
                    </td>
                    <td>{capitalize(poolName(tournament.pool, locale), locale)}</td>
                    <td className="numeric">{tournament.rounds}</td>
                    <td>{common.tournamentStatus[tournament.status]}</td>
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
