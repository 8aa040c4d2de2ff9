import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLJSON } from 'graphql-scalars';
import { Color, TournamentStatus } from '../common/enums';

@Directive('@key(fields: "id")')
@ObjectType({ description: 'A tournament of a pool, rated once its list is published.' })
export class Tournament {
  @Field(() => ID)
  id!: number;

  poolId!: number;
  ratedInListId!: number | null;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  city!: string | null;

  @Field(() => String, { nullable: true })
  federation!: string | null;

  @Field()
  startDate!: string;

  @Field()
  endDate!: string;

  @Field(() => Int)
  rounds!: number;

  @Field({ description: 'SWISS, ROUND_ROBIN, …' })
  type!: string;

  @Field(() => TournamentStatus)
  status!: TournamentStatus;

  @Field(() => String, { nullable: true })
  timeControl!: string | null;

  @Field(() => String, { nullable: true })
  chiefArbiter!: string | null;
}

@ObjectType({ description: 'One round of a player in the crosstable.' })
export class CrosstableCell {
  opponentId!: number | null;

  @Field(() => Int)
  round!: number;

  @Field(() => Int, { nullable: true, description: "The opponent's start rank (null for a bye)." })
  opponentStartRank!: number | null;

  @Field(() => Color, { nullable: true })
  color!: `${Color}` | null;

  @Field({
    description:
      "'1-0', '0-1', '1/2-1/2', forfeits '+/-', '-/+', '-/-', byes BYE_FULL, BYE_HALF, BYE_ZERO, BYE_PAB (pairing-allocated).",
  })
  result!: string;

  @Field(() => Float, { description: 'Points this round gave the player.' })
  points!: number;

  @Field({ description: 'Played over the board (only these are rated).' })
  played!: boolean;
}

@ObjectType({ description: 'A player’s line in the standings and the crosstable.' })
export class Standing {
  playerId!: number;
  tournamentId!: number;

  @Field(() => Int, { description: 'Place in the standings (ties share it).' })
  position!: number;

  @Field(() => Int)
  startRank!: number;

  @Field(() => Int, { nullable: true })
  ratingAtStart!: number | null;

  @Field(() => Float)
  points!: number;

  @Field(() => Int)
  gamesPlayed!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Performance rating over the played games against rated opponents.',
  })
  performance!: number | null;

  @Field(() => [CrosstableCell])
  results!: CrosstableCell[];
}

@ObjectType({ description: 'What a TRF import did: players matched or created, games written, lines skipped.' })
export class ImportReport {
  @Field(() => ID)
  tournamentId!: number;

  @Field({ description: 'IMPORTED, or ALREADY_IMPORTED when the same file was imported before (nothing changed).' })
  status!: string;

  @Field(() => GraphQLJSON, {
    description: '{ matched: [{ startRank, playerId, by }], created: [{ startRank, playerId }] }',
  })
  players!: unknown;

  @Field(() => GraphQLJSON, { description: '{ played, unplayed, forfeits, byes }' })
  games!: unknown;

  @Field(() => GraphQLJSON, { description: '[{ line, reason }]' })
  skipped!: unknown;

  @Field(() => GraphQLJSON)
  warnings!: unknown;
}
