import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { DISTRIBUTION_BUCKET_SIZE } from '@ratings/contract';
import { RatingListStatus } from '../common/enums';

@Directive('@key(fields: "id")')
@ObjectType({
  description: "A pool's rating list for one period. Published lists never change; a correction is a new revision.",
})
export class RatingList {
  @Field(() => ID)
  id!: number;

  poolId!: number;
  correctsListId!: number | null;

  @Field({ description: "Rating period, 'YYYY-MM'." })
  period!: string;

  @Field()
  periodStart!: string;

  @Field()
  periodEnd!: string;

  @Field({ description: 'Date from which the list is in force.' })
  effectiveDate!: string;

  @Field({ description: 'Tournaments ending on or before this date were rated.' })
  cutOffDate!: string;

  @Field(() => RatingListStatus)
  status!: RatingListStatus;

  @Field(() => Int, { description: '0 for the original list, then 1, 2 … for each republication.' })
  revision!: number;

  @Field(() => String, { nullable: true, description: 'Why a republication was made.' })
  reason!: string | null;

  @Field()
  ratingSystemId!: string;

  @Field({ description: 'Version of the rules the list was computed with.' })
  ruleVersion!: string;

  @Field(() => Date, { nullable: true })
  publishedAt!: Date | null;
}

@ObjectType({ description: `Players per ${DISTRIBUTION_BUCKET_SIZE}-point bucket of a list.` })
export class DistributionBucket {
  @Field(() => Int)
  from!: number;

  @Field(() => Int)
  to!: number;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class RatingListStats {
  @Field(() => Int, { description: 'Players with a line on the list (listed or not).' })
  players!: number;

  @Field(() => Int, { description: 'Players shown in the rankings.' })
  listed!: number;

  @Field(() => Int)
  provisional!: number;

  @Field(() => Int, { description: 'Listed players who were not listed on the previous list.' })
  newPlayers!: number;

  @Field(() => Int, { nullable: true })
  averageRating!: number | null;

  @Field(() => Int, { nullable: true })
  medianRating!: number | null;

  @Field(() => Int, { nullable: true })
  highestRating!: number | null;

  @Field(() => Int, { nullable: true })
  lowestRating!: number | null;

  @Field(() => Int, { description: 'Games rated in the period.' })
  games!: number;

  @Field(() => Int, { description: 'Tournaments rated in the period.' })
  tournaments!: number;
}

@ObjectType({ description: 'A player whose line a republication changed: from what, to what.' })
export class RatingListDiffRow {
  playerId!: number;

  @Field(() => Int, { nullable: true })
  oldRating!: number | null;

  @Field(() => Int, { nullable: true })
  newRating!: number | null;

  @Field(() => Boolean, { nullable: true })
  oldProvisional!: boolean | null;

  @Field(() => Boolean, { nullable: true })
  newProvisional!: boolean | null;

  @Field(() => Int, { nullable: true })
  oldRank!: number | null;

  @Field(() => Int, { nullable: true })
  newRank!: number | null;
}

@ObjectType({ description: 'Where to download the list (streamed; relative to the API host).' })
export class RatingListExports {
  @Field()
  csv!: string;

  @Field()
  json!: string;

  @Field({ description: 'FIDE-style fixed-width TXT.' })
  txt!: string;

  @Field({ description: 'FIDE-style XML.' })
  xml!: string;
}

@ObjectType({ description: 'What a rating run computed: a DRAFT list to review, then publish.' })
export class RunReport {
  @Field(() => ID)
  listId!: number;

  @Field()
  pool!: string;

  @Field()
  period!: string;

  @Field({ description: 'First day of the games rated.' })
  periodStart!: string;

  @Field({ description: 'Last day of the games rated.' })
  periodEnd!: string;

  @Field()
  effectiveDate!: string;

  @Field(() => Int)
  tournaments!: number;

  @Field(() => Int)
  games!: number;

  @Field(() => Int)
  players!: number;

  @Field(() => Int)
  listed!: number;

  @Field(() => Int)
  changes!: number;

  @Field()
  replacedDraft!: boolean;
}
