import type { Metadata } from 'next';
import { MAX_REASON_LENGTH } from '@ratings/contract';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { TournamentStatus } from '@/__generated__/graphql';
import { cache } from 'react';
import { CrosstableSection } from '@/components/crosstable-section';
import { ListCorrections } from '@/components/staff/list-corrections';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDate, formatDateTime, formatPeriod, formatScore } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { poolName } from '@/lib/pools.queries';
import { acceptTournament, reopenTournament, returnTournament, signIn, submitTournament } from '@/lib/staff/actions';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import {
  fetchStaffTournament,
  fetchStaffTournamentReview,
  pendingReturnReason,
  tournamentActions,
} from '@/lib/staff/tournaments.queries';
import { fetchTournamentEntry, toEntryView } from '@/lib/staff/entry.queries';
import { toTournamentView } from '@/lib/tournament.queries';
import { localeFromParams } from '@/i18n/params';
import { mayEnterTournaments, mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';
import { checkReason } from '@/lib/staff/check-reasons';
import { ImportReportSection } from '@/components/staff/import-report';
import { toImportReportView } from '@/lib/staff/import-report';

interface Props {
  params: Promise<{ lang: string; id: string }>;
}

const loadTournament = cache(async (id: string, locale: Locale) => {
  if (!isApiId(id)) notFound();
  const tournament = await fetchStaffTournament(id, locale);
  if (!tournament) notFound();
  return tournament;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeFromParams(params);
  return { title: (await loadTournament((await params).id, locale)).name };
}

/**
 * A tournament as staff review it: details, the checks, the status history, what its status allows the viewer,
 * its import report, participants and crosstable.
 */
export default async function StaffTournamentPage({ params }: Props) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'tournaments')) return <NotAllowed locale={locale} role={viewer.role} />;
  const { id } = await params;
  // Both reads at once: the review's checks take as long as the tournament itself.
  const [tournament, review] = await Promise.all([
    loadTournament(id, locale),
    isApiId(id) ? fetchStaffTournamentReview(id, locale) : null,
  ]);
  const checks = review?.checks ?? [];
  const history = review?.statusHistory ?? [];
  const returnReason = pendingReturnReason(tournament.status, history);
  const available = tournamentActions(tournament.status, viewer.role);
  // Results of a rated tournament are corrected by rating officers and administrators (the API refuses arbiters).
  const correctable =
    tournament.status === TournamentStatus.Rated && tournament.ratedIn && viewer.role === 'RATING_OFFICER';
  const ratedGames = correctable
    ? toEntryView((await fetchTournamentEntry(tournament.id, locale))!).recordedRounds.flatMap(({ round, games }) =>
        games.map((game) => ({ ...game, round })),
      )
    : [];
  const dictionary = getDictionary(locale);
  const { staff, common, tournament: publicText } = dictionary;
  const text = staff.tournament;
  const view = toTournamentView(tournament);
  const rounds = view.crosstable[0]?.rounds.length ?? tournament.rounds;
  const actions = {
    submit: { action: submitTournament.bind(null, tournament.id), ...text.submit },
    accept: { action: acceptTournament.bind(null, tournament.id), ...text.accept },
    return: { action: returnTournament.bind(null, tournament.id), ...text.return },
    reopen: { action: reopenTournament.bind(null, tournament.id), ...text.reopen },
  };
  const facts: [string, string | null][] = [
    [
      publicText.dates,
      fillTemplate(common.dateRange, {
        start: formatDate(tournament.startDate, locale),
        end: formatDate(tournament.endDate, locale),
      }),
    ],
    [publicText.city, [tournament.city, tournament.federation].filter(Boolean).join(', ') || null],
    [publicText.pool, capitalize(poolName(tournament.pool, locale), locale)],
    [publicText.rounds, String(tournament.rounds)],
    [publicText.timeControl, tournament.timeControl],
    [publicText.chiefArbiter, tournament.chiefArbiter],
    [publicText.status, common.tournamentStatus[tournament.status]],
  ];
  return (
    <>
      <h1>{tournament.name}</h1>
      <dl className="facts" aria-label={publicText.facts} data-tournament-status={tournament.status}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {tournament.ratedIn && (
        <p>
          <Link href={pageHrefs.staff(locale, 'lists', tournament.ratedIn.id)}>
            {fillTemplate(common.listOf, { month: formatPeriod(tournament.ratedIn.period, locale) })}
          </Link>
        </p>
      )}
      {(tournament.status === TournamentStatus.Accepted || tournament.status === TournamentStatus.Rated) && (
        // Public tournaments only: the public page (and its what-if) shows no draft or submission.
        <p>
          <Link href={`${pageHrefs.tournament(locale, tournament.id)}#what-if`} data-what-if-link>
            {dictionary.whatIf.consoleLink}
          </Link>
        </p>
      )}
      {returnReason && (
        <div className="notice" role="note" data-return-reason>
          <h2>{text.returnedHeading}</h2>
          <p className="preserve-lines">{returnReason}</p>
        </div>
      )}
      {tournament.status === TournamentStatus.Draft && mayEnterTournaments(viewer.role) && (
        <p>
          <Link href={pageHrefs.staff(locale, 'entry', tournament.id)} data-entry-link>
            {staff.entry.link}
          </Link>
        </p>
      )}
      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">{text.actionsHeading}</h2>
        {available.map((name) => (
          <div key={name} className="staff-action" data-action={name}>
            <p>{actions[name].explanation}</p>
            <StaffActionForm
              action={actions[name].action}
              reauthAction={signIn}
              messages={staff.form}
              submitLabel={actions[name].label}
              successMessage={actions[name].done}
            >
              {name === 'return' && (
                <div className="field">
                  <label htmlFor="return-reason" className="field-label">
                    {text.return.reason}
                  </label>
                  <textarea
                    id="return-reason"
                    name="reason"
                    className="field-input"
                    rows={4}
                    maxLength={MAX_REASON_LENGTH}
                    required
                  />
                </div>
              )}
            </StaffActionForm>
          </div>
        ))}
        {available.length === 0 && <p className="muted">{text.noAction}</p>}
      </section>
      <section aria-labelledby="checks-heading">
        <h2 id="checks-heading">{text.checksHeading}</h2>
        <StaffTable
          caption={text.checksHeading}
          dataName="checks"
          rows={checks}
          rowKey={(check) => `${check.code} ${check.message}`}
          empty={text.noChecks}
          columns={[
            { header: text.checkColumns.flag, rowHeader: true, cell: (check) => text.checkCodes[check.code] },
            {
              header: text.checkColumns.reason,
              // The API words its findings in English.
              cell: (check) =>
                checkReason(
                  check,
                  text.checkReasons,
                  { tournamentTypes: common.tournamentTypes, results: staff.entry.results },
                  locale,
                ),
            },
            {
              header: text.checkColumns.players,
              cell: (check) => (
                <span className="link-list">
                  {/* The players' console pages are the rating officers'; an arbiter reads the public profile. */}
                  {[check.player, check.otherPlayer]
                    .filter((player) => player !== null && player !== undefined)
                    .map((player) => (
                      <Link
                        key={player.id}
                        href={
                          mayOpenConsolePage(viewer.role, 'players')
                            ? pageHrefs.staff(locale, 'players', player.id)
                            : pageHrefs.player(locale, player.id)
                        }
                      >
                        {fillTemplate(text.playerNumber, { id: player.id })}
                      </Link>
                    ))}
                </span>
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">{text.historyHeading}</h2>
        <StaffTable
          caption={text.historyHeading}
          dataName="status-history"
          rows={history}
          rowKey={(event) => `${event.at} ${event.to}`}
          empty={text.noHistory}
          columns={[
            { header: text.historyColumns.at, cell: (event) => formatDateTime(event.at, locale) },
            {
              header: text.historyColumns.change,
              rowHeader: true,
              cell: (event) =>
                fillTemplate(text.statusChange, {
                  from: common.tournamentStatus[event.from],
                  to: common.tournamentStatus[event.to],
                }),
            },
            { header: text.historyColumns.by, cell: (event) => event.by ?? common.notAvailable },
            {
              header: text.historyColumns.reason,
              cell: (event) => (event.reason ? <span className="preserve-lines">{event.reason}</span> : ''),
            },
          ]}
        />
      </section>
      {review?.importReport && (
        <ImportReportSection
          report={toImportReportView(review.importReport)}
          locale={locale}
          text={staff.upload}
          onTournamentPage
        />
      )}
      <section aria-labelledby="participants-heading">
        <h2 id="participants-heading">{text.participants}</h2>
        <StaffTable
          caption={text.participants}
          dataName="participants"
          rows={view.crosstable}
          rowKey={(row) => row.playerId}
          empty={text.noParticipants}
          columns={[
            { header: publicText.crosstableColumns.startRank, numeric: true, cell: (row) => row.startRank },
            {
              header: publicText.crosstableColumns.player,
              rowHeader: true,
              cell: (row) => (
                <Link
                  href={
                    mayOpenConsolePage(viewer.role, 'players')
                      ? pageHrefs.staff(locale, 'players', row.playerId)
                      : pageHrefs.player(locale, row.playerId)
                  }
                >
                  {row.name}
                </Link>
              ),
            },
            {
              header: publicText.crosstableColumns.rating,
              numeric: true,
              cell: (row) => row.ratingAtStart ?? common.notAvailable,
            },
            {
              header: publicText.crosstableColumns.points,
              numeric: true,
              cell: (row) => formatScore(row.points, locale),
            },
          ]}
        />
      </section>
      {correctable && tournament.ratedIn && (
        <ListCorrections listId={tournament.ratedIn.id} locale={locale} games={ratedGames} />
      )}
      <CrosstableSection view={view} rounds={rounds} locale={locale} dictionary={dictionary} />
    </>
  );
}
