import type { Metadata } from 'next';
import Link from 'next/link';
import { RankingTable, COMPACT_COLUMNS } from '@/components/ranking-table';
import { SearchBox } from '@/components/search-box';
import { getDictionary, type Dictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDate, formatPeriod, plural } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { homeRoute, pageHrefs, sectionHref, type Section } from '@/i18n/routes';
import { fetchHome } from '@/lib/home.queries';
import { poolName } from '@/lib/pools.queries';
import { inForceText } from '@/lib/list-timing';
import { siteConfig } from '@/lib/site-config';

/** The sections the home page introduces, with the dictionary keys of their name and blurb. */
const HOME_SECTIONS: readonly {
  section: Section;
  key: keyof Dictionary['home']['sections'] & keyof Dictionary['nav'];
}[] = [
  { section: 'rankings', key: 'rankings' },
  { section: 'tournaments', key: 'tournaments' },
  { section: 'lists', key: 'lists' },
  { section: 'calculator', key: 'calculator' },
  { section: 'how-ratings-work', key: 'howRatingsWork' },
];

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { home } = getDictionary(locale);
  return {
    ...pageMetadata(locale, homeRoute, { title: home.title, description: home.description }),
    title: { absolute: siteConfig().name[locale] },
  };
}

export default async function HomePage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const dictionary = getDictionary(locale);
  const { home, nav, homeData: text, common } = dictionary;
  const { pools: homePools, tournaments } = await fetchHome();
  const month = (period: string) => formatPeriod(period, locale);

  return (
    <>
      <div className="page-intro">
        <h1>{home.heading}</h1>
        <p className="lead">{home.intro}</p>
      </div>
      <SearchBox locale={locale} text={dictionary.search} id="home-search" />

      <section aria-labelledby="pools-heading">
        <h2 id="pools-heading">{text.poolsHeading}</h2>
        <div className="pool-grid">
          {homePools.map((pool) => {
            const name = poolName(pool, locale);
            return (
              <section
                key={pool.code}
                className="card pool-card"
                aria-labelledby={`pool-${pool.code}`}
                data-pool={pool.code}
              >
                <h3 id={`pool-${pool.code}`} className="card__title">
                  {capitalize(name, locale)}
                </h3>
                {pool.list ? (
                  <>
                    <p className="muted">
                      {fillTemplate(text.listInForce, {
                        month: month(pool.list.period),
                        inForce: inForceText(pool.list, locale, common),
                        players: plural(common.ratedPlayers, pool.list.stats.listed, locale),
                      })}
                    </p>
                    <RankingTable
                      rows={pool.top}
                      locale={locale}
                      dictionary={dictionary}
                      columns={COMPACT_COLUMNS}
                      caption={fillTemplate(text.topCaption, { pool: name })}
                      captionHidden
                    />
                    <p>
                      <Link href={pageHrefs.ranking(locale, pool.code)}>
                        {fillTemplate(text.fullRanking, { pool: name })}
                      </Link>
                    </p>
                  </>
                ) : (
                  <p className="notice">{text.noList}</p>
                )}
              </section>
            );
          })}
        </div>
        <p className="muted provisional-legend">{common.provisional.legend}</p>
      </section>

      <div className="two-columns">
        <section aria-labelledby="gains-heading">
          <h2 id="gains-heading">{text.gainsHeading}</h2>
          <p className="muted">{text.gainsNote}</p>
          {homePools
            .filter((pool) => pool.list !== null)
            .map((pool) => {
              const name = poolName(pool, locale);
              return (
                <div key={pool.code} data-gains={pool.code}>
                  <h3>{capitalize(name, locale)}</h3>
                  {pool.gains.length > 0 ? (
                    <RankingTable
                      rows={pool.gains}
                      locale={locale}
                      dictionary={dictionary}
                      columns={COMPACT_COLUMNS}
                      caption={fillTemplate(text.gainsCaption, { pool: name })}
                      captionHidden
                    />
                  ) : (
                    <p>{text.gainsEmpty}</p>
                  )}
                </div>
              );
            })}
        </section>

        <section aria-labelledby="recent-tournaments-heading">
          <h2 id="recent-tournaments-heading">{text.tournamentsHeading}</h2>
          {tournaments.length > 0 ? (
            <ul className="item-list" data-recent-tournaments>
              {tournaments.map((tournament) => (
                <li key={tournament.id}>
                  <Link href={pageHrefs.tournament(locale, tournament.id)} className="item-list__title">
                    {tournament.name}
                  </Link>
                  <span className="muted">
                    {[
                      tournament.city,
                      fillTemplate(common.dateRange, {
                        start: formatDate(tournament.startDate, locale),
                        end: formatDate(tournament.endDate, locale),
                      }),
                      capitalize(poolName(tournament.pool, locale), locale),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p>{text.tournamentsEmpty}</p>
          )}
          <p>
            <Link href={sectionHref(locale, 'tournaments')}>{text.allTournaments}</Link>
          </p>
        </section>
      </div>

      <section aria-labelledby="home-sections-heading">
        <h2 id="home-sections-heading">{home.sectionsHeading}</h2>
        <ul className="card-list">
          {HOME_SECTIONS.map(({ section, key }) => (
            <li key={section} className="card">
              <h3 className="card__title">
                <Link href={sectionHref(locale, section)}>{nav[key]}</Link>
              </h3>
              <p>{home.sections[key]}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
