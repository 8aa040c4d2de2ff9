import { Field, Float, Int, ObjectType } from 'type-graphql';
import { GraphQLJSON } from 'graphql-scalars';
import { answersAs, ParameterType, RatingSystemId, RatingUnit } from '../common/enums';

@ObjectType({ description: 'A parameter of a rating system, with its default and where the default comes from.' })
export class RatingSystemParameter {
  @Field({ description: 'Name of the parameter in a pool’s parameters (JSON).' })
  key!: string;

  @Field(() => ParameterType, { description: 'What the parameter holds.' })
  type!: ParameterType;

  @Field(() => GraphQLJSON, { description: 'The value used when a pool does not set it.', nullable: true })
  default!: unknown;

  @Field({ description: 'What the parameter changes.' })
  description!: string;

  @Field({ description: 'Rulebook section, seed document or decision the default comes from.' })
  source!: string;

  @Field(() => Float, { description: 'Smallest value allowed (numbers).', nullable: true })
  min?: number;

  @Field(() => Float, { description: 'Largest value allowed (numbers).', nullable: true })
  max?: number;

  @Field(() => [String], { nullable: true, description: 'Allowed values of an enum.' })
  values?: readonly string[];
}

@ObjectType({ description: 'A rating system the federation may run in a pool.' })
export class RatingSystem {
  @Field(() => RatingSystemId.type, { description: 'The system’s id, as pools and `whatIf` name it.' })
  @answersAs(RatingSystemId)
  id!: string;

  @Field({ description: 'Name, in English.' })
  nameEn!: string;

  @Field({
    description: 'Name, in English.',
    deprecationReason: 'Use nameEn: every name given in both languages is nameEn and nameFr.',
  })
  name!: string;

  @Field({ description: 'Name, in French.' })
  nameFr!: string;

  @Field({ description: 'What the system does, in a sentence.' })
  description!: string;

  @Field(() => RatingUnit, {
    description: 'How games are grouped: one at a time, per tournament or per rating period.',
  })
  ratingUnit!: RatingUnit;

  @Field(() => [RatingSystemParameter], { description: 'The parameters a pool may set, with their defaults.' })
  parameters!: readonly RatingSystemParameter[];
}

@ObjectType({ description: 'What one result does to both ratings.' })
export class Scenario {
  @Field(() => Float, { description: "The player's score: 1, 0.5 or 0." })
  score!: number;

  @Field(() => Float, { description: 'K·(S − E), unrounded.' })
  change!: number;

  @Field(() => Int, { description: 'The change rounded to a whole point.' })
  changeRounded!: number;

  @Field(() => Float, { description: 'The player’s rating after the game.' })
  newRating!: number;

  @Field(() => Float, { description: 'The opponent’s change, unrounded.' })
  opponentChange!: number;

  @Field(() => Int, { description: 'The opponent’s change rounded to a whole point.' })
  opponentChangeRounded!: number;

  @Field(() => Float, { description: 'The opponent’s rating after the game.' })
  opponentNewRating!: number;
}

@ObjectType({ description: 'What each result would do to both ratings.' })
export class Scenarios {
  @Field(() => Scenario, { description: 'If the player wins.' })
  win!: Scenario;

  @Field(() => Scenario, { description: 'If the game is drawn.' })
  draw!: Scenario;

  @Field(() => Scenario, { description: 'If the player loses.' })
  loss!: Scenario;
}

@ObjectType({ description: 'A point of the expectancy curve: expected score at a rating difference.' })
export class ExpectancyPoint {
  @Field(() => Int, { description: 'Own rating minus the opponent’s.' })
  difference!: number;

  @Field(() => Float, { description: 'Expected score at that difference.' })
  expected!: number;
}

@ObjectType({
  description:
    'The single-game calculator (the federation’s Elo calculator page): the result entered and its scenarios.',
})
export class Calculation extends Scenario {
  @Field(() => Float, { description: "The player's expected score." })
  expected!: number;

  @Field(() => Float, { description: 'The opponent’s expected score.' })
  opponentExpected!: number;

  @Field(() => Scenarios, { description: 'What a win, a draw and a loss would do.' })
  scenarios!: Scenarios;

  @Field(() => [ExpectancyPoint], { description: 'E(D) for D from −800 to 800 in steps of 10.' })
  curve!: ExpectancyPoint[];
}
