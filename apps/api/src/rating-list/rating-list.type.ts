import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { DateScalar } from '../scalars';
import { DISTRIBUTION_BUCKET_SIZE } from '@ratings/contract';
import { answersAs, RatingListStatus, RatingSystemId } from '../common/enums';
import { Node } from '../node/node.type';

@Directive('@key(fields: "id")')
@ObjectType({
  implements: Node,
  description: "A pool's rating list for one period. Published lists never change; a correction is a new revision.",
})
export class RatingList {
  @Field(() => ID, { description: 'The list’s id.' })
  id!: number;

  poolId!: number;
  correctsListId!: number | null;

  @Field({ description: "Rating period, 'YYYY-MM'." })
  period!: string;

  @Field(() => DateScalar, { description: 'First day of the games the list rates (YYYY-MM-DD).' })
  periodStart!: string;

  @Field(() => DateScalar, { description: 'Last day of the games the list rates (YYYY-MM-DD).' })
  periodEnd!: string;

  @Field(() => DateScalar, { description: 'Date from which the list is in force.' })
  effectiveDate!: string;

  @Field(() => DateScalar, { description: 'Tournaments ending on or before this date were rated.' })
  cutOffDate!: string;

  @Field(() => RatingListStatus, { description: 'DRAFT while under review, PUBLISHED once published.' })
  status!: RatingListStatus;

  @Field(() => Int, { description: '0 for the original list, then 1, 2 … for each republication.' })
  revision!: number;

  @Field(() => String, { nullable: true, description: 'Why a republication was made.' })
  reason!: string | null;

  @Field(() => RatingSystemId.type, { description: 'The rating system that computed it (see `ratingSystems`).' })
  @answersAs(RatingSystemId)
  ratingSystemId!: string;

  @Field({ description: 'Version of the rules the list was computed with.' })
  ruleVersion!: string;

  @Field(() => Date, { description: 'When it was published (null for a draft).', nullable: true })
  publishedAt!: Date | null;
}

@ObjectType({ description: `Players per ${DISTRIBUTION_BUCKET_SIZE}-point bucket of a list.` })
export class DistributionBucket {
  @Field(() => Int, { description: 'Lowest rating of the bucket (inclusive).' })
  from!: number;

  @Field(() => Int, { description: 'Highest rating of the bucket (inclusive).' })
  to!: number;

  @Field(() => Int, { description: 'Listed players in it.' })
  count!: number;
}

@ObjectType({ description: 'Counts and rating figures of a list.' })
export class RatingListStats {
  @Field(() => Int, { description: 'Players with a line on the list (listed or not).' })
  players!: number;

  @Field(() => Int, { description: 'Players shown in the rankings.' })
  listed!: number;

  @Field(() => Int, { description: 'Listed players with a provisional rating.' })
  provisional!: number;

  @Field(() => Int, { description: 'Listed players who were not listed on the previous list.' })
  newPlayers!: number;

  @Field(() => Int, { description: 'Mean rating of the listed players (null: none).', nullable: true })
  averageRating!: number | null;

  @Field(() => Int, { description: 'Median rating of the listed players (null: none).', nullable: true })
  medianRating!: number | null;

  @Field(() => Int, { description: 'Highest rating listed (null: none).', nullable: true })
  highestRating!: number | null;

  @Field(() => Int, { description: 'Lowest rating listed (null: none).', nullable: true })
  lowestRating!: number | null;

  @Field(() => Int, { description: 'Games rated in the period.' })
  gameCount!: number;

  @Field(() => Int, { description: 'Tournaments rated in the period.' })
  tournamentCount!: number;

  @Field(() => Int, {
    description: 'Games rated in the period.',
    deprecationReason: 'Use gameCount: a count of games is gameCount (or gamesTotal), `games` a list of games.',
  })
  games!: number;

  @Field(() => Int, {
    description: 'Tournaments rated in the period.',
    deprecationReason: 'Use tournamentCount: a count is …Count, `tournaments` a list.',
  })
  tournaments!: number;
}

@ObjectType({ description: 'A player whose line a republication changed: from what, to what.' })
export class RatingListDiffRow {
  playerId!: number;

  @Field(() => Int, { description: 'Rating on the corrected revision.', nullable: true })
  oldRating!: number | null;

  @Field(() => Int, { description: 'Rating on this revision.', nullable: true })
  newRating!: number | null;

  @Field(() => Boolean, { description: 'Provisional on the corrected revision.', nullable: true })
  oldProvisional!: boolean | null;

  @Field(() => Boolean, { description: 'Provisional on this revision.', nullable: true })
  newProvisional!: boolean | null;

  @Field(() => Int, { description: 'Rank on the corrected revision.', nullable: true })
  oldRank!: number | null;

  @Field(() => Int, { description: 'Rank on this revision.', nullable: true })
  newRank!: number | null;
}

@ObjectType({
  description:
    'Where to download the list (streamed): absolute URLs, from PUBLIC_API_URL or the host the request came to.',
})
export class RatingListExports {
  @Field({ description: 'CSV (UTF-8 with a byte order mark).' })
  csv!: string;

  @Field({ description: 'JSON: the list and its entries.' })
  json!: string;

  @Field({ description: 'FIDE-style fixed-width TXT.' })
  txt!: string;

  @Field({ description: 'FIDE-style XML.' })
  xml!: string;
}

@ObjectType({ description: 'What a rating run computed: a DRAFT list to review, then publish.' })
export class RunReport {
  @Field(() => ID, { description: 'The DRAFT list the run wrote.' })
  listId!: number;

  @Field({ description: 'Pool code.' })
  pool!: string;

  @Field({ description: "The period rated, 'YYYY-MM'." })
  period!: string;

  @Field(() => DateScalar, { description: 'First day of the games rated.' })
  periodStart!: string;

  @Field(() => DateScalar, { description: 'Last day of the games rated.' })
  periodEnd!: string;

  @Field(() => DateScalar, { description: 'The date the list takes effect once published.' })
  effectiveDate!: string;

  @Field(() => Int, { description: 'Tournaments rated.' })
  tournamentCount!: number;

  @Field(() => Int, { description: 'Games rated.' })
  gameCount!: number;

  @Field(() => Int, {
    description: 'Tournaments rated.',
    deprecationReason: 'Use tournamentCount: a count is …Count, `tournaments` a list.',
  })
  tournaments!: number;

  @Field(() => Int, {
    description: 'Games rated.',
    deprecationReason: 'Use gameCount: a count of games is gameCount (or gamesTotal), `games` a list of games.',
  })
  games!: number;

  @Field(() => Int, { description: 'Players with a line on the list.' })
  players!: number;

  @Field(() => Int, { description: 'Players shown in the rankings.' })
  listed!: number;

  @Field(() => Int, { description: 'Rating changes written (player × tournament).' })
  changes!: number;

  @Field({ description: 'True when it replaced an earlier draft of the period.' })
  replacedDraft!: boolean;
}
