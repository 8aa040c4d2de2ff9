import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import {
  categoryByCode,
  poolByCode,
  rankingPage,
  type RankingFilters,
  type RankingKey,
  type RankingRow,
} from '@ratings/core';
import { formatRating } from '@ratings/rating-rules';
import { Category } from '../common/category.type';
import { loadRequired, type ApiContext } from '../context';
import { parseId } from '../ids';
import { cursorKey, pageRequest, toConnection, type PageArgs, type PageRequest } from '../pagination';
import { Player } from '../player/player.type';
import { RankingConnection, RankingEntry } from './ranking.type';
import { RankingsArgs, type RankingFilterArgs } from './ranking.args';

const isRankingKey = cursorKey<RankingKey>({ rank: 'integer', rating: 'integer', playerId: 'id' });

export function rankingFilters(args: RankingFilterArgs): RankingFilters {
  return {
    category: args.category,
    sex: args.sex,
    ageGroup: args.ageGroup,
    federation: args.federation,
    club: args.club,
  };
}

export function toRankingEntry(row: RankingRow, poolId: number): RankingEntry {
  return {
    playerId: row.playerId,
    poolId,
    categoryCode: row.categoryCode,
    rank: row.rank,
    rating: row.rating,
    provisional: row.provisional,
    display: formatRating(row.rating, row.provisional),
    games: row.gamesTotal,
    gamesTotal: row.gamesTotal,
    change: row.previousRating === null ? null : row.rating - row.previousRating,
    bestPlayer: row.rank === 1,
  };
}

/**
 * A connection over ranking rows (shared by `rankings` and `RatingList.entries`). A page read from a rank past
 * the first has one before it, as one asked for after a cursor has.
 */
export function rankingConnection(
  page: Awaited<ReturnType<typeof rankingPage>>,
  request: PageRequest<RankingKey>,
  fromRank: number | null | undefined,
  poolId: number,
) {
  return {
    ...toConnection(
      page.rows,
      request,
      page.totalCount,
      (row) => ({ rank: row.rank, rating: row.rating, playerId: row.playerId }),
      (row) => toRankingEntry(row, poolId),
      (fromRank ?? 1) > 1,
    ),
    list: page.list,
  };
}

export const rankingPageRequest = (args: PageArgs) => pageRequest(args, isRankingKey);

@Resolver(() => RankingEntry)
export class RankingResolver {
  @Query(() => RankingConnection, {
    description:
      'A ranking of a published list: the one in force today (`Pool.currentList`), a given one (`list`) or the one in ' +
      'force on a date (`asOf`), filtered.',
  })
  async rankings(@Args() args: RankingsArgs, @Ctx() { db, loaders }: ApiContext) {
    const request = rankingPageRequest(args);
    const pool = await poolByCode(db, args.pool);
    const current = args.list == null && args.asOf == null;
    const listId = current
      ? (await loaders.poolLists.load(pool.id)).inForce
      : args.list == null
        ? null
        : parseId(args.list, 'list');
    // Nothing in force yet (no list, or only one published ahead of its date): an empty ranking.
    if (current && listId === null)
      return rankingConnection({ list: null, rows: [], totalCount: 0 }, request, args.fromRank, pool.id);
    const page = await rankingPage(
      db,
      pool,
      { listId, asOf: args.asOf },
      rankingFilters(args),
      request.size,
      request.position,
      args.fromRank ?? null,
    );
    return rankingConnection(page, request, args.fromRank, pool.id);
  }

  @FieldResolver(() => Player)
  player(@Root() entry: RankingEntry, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, entry.playerId, 'Player');
  }

  @FieldResolver(() => Category)
  async category(@Root() entry: RankingEntry, @Ctx() { loaders }: ApiContext) {
    return categoryByCode(await loadRequired(loaders.pool, entry.poolId, 'Pool'), entry.categoryCode);
  }
}
