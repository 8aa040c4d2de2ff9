import { formatRating } from '@ratings/rating-rules';
import { graphqlOperation, queryApi } from './api';
import { entityTag } from './cache-tags';
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

export interface ListSummaryData {
  id: string;
  period: string;
  effectiveDate: string;
  revision: number;
  reason: string | null;
  publishedAt: string | null;
  stats: { listed: number; provisional: number; newPlayers: number; averageRating: number | null };
}

export interface PoolListsData {
  ratingLists: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: { node: ListSummaryData }[];
  };
}

export const poolListsQuery = graphqlOperation<PoolListsData, { pool: string; first: number; after: string | null }>(
  'PoolLists',
  `query PoolLists($pool: String!, $first: Int!, $after: String) {
  ratingLists(pool: $pool, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id period effectiveDate revision reason publishedAt stats { listed provisional newPlayers averageRating } } }
  }
}`,
);

export async function fetchPoolLists(pool: string, position: CursorPosition): Promise<PoolListsData['ratingLists']> {
  const { ratingLists } = await queryApi(poolListsQuery, { pool, first: LISTS_PAGE_SIZE, after: position.after }, [
    'lists',
  ]);
  return ratingLists;
}

export interface DiffRowData {
  oldRating: number | null;
  newRating: number | null;
  oldProvisional: boolean | null;
  newProvisional: boolean | null;
  oldRank: number | null;
  newRank: number | null;
  player: { id: string; surname: string; givenName: string | null };
}

export interface RevisionData {
  id: string;
  revision: number;
  reason: string | null;
  publishedAt: string | null;
  diff: DiffRowData[];
}

export interface ListStatsData {
  players: number;
  listed: number;
  provisional: number;
  newPlayers: number;
  averageRating: number | null;
  medianRating: number | null;
  highestRating: number | null;
  lowestRating: number | null;
  games: number;
  tournaments: number;
}

export type ExportFormat = 'csv' | 'json' | 'txt' | 'xml';

export interface RatingListData {
  id: string;
  period: string;
  periodStart: string;
  periodEnd: string;
  effectiveDate: string;
  cutOffDate: string;
  status: 'DRAFT' | 'PUBLISHED';
  revision: number;
  reason: string | null;
  ratingSystemId: string;
  ruleVersion: string;
  publishedAt: string | null;
  pool: { code: string };
  revisions: RevisionData[];
  distribution: { from: number; to: number; count: number }[];
  stats: ListStatsData;
  exports: Record<ExportFormat, string>;
}

export const ratingListQuery = graphqlOperation<{ ratingList: RatingListData | null }, { id: string }>(
  'RatingList',
  `query RatingList($id: ID!) {
  ratingList(id: $id) {
    id period periodStart periodEnd effectiveDate cutOffDate status revision reason ratingSystemId ruleVersion publishedAt
    pool { code }
    revisions {
      id revision reason publishedAt
      diff { oldRating newRating oldProvisional newProvisional oldRank newRank player { id surname givenName } }
    }
    distribution { from to count }
    stats { players listed provisional newPlayers averageRating medianRating highestRating lowestRating games tournaments }
    exports { csv json txt xml }
  }
}`,
);

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

export function exportLinks(
  exports: Record<ExportFormat, string>,
  publicBase: string,
): { format: ExportFormat; href: string }[] {
  return EXPORT_FORMATS.map((format) => ({ format, href: publicApiHref(publicBase, exports[format]) }));
}

/** The pool's full history files the API serves (`/exports/pools/<code>/history-<kind>.csv`), in the order the page offers them. */
export const POOL_HISTORY_KINDS = ['lists', 'tournaments'] as const;
export type PoolHistoryKind = (typeof POOL_HISTORY_KINDS)[number];

export function poolHistoryLinks(pool: string, publicBase: string): { kind: PoolHistoryKind; href: string }[] {
  return POOL_HISTORY_KINDS.map((kind) => ({
    kind,
    href: publicApiHref(publicBase, `/exports/pools/${encodeURIComponent(pool)}/history-${kind}.csv`),
  }));
}
