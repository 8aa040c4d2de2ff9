import { keptOnFirstVisit } from '@/lib/kept-pages';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache, type ReactNode } from 'react';
import { RatingDistributionChart } from '@/components/charts/rating-distribution-chart';
import { SignedChange } from '@/components/signed-change';
import { UpcomingBadge } from '@/components/upcoming-badge';
import { getDictionary } from '@/i18n/dictionary';
import type { Locale } from '@/i18n/locales';
import { capitalize, fillTemplate, formatCount, formatDate, formatPeriod, plural } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { socialImage } from '@/lib/site-origin';
import {
  exportLinks,
  fetchRatingList,
  revisionsNewestFirst,
  toDiffRows,
  toDistributionBuckets,
  type ListStatsData,
  type RatingListData,
} from '@/lib/lists.queries';
import { poolName, ratingSystemName, requirePool } from '@/lib/pools.queries';
import { RANKING_PARAMS } from '@/lib/rankings.queries';
import { hrefWithQuery } from '@/lib/search-params';

/** Rendered on first visit and kept (`lib/kept-pages.tsx`). */
export const generateStaticParams = keptOnFirstVisit;
export const dynamicParams = true;

interface ListProps {
  params: Promise<{ lang: string; pool: string; id: string }>;
}

/** The list the address names; a list of another pool is sent to its own address. */
const loadList = cache(async (poolCode: string, id: string, locale: Locale): Promise<RatingListData> => {
  if (!isApiId(id)) notFound();
  const list = await fetchRatingList(id);
  if (!list || list.status !== 'PUBLISHED') notFound();
  if (list.pool.code !== poolCode) permanentRedirect(pageHrefs.list(locale, list.pool.code, list.id));
  return list;
});

const STATS_ORDER: readonly (keyof ListStatsData)[] = [
  'players',
  'listed',
  'provisional',
  'newPlayers',
  'averageRating',
  'medianRating',
  'highestRating',
  'lowestRating',
  'games',
  'tournaments',
];

export async function generateMetadata({ params }: ListProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { pool: code, id } = await params;
  const [pool, list] = await Promise.all([requirePool(code), loadList(code, id, locale)]);
  const text = getDictionary(locale).list;
  const values = { pool: poolName(pool, locale), month: formatPeriod(list.period, locale) };
  const title = capitalize(fillTemplate(text.title, values), locale);
  return pageMetadata(
    locale,
    { section: 'lists', params: [pool.code, list.id] },
    { title, description: fillTemplate(text.description, values) },
    socialImage(locale, 'lists', list.id, title),
  );
}

export default async function ListPage({ params }: ListProps) {
  const locale = await localeFromParams(params);
  const { pool: code, id } = await params;
  const [pool, list] = await Promise.all([requirePool(code), loadList(code, id, locale)]);
  const dictionary = getDictionary(locale);
  const { list: text, common } = dictionary;
  const name = poolName(pool, locale);
  const month = formatPeriod(list.period, locale);
  const revisions = revisionsNewestFirst(list.revisions);
  const latest = revisions[0];
  const formatStat = (key: keyof ListStatsData) => {
    const value = list.stats[key];
    if (value === null) return common.notAvailable;
    return key.endsWith('Rating') ? String(value) : formatCount(value, locale);
  };
  const facts: [string, ReactNode][] = [
    [
      text.period,
      fillTemplate(common.dateRange, {
        start: formatDate(list.periodStart, locale),
        end: formatDate(list.periodEnd, locale),
      }),
    ],
    [
      text.effectiveDate,
      <>
        {formatDate(list.effectiveDate, locale)}
        <UpcomingBadge upcoming={list.upcoming} label={common.upcoming} />
      </>,
    ],
    [text.cutOffDate, formatDate(list.cutOffDate, locale)],
    [text.publishedAt, list.publishedAt ? formatDate(list.publishedAt, locale) : null],
    [text.revision, list.revision === 0 ? text.originalRevision : String(list.revision)],
    [text.reason, list.reason],
    [
      text.system,
      <Link href={pageHrefs.poolSystem(locale, pool.code)}>{ratingSystemName(pool.ratingSystem, locale)}</Link>,
    ],
    [text.ruleVersion, list.ruleVersion],
  ];

  return (
    <>
      <div className="page-intro">
        <h1>{capitalize(fillTemplate(text.heading, { pool: name, month }), locale)}</h1>
        {latest && latest.revision > list.revision && (
          <p className="notice notice--warning" data-newer-revision={latest.id}>
            {text.newerRevision}{' '}
            <Link href={pageHrefs.list(locale, pool.code, latest.id)}>
              {fillTemplate(text.newerRevisionLink, { revision: latest.revision })}
            </Link>
          </p>
        )}
        <dl className="facts" aria-label={text.facts}>
          {facts
            .filter(([, value]) => value !== null && value !== '')
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        <p>
          <Link
            className="button"
            href={hrefWithQuery(pageHrefs.ranking(locale, pool.code), { [RANKING_PARAMS.list]: list.id })}
          >
            {text.rankingLink}
          </Link>
        </p>
      </div>

      <section aria-labelledby="downloads-heading">
        <h2 id="downloads-heading">{text.downloadsHeading}</h2>
        <p>{text.downloadsIntro}</p>
        <ul className="download-list" data-downloads>
          {exportLinks(list.exports).map((link) => (
            <li key={link.format}>
              <a href={link.href} download data-format={link.format}>
                {text.formats[link.format]}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading">{text.statsHeading}</h2>
        <dl className="stat-grid" data-stats>
          {STATS_ORDER.map((key) => (
            <div key={key} className="key-figure">
              <dt>{text.stats[key]}</dt>
              <dd className="key-figure__value">{formatStat(key)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="distribution-heading">
        <h2 id="distribution-heading">{text.distributionHeading}</h2>
        <RatingDistributionChart
          buckets={toDistributionBuckets(list.distribution)}
          locale={locale}
          text={dictionary.distribution}
        />
      </section>

      <section aria-labelledby="revisions-heading">
        <h2 id="revisions-heading">{text.revisionsHeading}</h2>
        <p>{text.revisionsIntro}</p>
        <div className="table-scroll">
          <table className="data-table" data-revisions>
            <caption className="visually-hidden">{fillTemplate(text.revisionsCaption, { pool: name, month })}</caption>
            <thead>
              <tr>
                <th scope="col">{text.revisionColumns.revision}</th>
                <th scope="col">{text.revisionColumns.publishedAt}</th>
                <th scope="col">{text.revisionColumns.reason}</th>
                <th scope="col" className="numeric">
                  {text.revisionColumns.changes}
                </th>
              </tr>
            </thead>
            <tbody>
              {revisions.map((revision) => {
                const label =
                  revision.revision === 0
                    ? text.originalRevision
                    : fillTemplate(common.revisionLabel, { revision: revision.revision });
                return (
                  <tr
                    key={revision.id}
                    data-revision={revision.revision}
                    aria-current={revision.id === list.id ? 'page' : undefined}
                  >
                    <th scope="row">
                      {revision.id === list.id ? (
                        <>
                          {capitalize(label, locale)} <span className="muted">({text.thisRevision})</span>
                        </>
                      ) : (
                        <Link href={pageHrefs.list(locale, pool.code, revision.id)}>{capitalize(label, locale)}</Link>
                      )}
                    </th>
                    <td>{revision.publishedAt ? formatDate(revision.publishedAt, locale) : common.notAvailable}</td>
                    <td>{revision.reason ?? common.notAvailable}</td>
                    <td className="numeric">
                      {revision.revision === 0 ? common.notAvailable : formatCount(revision.diff.length, locale)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {revisions
          .filter((revision) => revision.revision > 0)
          .map((revision) => {
            const rows = toDiffRows(revision.diff);
            return (
              <details
                key={revision.id}
                className="data-details"
                data-diff={revision.revision}
                open={revision.id === list.id}
              >
                <summary>{plural(text.diffSummary, rows.length, locale, { revision: revision.revision })}</summary>
                {rows.length === 0 ? (
                  <p>{text.diffNone}</p>
                ) : (
                  <table className="data-table">
                    <caption className="visually-hidden">
                      {fillTemplate(text.diffCaption, { revision: revision.revision })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{text.diffColumns.player}</th>
                        <th scope="col" className="numeric">
                          {text.diffColumns.old}
                        </th>
                        <th scope="col" className="numeric">
                          {text.diffColumns.new}
                        </th>
                        <th scope="col" className="numeric">
                          {text.diffColumns.delta}
                        </th>
                        <th scope="col" className="numeric">
                          {text.diffColumns.oldRank}
                        </th>
                        <th scope="col" className="numeric">
                          {text.diffColumns.newRank}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((row) => (
                        <tr key={row.playerId} data-player-id={row.playerId}>
                          <th scope="row">
                            <Link href={pageHrefs.player(locale, row.playerId)}>{row.name}</Link>
                          </th>
                          <td className="numeric">{row.oldDisplay ?? common.notAvailable}</td>
                          <td className="numeric">{row.newDisplay ?? common.notAvailable}</td>
                          <td className="numeric">
                            {row.delta === null ? (
                              common.notAvailable
                            ) : (
                              <SignedChange value={row.delta} locale={locale} />
                            )}
                          </td>
                          <td className="numeric">{row.oldRank ?? common.notAvailable}</td>
                          <td className="numeric">{row.newRank ?? common.notAvailable}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </details>
            );
          })}
      </section>
    </>
  );
}
