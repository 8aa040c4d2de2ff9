import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PoolRanking } from '@/components/pool-ranking';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { ApiGraphQLError } from '@/lib/api-error';
import { poolName, requirePool } from '@/lib/pools.queries';
import { fetchRankingPage, parseRankingFilters, readRankingPosition } from '@/lib/rankings.queries';
import type { SearchParams } from '@/lib/search-params';

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
    {
      title: capitalize(fillTemplate(text.title, { pool: name }), locale),
      description: fillTemplate(text.description, { pool: name }),
    },
  );
}

/** A page of a pool's ranking, filtered by the address's parameters (a plain GET form writes them), from the top or from a rank. */
export default async function PoolRankingPage({ params, searchParams }: PoolRankingProps) {
  const locale = await localeFromParams(params);
  const pool = await requirePool((await params).pool);
  const query = await searchParams;
  const filters = parseRankingFilters(
    query,
    pool.categories.map((category) => category.code),
  );
  const position = readRankingPosition(query);

  let data;
  try {
    data = await fetchRankingPage(pool.code, filters, position);
  } catch (error) {
    // A `list` parameter naming no published list of this pool.
    if (error instanceof ApiGraphQLError && error.hasCode('NOT_FOUND')) notFound();
    throw error;
  }
  return <PoolRanking locale={locale} pool={pool} filters={filters} position={position} data={data} />;
}
