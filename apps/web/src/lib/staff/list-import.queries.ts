import 'server-only';
import { graphql } from '@/__generated__/gql';
import type { Locale } from '@/i18n/locales';
import { staffPageQuery } from './api';

/**
 * The pools a rating list can start: those without a published list (the API refuses the others). Read fresh,
 * not from the public pages' cache, so that a pool created a moment ago is offered.
 */
export const staffImportPoolsQuery = graphql(`
  query StaffImportPools {
    pools {
      code
      name
      nameFr
      currentList {
        id
      }
    }
  }
`);

export async function fetchPoolsWithoutList(locale: Locale) {
  const { pools } = await staffPageQuery(staffImportPoolsQuery, {}, locale);
  return pools.filter((pool) => pool.currentList === null);
}
