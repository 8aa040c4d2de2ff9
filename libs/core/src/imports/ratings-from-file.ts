import type { EntityManager } from 'typeorm';
import { insertListDiff, playersRatedInPool, RatingList, rerankList, type Pool, type Tournament } from '@ratings/db';
import { addMonths, ratingPeriod } from '@ratings/rating-rules';
import type { WriteContext } from '../common/actor';
import { tournamentRatingPeriod } from '../ratings/next-period';
import {
  createStartingDraft,
  IMPORTED_RULE_VERSION,
  publishStartingList,
  writeStartingEntries,
} from '../ratings/import-ratings';
import { lockPoolRuns } from '../ratings/run-rating-period';

/** What `--ratings-from-file` did for one import (the import report's `ratingsFromFile`). */
export interface RatingsFromFileReport {
  /** The starting list the file's ratings went into (null when they were not used). */
  readonly listId: number | null;
  readonly period: string | null;
  /** 0: the pool's new starting list; above: a revision of it that adds players. */
  readonly revision: number | null;
  /** Players given their file's rating. */
  readonly players: number;
  /** Why nothing was written, when nothing was. */
  readonly reason: string | null;
}

const unused = (reason: string): RatingsFromFileReport => ({
  listId: null,
  period: null,
  revision: null,
  players: 0,
  reason,
});

/**
 * Starts the players of an imported tournament that the pool has never rated from the rating their TRF file
 * writes (the player record's FIDE rating, TRF16 columns 49-52; blank or 0 is unrated and is not used).
 *
 * - A pool without any list gets its starting list, published as revision 0 of the period before the one that
 *   rates the tournament (the list a run reads first), as importRatingList creates one.
 * - A pool whose latest list is a starting list (imported, not rated yet) gets a new revision of it: the same
 *   entries and these players, with the difference stored as for any republication.
 * - A pool that has rated a period already is left alone: from then on its runs rate newcomers as its system
 *   rates unrated players, and the report says so.
 *
 * Runs in the import's transaction, under the pool's run lock, so a run cannot start from a half-written list.
 */
export async function startRatingsFromFile(
  manager: EntityManager,
  pool: Pool,
  tournament: Tournament,
  fileRatings: readonly { readonly playerId: number; readonly rating: number | null }[],
  fileName: string | null,
  ctx: WriteContext,
): Promise<RatingsFromFileReport> {
  const rated = new Map<number, number>();
  for (const { playerId, rating } of fileRatings) if (rating !== null && rating > 0) rated.set(playerId, rating);
  if (rated.size === 0) return unused('the file gives no player a rating');
  await lockPoolRuns(manager, pool);
  const known = await playersRatedInPool(manager, pool.id, [...rated.keys()]);
  const starting = [...rated]
    .filter(([playerId]) => !known.has(playerId))
    .map(([playerId, rating]) => ({ playerId, rating, games: 0 }));
  if (starting.length === 0) return unused(`every player the file rates has a rating in pool ${pool.code} already`);

  const lists = manager.getRepository(RatingList);
  const latest = await lists.findOne({
    where: { poolId: pool.id, status: 'PUBLISHED' },
    order: { effectiveDate: 'DESC', revision: 'DESC' },
  });
  if (latest === null) {
    const rates = await tournamentRatingPeriod(manager, tournament);
    const period = ratingPeriod(addMonths(rates.period, -pool.periodMonths), pool.periodMonths);
    const draft = await createStartingDraft(manager, pool, period);
    const n = await writeStartingEntries(manager, pool, draft, starting);
    await publishStartingList(manager, draft.id, { entries: n, listed: n }, ctx);
    return { listId: draft.id, period: draft.period, revision: 0, players: n, reason: null };
  }
  if (latest.ruleVersion !== IMPORTED_RULE_VERSION)
    return unused(
      `pool ${pool.code} has rated lists already (latest ${latest.period}): its runs rate players new to it; ` +
        'ratings from files only start a new pool',
    );
  const { id: _id, createdAt: _c, updatedAt: _u, publishedAt: _p, publishedById: _b, ...copied } = latest;
  const draft = await lists.save(
    lists.create({
      ...copied,
      status: 'DRAFT',
      revision: latest.revision + 1,
      correctsListId: latest.id,
      reason: `players rated from ${fileName ?? 'a TRF file'} (tournament ${tournament.id})`,
    }),
  );
  const n = await writeStartingEntries(manager, pool, draft, starting, latest.id);
  await rerankList(manager, draft.id);
  await insertListDiff(manager, latest.id, draft.id);
  await publishStartingList(manager, draft.id, { entries: latest.entryCount + n, listed: latest.listedCount + n }, ctx);
  return { listId: draft.id, period: draft.period, revision: draft.revision, players: n, reason: null };
}
