import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FilterActions, SelectField, TextField } from '@/components/filter-fields';
import { PaginationNav } from '@/components/pagination-nav';
import { RankingTable } from '@/components/ranking-table';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatDate, formatPeriod, plural } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { ApiGraphQLError } from '@/lib/api-error';
import { pageLinks, readCursorPosition } from '@/lib/pagination';
import { categoryName, poolName, requirePool } from '@/lib/pools.queries';
import { toRankingRow } from '@/lib/ranking-entries';
import {
  AGE_GROUPS,
  fetchRankingPage,
  filtersPlayers,
  parseRankingFilters,
  RANKING_PAGE_SIZE,
  RANKING_PARAMS,
  rankingFilterQuery,
  type RankingFilters,
} from '@/lib/rankings.queries';
import { MAX_CLUB_LENGTH, SEXES } from '@/lib/filter-values';
import { hrefWithQuery, type SearchParams } from '@/lib/search-params';

interface PoolRankingProps {
  params: Promise<{ lang: string; pool: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: PoolRankingProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const pool = await requirePool((await params).pool);
  const text = getDictionary(locale).ranking;
  const name = poolName(pool, locale);
  return pageMetadata(
    locale,
    { section: 'rankings', params: [pool.code] },
    { title: capitalize(fillTemplate(text.title, { pool: name }), locale), description: fillTemplate(text.description, { pool: name }) },
  );
}

/** A page of a pool's ranking, filtered by the address's parameters (a plain GET form writes them). */
export default async function PoolRankingPage({ params, searchParams }: PoolRankingProps) {
  const locale = await localeFromParams(params);
  const pool = await requirePool((await params).pool);
  const query = await searchParams;
  const dictionary = getDictionary(locale);
  const { ranking: text, common } = dictionary;
  const filters = parseRankingFilters(query, pool.categories.map((category) => category.code));
  const position = readCursorPosition(query);

  let data;
  try {
    data = await fetchRankingPage(pool.code, filters, position);
  } catch (error) {
    // A `list` parameter naming no published list of this pool.
    if (error instanceof ApiGraphQLError && error.hasCode('NOT_FOUND')) notFound();
    throw error;
  }
  const { rankings, ratingLists } = data;
  const name = poolName(pool, locale);
  const path = pageHrefs.ranking(locale, pool.code);
  const rows = rankings.edges.map((edge) => toRankingRow(edge.node));
  const links = pageLinks(path, rankingFilterQuery(filters), position, rankings.pageInfo, rankings.totalCount, RANKING_PAGE_SIZE);
  const withFilters = (changes: Partial<RankingFilters>) => hrefWithQuery(path, rankingFilterQuery({ ...filters, ...changes }));
  const list = rankings.list;

  const listOptions = ratingLists.edges.map(({ node }) => ({ value: node.id, label: capitalize(formatPeriod(node.period, locale), locale) }));
  if (list && filters.list === list.id && !listOptions.some((option) => option.value === list.id)) {
    listOptions.push({ value: list.id, label: capitalize(formatPeriod(list.period, locale), locale) });
  }

  return (
    <>
      <div className="page-intro">
        <h1>{capitalize(fillTemplate(text.heading, { pool: name }), locale)}</h1>
        {list && (
          <p className="lead" data-ranking-list={list.id}>
            {filters.asOf && !filters.list && <>{fillTemplate(text.asOfInfo, { date: formatDate(filters.asOf, locale) })} </>}
            {fillTemplate(text.listInfo, { month: formatPeriod(list.period, locale), date: formatDate(list.effectiveDate, locale) })}{' '}
            {list.revision > 0 && fillTemplate(text.listRevised, { revision: list.revision })}
          </p>
        )}
        <p className="action-list">
          <Link href={pageHrefs.poolSystem(locale, pool.code)}>{text.howLink}</Link>
          <Link href={pageHrefs.poolLists(locale, pool.code)}>{fillTemplate(text.listsLink, { pool: name })}</Link>
        </p>
      </div>

      <nav aria-label={text.categoriesNav} className="category-nav">
        <ul className="category-links">
          <li>
            <Link href={withFilters({ category: null })} aria-current={filters.category === null ? 'true' : undefined}>
              {text.allCategoriesLink}
            </Link>
          </li>
          {pool.categories.map((category) => (
            <li key={category.code}>
              <Link href={withFilters({ category: category.code })} aria-current={filters.category === category.code ? 'true' : undefined} data-category-link={category.code}>
                {categoryName(category, locale)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <form method="get" action={path} className="filter-form" aria-label={text.filtersLegend}>
        <fieldset className="fieldset">
          <legend>{text.filtersLegend}</legend>
          <div className="filter-grid">
            <SelectField
              id="filter-category"
              name={RANKING_PARAMS.category}
              label={text.category}
              value={filters.category}
              options={[{ value: '', label: text.allCategories }, ...pool.categories.map((category) => ({ value: category.code, label: categoryName(category, locale) }))]}
            />
            <SelectField
              id="filter-sex"
              name={RANKING_PARAMS.sex}
              label={common.sexLabel}
              value={filters.sex}
              options={[{ value: '', label: common.filters.any }, ...SEXES.map((sex) => ({ value: sex, label: common.sex[sex] }))]}
            />
            <SelectField
              id="filter-age"
              name={RANKING_PARAMS.ageGroup}
              label={common.ageGroupLabel}
              value={filters.ageGroup}
              options={[{ value: '', label: common.filters.any }, ...AGE_GROUPS.map((group) => ({ value: group, label: common.ageGroups[group] }))]}
            />
            <TextField id="filter-federation" name={RANKING_PARAMS.federation} label={common.federationLabel} hint={common.federationHint} value={filters.federation} maxLength={3} pattern="[A-Za-z]{3}" />
            <TextField id="filter-club" name={RANKING_PARAMS.club} label={common.clubLabel} hint={common.clubHint} value={filters.club} maxLength={MAX_CLUB_LENGTH} />
            <SelectField id="filter-list" name={RANKING_PARAMS.list} label={text.list} value={filters.list} options={[{ value: '', label: text.currentList }, ...listOptions]} />
            <TextField id="filter-date" name={RANKING_PARAMS.asOf} type="date" label={text.asOf} hint={text.asOfHint} value={filters.asOf} />
          </div>
          <FilterActions applyLabel={common.filters.apply} resetLabel={common.filters.reset} resetHref={path} />
        </fieldset>
      </form>

      {list === null ? (
        <p className="notice">{text.noList}</p>
      ) : rows.length === 0 ? (
        <p className="notice" data-ranking-empty>
          {text.empty}
        </p>
      ) : (
        <section aria-labelledby="ranking-count">
          <p id="ranking-count" className="result-count" data-total-count={rankings.totalCount}>
            {plural(filtersPlayers(filters) ? text.countFiltered : text.count, rankings.totalCount, locale)}
          </p>
          <RankingTable
            rows={rows}
            locale={locale}
            dictionary={dictionary}
            caption={
              <>
                {fillTemplate(text.caption, { pool: name, month: formatPeriod(list.period, locale) })}
                {links.pageCount > 1 && <>, {fillTemplate(text.captionPage, { page: links.pageNumber, pages: links.pageCount })}</>}
              </>
            }
            clubHref={(club) => withFilters({ club })}
          />
          <p className="muted provisional-legend">{common.provisional.legend}</p>
          <PaginationNav links={links} text={common.pagination} />
        </section>
      )}
    </>
  );
}
