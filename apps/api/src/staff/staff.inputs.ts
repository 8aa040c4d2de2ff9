import { Field, ID, InputType, Int } from 'type-graphql';
import { Sex } from '../common/enums';
import { DateScalar } from '../scalars';

@InputType({ description: 'A player’s details; on update, absent fields are kept and null clears.' })
export class PlayerInput {
  @Field(() => String, { nullable: true })
  surname?: string;

  @Field(() => String, { nullable: true })
  givenName?: string | null;

  @Field(() => Sex, { nullable: true })
  sex?: Sex | null;

  @Field(() => DateScalar, { nullable: true })
  birthDate?: string | null;

  @Field(() => Int, { nullable: true, description: 'When only the year is known.' })
  birthYear?: number | null;

  @Field(() => String, { nullable: true })
  federation?: string | null;

  @Field(() => String, { nullable: true })
  fideId?: string | null;

  @Field(() => String, { nullable: true })
  nationalId?: string | null;

  @Field(() => String, { nullable: true })
  club?: string | null;

  @Field(() => [String], { nullable: true })
  titles?: string[];

  @Field(() => String, { nullable: true, description: 'ACTIVE or INACTIVE.' })
  status?: 'ACTIVE' | 'INACTIVE';
}

@InputType()
export class TournamentInput {
  @Field(() => String, { nullable: true, description: 'Pool code (on creation only).' })
  pool?: string;

  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true })
  federation?: string | null;

  @Field(() => DateScalar, { nullable: true })
  startDate?: string;

  @Field(() => DateScalar, { nullable: true })
  endDate?: string;

  @Field(() => Int, { nullable: true })
  rounds?: number;

  @Field(() => String, {
    nullable: true,
    description: 'SWISS, ROUND_ROBIN, DOUBLE_ROUND_ROBIN, KNOCKOUT, MATCH, TEAM, OTHER.',
  })
  type?: string;

  @Field(() => String, { nullable: true })
  timeControl?: string | null;

  @Field(() => String, { nullable: true })
  chiefArbiter?: string | null;
}

@InputType()
export class ParticipantInput {
  @Field(() => ID)
  player!: string;

  @Field(() => Int, { nullable: true, description: 'Default: after the last one.' })
  startRank?: number | null;

  @Field(() => Int, { nullable: true })
  ratingAtStart?: number | null;
}

@InputType({ description: 'A pairing: a game, a forfeit or a bye (no black player).' })
export class GameInput {
  @Field(() => Int)
  round!: number;

  @Field(() => Int, { nullable: true })
  board?: number | null;

  @Field(() => ID, { description: 'White, or the player receiving a bye.' })
  white!: string;

  @Field(() => ID, { nullable: true })
  black?: string | null;

  @Field({
    description:
      "'1-0', '0-1', '1/2-1/2' (or '½-½'), forfeits '+/-', '-/+', '-/-', byes BYE_FULL, BYE_HALF, BYE_ZERO, BYE_PAB.",
  })
  result!: string;

  @Field(() => DateScalar, { nullable: true })
  playedOn?: string | null;
}
