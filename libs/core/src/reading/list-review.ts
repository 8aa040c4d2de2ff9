import type { DataSource, EntityManager } from 'typeorm';
import { DISTRIBUTION_BUCKET_SIZE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from '@ratings/contract';
import {
  listChangeRowsOf,
  reviewBuckets,
  reviewCounts,
  reviewLineOf,
  reviewLinesByName,
  reviewMoveRows,
  RatingList,
  type HistoryChangeRow,
  type ReviewCountsRow,
  type ReviewLineRow,
  type ReviewMoveKind,
} from '@ratings/db';
import { authorize } from '../auth/permissions';
import type { WriteContext } from '../common/actor';
import { invalidInput } from '../errors';
import { previousListId } from './lists';

type Db = DataSource | EntityManager;

export type { ReviewCountsRow, ReviewLineRow, ReviewMoveKind };

/** A list under review and the list in force before it, which every figure of the review is compared with. */
export interface ListUnderReview {
  readonly list: RatingList;
  readonly previousListId: number | null;
}

/**
 * Opens a list's review: staff who may read drafts (administrators, rating officers) only, since a draft is not
 * public yet; null for an unknown id. Nothing of a review is cached: a draft changes with every re-run.
 */
export async function openListReview(db: Db, listId: number, ctx: WriteContext): Promise<ListUnderReview | null> {
  authorize(ctx, 'drafts:read');
  const list = await db.getRepository(RatingList).findOneBy({ id: listId });
  if (!list) return null;
  return { list, previousListId: await previousListId(db, list) };
}

export function reviewCountsOf(db: Db, review: ListUnderReview): Promise<ReviewCountsRow> {
  return reviewCounts(db, review.list.id, review.previousListId);
}

export interface ReviewBucket {
  from: number;
  to: number;
  count: number;
  previousCount: number;
}

/** Both lists' listed players per `DISTRIBUTION_BUCKET_SIZE`-point band, every band either list has. */
export async function reviewDistribution(db: Db, review: ListUnderReview): Promise<ReviewBucket[]> {
  const rows = await reviewBuckets(db, review.list.id, review.previousListId, DISTRIBUTION_BUCKET_SIZE);
  return rows.map((row) => ({
    from: row.bucket,
    to: row.bucket + DISTRIBUTION_BUCKET_SIZE - 1,
    count: row.count,
    previousCount: row.previousCount,
  }));
}

function checkFirst(first: number): void {
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE)
    throw invalidInput('first', `must be from 1 to ${MAX_PAGE_SIZE}`);
}

/** The first `first` (1 to MAX_PAGE_SIZE) players of a kind of move: biggest gains or losses, new or dropped players by rank. */
export function reviewMoves(
  db: Db,
  review: ListUnderReview,
  kind: ReviewMoveKind,
  first: number,
): Promise<ReviewLineRow[]> {
  checkFirst(first);
  return reviewMoveRows(db, review.list.id, review.previousListId, kind, first);
}

/** Players on the list or the previous one whose name holds every word of `search` (accents and case ignored). */
export function reviewPlayerSearch(
  db: Db,
  review: ListUnderReview,
  search: string,
  first: number,
): Promise<ReviewLineRow[]> {
  checkFirst(first);
  if (search.length > MAX_SEARCH_LENGTH) throw invalidInput('search', `at most ${MAX_SEARCH_LENGTH} characters`);
  return reviewLinesByName(db, review.list.id, review.previousListId, search, first);
}

/** Why a player's rating is what the list says: his lines on both lists and every tournament the run rated. */
export interface PlayerExplanation {
  readonly line: ReviewLineRow;
  readonly changes: HistoryChangeRow[];
}

/** A player's explanation on the list; null when he is on neither list. Per-game rows come from changeGamesByChange. */
export async function explainPlayer(
  db: Db,
  review: ListUnderReview,
  playerId: number,
): Promise<PlayerExplanation | null> {
  const [line, changes] = await Promise.all([
    reviewLineOf(db, review.list.id, review.previousListId, playerId),
    listChangeRowsOf(db, review.list.id, playerId),
  ]);
  return line === null ? null : { line, changes };
}
