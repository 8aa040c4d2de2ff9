import Link from 'next/link';
import { FilterForm, SelectField, TextField } from '@/components/filter-fields';
import { PaginationNav } from '@/components/pagination-nav';
import { RankingTable } from '@/components/ranking-table';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, formatCount, formatDate, formatPeriod, plural } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import type { RankingPageQuery } from '@/__generated__/graphql';
import { SEXES } from '@/lib/filter-values';
import { inForceText } from '@/lib/list-timing';
import { categoryName, poolName, type PoolData } from '@/lib/pools.queries';
import { toRankingRow } from '@/lib/ranking-entries';
import {
  AGE_GROUPS,
  filtersPlayers,
  pickListOptions,
  RANK_PARAM,
  RANKING_PARAMS,
  rankingPageLinks,
  type RankingFilters,
  type RankingPosition,
} from '@/lib/rankings.queries';
import { filterQuery, hrefWithQuery } from '@/lib/search-params';

export interface PoolRankingProps {
  locale: Locale;
  pool: Pick<PoolData, 'code' | 'name' | 'nameFr' | 'categories'>;
  filters: RankingFilters;
  position: RankingPosition;
  data: RankingPageQuery;
}

/**
 * A page of a pool's ranking: heading and list, category links, the filter form (a plain GET), the
 * "go to rank" box, the table and its pagination. The rankings page feeds it the API's answer; the
 * benchmark's in-memory twin (`/en/preview/ranking`) feeds it rows held in memory, so both render the
 * same tree.
 */
export function PoolRanking({ locale, pool, filters, position, data }: PoolRankingProps) {
  const dictionary = getDictionary(locale);
  const { ranking: text, common } = dictionary;
  const { rankings, ratingLists } = data;
  const name = poolName(pool, locale);
  const path = pageHrefs.ranking(locale, pool.code);
  const rows = rankings.edges.map((edge) => toRankingRow(edge.node));
  const query = filterQuery(RANKING_PARAMS, filters);
  const links = rankingPageLinks(
    path,
    query,
    position,
    rankings.pageInfo,
    rankings.totalCount,
    rows.map((row) => row.rank),
  );
  const withFilters = (changes: Partial<RankingFilters>) =>
    hrefWithQuery(path, filterQuery(RANKING_PARAMS, { ...filters, ...changes }));
  const list = rankings.list;
  const ranksShown =
    links.ranks &&
    fillTemplate(text.ranksShown, {
      from: formatCount(links.ranks.from, locale),
      to: formatCount(links.ranks.to, locale),
    });

  const listOptions = ratingLists.edges.map(({ node }) => ({
    value: node.id,
    label: capitalize(formatPeriod(node.period, locale), locale),
  }));
  if (list && filters.list === list.id && !listOptions.some((option) => option.value === list.id)) {
    listOptions.push({ value: list.id, label: capitalize(formatPeriod(list.period, locale), locale) });
  }
  const choices = (values: string[]) => values.map((value) => ({ value, label: value }));

  return (
    <>
      <div className="page-intro">
        <h1>{capitalize(fillTemplate(text.heading, { pool: name }), locale)}</h1>
        {list && (
          <p className="lead" data-ranking-list={list.id}>
            {filters.asOf && !filters.list && (
              <>{fillTemplate(text.asOfInfo, { date: formatDate(filters.asOf, locale) })} </>
            )}
            {fillTemplate(text.listInfo, {
              month: formatPeriod(list.period, locale),
              inForce: inForceText(list, locale, common),
            })}{' '}
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
              <Link
                href={withFilters({ category: category.code })}
                aria-current={filters.category === category.code ? 'true' : undefined}
                data-category-link={category.code}
              >
                {categoryName(category, locale)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <FilterForm
        action={path}
        legend={text.filtersLegend}
        applyLabel={common.filters.apply}
        resetLabel={common.filters.reset}
      >
        <SelectField
          id="filter-category"
          name={RANKING_PARAMS.category}
          label={text.category}
          value={filters.category}
          options={[
            { value: '', label: text.allCategories },
            ...pool.categories.map((category) => ({ value: category.code, label: categoryName(category, locale) })),
          ]}
        />
        <SelectField
          id="filter-sex"
          name={RANKING_PARAMS.sex}
          label={common.sexLabel}
          value={filters.sex}
          options={[
            { value: '', label: common.filters.any },
            ...SEXES.map((sex) => ({ value: sex, label: common.sex[sex] })),
          ]}
        />
        <SelectField
          id="filter-age"
          name={RANKING_PARAMS.ageGroup}
          label={common.ageGroupLabel}
          value={filters.ageGroup}
          options={[
            { value: '', label: common.filters.any },
            ...AGE_GROUPS.map((group) => ({ value: group, label: common.ageGroups[group] })),
          ]}
        />
        <SelectField
          id="filter-federation"
          name={RANKING_PARAMS.federation}
          label={common.federationLabel}
          value={filters.federation}
          options={[
            { value: '', label: common.filters.any },
            ...choices(pickListOptions(data.pool?.federations ?? [], filters.federation)),
          ]}
        />
        <SelectField
          id="filter-club"
          name={RANKING_PARAMS.club}
          label={common.clubLabel}
          value={filters.club}
          options={[
            { value: '', label: common.filters.any },
            ...choices(pickListOptions(data.pool?.clubs ?? [], filters.club)),
          ]}
        />
        <SelectField
          id="filter-list"
          name={RANKING_PARAMS.list}
          label={text.list}
          value={filters.list}
          options={[{ value: '', label: text.currentList }, ...listOptions]}
        />
        <TextField
          id="filter-date"
          name={RANKING_PARAMS.asOf}
          type="date"
          label={text.asOf}
          hint={text.asOfHint}
          value={filters.asOf}
        />
      </FilterForm>

      {list === null ? (
        <p className="notice">{text.noList}</p>
      ) : rows.length === 0 ? (
        <p className="notice" data-ranking-empty>
          {position.fromRank === null
            ? text.empty
            : fillTemplate(text.beyondLastRank, { rank: formatCount(position.fromRank, locale) })}
          {position.fromRank !== null && (
            <>
              {' '}
              <Link href={hrefWithQuery(path, query)}>{text.backToTop}</Link>
            </>
          )}
        </p>
      ) : (
        <section aria-labelledby="ranking-count">
          <p id="ranking-count" className="result-count" data-total-count={rankings.totalCount}>
            {plural(filtersPlayers(filters) ? text.countFiltered : text.count, rankings.totalCount, locale)}
          </p>
          <form method="get" action={path} className="rank-jump search-box__row" aria-label={text.jumpLegend}>
            {Object.entries(query).map(
              ([param, value]) => value !== undefined && <input key={param} type="hidden" name={param} value={value} />,
            )}
            <label htmlFor="rank-jump" className="field-label">
              {text.jumpLabel}
            </label>
            <input
              id="rank-jump"
              name={RANK_PARAM}
              type="number"
              min={1}
              inputMode="numeric"
              className="field-input rank-jump__input"
              defaultValue={position.fromRank ?? ''}
            />
            <button type="submit" className="button">
              {text.jumpButton}
            </button>
          </form>
          <RankingTable
            rows={rows}
            locale={locale}
            dictionary={dictionary}
            caption={
              <>
                {fillTemplate(text.caption, { pool: name, month: formatPeriod(list.period, locale) })}
                {ranksShown ? (
                  <>, {ranksShown}</>
                ) : (
                  links.pageCount > 1 && (
                    <>, {fillTemplate(text.captionPage, { page: links.pageNumber, pages: links.pageCount })}</>
                  )
                )}
              </>
            }
            clubHref={{ href: (club) => withFilters({ club }), pagePath: path }}
            rowAnchors
          />
          <p className="muted provisional-legend">{common.provisional.legend}</p>
          <PaginationNav
            links={links}
            text={common.pagination}
            status={ranksShown ? capitalize(ranksShown, locale) : undefined}
          />
        </section>
      )}
    </>
  );
}
