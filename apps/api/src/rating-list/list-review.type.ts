import { Field, Float, Int, ObjectType } from 'type-graphql';
import { DISTRIBUTION_BUCKET_SIZE } from '@ratings/contract';
import type { ListUnderReview } from '@ratings/core';
import { RatingChange } from '../player/player.type';

@ObjectType({
  description:
    'Staff only (ADMIN, RATING_OFFICER): a list (a draft before publication, or a published one) against the list ' +
    'in force before it. Never cached: a draft changes with each re-run.',
})
export class RatingListReview {
  review!: ListUnderReview;
}

@ObjectType({ description: 'The counts of a list under review, against the list in force before it.' })
export class RatingListReviewCounts {
  @Field(() => Int, { description: 'Players with a line on the list (listed or not).' })
  players!: number;

  @Field(() => Int, { description: 'Players shown in the rankings (with a rank).' })
  listed!: number;

  @Field(() => Int, { description: 'Listed players whose rating is provisional.' })
  provisional!: number;

  @Field(() => Int, { description: 'Players the run rated at least one tournament for.' })
  rated!: number;

  @Field(() => Int, { description: 'Listed now, not listed on the previous list.' })
  newPlayers!: number;

  @Field(() => Int, { description: 'Listed on the previous list, not listed now.' })
  droppedPlayers!: number;

  @Field(() => Int, { description: 'Listed on both lists, rated higher now.' })
  gained!: number;

  @Field(() => Int, { description: 'Listed on both lists, rated lower now.' })
  lost!: number;

  @Field(() => Int, { description: 'Listed on both lists, with the same rating.' })
  unchanged!: number;

  @Field(() => Int, { description: 'Tournaments the run rated.' })
  tournaments!: number;

  @Field(() => Int, { description: 'Games the run rated.' })
  games!: number;
}

@ObjectType({ description: `Listed players of both lists in one ${DISTRIBUTION_BUCKET_SIZE}-point band.` })
export class ReviewDistributionBucket {
  @Field(() => Int, { description: 'Lowest rating of the band.' })
  from!: number;

  @Field(() => Int, { description: 'Highest rating of the band.' })
  to!: number;

  @Field(() => Int, { description: 'Listed players of the list under review in the band.' })
  count!: number;

  @Field(() => Int, { description: 'Listed players of the previous list in the band.' })
  previousCount!: number;
}

@ObjectType({ description: "A player's line on the list under review beside his line on the previous list." })
export class ReviewLine {
  playerId!: number;

  @Field(() => Int, { nullable: true, description: 'Rating on the previous list (null: no rating there).' })
  ratingBefore!: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Provisional on the previous list (null: no line there).' })
  provisionalBefore!: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Rated games in all on the previous list (null: no line there).' })
  gamesBefore!: number | null;

  @Field(() => Int, { nullable: true, description: 'Rank on the previous list (null: not listed there).' })
  rankBefore!: number | null;

  @Field(() => Int, { nullable: true, description: 'Rating on this list (null: no rating here).' })
  ratingAfter!: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Provisional on this list (null: no line here).' })
  provisionalAfter!: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Rated games in all on this list (null: no line here).' })
  gamesAfter!: number | null;

  @Field(() => Int, { nullable: true, description: "Games rated in this list's period (null: no line here)." })
  gamesInPeriod!: number | null;

  @Field(() => Float, { nullable: true, description: 'K the list records for the player (null: none).' })
  k!: number | null;

  @Field(() => Int, { nullable: true, description: 'Rank on this list (null: not listed here).' })
  rankAfter!: number | null;

  @Field(() => Int, { nullable: true, description: 'Rating after minus rating before (null when either is missing).' })
  change!: number | null;
}

@ObjectType({
  description:
    "Why a player's rating on the list is what it is: his lines on both lists and every tournament the run rated " +
    'for him, each with its games (opponent, opponent rating used, score, expected), K and bonus.',
})
export class PlayerExplanation {
  @Field(() => ReviewLine, { description: 'His lines on the list and on the previous one.' })
  line!: ReviewLine;

  @Field(() => [RatingChange], { description: 'The tournaments rated for him in this list, in the order rated.' })
  tournaments!: RatingChange[];
}
