import { Arg, Args, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { DISTRIBUTION_BUCKET_SIZE } from '@ratings/contract';
import {
  biggestGains,
  inForceListsPage,
  listDiff,
  listDistribution,
  listStats,
  poolByCode,
  previousListId,
  rankingPage,
  revisionsOf,
  type ListPageKey,
  type RatingList as RatingListRow,
  isUpcomingOn,
} from '@ratings/core';
import { loadRequired, loadVisible, type ApiContext } from '../context';
import { parseId } from '../ids';
import { ConnectionType, cursorKey, MAX_PAGE_SIZE, pageRequest, toConnection } from '../pagination';
import { badInput } from '../errors';
import { Player } from '../player/player.type';
import { Pool } from '../pool/pool.type';
import { RankingFilterArgs } from '../ranking/ranking.args';
import { rankingConnection, rankingFilters, rankingPageRequest, toRankingEntry } from '../ranking/ranking.resolver';
import { RankingConnection, RankingEntry } from '../ranking/ranking.type';
import {
  DistributionBucket,
  RatingList,
  RatingListDiffRow,
  RatingListExports,
  RatingListStats,
} from './rating-list.type';
import { RatingListsArgs } from './rating-list.args';

const RatingListConnection = ConnectionType(RatingList, 'RatingList');

const isListPageKey = cursorKey<ListPageKey>({ effectiveDate: 'date', id: 'id' });

@Resolver(() => RatingList)
export class RatingListResolver {
  @Query(() => RatingListConnection, {
    description: "A pool's published lists, newest first, one per period (its latest revision).",
  })
  async ratingLists(@Args() args: RatingListsArgs, @Ctx() { db }: ApiContext) {
    const request = pageRequest(args, isListPageKey);
    const pool = await poolByCode(db, args.pool);
    const { rows, totalCount } = await inForceListsPage(db, pool.id, request.size, request.position);
    return toConnection(
      rows,
      request,
      totalCount,
      (l) => ({ effectiveDate: l.effectiveDate, id: l.id }),
      (l) => l,
    );
  }

  @Query(() => RatingList, {
    nullable: true,
    description: 'A published list by id, any revision (drafts too for staff, to review a run); null when unknown.',
  })
  ratingList(
    @Arg('id', () => ID, { description: 'The list’s id.' }) id: string,
    @Ctx() { loaders, viewer }: ApiContext,
  ): Promise<RatingListRow | null> {
    return loadVisible(loaders.list, parseId(id), viewer);
  }

  @FieldResolver(() => Pool, { description: 'The pool the list belongs to.' })
  pool(@Root() list: RatingListRow, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.pool, list.poolId, 'Pool');
  }

  @FieldResolver(() => RatingList, { nullable: true, description: 'The revision this one corrects.' })
  corrects(@Root() list: RatingListRow, @Ctx() { loaders }: ApiContext) {
    return list.correctsListId === null ? null : loaders.list.load(list.correctsListId);
  }

  @FieldResolver(() => [RatingList], { description: 'Every published revision of this period, oldest first.' })
  revisions(@Root() list: RatingListRow, @Ctx() { db }: ApiContext) {
    return revisionsOf(db, list);
  }

  @FieldResolver(() => RankingConnection, { description: 'The list’s ranking, filtered like `rankings`.' })
  async entries(@Root() list: RatingListRow, @Args() args: RankingFilterArgs, @Ctx() { db, loaders }: ApiContext) {
    const request = rankingPageRequest(args);
    const pool = await loadRequired(loaders.pool, list.poolId, 'Pool');
    const page = await rankingPage(
      db,
      pool,
      { listId: list.id, includeDrafts: true },
      rankingFilters(args),
      request.size,
      request.position,
      args.fromRank ?? null,
    );
    return rankingConnection(page, request, args.fromRank, pool.id);
  }

  @FieldResolver(() => [RankingEntry], {
    description: 'The biggest rating gains since the previous list, among players listed on both.',
  })
  async biggestGains(
    @Root() list: RatingListRow,
    @Arg('first', () => Int, { description: 'How many players, 1 to 100.', defaultValue: 10 }) first: number,
    @Ctx() { db }: ApiContext,
  ) {
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE)
      throw badInput('first', `must be from 1 to ${MAX_PAGE_SIZE}`);
    return (await biggestGains(db, list, first)).map((row) => toRankingEntry(row, list.poolId));
  }

  @FieldResolver(() => [DistributionBucket], {
    description: `Listed players per ${DISTRIBUTION_BUCKET_SIZE}-point bucket.`,
  })
  distribution(@Root() list: RatingListRow, @Ctx() { db }: ApiContext) {
    return listDistribution(db, list.id);
  }

  @FieldResolver(() => RatingListStats, { description: 'Counts and rating figures of the list.' })
  async stats(@Root() list: RatingListRow, @Ctx() { db }: ApiContext) {
    const stats = await listStats(db, list, await previousListId(db, list));
    return { ...stats, gameCount: stats.games, tournamentCount: stats.tournaments };
  }

  @FieldResolver(() => [RatingListDiffRow], {
    description: 'For a republication: the players whose line changed, from what to what.',
  })
  diff(@Root() list: RatingListRow, @Ctx() { db }: ApiContext) {
    return listDiff(db, list.id);
  }

  @FieldResolver(() => RatingListExports, { description: 'Where to download the list.' })
  exports(@Root() list: RatingListRow, @Ctx() { publicBaseUrl }: ApiContext): RatingListExports {
    const base = `${publicBaseUrl}/exports/lists/${list.id}`;
    return { csv: `${base}.csv`, json: `${base}.json`, txt: `${base}.txt`, xml: `${base}.xml` };
  }

  @FieldResolver(() => Boolean, {
    description:
      'Published before its effective date, which has not come yet in the federation’s time zone: the pool’s ' +
      '`upcomingList`, not yet in force. False for a draft.',
  })
  upcoming(@Root() list: RatingListRow, @Ctx() { today }: ApiContext): boolean {
    return isUpcomingOn(list, today);
  }
}

@Resolver(() => RatingListDiffRow)
export class RatingListDiffRowResolver {
  @FieldResolver(() => Player, { description: 'The player.' })
  player(@Root() row: RatingListDiffRow, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, row.playerId, 'Player');
  }
}
