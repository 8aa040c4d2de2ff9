import { keptOnFirstVisit } from '@/lib/kept-pages';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { RatingHistoryChart } from '@/components/charts/rating-history-chart';
import { RatingValue } from '@/components/rating-value';
import { SignedChange } from '@/components/signed-change';
import { TournamentChangesTable } from '@/components/tournament-changes-table';
import { UpcomingBadge } from '@/components/upcoming-badge';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDate, formatDateTime, formatPeriod, plural } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { socialImage } from '@/lib/site-origin';
import { fetchPlayerProfile, toPlayerProfile, type PlayerProfileView } from '@/lib/player.queries';
import { categoryName, fetchPools, poolName } from '@/lib/pools.queries';
import { rankingPlaceHref } from '@/lib/rankings.queries';
import { titlesText } from '@/lib/player-name';

/** Rendered on first visit and kept (`lib/kept-pages.tsx`). */
export const generateStaticParams = keptOnFirstVisit;
export const dynamicParams = true;

interface PlayerProps {
  params: Promise<{ lang: string; id: string }>;
}

/** The whole profile comes from one API request; metadata and page share it (and the cache answers the second call). */
const loadProfile = cache(async (id: string, locale: Locale): Promise<PlayerProfileView> => {
  if (!isApiId(id)) notFound();
  const [pools, player] = await Promise.all([fetchPools(), fetchPlayerProfile(id)]);
  if (!player) notFound();
  return toPlayerProfile(player, pools, locale);
});

export async function generateMetadata({ params }: PlayerProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const profile = await loadProfile((await params).id, locale);
  const text = getDictionary(locale).player;
  return pageMetadata(
    locale,
    { section: 'players', params: [profile.id] },
    { title: profile.name, description: fillTemplate(text.description, { name: profile.name }) },
    socialImage(locale, 'players', profile.id, profile.name),
  );
}

export default async function PlayerPage({ params }: PlayerProps) {
  const locale = await localeFromParams(params);
  const profile = await loadProfile((await params).id, locale);
  const dictionary = getDictionary(locale);
  const { player: text, common } = dictionary;
  const { player } = profile;
  const facts: [string, string | null][] = [
    [text.titles, player.titles.length > 0 ? titlesText(player.titles) : null],
    [text.federation, player.federation],
    [text.club, player.club],
    [text.birthYear, player.birthYear === null ? null : String(player.birthYear)],
    [text.sex, player.sex === null ? null : text.sexes[player.sex]],
    [text.fideId, player.fideId],
    [text.nationalId, player.nationalId],
    [
      text.status,
      player.status in text.statuses ? text.statuses[player.status as keyof typeof text.statuses] : player.status,
    ],
  ];

  return (
    <>
      <div className="page-intro">
        <h1>
          {player.titles.length > 0 && <span className="player-title">{titlesText(player.titles)} </span>}
          {profile.name}
        </h1>
        <dl className="facts" aria-label={text.facts}>
          {facts
            .filter((fact): fact is [string, string] => fact[1] !== null)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </div>

      <section aria-labelledby="current-ratings">
        <h2 id="current-ratings">{text.currentHeading}</h2>
        {profile.ratings.length === 0 ? (
          <p className="notice">{text.noRatings}</p>
        ) : (
          <ul className="rating-cards">
            {profile.ratings.map((rating) => {
              const name = poolName({ name: rating.poolName, nameFr: rating.poolNameFr }, locale);
              return (
                <li key={rating.pool.code} className="card rating-card" data-rating-pool={rating.pool.code}>
                  <h3 className="card__title">{capitalize(name, locale)}</h3>
                  {rating.listed && rating.display !== null ? (
                    <p className="rating-card__value" data-current-rating>
                      <RatingValue
                        display={rating.display}
                        provisional={rating.provisional}
                        text={common.provisional}
                      />
                    </p>
                  ) : (
                    <p>{text.notListed}</p>
                  )}
                  <ul className="rating-card__facts">
                    {rating.category && <li>{categoryName(rating.category, locale)}</li>}
                    {rating.rank !== null && <li>{fillTemplate(text.rank, { rank: rating.rank })}</li>}
                    <li>{plural(text.games, rating.games, locale)}</li>
                    <li>
                      <Link href={pageHrefs.list(locale, rating.pool.code, rating.list.id)}>
                        {fillTemplate(text.listOf, { month: formatPeriod(rating.list.period, locale) })}
                      </Link>
                      <UpcomingBadge upcoming={rating.list.upcoming} label={common.upcoming} />
                    </li>
                  </ul>
                  {rating.rank !== null ? (
                    // A full page load, not a client-side one: only the browser's own fragment navigation scrolls to the row and marks it `:target`.
                    <a href={rankingPlaceHref(locale, rating.pool.code, rating.rank, profile.id)} data-ranking-place>
                      {fillTemplate(text.rankingPlaceLink, { pool: name })}
                    </a>
                  ) : (
                    <Link href={pageHrefs.ranking(locale, rating.pool.code)}>
                      {fillTemplate(text.rankingLink, { pool: name })}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p className="muted provisional-legend">{common.provisional.legend}</p>
      </section>

      {profile.liveRatings.length > 0 && (
        <section aria-labelledby="live-ratings" className="live-ratings" data-live-ratings>
          <h2 id="live-ratings">{text.live.heading}</h2>
          <p className="muted">{text.live.intro}</p>
          <ul className="rating-cards">
            {profile.liveRatings.map((live) => {
              const name = poolName({ name: live.poolName, nameFr: live.poolNameFr }, locale);
              return (
                <li key={live.pool.code} className="card rating-card" data-live-pool={live.pool.code}>
                  <h3 className="card__title">{capitalize(name, locale)}</h3>
                  <p className="rating-card__value">
                    {live.display === null ? (
                      text.live.unrated
                    ) : (
                      <RatingValue display={live.display} provisional={live.provisional} text={common.provisional} />
                    )}{' '}
                    <span className="badge">{text.live.badge}</span>
                  </p>
                  <ul className="rating-card__facts">
                    <li>{fillTemplate(text.live.official, { rating: live.officialDisplay ?? text.live.unrated })}</li>
                    {live.difference !== null && (
                      <li>
                        {text.live.difference} <SignedChange value={live.difference} locale={locale} />
                      </li>
                    )}
                    <li>{plural(text.live.games, live.games, locale)}</li>
                    <li>{fillTemplate(text.live.computedAt, { date: formatDateTime(live.computedAt, locale) })}</li>
                  </ul>
                  <h4>{text.live.tournaments}</h4>
                  <ul>
                    {live.tournaments.map((tournament) => (
                      <li key={tournament.id}>
                        <Link href={pageHrefs.tournament(locale, tournament.id)}>{tournament.name}</Link> (
                        {formatDate(tournament.endDate, locale)})
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {profile.histories.map((history) => {
        const name = poolName(history.pool, locale);
        return (
          <section
            key={history.pool.code}
            id={`pool-${history.pool.code}`}
            aria-labelledby={`history-${history.pool.code}`}
            data-history-pool={history.pool.code}
          >
            <h2 id={`history-${history.pool.code}`}>
              {capitalize(fillTemplate(text.historyHeading, { pool: name }), locale)}
            </h2>
            <RatingHistoryChart points={history.chartPoints} locale={locale} text={dictionary.ratingHistory} />
            <h3>{capitalize(fillTemplate(text.tournamentsHeading, { pool: name }), locale)}</h3>
            {history.tournaments.length === 0 ? (
              <p>{text.noTournaments}</p>
            ) : (
              <>
                <TournamentChangesTable
                  rows={history.tournaments}
                  caption={fillTemplate(text.tournamentsCaption, { name: profile.name, pool: name })}
                  playerName={profile.name}
                  locale={locale}
                  dictionary={dictionary}
                />
                <p>
                  <Link href={pageHrefs.playerHistory(locale, profile.id, history.pool.code)} data-pool-history-link>
                    {plural(text.allTournaments, history.tournamentCount, locale)}
                  </Link>
                </p>
              </>
            )}
          </section>
        );
      })}
    </>
  );
}
