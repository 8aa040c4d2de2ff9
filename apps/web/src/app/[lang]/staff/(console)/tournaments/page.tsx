import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterForm, SelectField } from '@/components/filter-fields';
import { PaginationNav } from '@/components/pagination-nav';
import { TournamentRows } from '@/components/staff/tournament-rows';
import { TournamentFilterFields } from '@/components/tournament-filter-fields';
import { getDictionary } from '@/i18n/dictionary';
import { plural } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { pageLinks, readCursorPosition } from '@/lib/pagination';
import { fetchPools } from '@/lib/pools.queries';
import { filterQuery, type SearchParams } from '@/lib/search-params';
import {
  fetchStaffTournaments,
  parseStaffTournamentFilters,
  CREATOR_MINE,
  CREATOR_PARAM,
  STATUS_PARAM,
  TOURNAMENT_STATUSES,
} from '@/lib/staff/tournaments.queries';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { TOURNAMENT_PARAMS, TOURNAMENTS_PAGE_SIZE } from '@/lib/tournaments.queries';
import { mayEnterTournaments, mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.tournaments.title };
}

/** The tournaments the viewer may read (drafts included), filtered by pool, status, creator and end date (a GET form: the filters are in the address). */
export default async function StaffTournamentsPage({
  params,
  searchParams,
}: LangParams & { searchParams: Promise<SearchParams> }) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'tournaments')) return <NotAllowed locale={locale} role={viewer.role} />;
  const query = await searchParams;
  const dictionary = getDictionary(locale);
  const { tournamentsData: filtersText, common, staff } = dictionary;
  const pools = await fetchPools();
  const filters = parseStaffTournamentFilters(
    query,
    pools.map((pool) => pool.code),
  );
  const position = readCursorPosition(query);
  // An arbiter's console lists his own tournaments only.
  const arbiter = viewer.role === 'ARBITER';
  const tournaments = await fetchStaffTournaments(
    { ...filters, mine: filters.mine || arbiter },
    viewer.id,
    position,
    locale,
  );
  const path = pageHrefs.staff(locale, 'tournaments');
  const links = pageLinks(
    path,
    {
      ...filterQuery(TOURNAMENT_PARAMS, filters),
      [STATUS_PARAM]: filters.status ?? undefined,
      [CREATOR_PARAM]: filters.mine ? CREATOR_MINE : undefined,
    },
    position,
    tournaments.pageInfo,
    tournaments.totalCount,
    TOURNAMENTS_PAGE_SIZE,
  );
  return (
    <>
      <h1>{staff.tournaments.title}</h1>
      {mayEnterTournaments(viewer.role) && (
        <p>
          <Link href={pageHrefs.staff(locale, 'new-tournament')} className="button" data-new-tournament>
            {staff.newTournament.link}
          </Link>
        </p>
      )}
      <FilterForm
        action={path}
        legend={filtersText.filtersLegend}
        applyLabel={common.filters.apply}
        resetLabel={common.filters.reset}
        search
      >
        <TournamentFilterFields idPrefix="staff-tournament" filters={filters} pools={pools} locale={locale}>
          <SelectField
            id="staff-tournament-status"
            name={STATUS_PARAM}
            label={staff.tournaments.columns.status}
            value={filters.status}
            options={[
              { value: '', label: staff.tournaments.allStatuses },
              ...TOURNAMENT_STATUSES.map((status) => ({ value: status, label: common.tournamentStatus[status] })),
            ]}
          />
          {!arbiter && (
            <SelectField
              id="staff-tournament-creator"
              name={CREATOR_PARAM}
              label={staff.tournaments.creator}
              value={filters.mine ? CREATOR_MINE : ''}
              options={[
                { value: '', label: staff.tournaments.creatorAll },
                { value: CREATOR_MINE, label: staff.tournaments.creatorMine },
              ]}
            />
          )}
        </TournamentFilterFields>
      </FilterForm>
      <p className="result-count">{plural(filtersText.count, tournaments.totalCount, locale)}</p>
      <TournamentRows
        rows={tournaments.edges.map((edge) => edge.node)}
        locale={locale}
        dictionary={dictionary}
        caption={staff.tournaments.title}
      />
      <PaginationNav links={links} text={common.pagination} />
    </>
  );
}
