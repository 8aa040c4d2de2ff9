import { Field, Float, Int, ObjectType } from 'type-graphql';
import { answersAs, RatingSystemId } from '../common/enums';
import { GraphQLJSON } from 'graphql-scalars';

@ObjectType({ description: 'One player of a what-if: the tournament under the other system, and under his pool’s.' })
export class WhatIfRow {
  playerId!: number;

  @Field(() => Int, { nullable: true, description: 'His rating on the list the what-if starts from (null: unrated).' })
  ratingBefore!: number | null;

  @Field(() => Int, { nullable: true, description: 'After the tournament under the system asked for.' })
  ratingAfter!: number | null;

  @Field({ description: 'Whether that rating would be provisional.' })
  provisional!: boolean;

  @Field(() => Int, { nullable: true, description: 'ratingAfter − ratingBefore (null when either is unrated).' })
  change!: number | null;

  @Field(() => Float, { description: 'His score in the games rated for him.' })
  score!: number;

  @Field(() => Int, { description: 'Games rated for him.' })
  games!: number;

  @Field(() => Float, { nullable: true, description: 'Sum of expected scores (null where the system has none).' })
  expected!: number | null;

  @Field(() => Float, { nullable: true, description: 'K used (null for a system without K).' })
  k!: number | null;

  @Field(() => Int, { nullable: true, description: 'Performance rating, as the system computes it.' })
  performance!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'After the same tournament alone under the pool’s own system and parameters, for comparison.',
  })
  poolRatingAfter!: number | null;
}

@ObjectType({
  description:
    'How a tournament would rate under another system or other parameters, nothing saved: the tournament alone, from ' +
    'the list in force before the period that rates (or will rate) it.',
})
export class WhatIf {
  tournamentId!: number;
  listId!: number | null;

  @Field(() => RatingSystemId.type, { description: 'The rating system used.' })
  @answersAs(RatingSystemId)
  system!: string;

  @Field(() => GraphQLJSON, { description: 'The parameters used, the system’s defaults included.' })
  parameters!: unknown;

  @Field({ description: 'The period that rates the tournament (YYYY-MM).' })
  period!: string;

  @Field(() => [WhatIfRow], { description: 'Players with games rated for them, the largest gain first.' })
  rows!: WhatIfRow[];
}

@ObjectType({
  description: 'One player of a pool simulation: the simulated and the published rating of the last period.',
})
export class SimulatedPlayer {
  playerId!: number;

  @Field(() => Int, { nullable: true, description: 'On the simulated list of `to`.' })
  simulated!: number | null;

  @Field(() => Int, { nullable: true, description: 'On the published list of `to` (its latest revision).' })
  published!: number | null;

  @Field(() => Int, { nullable: true, description: 'simulated − published (null when either is unrated).' })
  difference!: number | null;

  @Field(() => Int, { description: 'Games of the range rated for him.' })
  games!: number;
}

@ObjectType({
  description:
    'A pool’s published periods rated again under another system or other parameters, nothing saved, compared with ' +
    'what was published.',
})
export class PoolSimulation {
  poolCode!: string;
  startListId!: number | null;
  allPlayers!: readonly SimulatedPlayer[];

  @Field(() => RatingSystemId.type, { description: 'The rating system used.' })
  @answersAs(RatingSystemId)
  system!: string;

  @Field(() => GraphQLJSON, { description: 'The parameters used, the system’s defaults included.' })
  parameters!: unknown;

  @Field({ description: 'First period rated (YYYY-MM).' })
  from!: string;

  @Field({ description: 'Last period rated (YYYY-MM), whose published list is compared.' })
  to!: string;

  @Field(() => Int, { description: 'Published periods found in the range.' })
  periods!: number;

  @Field(() => Int, { description: 'Tournaments those lists rated.' })
  tournaments!: number;

  @Field(() => Int, { description: 'Played games rated.' })
  games!: number;

  @Field(() => Int, { description: 'Players with games in the range.' })
  playerCount!: number;

  @Field(() => Int, { description: 'Players rated both in the simulation and on the published list.' })
  compared!: number;

  @Field(() => Float, { nullable: true, description: 'Mean of |simulated − published| over the players compared.' })
  meanAbsoluteDifference!: number | null;

  @Field(() => [SimulatedPlayer], { description: 'The players whose ratings differ most (at most 10).' })
  topMovers!: SimulatedPlayer[];
}
