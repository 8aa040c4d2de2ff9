import { notFound } from 'next/navigation';
import { keptOnFirstVisit } from '@/lib/kept-pages';
import { readFilterSegment } from '@/lib/kept-routes';
import PageBody from '../../page-body';

export { generateMetadata } from '../../page-body';

/** A ranking filtered by one value the API knows (`?category=GM`, rewritten by the proxy): kept like the ranking. */
export const generateStaticParams = keptOnFirstVisit;
export const dynamicParams = true;

interface FilteredRankingProps {
  params: Promise<{ lang: string; pool: string; filter: string }>;
}

export default async function FilteredRankingPage({ params }: FilteredRankingProps) {
  const filter = readFilterSegment(decodeURIComponent((await params).filter));
  if (filter === null) notFound();
  return <PageBody params={params} searchParams={Promise.resolve({ [filter.filter]: filter.value })} />;
}
