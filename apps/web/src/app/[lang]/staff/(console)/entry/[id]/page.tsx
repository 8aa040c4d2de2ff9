import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { TournamentStatus } from '@/__generated__/graphql';
import { FormInput, FormSelect } from '@/components/staff/form-fields';
import { NotAllowed } from '@/components/staff/not-allowed';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import { getDictionary } from '@/i18n/dictionary';
import { fillTemplate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { playerName } from '@/lib/player-name';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { addParticipant, createParticipant, recordRound, signIn } from '@/lib/staff/actions';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayEnterTournaments } from '@/lib/staff/console-pages';
import { GRID_RESULTS, gridField, type GridColumn } from '@/lib/staff/entry-form';
import { fetchTournamentEntry, toEntryView } from '@/lib/staff/entry.queries';
import { fetchStaffPlayers } from '@/lib/staff/players.queries';

interface Props {
  params: Promise<{ lang: string; id: string }>;
  searchParams: Promise<SearchParams>;
}

const SEARCH_PARAM = 'q';

const loadTournament = cache(async (id: string, locale: Locale) => {
  if (!isApiId(id)) notFound();
  const tournament = await fetchTournamentEntry(id, locale);
  if (!tournament) notFound();
  return tournament;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { name } = await loadTournament((await params).id, locale);
  return { title: fillTemplate(getDictionary(locale).staff.entry.title, { name }) };
}

/**
 * A draft entered by hand: its participants (found in the register, accents ignored, or created here) and its
 * results, one round at a time in a grid. Submitting it is the tournament page's.
 */
export default async function TournamentEntryPage({ params, searchParams }: Props) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayEnterTournaments(viewer.role)) return <NotAllowed locale={locale} role={viewer.role} />;
  const tournament = await loadTournament((await params).id, locale);
  const { staff, common, tournament: tournamentText } = getDictionary(locale);
  const text = staff.entry;
  const tournamentHref = pageHrefs.staff(locale, 'tournaments', tournament.id);
  const heading = (
    <>
      <h1>{fillTemplate(text.title, { name: tournament.name })}</h1>
      <p>
        <Link href={tournamentHref}>{text.backToTournament}</Link>
      </p>
    </>
  );
  if (tournament.status !== TournamentStatus.Draft) {
    return (
      <>
        {heading}
        <p className="notice" role="note">
          {text.notDraft}
        </p>
      </>
    );
  }
  const view = toEntryView(tournament);
  const search = firstParam(await searchParams, SEARCH_PARAM)?.trim() || null;
  const found = search ? (await fetchStaffPlayers(search, null, locale)).edges.map((edge) => edge.node) : [];
  const entered = new Set(view.participants.map((p) => p.id));
  const playerOptions = view.participants.map((p) => ({ value: p.id, label: `${p.startRank}. ${p.name}` }));
  const columnOptions: Record<GridColumn, { value: string; label: string }[]> = {
    white: [{ value: '', label: text.choose }, ...playerOptions],
    black: [{ value: '', label: text.noBlack }, ...playerOptions],
    result: [
      { value: '', label: text.choose },
      ...GRID_RESULTS.map((result) => ({ value: result, label: text.results[result] })),
    ],
  };
  const newPlayerField = (name: keyof typeof staff.player.fields) => ({
    id: `new-player-${name}`,
    name,
    label: staff.player.fields[name],
    refusedLabel: text.fieldError,
  });
  return (
    <>
      {heading}
      <section aria-labelledby="participants-heading">
        <h2 id="participants-heading">{text.participantsHeading}</h2>
        <StaffTable
          caption={text.participantsHeading}
          dataName="entry-participants"
          rows={view.participants}
          rowKey={(p) => p.id}
          empty={staff.tournament.noParticipants}
          columns={[
            { header: tournamentText.crosstableColumns.startRank, numeric: true, cell: (p) => p.startRank },
            { header: tournamentText.crosstableColumns.player, rowHeader: true, cell: (p) => p.name },
          ]}
        />
        <h3>{text.searchHeading}</h3>
        <form method="get" role="search" className="staff-form" aria-label={text.searchHeading}>
          <div className="field">
            <label htmlFor="entry-search" className="field-label">
              {text.searchLabel}
            </label>
            <input
              id="entry-search"
              name={SEARCH_PARAM}
              type="search"
              className="field-input"
              defaultValue={search ?? ''}
            />
          </div>
          <div className="action-row">
            <button type="submit" className="button">
              {text.searchButton}
            </button>
          </div>
        </form>
        {search && found.length === 0 && <p className="muted">{text.noResults}</p>}
        {found.length > 0 && (
          <ul className="entry-results" data-search-results>
            {found.map((player) => (
              <li key={player.id} data-player={player.id}>
                <span>
                  {playerName(player)}
                  {[player.birthYear, player.club].filter(Boolean).length > 0 &&
                    ` (${[player.birthYear, player.club].filter(Boolean).join(', ')})`}
                </span>
                {entered.has(player.id) ? (
                  <span className="muted"> — {text.alreadyIn}</span>
                ) : (
                  <StaffActionForm
                    action={addParticipant.bind(null, tournament.id)}
                    reauthAction={signIn}
                    messages={staff.form}
                    submitLabel={fillTemplate(text.add, { name: playerName(player) })}
                  >
                    <input type="hidden" name="player" value={player.id} />
                  </StaffActionForm>
                )}
              </li>
            ))}
          </ul>
        )}
        <h3>{text.newPlayerHeading}</h3>
        <p>{text.newPlayerIntro}</p>
        {/* Keyed by the participants: once one is added the form is empty again, ready for the next. */}
        <StaffActionForm
          key={view.participants.length}
          action={createParticipant.bind(null, locale, tournament.id)}
          reauthAction={signIn}
          messages={staff.form}
          submitLabel={text.createAndAdd}
          className="entry-new-player"
        >
          <FormInput {...newPlayerField('surname')} required maxLength={100} />
          <FormInput {...newPlayerField('givenName')} maxLength={100} />
          <FormSelect
            {...newPlayerField('sex')}
            options={[
              { value: '', label: staff.player.sexUnknown },
              { value: 'F', label: staff.player.sexF },
              { value: 'M', label: staff.player.sexM },
            ]}
          />
          <FormInput {...newPlayerField('birthYear')} maxLength={4} />
          <FormInput {...newPlayerField('federation')} maxLength={3} />
          <FormInput {...newPlayerField('club')} maxLength={100} />
        </StaffActionForm>
      </section>
      <section aria-labelledby="results-heading">
        <h2 id="results-heading">{text.resultsHeading}</h2>
        {view.recordedRounds.map(({ round, games }) => (
          <div key={round} data-recorded-round={round}>
            <h3>{fillTemplate(text.roundHeading, { round })}</h3>
            <StaffTable
              caption={fillTemplate(text.roundCaption, { round })}
              rows={games}
              rowKey={(game) => game.id}
              empty=""
              columns={[
                { header: text.columns.board, numeric: true, cell: (game) => game.board ?? common.notAvailable },
                { header: text.columns.white, rowHeader: true, cell: (game) => game.white },
                { header: text.columns.black, cell: (game) => game.black ?? common.notAvailable },
                {
                  header: text.columns.result,
                  cell: (game) => text.results[game.result as keyof typeof text.results] ?? game.result,
                },
              ]}
            />
          </div>
        ))}
        {view.nextRound === null ? (
          <p>{text.allRoundsRecorded}</p>
        ) : view.participants.length < 2 ? (
          <p className="muted">{text.needPlayers}</p>
        ) : (
          <div data-round-grid={view.nextRound}>
            <h3>{fillTemplate(text.roundHeading, { round: view.nextRound })}</h3>
            <p>{text.roundIntro}</p>
            <StaffActionForm
              key={view.nextRound}
              action={recordRound.bind(null, tournament.id, view.nextRound, view.boards)}
              reauthAction={signIn}
              messages={staff.form}
              submitLabel={fillTemplate(text.recordRound, { round: view.nextRound })}
            >
              <div className="table-scroll">
                <table className="data-table entry-grid">
                  <caption className="visually-hidden">
                    {fillTemplate(text.roundCaption, { round: view.nextRound })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col" className="numeric">
                        {text.columns.board}
                      </th>
                      {(['white', 'black', 'result'] as const).map((column) => (
                        <th key={column} scope="col">
                          {text.columns[column]}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {Array.from({ length: view.boards }, (_, line) => (
                      <tr key={line}>
                        <th scope="row" className="numeric">
                          {line + 1}
                        </th>
                        {(['white', 'black', 'result'] as const).map((column) => (
                          <td key={column}>
                            <FormSelect
                              id={`grid-${line}-${column}`}
                              name={gridField(line, column)}
                              label={fillTemplate(text.cellLabel, { board: line + 1, column: text.columns[column] })}
                              hiddenLabel
                              refusedLabel={text.fieldError}
                              options={columnOptions[column]}
                            />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </StaffActionForm>
          </div>
        )}
      </section>
    </>
  );
}
