import type { Metadata } from 'next';
import Link from 'next/link';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatPeriod, plural } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { inForceText } from '@/lib/list-timing';
import { fetchPools, poolName, ratingSystemName } from '@/lib/pools.queries';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  const locale = await localeFromParams(params);
  return pageMetadata(locale, { section: 'lists', params: [] }, getDictionary(locale).lists);
}

/** Each pool's list in force and the way to all its published lists. */
export default async function ListsPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const { lists, listsIndex: text, common } = getDictionary(locale);
  const pools = await fetchPools();
  return (
    <>
      <div className="page-intro">
        <h1>{lists.heading}</h1>
        <p className="lead">{lists.intro}</p>
      </div>
      <h2>{text.poolsHeading}</h2>
      <div className="pool-grid">
        {pools.map((pool) => {
          const name = poolName(pool, locale);
          const list = pool.currentList;
          const upcoming = pool.upcomingList;
          return (
            <section key={pool.code} className="card" aria-labelledby={`pool-${pool.code}`} data-pool={pool.code}>
              <h3 id={`pool-${pool.code}`} className="card__title">
                {capitalize(name, locale)}
              </h3>
              <p className="muted">{ratingSystemName(pool.ratingSystem, locale)}</p>
              {list ? (
                <p>
                  {fillTemplate(text.current, {
                    month: formatPeriod(list.period, locale),
                    inForce: inForceText(list, locale, common),
                    players: plural(common.ratedPlayers, list.stats.listed, locale),
                  })}
                </p>
              ) : (
                <p className="notice">{text.noList}</p>
              )}
              {upcoming && (
                <p data-upcoming-list>
                  <Link href={pageHrefs.list(locale, pool.code, upcoming.id)}>
                    {fillTemplate(text.upcoming, {
                      month: formatPeriod(upcoming.period, locale),
                      inForce: inForceText(upcoming, locale, common),
                    })}
                  </Link>
                </p>
              )}
              <ul className="action-list">
                {list && (
                  <li>
                    <Link href={pageHrefs.list(locale, pool.code, list.id)}>
                      {capitalize(fillTemplate(text.openCurrent, { month: formatPeriod(list.period, locale) }), locale)}
                    </Link>
                  </li>
                )}
                <li>
                  <Link href={pageHrefs.poolLists(locale, pool.code)}>{fillTemplate(text.open, { pool: name })}</Link>
                </li>
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}
