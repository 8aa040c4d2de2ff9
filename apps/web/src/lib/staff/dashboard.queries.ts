import 'server-only';
import { graphql } from '@/__generated__/gql';
import type { StaffDashboardQuery } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { staffPageQuery } from './api';

/**
 * The console's first page: what waits for review, the drafts being prepared, each pool's list in force and next
 * period, the latest writes.
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
    drafts: tournaments(status: DRAFT, first: $rows) {
      totalCount
      edges {
        node {
          ...StaffTournamentRow
        }
      }
    }
    pools {
      nextPeriod
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
    auditEvents(first: $rows) {
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
