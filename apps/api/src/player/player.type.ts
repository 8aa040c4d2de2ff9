import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { DateScalar } from '../scalars';
import { Category } from '../common/category.type';
import { Color, PlayerStatus, Sex } from '../common/enums';
import { Node } from '../node/node.type';

@Directive('@key(fields: "id")')
@ObjectType({
  implements: Node,
  description: 'A player, once: duplicates are merged and the old id stays as an alias that resolves here.',
})
export class Player {
  @Field(() => ID, { description: 'The player’s id.' })
  id!: number;

  @Field(() => String, { nullable: true, description: "The federation's own member number." })
  nationalId!: string | null;

  @Field(() => String, { description: 'FIDE id, when the player has one.', nullable: true })
  fideId!: string | null;

  @Field({ description: 'Accents kept as written.' })
  surname!: string;

  @Field(() => String, { description: 'Given name, accents kept as written.', nullable: true })
  givenName!: string | null;

  @Field(() => Sex, { description: 'M or F, when known.', nullable: true })
  sex!: Sex | null;

  @Field(() => Int, { nullable: true, description: 'Year of birth (the full date is not public).' })
  birthYear!: number | null;

  @Field(() => String, { nullable: true, description: 'FIDE three-letter federation code.' })
  federation!: string | null;

  @Field(() => String, { description: 'Club, as registered.', nullable: true })
  club!: string | null;

  @Field(() => [String], { description: "FIDE titles: 'GM', 'IM', 'WGM' …" })
  titles!: string[];

  @Field(() => PlayerStatus, { description: 'Whether the player is active.' })
  status!: PlayerStatus;
}

@ObjectType({ description: "A player's line on the list in force in one pool." })
export class PlayerRating {
  poolId!: number;
  listId!: number;
  categoryCode!: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Null when the player is not listed (unrated, or under a listing threshold).',
  })
  rating!: number | null;

  @Field({ description: 'True while the rating is provisional.' })
  provisional!: boolean;

  @Field(() => String, { nullable: true, description: "The rating as lists show it: '~1543' while provisional." })
  display!: string | null;

  @Field(() => Int, { description: 'Rank on the list (null when not listed).', nullable: true })
  rank!: number | null;

  @Field(() => Int, { description: 'Rated games completed in this pool.' })
  gamesTotal!: number;

  @Field(() => Int, {
    description: 'Rated games completed in this pool.',
    deprecationReason: 'Use gamesTotal: a count of games is gamesTotal (or gameCount), `games` a list of games.',
  })
  games!: number;

  @Field({ description: 'True when the player appears in the rankings.' })
  listed!: boolean;

  @Field(() => Float, { nullable: true, description: 'Glicko-2 rating deviation, for pools rated with glicko2.' })
  rd!: number | null;

  @Field(() => Category, { description: 'The rating class (null when not listed).', nullable: true })
  category?: Category | null;
}

@ObjectType({ description: "A player's line on one published list." })
export class HistoryPoint {
  listId!: number;
  categoryCode!: string | null;
  poolId!: number;

  @Field({ description: "The list's period, 'YYYY-MM'." })
  period!: string;

  @Field(() => DateScalar, { description: "The list's effective date." })
  date!: string;

  @Field(() => Int, { description: 'The rating on that list (null: unrated).', nullable: true })
  rating!: number | null;

  @Field({ description: 'True while the rating was provisional.' })
  provisional!: boolean;

  @Field(() => String, { description: "The rating as lists show it: '~1543' while provisional.", nullable: true })
  display!: string | null;

  @Field(() => Int, { description: 'Rank on that list (null when not listed).', nullable: true })
  rank!: number | null;

  @Field(() => Int, { description: 'Rated games in that list’s period.' })
  gamesInPeriod!: number;

  @Field(() => Int, { description: 'Rated games in the pool up to that list.' })
  gamesTotal!: number;

  @Field(() => Int, {
    nullable: true,
    description: 'Change since the previous point (null for the first, or when unrated).',
  })
  change!: number | null;
}

@ObjectType({ description: 'One game of a rating change, seen from the rated player.' })
export class RatingChangeGame {
  opponentId!: number;

  @Field(() => Int, { description: 'Round number, from 1.' })
  round!: number;

  @Field(() => Int, { description: 'Board number, when known.', nullable: true })
  board!: number | null;

  @Field(() => Color, { description: 'The rated player’s colour.' })
  color!: `${Color}`;

  @Field(() => Float, { nullable: true, description: 'The opponent rating this game was rated with (null: unrated).' })
  opponentRating!: number | null;

  @Field(() => Float, { description: 'The rated player’s score: 1, 0.5 or 0.' })
  score!: number;

  @Field(() => Float, { description: 'The expected score against this opponent.', nullable: true })
  expected!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: "This game's part of the change (null where the system rates the event as a whole).",
  })
  change!: number | null;
}

@ObjectType({ description: 'What one rated tournament did to one player’s rating (FIDE’s calculation page).' })
export class RatingChange {
  @Field(() => ID, { description: 'The change’s id.' })
  id!: number;

  listId!: number;
  tournamentId!: number;
  playerId!: number;

  @Field(() => Int, { description: 'The rating the tournament was rated from (null: unrated).', nullable: true })
  ratingBefore!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Null where the system rates per period (the list holds the new rating).',
  })
  ratingAfter!: number | null;

  @Field(() => Float, { nullable: true, description: 'Sum of expected scores.' })
  expected!: number | null;

  @Field(() => Float, { description: 'Points scored in the rated games.' })
  score!: number;

  @Field(() => Int, { description: 'Rated games in the tournament.' })
  gameCount!: number;

  @Field(() => Float, { description: 'Development coefficient K (null where the system has none).', nullable: true })
  k!: number | null;

  @Field(() => Float, { description: 'Bonus points (Quebec cote), 0 elsewhere.' })
  bonus!: number;

  @Field(() => Int, { description: 'Performance rating in the tournament.', nullable: true })
  performance!: number | null;

  @Field(() => Float, { nullable: true, description: 'The change the games made, before any per-period rounding.' })
  change!: number | null;

  @Field(() => DateScalar, { description: 'Effective date of the list that published the change.' })
  date!: string;
}

@ObjectType({ description: "A player's history in one pool: every published list and every rated tournament." })
export class PlayerHistory {
  poolId!: number;

  @Field(() => [HistoryPoint], { description: 'The player’s line on every published list, oldest first.' })
  points!: HistoryPoint[];

  @Field(() => [RatingChange], { description: 'The rated tournaments, oldest first.' })
  tournaments!: RatingChange[];
}
