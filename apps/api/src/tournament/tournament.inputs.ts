import { Field, ID, InputType, Int } from 'type-graphql';
import type {
  GameInput as CoreGameInput,
  ParticipantInput as CoreParticipantInput,
  TournamentDetails,
} from '@ratings/core';
import { GameResult, TournamentType } from '../common/enums';
import { DateScalar } from '../scalars';

/**
 * Core's details, field for field (a field core renames or retypes fails the build here), and the pool.
 * Creation and update share the schema's input, so every field is nullable there; core checks each one it is
 * given (the required ones on creation, `type` against its list) and names it in its BAD_USER_INPUT.
 */
@InputType({ description: 'A tournament’s details; on update, absent fields are kept.' })
export class TournamentInput implements TournamentDetails {
  @Field(() => String, { nullable: true, description: 'Pool code (on creation only).' })
  pool?: string;

  @Field(() => String, { description: 'Name.', nullable: true })
  name!: string;

  @Field(() => String, { description: 'City where it is played.', nullable: true })
  city?: string | null;

  @Field(() => String, { description: 'FIDE three-letter code of the host federation.', nullable: true })
  federation?: string | null;

  @Field(() => DateScalar, { description: 'First day.', nullable: true })
  startDate!: string;

  @Field(() => DateScalar, { description: 'Last day: the period it is rated in.', nullable: true })
  endDate!: string;

  @Field(() => Int, { description: 'Number of rounds.', nullable: true })
  rounds!: number;

  @Field(() => TournamentType, { nullable: true, description: 'How it is paired.' })
  type?: TournamentDetails['type'];

  @Field(() => String, { description: "Time control, e.g. '90+30'.", nullable: true })
  timeControl?: string | null;

  @Field(() => String, { description: 'Name of the chief arbiter.', nullable: true })
  chiefArbiter?: string | null;
}

/** Core's entry, with the player's GraphQL ID in place of its numeric id. */
@InputType({ description: 'A player joining a tournament’s starting list.' })
export class ParticipantInput implements Omit<CoreParticipantInput, 'playerId'> {
  @Field(() => ID, { description: 'The player’s id.' })
  player!: string;

  @Field(() => Int, { nullable: true, description: 'Default: after the last one.' })
  startRank?: number | null;

  @Field(() => Int, {
    description: 'The rating shown on the starting list (default: the list in force).',
    nullable: true,
  })
  ratingAtStart?: number | null;
}

/** Core's game, with the players' GraphQL IDs in place of their numeric ids. */
@InputType({ description: 'A pairing: a game, a forfeit or a bye (no black player).' })
export class GameInput implements Omit<CoreGameInput, 'white' | 'black'> {
  @Field(() => Int, { description: 'Round number, from 1.' })
  round!: number;

  @Field(() => Int, { description: 'Board number.', nullable: true })
  board?: number | null;

  @Field(() => ID, { description: 'White, or the player receiving a bye.' })
  white!: string;

  @Field(() => ID, { description: 'Black (absent for a bye).', nullable: true })
  black?: string | null;

  @Field(() => GameResult.type, { description: 'The result: over the board, by forfeit, or a bye (no black player).' })
  result!: string;

  @Field(() => DateScalar, {
    description: 'The day it was played (default: within the tournament’s dates).',
    nullable: true,
  })
  playedOn?: string | null;
}
