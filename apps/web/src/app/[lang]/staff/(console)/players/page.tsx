import type { Metadata } from 'next';
import Link from 'next/link';
import { MAX_SEARCH_LENGTH } from '@ratings/contract';
import { FilterForm, TextField } from '@/components/filter-fields';
import { PaginationNav } from '@/components/pagination-nav';
import { StaffTable } from '@/components/staff/staff-table';
import { getDictionary } from '@/i18n/dictionary';
import { plural } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { searchFilter } from '@/lib/filter-values';
import { pageLinks, readCursorPosition } from '@/lib/pagination';
import { playerName } from '@/lib/player-name';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { fetchStaffPlayers, STAFF_PLAYERS_PAGE_SIZE } from '@/lib/staff/players.queries';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.players.title };
}

/** Finding a player to edit or merge: the API's search ignores accents and case ("levesque" finds "Lévesque"). */
export default async function StaffPlayersPage({
  params,
  searchParams,
}: LangParams & { searchParams: Promise<SearchParams> }) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'players')) return <NotAllowed locale={locale} role={viewer.role} />;
  const query = await searchParams;
  const { staff, common, players: publicText } = getDictionary(locale);
  const text = staff.players;
  const search = searchFilter(firstParam(query, 'q'));
  const position = readCursorPosition(query);
  const players = await fetchStaffPlayers(search, position.after, locale);
  const path = pageHrefs.staff(locale, 'players');
  const links = pageLinks(
    path,
    { q: search ?? undefined },
    position,
    players.pageInfo,
    players.totalCount,
    STAFF_PLAYERS_PAGE_SIZE,
  );
  return (
    <>
      <h1>{text.title}</h1>
      <FilterForm
        action={path}
        legend={text.search}
        applyLabel={common.filters.apply}
        resetLabel={common.filters.reset}
        search
      >
        <TextField
          id="staff-player-search"
          name="q"
          type="search"
          label={text.search}
          hint={text.searchHint}
          value={search}
          maxLength={MAX_SEARCH_LENGTH}
        />
      </FilterForm>
      <p className="result-count">{plural(publicText.all, players.totalCount, locale)}</p>
      <StaffTable
        caption={text.title}
        dataName="players"
        rows={players.edges.map((edge) => edge.node)}
        rowKey={(player) => player.id}
        empty={text.empty}
        columns={[
          { header: text.columns.id, numeric: true, cell: (player) => player.id },
          {
            header: text.columns.name,
            rowHeader: true,
            cell: (player) => <Link href={pageHrefs.staff(locale, 'players', player.id)}>{playerName(player)}</Link>,
          },
          { header: text.columns.birthYear, numeric: true, cell: (player) => player.birthYear ?? '' },
          { header: text.columns.federation, cell: (player) => player.federation ?? '' },
          { header: text.columns.club, cell: (player) => player.club ?? '' },
          { header: text.columns.fideId, cell: (player) => player.fideId ?? '' },
        ]}
      />
      <PaginationNav links={links} text={common.pagination} />
    </>
  );
}
