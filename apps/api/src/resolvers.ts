import type { ApiContext } from './context';
import { PoolResolver } from './pool/pool.resolver';
import {
  HistoryPointResolver,
  PlayerHistoryResolver,
  PlayerRatingResolver,
  PlayerResolver,
  RatingChangeGameResolver,
  RatingChangeResolver,
} from './player/player.resolver';
import { RankingResolver } from './ranking/ranking.resolver';
import { RatingListDiffRowResolver, RatingListResolver } from './rating-list/rating-list.resolver';
import { RatingSystemResolver } from './rating-system/rating-system.resolver';
import { StaffResolver } from './staff/staff.resolver';
import { CrosstableCellResolver, StandingResolver, TournamentResolver } from './tournament/tournament.resolver';
import { parseId } from './ids';

/** Every resolver of the schema, registered explicitly (type-graphql v2 has no glob loading). */
export const resolvers = [
  PoolResolver,
  PlayerResolver,
  PlayerRatingResolver,
  PlayerHistoryResolver,
  HistoryPointResolver,
  RatingChangeResolver,
  RatingChangeGameResolver,
  RankingResolver,
  RatingListResolver,
  RatingListDiffRowResolver,
  TournamentResolver,
  StandingResolver,
  CrosstableCellResolver,
  RatingSystemResolver,
  StaffResolver,
] as const;

type Reference = { id: string };

/**
 * Apollo Federation entity resolution for the `@key(fields: "id")` types. Each is async, so that a bad
 * representation fails alone (its item is null with its error) and the rest of the batch still resolves.
 */
export const referenceResolvers: Record<string, (reference: Reference, context: ApiContext) => Promise<unknown>> = {
  Player: async (ref, { loaders }) => loaders.player.load(parseId(ref.id)),
  Tournament: async (ref, { loaders }) => {
    const tournament = await loaders.tournament.load(parseId(ref.id));
    return tournament && tournament.status !== 'DRAFT' ? tournament : null;
  },
  RatingList: async (ref, { loaders }) => {
    const list = await loaders.list.load(parseId(ref.id));
    return list && list.status === 'PUBLISHED' ? list : null;
  },
};
