import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { CrosstableSection } from '@/components/crosstable-section';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDate, formatPeriod, formatScore } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { poolName } from '@/lib/pools.queries';
import { reopenTournament, signIn, submitTournament } from '@/lib/staff/actions';
import { fetchStaffTournament, tournamentActions } from '@/lib/staff/tournaments.queries';
import { toTournamentView } from '@/lib/tournament.queries';
import { localeFromParams } from '@/i18n/params';

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

/** A tournament as the officer reviews it: details, participants, crosstable, and what its status allows. */
export default async function StaffTournamentPage({ params }: Props) {
  const locale = await localeFromParams(params);
  const tournament = await loadTournament((await params).id, locale);
  const dictionary = getDictionary(locale);
  const { staff, common, tournament: publicText } = dictionary;
  const text = staff.tournament;
  const view = toTournamentView(tournament);
  const rounds = view.crosstable[0]?.rounds.length ?? tournament.rounds;
  const actions = {
    submit: { action: submitTournament.bind(null, tournament.id), ...text.submit },
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
      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">{text.actionsHeading}</h2>
        {tournamentActions(tournament.status).map((name) => (
          <div key={name} className="staff-action">
            <p>{actions[name].explanation}</p>
            <StaffActionForm
              action={actions[name].action}
              reauthAction={signIn}
              messages={staff.form}
              submitLabel={actions[name].label}
              successMessage={actions[name].done}
            />
          </div>
        ))}
        {tournamentActions(tournament.status).length === 0 && <p className="muted">{text.noAction}</p>}
      </section>
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
              cell: (row) => <Link href={pageHrefs.staff(locale, 'players', row.playerId)}>{row.name}</Link>,
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
      <CrosstableSection view={view} rounds={rounds} locale={locale} dictionary={dictionary} />
    </>
  );
}
