import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { LiveRatingRow, Player as PlayerRow } from '@ratings/core';
import { formatRating } from '@ratings/rating-rules';
import { loadRequired, type ApiContext } from '../context';
import { Player } from '../player/player.type';
import { Pool } from '../pool/pool.type';
import { RatingList } from '../rating-list/rating-list.type';
import { Tournament } from '../tournament/tournament.type';
import { LiveRating } from './live-rating.type';

const display = (rating: number | null, provisional: boolean) =>
  rating === null ? null : formatRating(rating, provisional);

export function toLiveRating(row: LiveRatingRow): LiveRating {
  return {
    ...row,
    display: display(row.rating, row.provisional),
    officialDisplay: display(row.officialRating, row.officialProvisional),
    difference: row.rating === null || row.officialRating === null ? null : row.rating - row.officialRating,
  };
}

@Resolver(() => Player)
export class PlayerLiveRatingsResolver {
  @FieldResolver(() => [LiveRating], {
    description:
      'Live (unofficial) ratings, one per pool where the player has games in accepted tournaments not yet published; ' +
      'empty otherwise.',
  })
  async liveRatings(@Root() player: PlayerRow, @Ctx() { loaders }: ApiContext): Promise<LiveRating[]> {
    return (await loaders.liveRatings.load(player.id)).map(toLiveRating);
  }
}

@Resolver(() => LiveRating)
export class LiveRatingResolver {
  @FieldResolver(() => Pool, { description: 'The pool of the live rating.' })
  pool(@Root() row: LiveRating, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.pool, row.poolId, 'Pool');
  }

  @FieldResolver(() => RatingList, { nullable: true, description: 'The published list the live rating starts from.' })
  basedOn(@Root() row: LiveRating, @Ctx() { loaders }: ApiContext) {
    return row.listId === null ? null : loaders.list.load(row.listId);
  }

  @FieldResolver(() => [Tournament], {
    description: 'The accepted, not yet published tournaments behind it, in rating order.',
  })
  tournaments(@Root() row: LiveRating, @Ctx() { loaders }: ApiContext) {
    return Promise.all(row.tournamentIds.map((id) => loadRequired(loaders.tournament, id, 'Tournament')));
  }
}
