import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  categoryByCode,
  createPlayer,
  historyPoolIds,
  mergePlayers,
  playerHistories,
  playerHistory,
  playersPage,
  poolByCode,
  updatePlayer,
  type CurrentRatingRow,
  type HistoryChangeRow,
  type Player as PlayerRow,
  type PlayerHistory as CorePlayerHistory,
  type PlayerKey,
} from '@ratings/core';
import { formatRating } from '@ratings/rating-rules';
import { Category } from '../common/category.type';
import { loadRequired, type ApiContext } from '../context';
import { parseId } from '../ids';
import { ConnectionType, cursorKey, pageRequest, toConnection } from '../pagination';
import { Pool } from '../pool/pool.type';
import { RatingList } from '../rating-list/rating-list.type';
import { Tournament } from '../tournament/tournament.type';
import { PlayersArgs } from './player.args';
import { PlayerInput } from './player.inputs';
import { HistoryPoint, Player, PlayerHistory, PlayerRating, RatingChange, RatingChangeGame } from './player.type';

const PlayerConnection = ConnectionType(Player, 'Player');

const isPlayerKey = cursorKey<PlayerKey>({ surname: 'name', givenName: 'name', id: 'id' });

/** The display form a list shows: '~1543' while provisional, nothing when unrated. */
const display = (rating: number | null, provisional: boolean) =>
  rating === null ? null : formatRating(rating, provisional);

export function toRatingChange(row: HistoryChangeRow): RatingChange {
  return { ...row, gameCount: row.games, date: row.effectiveDate };
}

@Resolver(() => Player)
export class PlayerResolver {
  @Query(() => Player, {
    nullable: true,
    description: 'A player by id (an alias left by a merge resolves to the surviving player); null when unknown.',
  })
  player(
    @Arg('id', () => ID, { description: 'The player’s id (or an old id a merge left).' }) id: string,
    @Ctx() { loaders }: ApiContext,
  ): Promise<PlayerRow | null> {
    return loaders.player.load(parseId(id));
  }

  @Query(() => PlayerConnection, {
    description: 'The player directory, alphabetical; search ignores accents and case.',
  })
  async players(@Args() args: PlayersArgs, @Ctx() { db }: ApiContext) {
    const request = pageRequest(args, isPlayerKey);
    const { rows, totalCount } = await playersPage(db, args, request.size, request.position);
    return toConnection(
      rows,
      request,
      totalCount,
      (p) => ({ surname: p.surname, givenName: p.givenName ?? '', id: p.id }),
      (p) => p,
    );
  }

  @Mutation(() => Player, { description: 'Registers a player (rating officers, and arbiters for their tournaments).' })
  createPlayer(
    @Arg('input', { description: 'The player’s details (surname required).' }) input: PlayerInput,
    @Ctx() ctx: ApiContext,
  ): Promise<PlayerRow> {
    return createPlayer(ctx.dataSource, input, ctx.staff());
  }

  @Mutation(() => Player, { description: 'Changes a player’s details (rating officers).' })
  updatePlayer(
    @Arg('id', () => ID, { description: 'The player’s id.' }) id: string,
    @Arg('input', { description: 'The details to change.' }) input: PlayerInput,
    @Ctx() ctx: ApiContext,
  ): Promise<PlayerRow> {
    return updatePlayer(ctx.dataSource, { playerId: parseId(id), ...input }, ctx.staff());
  }

  @Mutation(() => Player, {
    description: 'Merges a duplicate into the player kept; the duplicate’s id stays as an alias that resolves to it.',
  })
  async mergePlayers(
    @Arg('keep', () => ID, { description: 'The player kept.' }) keep: string,
    @Arg('remove', () => ID, { description: 'The duplicate, folded into the other.' }) remove: string,
    @Ctx() ctx: ApiContext,
  ): Promise<PlayerRow> {
    const merged = await mergePlayers(
      ctx.dataSource,
      { keep: parseId(keep, 'keep'), remove: parseId(remove, 'remove') },
      ctx.staff(),
    );
    return merged.survivor;
  }

  @FieldResolver(() => [PlayerRating], {
    description: 'The current rating in every pool where the player is on the list in force.',
  })
  async ratings(@Root() player: PlayerRow, @Ctx() { loaders }: ApiContext): Promise<PlayerRating[]> {
    const rows: CurrentRatingRow[] = await loaders.currentRatings.load(player.id);
    return Promise.all(
      rows.map(async (row) => {
        const pool = await loadRequired(loaders.pool, row.poolId, 'Pool');
        return {
          ...row,
          display: display(row.rating, row.provisional),
          games: row.gamesTotal,
          rd: row.glickoRd,
          category: categoryByCode(pool, row.categoryCode),
        };
      }),
    );
  }

  @FieldResolver(() => PlayerHistory, {
    description: 'Every published list and every rated tournament of the player in a pool, oldest first.',
  })
  async history(
    @Root() player: PlayerRow,
    @Arg('pool', { description: 'Pool code.' }) poolCode: string,
    @Ctx() { db }: ApiContext,
  ): Promise<PlayerHistory> {
    const pool = await poolByCode(db, poolCode);
    return shapeHistory(pool.id, await playerHistory(db, player.id, pool.id));
  }

  @FieldResolver(() => [PlayerHistory], {
    description: 'The history in every pool where the player has been on a published list.',
  })
  async histories(@Root() player: PlayerRow, @Ctx() { db }: ApiContext): Promise<PlayerHistory[]> {
    const poolIds = await historyPoolIds(db, player.id);
    // Every pool's history in one query each, not per pool (`PlayerHistory.pool` loads the pools if asked).
    const histories = await playerHistories(db, player.id, poolIds);
    return poolIds.map((poolId) => shapeHistory(poolId, histories.get(poolId)!));
  }

  @FieldResolver(() => [Player], {
    description:
      'Staff only: the player rows merges folded into this one (their ids still answer as this player). ' +
      'UNAUTHENTICATED without a staff token, FORBIDDEN with an API key.',
  })
  aliases(@Root() player: PlayerRow, @Ctx() ctx: ApiContext): Promise<PlayerRow[]> {
    ctx.staff();
    return ctx.loaders.aliases.load(player.id);
  }

  @FieldResolver(() => [Player], {
    description:
      'Staff only: other players with the same name (accents, case and spaces ignored) and birth year, who may be ' +
      'the same person registered twice (candidates for mergePlayers).',
  })
  likelyDuplicates(@Root() player: PlayerRow, @Ctx() ctx: ApiContext): Promise<PlayerRow[]> {
    ctx.staff();
    return ctx.loaders.likelyDuplicates.load(player.id);
  }
}

/** A player's history in one pool, shaped for the API: display forms and the change between points. */
function shapeHistory(poolId: number, { points, changes }: CorePlayerHistory): PlayerHistory {
  return {
    poolId,
    points: points.map((point, index) => {
      const previous = points[index - 1];
      return {
        ...point,
        poolId,
        date: point.effectiveDate,
        display: display(point.rating, point.provisional),
        change: previous && previous.rating !== null && point.rating !== null ? point.rating - previous.rating : null,
      };
    }),
    tournaments: changes.map(toRatingChange),
  };
}

@Resolver(() => PlayerRating)
export class PlayerRatingResolver {
  @FieldResolver(() => Pool, { description: 'The pool.' })
  pool(@Root() row: PlayerRating, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.pool, row.poolId, 'Pool');
  }

  @FieldResolver(() => RatingList, { description: 'The list in force the line comes from.' })
  list(@Root() row: PlayerRating, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.list, row.listId, 'Rating list');
  }
}

@Resolver(() => HistoryPoint)
export class HistoryPointResolver {
  @FieldResolver(() => RatingList, { description: 'The list.' })
  list(@Root() point: HistoryPoint, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.list, point.listId, 'Rating list');
  }

  @FieldResolver(() => Category, { description: 'The rating class on that list.', nullable: true })
  async category(@Root() point: HistoryPoint, @Ctx() { loaders }: ApiContext) {
    return categoryByCode(await loadRequired(loaders.pool, point.poolId, 'Pool'), point.categoryCode);
  }
}

@Resolver(() => PlayerHistory)
export class PlayerHistoryResolver {
  @FieldResolver(() => Pool, { description: 'The pool.' })
  pool(@Root() history: PlayerHistory, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.pool, history.poolId, 'Pool');
  }
}

@Resolver(() => RatingChange)
export class RatingChangeResolver {
  @FieldResolver(() => Tournament, { description: 'The tournament.' })
  tournament(@Root() change: RatingChange, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.tournament, change.tournamentId, 'Tournament');
  }

  @FieldResolver(() => Player, { description: 'The player.' })
  player(@Root() change: RatingChange, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, change.playerId, 'Player');
  }

  @FieldResolver(() => RatingList, { description: 'The list that published the change.' })
  list(@Root() change: RatingChange, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.list, change.listId, 'Rating list');
  }

  @FieldResolver(() => [RatingChangeGame], { description: 'The per-game breakdown, in round order.' })
  games(@Root() change: RatingChange, @Ctx() { loaders }: ApiContext) {
    return loaders.changeGames.load(change.id);
  }
}

@Resolver(() => RatingChangeGame)
export class RatingChangeGameResolver {
  @FieldResolver(() => Player, { description: 'The opponent.' })
  opponent(@Root() row: RatingChangeGame, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, row.opponentId, 'Player');
  }
}
