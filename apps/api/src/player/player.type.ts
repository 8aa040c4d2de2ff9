import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Category } from '../common/category.type';
import { Color, Sex } from '../common/enums';

@Directive('@key(fields: "id")')
@ObjectType({
  description: 'A player, once: duplicates are merged and the old id stays as an alias that resolves here.',
})
export class Player {
  @Field(() => ID)
  id!: number;

  @Field(() => String, { nullable: true, description: "The federation's own member number." })
  nationalId!: string | null;

  @Field(() => String, { nullable: true })
  fideId!: string | null;

  @Field({ description: 'Accents kept as written.' })
  surname!: string;

  @Field(() => String, { nullable: true })
  givenName!: string | null;

  @Field(() => Sex, { nullable: true })
  sex!: Sex | null;

  @Field(() => Int, { nullable: true, description: 'Year of birth (the full date is not public).' })
  birthYear!: number | null;

  @Field(() => String, { nullable: true, description: 'FIDE three-letter federation code.' })
  federation!: string | null;

  @Field(() => String, { nullable: true })
  club!: string | null;

  @Field(() => [String], { description: "FIDE titles: 'GM', 'IM', 'WGM' …" })
  titles!: string[];

  @Field({ description: 'ACTIVE or INACTIVE.' })
  status!: string;
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

  @Field()
  provisional!: boolean;

  @Field(() => String, { nullable: true, description: "The rating as lists show it: '~1543' while provisional." })
  display!: string | null;

  @Field(() => Int, { nullable: true })
  rank!: number | null;

  @Field(() => Int, { description: 'Rated games completed in this pool.' })
  games!: number;

  @Field()
  listed!: boolean;

  @Field(() => Float, { nullable: true, description: 'Glicko-2 rating deviation, for pools rated with glicko2.' })
  rd!: number | null;

  @Field(() => Category, { nullable: true })
  category?: Category | null;
}

@ObjectType({ description: "A player's line on one published list." })
export class HistoryPoint {
  listId!: number;
  categoryCode!: string | null;
  poolId!: number;

  @Field()
  period!: string;

  @Field({ description: "The list's effective date." })
  date!: string;

  @Field(() => Int, { nullable: true })
  rating!: number | null;

  @Field()
  provisional!: boolean;

  @Field(() => String, { nullable: true })
  display!: string | null;

  @Field(() => Int, { nullable: true })
  rank!: number | null;

  @Field(() => Int)
  gamesInPeriod!: number;

  @Field(() => Int)
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

  @Field(() => Int)
  round!: number;

  @Field(() => Int, { nullable: true })
  board!: number | null;

  @Field(() => Color)
  color!: `${Color}`;

  @Field(() => Float, { nullable: true, description: 'The opponent rating this game was rated with (null: unrated).' })
  opponentRating!: number | null;

  @Field(() => Float)
  score!: number;

  @Field(() => Float, { nullable: true })
  expected!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: "This game's part of the change (null where the system rates the event as a whole).",
  })
  change!: number | null;
}

@ObjectType({ description: 'What one rated tournament did to one player’s rating (FIDE’s calculation page).' })
export class RatingChange {
  @Field(() => ID)
  id!: number;

  listId!: number;
  tournamentId!: number;
  playerId!: number;

  @Field(() => Int, { nullable: true })
  ratingBefore!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Null where the system rates per period (the list holds the new rating).',
  })
  ratingAfter!: number | null;

  @Field(() => Float, { nullable: true, description: 'Sum of expected scores.' })
  expected!: number | null;

  @Field(() => Float)
  score!: number;

  @Field(() => Int, { description: 'Rated games in the tournament.' })
  gameCount!: number;

  @Field(() => Float, { nullable: true })
  k!: number | null;

  @Field(() => Float)
  bonus!: number;

  @Field(() => Int, { nullable: true })
  performance!: number | null;

  @Field(() => Float, { nullable: true, description: 'The change the games made, before any per-period rounding.' })
  change!: number | null;

  @Field({ description: 'Effective date of the list that published the change.' })
  date!: string;
}

@ObjectType({ description: "A player's history in one pool: every published list and every rated tournament." })
export class PlayerHistory {
  poolId!: number;

  @Field(() => [HistoryPoint])
  points!: HistoryPoint[];

  @Field(() => [RatingChange])
  tournaments!: RatingChange[];
}
