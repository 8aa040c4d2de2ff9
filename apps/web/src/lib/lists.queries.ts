import { formatRating } from '@ratings/rating-rules';
import { graphql } from '@/__generated__/gql';
import type { PoolListsQuery, RatingListQuery } from '@/__generated__/graphql';
import { queryApi } from './api';
import { entityTag } from './cache-tags';
import type { Locale } from '@/i18n/locales';
import type { CursorPosition } from './pagination';
import { playerName } from './player-name';
import { publicApiHref } from './public-api';
import type { DistributionBucket } from './rating-distribution';

/**
 * The lists pages: a pool's published lists (one per period, its latest revision), and one list with
 * its revisions, the difference each republication made, its distribution, stats and downloads.
 */

/** Two years of monthly lists per page. */
export const LISTS_PAGE_SIZE = 24;

export const poolListsQuery = graphql(`
  query PoolLists($pool: String!, $first: Int!, $after: String) {
    ratingLists(pool: $pool, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          period
          effectiveDate
          upcoming
          revision
          reason
          publishedAt
          stats {
            listed
            provisional
            newPlayers
            averageRating
          }
        }
      }
    }
  }
`);

export async function fetchPoolLists(pool: string, position: CursorPosition): Promise<PoolListsQuery['ratingLists']> {
  const { ratingLists } = await queryApi(poolListsQuery, { pool, first: LISTS_PAGE_SIZE, after: position.after }, [
    'lists',
  ]);
  return ratingLists;
}

export const ratingListQuery = graphql(`
  query RatingList($id: ID!) {
    ratingList(id: $id) {
      id
      period
      periodStart
      periodEnd
      effectiveDate
      upcoming
      cutOffDate
      status
      revision
      reason
      ratingSystemId
      ruleVersion
      publishedAt
      pool {
        code
      }
      revisions {
        id
        revision
        reason
        publishedAt
        diff {
          oldRating
          newRating
          oldProvisional
          newProvisional
          oldRank
          newRank
          player {
            id
            surname
            givenName
          }
        }
      }
      distribution {
        from
        to
        count
      }
      stats {
        players
        listed
        provisional
        newPlayers
        averageRating
        medianRating
        highestRating
        lowestRating
        games
        tournaments
      }
      exports {
        csv
        json
        txt
        xml
      }
    }
  }
`);

export type RatingListData = NonNullable<RatingListQuery['ratingList']>;
export type ListStatsData = RatingListData['stats'];
export type DiffRowData = RatingListData['revisions'][number]['diff'][number];
/** The list's download formats (`RatingList.exports`). */
export type ExportFormat = keyof RatingListData['exports'];

export async function fetchRatingList(id: string): Promise<RatingListData | null> {
  const { ratingList } = await queryApi(ratingListQuery, { id }, [entityTag('list', id), 'lists']);
  return ratingList;
}

export interface DiffRow {
  playerId: string;
  name: string;
  /** `~1543` while provisional, null when the player was not on that version of the list. */
  oldDisplay: string | null;
  newDisplay: string | null;
  /** New rating minus old, when both exist. */
  delta: number | null;
  oldRank: number | null;
  newRank: number | null;
}

const display = (rating: number | null, provisional: boolean | null) =>
  rating === null ? null : formatRating(rating, provisional ?? false);

export function toDiffRows(diff: readonly DiffRowData[]): DiffRow[] {
  return diff
    .map((row) => ({
      playerId: row.player.id,
      name: playerName(row.player),
      oldDisplay: display(row.oldRating, row.oldProvisional),
      newDisplay: display(row.newRating, row.newProvisional),
      delta: row.oldRating !== null && row.newRating !== null ? row.newRating - row.oldRating : null,
      oldRank: row.oldRank,
      newRank: row.newRank,
    }))
    .sort((a, b) => (a.newRank ?? Infinity) - (b.newRank ?? Infinity) || a.name.localeCompare(b.name));
}

/** The revisions newest first, as a reader of the latest one looks back. */
export function revisionsNewestFirst<T extends { revision: number }>(revisions: readonly T[]): T[] {
  return [...revisions].sort((a, b) => b.revision - a.revision);
}

/** The histogram's bands: the API's `from` is the band's lower bound. */
export function toDistributionBuckets(distribution: RatingListData['distribution']): DistributionBucket[] {
  return distribution.map((bucket) => ({ min: bucket.from, count: bucket.count }));
}

/** Download formats in the order the page offers them. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'json', 'txt', 'xml'];

/**
 * The API answers absolute URLs built on its public address (its PUBLIC_API_URL, path prefix included), so they are
 * linked as they come: the site's server may reach the API by an internal address that no visitor can.
 */
export function exportLinks(exports: Record<ExportFormat, string>): { format: ExportFormat; href: string }[] {
  return EXPORT_FORMATS.map((format) => ({ format, href: exports[format] }));
}

/** The pool's full history files the API serves (`/exports/pools/<code>/history-<kind>.csv`), in the order the page offers them. */
export const POOL_HISTORY_KINDS = ['lists', 'tournaments'] as const;
export type PoolHistoryKind = (typeof POOL_HISTORY_KINDS)[number];

/** The pool's Atom feed of publications and corrections (`/exports/pools/<code>/lists.atom`), in the page's language. */
export function poolFeedHref(pool: string, locale: Locale, publicBase: string): string {
  const path = `/exports/pools/${encodeURIComponent(pool)}/lists.atom${locale === 'fr' ? '?lang=fr' : ''}`;
  return publicApiHref(publicBase, path);
}

export function poolHistoryLinks(pool: string, publicBase: string): { kind: PoolHistoryKind; href: string }[] {
  return POOL_HISTORY_KINDS.map((kind) => ({
    kind,
    href: publicApiHref(publicBase, `/exports/pools/${encodeURIComponent(pool)}/history-${kind}.csv`),
  }));
}
