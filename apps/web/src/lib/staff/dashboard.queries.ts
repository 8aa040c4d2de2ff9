import 'server-only';
import { graphql } from '@/__generated__/gql';
import type { StaffDashboardQuery } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { staffPageQuery } from './api';

/**
 * The console's first page: what waits for a run, the lists in force, the latest writes. (Draft tournaments are
 * not listed: the API's `tournaments(status:)` takes SUBMITTED and RATED only, for every caller.)
 */

export const DASHBOARD_ROWS = 10;

export const staffDashboardQuery = graphql(`
  query StaffDashboard($rows: Int!) {
    submitted: tournaments(status: SUBMITTED, first: $rows) {
      totalCount
      edges {
        node {
          ...StaffTournamentRow
        }
      }
    }
    pools {
      code
      name
      nameFr
      currentList {
        id
        period
        revision
        publishedAt
      }
    }
    auditEvents(limit: $rows) {
      id
      at
      actorLabel
      action
      entityType
      entityId
    }
  }
`);

export type DashboardData = StaffDashboardQuery;

export async function fetchDashboard(locale: Locale): Promise<DashboardData> {
  return staffPageQuery(staffDashboardQuery, { rows: DASHBOARD_ROWS }, locale);
}
