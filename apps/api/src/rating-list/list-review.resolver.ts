import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { MAX_SEARCH_LENGTH } from '@ratings/contract';
import {
  explainPlayer,
  openListReview,
  reviewCountsOf,
  reviewDistribution,
  reviewMoves,
  reviewPlayerSearch,
  type ReviewLineRow,
  type ReviewMoveKind,
} from '@ratings/core';
import { loadRequired, type ApiContext } from '../context';
import { parseId } from '../ids';
import { MAX_PAGE_SIZE } from '../pagination';
import { Player } from '../player/player.type';
import { toRatingChange } from '../player/player.resolver';
import { RatingList } from './rating-list.type';
import {
  PlayerExplanation,
  RatingListReview,
  RatingListReviewCounts,
  ReviewDistributionBucket,
  ReviewLine,
} from './list-review.type';

/** How many players each table of the review shows unless asked for fewer or more (at most MAX_PAGE_SIZE). */
const DEFAULT_REVIEW_ROWS = 20;
const FIRST = { defaultValue: DEFAULT_REVIEW_ROWS, description: `How many, 1 to ${MAX_PAGE_SIZE}.` } as const;

const toLine = (row: ReviewLineRow): ReviewLine => ({
  ...row,
  change: row.ratingAfter !== null && row.ratingBefore !== null ? row.ratingAfter - row.ratingBefore : null,
});

@Resolver(() => RatingListReview)
export class ListReviewResolver {
  @Query(() => RatingListReview, {
    nullable: true,
    description:
      'Staff only (ADMIN, RATING_OFFICER): the review of a list, a draft to publish or a published one, against the ' +
      'list in force before it; null when unknown. UNAUTHENTICATED without a staff token, FORBIDDEN otherwise.',
  })
  async ratingListReview(
    @Arg('id', () => ID, { description: 'The rating list.' }) id: string,
    @Ctx() ctx: ApiContext,
  ): Promise<RatingListReview | null> {
    const review = await openListReview(ctx.db, parseId(id), ctx.staff());
    return review && { review };
  }

  @FieldResolver(() => RatingList, { description: 'The list under review.' })
  list(@Root() { review }: RatingListReview) {
    return review.list;
  }

  @FieldResolver(() => RatingList, {
    nullable: true,
    description: 'The list in force before it, which every figure is compared with (null for a first list).',
  })
  previousList(@Root() { review }: RatingListReview, @Ctx() { loaders }: ApiContext) {
    return review.previousListId === null ? null : loaders.list.load(review.previousListId);
  }

  @FieldResolver(() => RatingListReviewCounts, { description: 'Players, moves and what the run rated.' })
  async counts(@Root() { review }: RatingListReview, @Ctx() { db }: ApiContext): Promise<RatingListReviewCounts> {
    return {
      ...(await reviewCountsOf(db, review)),
      tournaments: review.list.tournamentCount,
      games: review.list.gameCount,
    };
  }

  @FieldResolver(() => [ReviewDistributionBucket], {
    description: 'Listed players of both lists per band, lowest first; a band either list has.',
  })
  distribution(@Root() { review }: RatingListReview, @Ctx() { db }: ApiContext) {
    return reviewDistribution(db, review);
  }

  @FieldResolver(() => [ReviewLine], { description: 'The biggest gains among players listed on both lists.' })
  biggestGains(@Root() root: RatingListReview, @Arg('first', () => Int, FIRST) first: number, @Ctx() ctx: ApiContext) {
    return moves(ctx, root, 'gains', first);
  }

  @FieldResolver(() => [ReviewLine], { description: 'The biggest losses among players listed on both lists.' })
  biggestLosses(@Root() root: RatingListReview, @Arg('first', () => Int, FIRST) first: number, @Ctx() ctx: ApiContext) {
    return moves(ctx, root, 'losses', first);
  }

  @FieldResolver(() => [ReviewLine], {
    description: 'Players listed now and not on the previous list, by rank (how many in all: `counts.newPlayers`).',
  })
  newPlayers(@Root() root: RatingListReview, @Arg('first', () => Int, FIRST) first: number, @Ctx() ctx: ApiContext) {
    return moves(ctx, root, 'new', first);
  }

  @FieldResolver(() => [ReviewLine], {
    description:
      'Players listed on the previous list and not now, by their rank there (how many: `counts.droppedPlayers`).',
  })
  droppedPlayers(
    @Root() root: RatingListReview,
    @Arg('first', () => Int, FIRST) first: number,
    @Ctx() ctx: ApiContext,
  ) {
    return moves(ctx, root, 'dropped', first);
  }

  @FieldResolver(() => [ReviewLine], {
    description:
      'Players with a line on either list whose name holds every word of `search` (accents and case ignored), ' +
      'best rated first.',
  })
  async players(
    @Root() { review }: RatingListReview,
    @Arg('search', { description: `Words of the name, up to ${MAX_SEARCH_LENGTH} characters.` }) search: string,
    @Arg('first', () => Int, FIRST) first: number,
    @Ctx() { db }: ApiContext,
  ) {
    return (await reviewPlayerSearch(db, review, search, first)).map(toLine);
  }

  @FieldResolver(() => PlayerExplanation, {
    nullable: true,
    description: "A player's explanation on this list; null when he is on neither list.",
  })
  async explanation(
    @Root() { review }: RatingListReview,
    @Arg('player', () => ID, { description: 'The player.' }) player: string,
    @Ctx() { db }: ApiContext,
  ): Promise<PlayerExplanation | null> {
    const explanation = await explainPlayer(db, review, parseId(player, 'player'));
    return explanation && { line: toLine(explanation.line), tournaments: explanation.changes.map(toRatingChange) };
  }
}

async function moves(ctx: ApiContext, { review }: RatingListReview, kind: ReviewMoveKind, first: number) {
  return (await reviewMoves(ctx.db, review, kind, first)).map(toLine);
}

@Resolver(() => ReviewLine)
export class ReviewLineResolver {
  @FieldResolver(() => Player, { description: 'The player.' })
  player(@Root() line: ReviewLine, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, line.playerId, 'Player');
  }
}
