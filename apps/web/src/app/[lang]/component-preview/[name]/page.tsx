import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { RatingDistributionChart } from '@/components/charts/rating-distribution-chart';
import { RatingHistoryChart } from '@/components/charts/rating-history-chart';
import { getDictionary } from '@/i18n/dictionary';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams } from '@/i18n/params';
import { DISTRIBUTION_SAMPLE, HISTORY_SAMPLE } from './fixtures';

/**
 * Sample renderings of the client components the data pages use, so the browser tests can check
 * their behaviour on known data (a long, partly provisional history; a distribution with a gap).
 * Off (404) unless the server runs with ENABLE_COMPONENT_PREVIEW=1, as the e2e suite starts it.
 */
interface PreviewProps {
  params: Promise<{ lang: string; name: string }>;
}

export async function generateMetadata({ params }: PreviewProps): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { name } = await params;
  return { ...pageMetadata(locale, { section: 'component-preview', params: [name] }, getDictionary(locale).componentPreview), robots: { index: false } };
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
      preview = <RatingDistributionChart buckets={DISTRIBUTION_SAMPLE} locale={locale} text={dictionary.distribution} />;
      break;
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
