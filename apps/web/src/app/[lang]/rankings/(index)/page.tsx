import type { Metadata } from 'next';
import Link from 'next/link';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatPeriod, plural } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { categoryName, fetchPools, poolName, ratingSystemName } from '@/lib/pools.queries';
import { RANKING_PARAMS } from '@/lib/rankings.queries';
import { inForceText } from '@/lib/list-timing';
import { hrefWithQuery } from '@/lib/search-params';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  const locale = await localeFromParams(params);
  return pageMetadata(locale, { section: 'rankings', params: [] }, getDictionary(locale).rankings);
}

/** Every pool, its list in force, and a way into its ranking, whole or by category. */
export default async function RankingsPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const { rankings, rankingsIndex: text, common } = getDictionary(locale);
  const pools = await fetchPools();
  return (
    <>
      <div className="page-intro">
        <h1>{rankings.heading}</h1>
        <p className="lead">{rankings.intro}</p>
      </div>
      <h2>{text.poolsHeading}</h2>
      <div className="pool-grid">
        {pools.map((pool) => {
          const name = poolName(pool, locale);
          const href = pageHrefs.ranking(locale, pool.code);
          return (
            <section key={pool.code} className="card" aria-labelledby={`pool-${pool.code}`} data-pool={pool.code}>
              <h3 id={`pool-${pool.code}`} className="card__title">
                <Link href={href}>{capitalize(name, locale)}</Link>
              </h3>
              <p className="muted">
                {pool.currentList
                  ? fillTemplate(text.poolSummary, {
                      system: ratingSystemName(pool.ratingSystem, locale),
                      month: formatPeriod(pool.currentList.period, locale),
                      inForce: inForceText(pool.currentList, locale, common),
                      players: plural(common.ratedPlayers, pool.currentList.stats.listed, locale),
                    })
                  : text.noList}
              </p>
              <p>
                <Link href={href} className="button">
                  {fillTemplate(text.open, { pool: name })}
                </Link>
              </p>
              <nav aria-label={`${text.byCategory} (${name})`}>
                <p className="category-links__label">{text.byCategory}</p>
                <ul className="category-links">
                  {pool.categories.map((category) => (
                    <li key={category.code}>
                      <Link href={hrefWithQuery(href, { [RANKING_PARAMS.category]: category.code })}>
                        {categoryName(category, locale)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </section>
          );
        })}
      </div>
    </>
  );
}
