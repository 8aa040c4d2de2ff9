import type { DataSource, EntityManager } from 'typeorm';
import {
  anyListPeriod,
  copyColumns,
  copyListEntries,
  RatingList,
  RatingListEntry,
  writeListPartition,
  type Pool,
} from '@ratings/db';
import { categoryOf, getRatingSystem, ratingPeriod, systemParameters, type RatingPeriod } from '@ratings/rating-rules';
import { recordAudit } from '../audit';
import { authorize } from '../auth';
import { conflict, invalidInput } from '../errors';
import { poolByCode } from '../reading/lists';
import { poolCategories } from '../reading/categories';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { refreshLiveRatings } from './live-ratings';
import { lockPoolRuns, RULE_VERSION } from './run-rating-period';
import { rankListed } from './write-list';

/** The rule version a starting list carries: it was imported, not rated (a run's lists carry RULE_VERSION). */
export const IMPORTED_RULE_VERSION = `${RULE_VERSION} (imported)`;

export interface ImportedRating {
  playerId: number;
  rating: number;
  /** Rated games the player has completed (decides provisional status and K). */
  games: number;
  /** glicko2 only. */
  rd?: number | null;
  volatility?: number | null;
}

/**
 * Starts a pool from the ratings a federation already has (its last list under its previous system):
 * a published revision-0 list holding them as given, from which the first run rates. Without it, a new
 * pool starts with everyone unrated — right for FIDE's initial ratings or Glicko-2, while systems such as
 * the Quebec cote never rate games between two unrated players. Only for a pool without any list yet.
 */
/** A pool's starting list, as a DRAFT of revision 0 under the pool's system, for an import to fill and publish. */
export async function createStartingDraft(
  manager: EntityManager,
  pool: Pool,
  period: RatingPeriod,
): Promise<RatingList> {
  const lists = manager.getRepository(RatingList);
  return lists.save(
    lists.create({
      poolId: pool.id,
      ...period,
      cutOffDate: period.periodEnd,
      status: 'DRAFT',
      revision: 0,
      ratingSystemId: pool.ratingSystemId,
      systemParams: pool.systemParams,
      ruleVersion: IMPORTED_RULE_VERSION,
    }),
  );
}

/**
 * Writes players' starting ratings into a draft list as entries (COPY on a server), ranked among themselves and
 * provisional as the pool's system says for their games, after the entries of `revisedListId` (a revision adding
 * players to it); returns how many starting ratings.
 */
export async function writeStartingEntries(
  manager: EntityManager,
  pool: Pool,
  list: RatingList,
  starting: readonly ImportedRating[],
  revisedListId: number | null = null,
): Promise<number> {
  const system = getRatingSystem(pool.ratingSystemId);
  const ratings = Float64Array.from(starting, (r) => Math.round(r.rating));
  const listed = new Uint8Array(ratings.length).fill(1);
  const ranks = rankListed(ratings, listed);
  const categories = poolCategories(pool);
  const glicko = system.uses.deviation;
  const params = systemParameters(pool.ratingSystemId, pool.systemParams);
  const n = starting.length;
  const entries = {
    listId: new Int32Array(n).fill(list.id),
    poolId: new Int32Array(n).fill(pool.id),
    effectiveDate: new Array<string>(n).fill(list.effectiveDate),
    playerId: Int32Array.from(starting, (r) => r.playerId),
    rating: ratings,
    glickoRating: glicko ? starting.map((r) => r.rating) : undefined,
    glickoRd: glicko ? starting.map((r) => r.rd ?? null) : undefined,
    glickoVolatility: glicko ? starting.map((r) => r.volatility ?? null) : undefined,
    provisional: starting.map((r) =>
      system.isProvisional({ rating: r.rating, games: r.games, rd: r.rd ?? null }, params),
    ),
    gamesTotal: Int32Array.from(starting, (r) => r.games),
    rank: ranks,
    categoryCode: Array.from(ratings, (rating) => categoryOf(rating, categories).code),
    listed,
  };
  await writeListPartition(manager, 'rating_list_entries', list.id, async (into) => {
    if (revisedListId !== null) await copyListEntries(manager, revisedListId, list.id);
    await copyColumns(manager, RatingListEntry, entries, { into });
  });
  return n;
}

/** Publishes a filled starting draft with its counts. */
export async function publishStartingList(
  manager: EntityManager,
  listId: number,
  counts: { entries: number; listed: number },
  ctx: WriteContext,
): Promise<void> {
  await manager.update(
    RatingList,
    { id: listId },
    {
      entryCount: counts.entries,
      listedCount: counts.listed,
      status: 'PUBLISHED',
      publishedAt: new Date(),
      publishedById: ctx.actor.kind === 'staff' ? ctx.actor.staffId : null,
    },
  );
}

export async function importRatingList(
  db: DataSource,
  input: { poolCode: string; period: string; ratings: readonly ImportedRating[] },
  ctx: WriteContext,
): Promise<RatingList> {
  authorize(ctx, 'lists:publish');
  return runTransaction(db, async (manager) => {
    const pool = await poolByCode(manager, input.poolCode);
    const period = ratingPeriod(input.period, pool.periodMonths);
    await lockPoolRuns(manager, pool);
    const existing = await anyListPeriod(manager, pool.id);
    if (existing)
      throw conflict(
        `pool ${pool.code} already has a list (${existing}): ratings can only be imported into a new pool`,
      );
    const seen = new Set<number>();
    input.ratings.forEach((r, i) => {
      if (!Number.isInteger(r.playerId) || seen.has(r.playerId))
        throw invalidInput(`ratings[${i}].playerId`, `player ${r.playerId} is missing or given twice`);
      seen.add(r.playerId);
      if (!Number.isFinite(r.rating) || r.rating < 0)
        throw invalidInput(`ratings[${i}].rating`, `must be a rating ≥ 0, got ${r.rating}`);
      if (!Number.isInteger(r.games) || r.games < 0)
        throw invalidInput(`ratings[${i}].games`, `must be a whole number ≥ 0, got ${r.games}`);
    });
    const list = await createStartingDraft(manager, pool, period);
    const n = await writeStartingEntries(manager, pool, list, input.ratings);
    await publishStartingList(manager, list.id, { entries: n, listed: n }, ctx);
    await recordAudit(manager, ctx, {
      action: 'importRatingList',
      entityType: 'RatingList',
      entityId: list.id,
      before: null,
      after: { pool: pool.code, period: list.period, players: n },
    });
    await refreshLiveRatings(manager, pool.id);
    return manager.getRepository(RatingList).findOneByOrFail({ id: list.id });
  });
}
