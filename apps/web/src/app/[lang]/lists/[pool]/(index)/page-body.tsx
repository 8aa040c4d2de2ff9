import type { Metadata } from 'next';
import Link from 'next/link';
import { PaginationNav } from '@/components/pagination-nav';
import { UpcomingBadge } from '@/components/upcoming-badge';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatCount, formatDate, formatPeriod, plural } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { publicApiUrl } from '@/lib/api';
import { fetchPoolLists, LISTS_PAGE_SIZE, poolFeedHref, poolHistoryLinks } from '@/lib/lists.queries';
import { pageLinks, readCursorPosition } from '@/lib/pagination';
import { poolName, requirePool } from '@/lib/pools.queries';
import type { SearchParams } from '@/lib/search-params';

interface PoolListsProps {
  params: Promise<{ lang: string; pool: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: PoolListsProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const pool = await requirePool((await params).pool);
  const text = getDictionary(locale).poolLists;
  const name = poolName(pool, locale);
  const metadata = pageMetadata(
    locale,
    { section: 'lists', params: [pool.code] },
    {
      title: capitalize(fillTemplate(text.title, { pool: name }), locale),
      description: fillTemplate(text.description, { pool: name }),
    },
  );
  // <link rel="alternate" type="application/atom+xml">: feed readers find the feed from the page.
  const feed = {
    url: poolFeedHref(pool.code, locale, publicApiUrl()),
    title: fillTemplate(text.feedTitle, { pool: name }),
  };
  return { ...metadata, alternates: { ...metadata.alternates, types: { 'application/atom+xml': [feed] } } };
}

/** Every published list of a pool, newest first, one line per period (its latest revision). */
export default async function PoolListsPage({ params, searchParams }: PoolListsProps) {
  const locale = await localeFromParams(params);
  const pool = await requirePool((await params).pool);
  const position = readCursorPosition(await searchParams);
  const { poolLists: text, common } = getDictionary(locale);
  const lists = await fetchPoolLists(pool.code, position);
  const name = poolName(pool, locale);
  const path = pageHrefs.poolLists(locale, pool.code);
  const links = pageLinks(path, {}, position, lists.pageInfo, lists.totalCount, LISTS_PAGE_SIZE);
  const average = (value: number | null) => (value === null ? common.notAvailable : String(value));

  return (
    <>
      <div className="page-intro">
        <h1>{capitalize(fillTemplate(text.heading, { pool: name }), locale)}</h1>
        <p className="lead">{text.intro}</p>
        <p>
          <a href={poolFeedHref(pool.code, locale, publicApiUrl())} type="application/atom+xml" data-pool-feed>
            {fillTemplate(text.feedLink, { pool: name })}
          </a>
        </p>
      </div>
      {lists.edges.length === 0 ? (
        <p className="notice">{text.empty}</p>
      ) : (
        <section aria-labelledby="lists-count">
          <p id="lists-count" className="result-count">
            {plural(text.count, lists.totalCount, locale)}
          </p>
          <div className="table-scroll">
            <table className="data-table" data-pool-lists>
              <caption className="visually-hidden">{fillTemplate(text.caption, { pool: name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.columns.list}</th>
                  <th scope="col">{text.columns.effectiveDate}</th>
                  <th scope="col">{text.columns.revision}</th>
                  <th scope="col">{text.columns.publishedAt}</th>
                  <th scope="col" className="numeric">
                    {text.columns.listed}
                  </th>
                  <th scope="col" className="numeric">
                    {text.columns.provisional}
                  </th>
                  <th scope="col" className="numeric">
                    {text.columns.newPlayers}
                  </th>
                  <th scope="col" className="numeric">
                    {text.columns.average}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lists.edges.map(({ node: list }) => (
                  <tr key={list.id} data-list-id={list.id}>
                    <th scope="row">
                      <Link href={pageHrefs.list(locale, pool.code, list.id)}>
                        {capitalize(formatPeriod(list.period, locale), locale)}
                      </Link>
                    </th>
                    <td>
                      {formatDate(list.effectiveDate, locale)}
                      <UpcomingBadge upcoming={list.upcoming} label={common.upcoming} />
                    </td>
                    <td>
                      {list.revision === 0 ? text.original : fillTemplate(text.corrected, { revision: list.revision })}
                    </td>
                    <td>{list.publishedAt ? formatDate(list.publishedAt, locale) : common.notAvailable}</td>
                    <td className="numeric">{formatCount(list.stats.listed, locale)}</td>
                    <td className="numeric">{formatCount(list.stats.provisional, locale)}</td>
                    <td className="numeric">{formatCount(list.stats.newPlayers, locale)}</td>
                    <td className="numeric">{average(list.stats.averageRating)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PaginationNav links={links} text={common.pagination} />
        </section>
      )}
      {lists.edges.length > 0 && (
        <section aria-labelledby="history-downloads-heading">
          <h2 id="history-downloads-heading">{text.historyHeading}</h2>
          <p>{fillTemplate(text.historyIntro, { pool: name })}</p>
          <ul className="download-list" data-history-downloads>
            {poolHistoryLinks(pool.code, publicApiUrl()).map((link) => (
              <li key={link.kind}>
                <a href={link.href} download data-history={link.kind}>
                  {text.historyFiles[link.kind]}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
