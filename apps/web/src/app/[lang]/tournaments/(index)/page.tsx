import { withoutQuery } from '@/lib/kept-pages';
import PageBody from './page-body';

export { generateMetadata } from './page-body';

/** The address without a query string: kept (an address with one goes to `~query`, see `lib/kept-routes.ts`). */
export default withoutQuery(PageBody);
