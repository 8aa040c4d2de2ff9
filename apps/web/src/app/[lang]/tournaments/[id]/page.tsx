import { keptOnFirstVisit, withoutQuery } from '@/lib/kept-pages';
import PageBody from './page-body';

export { generateMetadata } from './page-body';

/** Rendered on first visit and kept (`lib/kept-pages.tsx`). */
export const generateStaticParams = keptOnFirstVisit;
export const dynamicParams = true;

/** The address without a query string: kept (an address with one goes to `~query`, see `lib/kept-routes.ts`). */
export default withoutQuery(PageBody);
