import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { RatingDistributionChart } from '@/components/charts/rating-distribution-chart';
import { RatingHistoryChart } from '@/components/charts/rating-history-chart';
import { PageSkeleton } from '@/components/page-skeleton';
import { PoolRanking } from '@/components/pool-ranking';
import { getDictionary } from '@/i18n/dictionary';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { FIRST_PAGE } from '@/lib/pagination';
import { NO_RANKING_FILTERS } from '@/lib/rankings.queries';
import { DISTRIBUTION_SAMPLE, HISTORY_SAMPLE } from './fixtures';
import { rankingSample } from './ranking-sample';

/**
 * Sample renderings of the client components the data pages use, so the browser tests can check
 * their behaviour on known data (a long, partly provisional history; a distribution with a gap), and
 * `ranking`: the rankings page's component tree fed by 100 rows held in memory, the twin the web
 * benchmark (tools/bench/web) measures the real page against.
 * Off (404) unless the server runs with ENABLE_COMPONENT_PREVIEW=1, as the e2e suite and the bench start it.
 */

/** Built once per server process: the rows are in memory before the first request. */
const RANKING_SAMPLE = rankingSample();

interface PreviewProps {
  params: Promise<{ lang: string; name: string }>;
}

export async function generateMetadata({ params }: PreviewProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { name } = await params;
  return {
    ...pageMetadata(locale, { section: 'component-preview', params: [name] }, getDictionary(locale).componentPreview),
    robots: { index: false },
  };
}

export default async function ComponentPreviewPage({ params }: PreviewProps) {
  await connection();
  if (process.env.ENABLE_COMPONENT_PREVIEW !== '1') notFound();
  const locale = await localeFromParams(params);
  const { name } = await params;
  const dictionary = getDictionary(locale);

  let preview;
  switch (name) {
    case 'rating-history':
      preview = <RatingHistoryChart points={HISTORY_SAMPLE} locale={locale} text={dictionary.ratingHistory} />;
      break;
    case 'rating-distribution':
      preview = (
        <RatingDistributionChart buckets={DISTRIBUTION_SAMPLE} locale={locale} text={dictionary.distribution} />
      );
      break;
    case 'ranking':
      // The rankings page's tree under its loading boundary (rankings/[pool]/loading.tsx), without the sample notice.
      return (
        <Suspense fallback={<PageSkeleton label={dictionary.loading.label} layout="table" />}>
          <PoolRanking
            locale={locale}
            pool={RANKING_SAMPLE.pool}
            filters={NO_RANKING_FILTERS}
            position={{ ...FIRST_PAGE, fromRank: null }}
            data={RANKING_SAMPLE.data}
          />
        </Suspense>
      );
    default:
      notFound();
  }

  return (
    <>
      <h1>{dictionary.componentPreview.heading}</h1>
      <p className="notice">{dictionary.componentPreview.sample}</p>
      {preview}
    </>
  );
}
