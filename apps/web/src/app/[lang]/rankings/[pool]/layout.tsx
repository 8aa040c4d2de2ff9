import { keptOnFirstVisit } from '@/lib/kept-pages';
import type { ReactNode } from 'react';
import { requirePool } from '@/lib/pools.queries';

/** Rendered on first visit and kept (`lib/kept-pages.tsx`). */
export const generateStaticParams = keptOnFirstVisit;
export const dynamicParams = true;

/**
 * An unknown pool is a 404 with a 404 status: the check runs here, above the page's loading
 * boundary, because once the skeleton has streamed a `notFound()` can no longer change the status.
 */
export default async function PoolLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ pool: string }>;
}) {
  await requirePool((await params).pool);
  return children;
}
