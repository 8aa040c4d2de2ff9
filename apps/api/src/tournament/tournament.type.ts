import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { DateScalar } from '../scalars';
import { GraphQLJSON } from 'graphql-scalars';
import {
  answersAs,
  Color,
  GameResult,
  ImportStatus,
  TournamentCheckCode,
  TournamentStatus,
  TournamentType,
} from '../common/enums';
import { Node } from '../node/node.type';

@Directive('@key(fields: "id")')
@ObjectType({ implements: Node, description: 'A tournament of a pool, rated once its list is published.' })
export class Tournament {
  @Field(() => ID, { description: 'The tournament’s id.' })
  id!: number;

  poolId!: number;
  ratedInListId!: number | null;
  createdByStaffId!: number | null;

  @Field({ description: 'Name, as the organiser gave it.' })
  name!: string;

  @Field(() => String, { description: 'City where it was played.', nullable: true })
  city!: string | null;

  @Field(() => String, { description: 'FIDE three-letter code of the host federation.', nullable: true })
  federation!: string | null;

  @Field(() => DateScalar, { description: 'First day (YYYY-MM-DD).' })
  startDate!: string;

  @Field(() => DateScalar, { description: 'Last day (YYYY-MM-DD): the period it is rated in.' })
  endDate!: string;

  @Field(() => Int, { description: 'Number of rounds.' })
  rounds!: number;

  @Field(() => TournamentType, { description: 'How it is paired.' })
  type!: TournamentType;

  @Field(() => TournamentStatus, { description: 'Where it is in the review.' })
  status!: TournamentStatus;

  @Field(() => String, { description: "Time control as written in the report, e.g. '90+30'.", nullable: true })
  timeControl!: string | null;

  @Field(() => String, { description: 'Name of the chief arbiter.', nullable: true })
  chiefArbiter!: string | null;
}

@ObjectType({ description: 'One step of a tournament’s review: from which status to which, by whom, when and why.' })
export class TournamentStatusEvent {
  @Field(() => TournamentStatus, { description: 'The status before.' })
  from!: TournamentStatus;

  @Field(() => TournamentStatus, { description: 'The status after.' })
  to!: TournamentStatus;

  @Field(() => String, { nullable: true, description: 'The staff member’s name, or the process (cli, demo seed).' })
  by!: string | null;

  @Field(() => ID, { nullable: true, description: 'The staff member who made the change (null for a process).' })
  staffUserId!: number | null;

  @Field(() => Date, { description: 'When.' })
  at!: Date;

  @Field(() => String, { nullable: true, description: 'Why it was returned to its arbiter.' })
  reason!: string | null;
}

@ObjectType({
  description:
    "The values a check's reason names, for a client to word it in its own language (each code fills some of them).",
})
export class TournamentCheckParameters {
  @Field(() => String, { nullable: true, description: 'The player concerned, as "Surname, Given name (id)".' })
  player!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The other player (the likely duplicate, the opponent met again), as "Surname, Given name (id)".',
  })
  otherPlayer!: string | null;

  @Field(() => Int, { nullable: true, description: 'LIKELY_DUPLICATE: the birth year both share.' })
  birthYear!: number | null;

  @Field(() => Int, { nullable: true, description: 'The round of the game concerned.' })
  round!: number | null;

  @Field(() => GameResult.type, { nullable: true, description: 'UNPLAYED_COUNTED: the result counted as played.' })
  @answersAs(GameResult)
  result!: string | null;

  @Field(() => String, { nullable: true, description: 'GAME_OUTSIDE_DATES: the date of the game.' })
  playedOn!: string | null;

  @Field(() => String, { nullable: true, description: 'GAME_OUTSIDE_DATES: the tournament’s first day.' })
  startDate!: string | null;

  @Field(() => String, { nullable: true, description: 'GAME_OUTSIDE_DATES: the tournament’s last day.' })
  endDate!: string | null;

  @Field(() => Int, { nullable: true, description: 'REPEATED_PAIRING: how many times the pair has met by this game.' })
  meeting!: number | null;

  @Field(() => TournamentType, { nullable: true, description: 'REPEATED_PAIRING: the tournament type.' })
  tournamentType!: TournamentType | null;

  @Field(() => Int, { nullable: true, description: 'PERFORMANCE_OUTLIER: the performance.' })
  performance!: number | null;

  @Field(() => Int, { nullable: true, description: 'PERFORMANCE_OUTLIER: the rated games it is over.' })
  games!: number | null;

  @Field(() => Int, { nullable: true, description: 'PERFORMANCE_OUTLIER: the rating at the start.' })
  rating!: number | null;

  @Field(() => Int, { nullable: true, description: 'PERFORMANCE_OUTLIER: performance minus rating.' })
  difference!: number | null;

  @Field(() => Int, { nullable: true, description: 'PERFORMANCE_OUTLIER: the threshold the difference passed.' })
  margin!: number | null;
}

@ObjectType({ description: 'A finding of the automatic checks: what to look at before accepting a tournament.' })
export class TournamentCheck {
  playerId!: number | null;
  otherPlayerId!: number | null;

  @Field(() => TournamentCheckCode, { description: 'What was found.' })
  code!: TournamentCheckCode;

  @Field({ description: 'Why, in English, naming the player, the game and the thresholds.' })
  message!: string;

  @Field(() => TournamentCheckParameters, { description: 'The values the message names, one field each.' })
  params!: Partial<TournamentCheckParameters>;

  @Field(() => ID, {
    nullable: true,
    description: 'The game concerned (REPEATED_PAIRING, GAME_OUTSIDE_DATES, UNPLAYED_COUNTED).',
  })
  gameId!: number | null;
}

@ObjectType({ description: 'One pairing of a tournament as recorded: a game, a forfeit or a bye.' })
export class Game {
  whitePlayerId!: number;
  blackPlayerId!: number | null;

  @Field(() => ID, { description: 'The id a correction names (`correctGameResult(game:)`).' })
  id!: number;

  @Field(() => Int, { description: 'The round, from 1.' })
  round!: number;

  @Field(() => Int, { nullable: true, description: 'The board, when the pairing has one.' })
  board!: number | null;

  @Field(() => GameResult.type, { description: 'The result: over the board, by forfeit, or a bye.' })
  @answersAs(GameResult)
  result!: string;

  @Field({ description: 'Played over the board (only these are rated).' })
  played!: boolean;

  @Field(() => String, { nullable: true, description: 'The day it was played, when recorded.' })
  playedOn!: string | null;
}

@ObjectType({ description: 'One round of a player in the crosstable.' })
export class CrosstableCell {
  opponentId!: number | null;

  @Field(() => Int, { description: 'Round number, from 1.' })
  round!: number;

  @Field(() => Int, { nullable: true, description: "The opponent's start rank (null for a bye)." })
  opponentStartRank!: number | null;

  @Field(() => Color, { description: 'The player’s colour (null for a bye).', nullable: true })
  color!: `${Color}` | null;

  @Field(() => GameResult.type, { description: 'The game’s result, from White’s side as recorded.' })
  @answersAs(GameResult)
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

  @Field(() => Int, { description: 'Rank in the starting list.' })
  startRank!: number;

  @Field(() => Int, { description: 'The rating the player started with (null: unrated).', nullable: true })
  ratingAtStart!: number | null;

  @Field(() => Float, { description: 'Points scored, byes and forfeits included.' })
  points!: number;

  @Field(() => Int, { description: 'Games played over the board.' })
  gamesPlayed!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Performance rating over the played games against rated opponents.',
  })
  performance!: number | null;

  @Field(() => [CrosstableCell], { description: 'Each round’s result, in round order.' })
  results!: CrosstableCell[];
}

@ObjectType({
  description:
    'The starting ratings a TRF import took from its file: the players the pool had never rated, given the rating ' +
    'their player record writes, in the pool’s starting list (revision 0, or a revision of it that adds them).',
})
export class RatingsFromFileReport {
  @Field(() => ID, { nullable: true, description: 'The published starting list; null when nothing was written.' })
  listId!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Period of that starting list, `YYYY-MM`; null when nothing was written.',
  })
  period!: string | null;

  @Field(() => Int, { nullable: true, description: 'Revision of that starting list; null when nothing was written.' })
  revision!: number | null;

  @Field(() => Int, { description: 'Players given their file’s rating.' })
  players!: number;

  @Field(() => String, { nullable: true, description: 'Why nothing was written, when nothing was.' })
  reason!: string | null;
}

@ObjectType({ description: 'What a TRF import did: players matched or created, games written, lines skipped.' })
export class ImportReport {
  @Field(() => ID, { description: 'The DRAFT tournament the file became.' })
  tournamentId!: number;

  @Field(() => ImportStatus, { description: 'Whether the file was imported, or had been before.' })
  status!: ImportStatus;

  @Field(() => GraphQLJSON, {
    description: '{ matched: [{ startRank, playerId, by }], created: [{ startRank, playerId }] }',
  })
  players!: unknown;

  @Field(() => GraphQLJSON, { description: '{ played, unplayed, forfeits, byes }' })
  games!: unknown;

  @Field(() => GraphQLJSON, { description: '[{ line, reason }]' })
  skipped!: unknown;

  @Field(() => GraphQLJSON, { description: '[{ line, message }]: what was read but looks wrong.' })
  warnings!: unknown;

  @Field(() => RatingsFromFileReport, {
    nullable: true,
    description: 'What the file’s ratings started (`ratingsFromFile`); null when the import did not use them.',
  })
  ratingsFromFile!: RatingsFromFileReport | null;
}
