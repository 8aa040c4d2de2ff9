import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache, type ReactNode } from 'react';
import { CrosstableSection } from '@/components/crosstable-section';
import { SignedChange } from '@/components/signed-change';
import { WhatIfSection } from '@/components/what-if-section';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDate, formatDecimal, formatPeriod, formatScore } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { poolName } from '@/lib/pools.queries';
import { fetchTournament, toTournamentView, type TournamentData } from '@/lib/tournament.queries';
import { titlesText } from '@/lib/player-name';
import type { SearchParams } from '@/lib/search-params';

interface TournamentProps {
  params: Promise<{ lang: string; id: string }>;
}

const loadTournament = cache(async (id: string): Promise<TournamentData> => {
  if (!isApiId(id)) notFound();
  const tournament = await fetchTournament(id);
  if (!tournament) notFound();
  return tournament;
});

function datesOf(tournament: TournamentData, locale: Locale, template: string): string {
  return fillTemplate(template, {
    start: formatDate(tournament.startDate, locale),
    end: formatDate(tournament.endDate, locale),
  });
}

export async function generateMetadata({ params }: TournamentProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const tournament = await loadTournament((await params).id);
  const { tournament: text, common } = getDictionary(locale);
  return pageMetadata(
    locale,
    { section: 'tournaments', params: [tournament.id] },
    {
      title: tournament.name,
      description: fillTemplate(text.description, {
        name: tournament.name,
        dates: datesOf(tournament, locale, common.dateRange),
      }),
    },
  );
}

export default async function TournamentPage({
  params,
  searchParams,
}: TournamentProps & { searchParams: Promise<SearchParams> }) {
  const locale = await localeFromParams(params);
  const tournament = await loadTournament((await params).id);
  const dictionary = getDictionary(locale);
  const { tournament: text, common } = dictionary;
  const view = toTournamentView(tournament);
  const rounds = view.standings[0]?.rounds.length ?? tournament.rounds;
  const pool = poolName(tournament.pool, locale);
  const number = (value: number | null) => (value === null ? common.notAvailable : String(value));
  const facts: [string, ReactNode][] = [
    [text.dates, datesOf(tournament, locale, common.dateRange)],
    [text.city, [tournament.city, tournament.federation].filter(Boolean).join(', ') || null],
    [text.pool, <Link href={pageHrefs.ranking(locale, tournament.pool.code)}>{capitalize(pool, locale)}</Link>],
    [
      text.type,
      tournament.type in common.tournamentTypes
        ? common.tournamentTypes[tournament.type as keyof typeof common.tournamentTypes]
        : tournament.type,
    ],
    [text.rounds, String(tournament.rounds)],
    [text.timeControl, tournament.timeControl],
    [text.chiefArbiter, tournament.chiefArbiter],
    [text.status, common.tournamentStatus[tournament.status]],
    [
      text.ratedIn,
      tournament.ratedIn && (
        <Link href={pageHrefs.list(locale, tournament.pool.code, tournament.ratedIn.id)}>
          {fillTemplate(common.listOf, { month: formatPeriod(tournament.ratedIn.period, locale) })}
        </Link>
      ),
    ],
  ];

  return (
    <>
      <div className="page-intro">
        <h1>{tournament.name}</h1>
        <dl className="facts" aria-label={text.facts}>
          {facts
            .filter(([, value]) => value !== null && value !== undefined && value !== '')
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        {tournament.status !== 'RATED' && <p className="notice">{text.notRated}</p>}
      </div>

      <section aria-labelledby="standings-heading">
        <h2 id="standings-heading">{text.standingsHeading}</h2>
        <div className="table-scroll">
          <table className="data-table standings-table" data-standings>
            <caption className="visually-hidden">{text.standingsCaption}</caption>
            <thead>
              <tr>
                <th scope="col" className="numeric">
                  {text.standingsColumns.position}
                </th>
                <th scope="col">{text.standingsColumns.player}</th>
                <th scope="col" className="numeric">
                  {text.standingsColumns.rating}
                </th>
                <th scope="col" className="numeric">
                  {text.standingsColumns.points}
                </th>
                <th scope="col" className="numeric">
                  {text.standingsColumns.games}
                </th>
                <th scope="col" className="numeric">
                  {text.standingsColumns.performance}
                </th>
                <th scope="col" className="numeric">
                  {text.standingsColumns.before}
                </th>
                <th scope="col" className="numeric">
                  {text.standingsColumns.after}
                </th>
                <th scope="col" className="numeric">
                  {text.standingsColumns.change}
                </th>
                <th scope="col" className="numeric">
                  <abbr title={dictionary.player.kTitle}>{text.standingsColumns.k}</abbr>
                </th>
                <th scope="col" className="numeric">
                  {text.standingsColumns.bonus}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.standings.map((row) => (
                <tr key={row.playerId} data-player-id={row.playerId}>
                  <td className="numeric">{row.position}</td>
                  <th scope="row">
                    {row.titles.length > 0 && <span className="player-title">{titlesText(row.titles)} </span>}
                    <Link href={pageHrefs.player(locale, row.playerId)}>{row.name}</Link>
                  </th>
                  <td className="numeric">{number(row.ratingAtStart)}</td>
                  <td className="numeric">{formatScore(row.points, locale)}</td>
                  <td className="numeric">{row.gamesPlayed}</td>
                  <td className="numeric" data-column="performance">
                    {number(row.performance)}
                  </td>
                  <td className="numeric">{number(row.ratingBefore)}</td>
                  <td className="numeric">{number(row.ratingAfter)}</td>
                  <td className="numeric" data-column="change">
                    {row.change === null ? (
                      common.notAvailable
                    ) : (
                      <SignedChange value={row.change} locale={locale} digits={Number.isInteger(row.change) ? 0 : 1} />
                    )}
                  </td>
                  <td className="numeric">{row.k === null ? common.notAvailable : formatDecimal(row.k, locale)}</td>
                  <td className="numeric">
                    {row.bonus === null ? common.notAvailable : formatDecimal(row.bonus, locale, 1)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <CrosstableSection view={view} rounds={rounds} locale={locale} dictionary={dictionary} />

      <WhatIfSection
        tournamentId={tournament.id}
        poolCode={tournament.pool.code}
        standings={view.standings}
        query={await searchParams}
        locale={locale}
        dictionary={dictionary}
      />
    </>
  );
}
