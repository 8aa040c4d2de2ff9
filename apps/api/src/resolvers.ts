import { loadVisible, type ApiContext } from './context';
import { parseId } from './ids';
// type-graphql lists Query's and Mutation's fields in the order their decorators ran, that is in the order
// these modules load: keep it, or the emitted schema.graphql reorders its fields though none of them changed.
import { StaffResolver } from './staff/staff.resolver';
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
import { StaffQueryResolver } from './staff/staff-query.resolver';
import {
  CrosstableCellResolver,
  GameResolver,
  StandingResolver,
  TournamentCheckResolver,
  TournamentResolver,
} from './tournament/tournament.resolver';
import { StaffAdminResolver } from './staff/staff-admin.resolver';
import { PublicationResolver } from './rating-list/publication.resolver';
import { ListImportResolver } from './rating-list/list-import.resolver';
import { ListReviewResolver, ReviewLineResolver } from './rating-list/list-review.resolver';
import { LiveRatingResolver, PlayerLiveRatingsResolver } from './live/live-rating.resolver';
import {
  PoolSimulationResolver,
  SimulatedPlayerResolver,
  WhatIfFieldsResolver,
  WhatIfResolver,
  WhatIfRowResolver,
} from './what-if/what-if.resolver';
import { WebhookResolver } from './webhook/webhook.resolver';
import { RateLimitResolver } from './rate-limit/rate-limit.resolver';
import { CategoryResolver } from './common/category.resolver';
import { NodeResolver } from './node/node.resolver';

/**
 * Every resolver of the schema, registered explicitly (type-graphql v2 has no glob loading). Several classes
 * serve Query and Mutation: each feature's queries and mutations sit with its types.
 */
export const resolvers = [
  StaffResolver,
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
  RatingSystemResolver,
  StaffQueryResolver,
  TournamentResolver,
  StandingResolver,
  CrosstableCellResolver,
  GameResolver,
  PublicationResolver,
  ListImportResolver,
  TournamentCheckResolver,
  StaffAdminResolver,
  ListReviewResolver,
  ReviewLineResolver,
  PlayerLiveRatingsResolver,
  LiveRatingResolver,
  WhatIfResolver,
  WhatIfFieldsResolver,
  WhatIfRowResolver,
  PoolSimulationResolver,
  SimulatedPlayerResolver,
  WebhookResolver,
  RateLimitResolver,
  CategoryResolver,
  NodeResolver,
] as const;

type Reference = { id: string };

/**
 * Apollo Federation entity resolution for the `@key(fields: "id")` types, drafts hidden as in the queries. Each
 * is async, so that a bad representation fails alone (its item is null with its error) and the rest of the
 * batch still resolves.
 */
export const referenceResolvers: Record<string, (reference: Reference, context: ApiContext) => Promise<unknown>> = {
  Player: async (ref, { loaders }) => loaders.player.load(parseId(ref.id)),
  Tournament: async (ref, { loaders, viewer }) => loadVisible(loaders.tournament, parseId(ref.id), viewer),
  RatingList: async (ref, { loaders, viewer }) => loadVisible(loaders.list, parseId(ref.id), viewer),
};
