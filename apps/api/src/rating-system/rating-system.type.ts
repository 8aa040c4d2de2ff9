import { Field, Float, Int, ObjectType } from 'type-graphql';
import { GraphQLJSON } from 'graphql-scalars';

@ObjectType({ description: 'A parameter of a rating system, with its default and where the default comes from.' })
export class RatingSystemParameter {
  @Field()
  key!: string;

  @Field({ description: 'number, integer, boolean or enum.' })
  type!: string;

  @Field(() => GraphQLJSON, { nullable: true })
  default!: unknown;

  @Field()
  description!: string;

  @Field({ description: 'Rulebook section, seed document or decision the default comes from.' })
  source!: string;

  @Field(() => Float, { nullable: true })
  min?: number;

  @Field(() => Float, { nullable: true })
  max?: number;

  @Field(() => [String], { nullable: true, description: 'Allowed values of an enum.' })
  values?: readonly string[];
}

@ObjectType({ description: 'A rating system the federation may run in a pool.' })
export class RatingSystem {
  @Field({ description: "Registry id: 'elo', 'elo-provisional', 'fqe', 'fide', 'glicko2'." })
  id!: string;

  @Field()
  name!: string;

  @Field()
  nameFr!: string;

  @Field()
  description!: string;

  @Field({
    description:
      "How games are grouped: one at a time ('game'), per tournament ('event') or per rating period ('period').",
  })
  ratingUnit!: string;

  @Field(() => [RatingSystemParameter])
  parameters!: readonly RatingSystemParameter[];
}

@ObjectType({ description: 'What one result does to both ratings.' })
export class Scenario {
  @Field(() => Float, { description: "The player's score: 1, 0.5 or 0." })
  score!: number;

  @Field(() => Float, { description: 'K·(S − E), unrounded.' })
  change!: number;

  @Field(() => Int)
  changeRounded!: number;

  @Field(() => Float)
  newRating!: number;

  @Field(() => Float)
  opponentChange!: number;

  @Field(() => Int)
  opponentChangeRounded!: number;

  @Field(() => Float)
  opponentNewRating!: number;
}

@ObjectType()
export class Scenarios {
  @Field(() => Scenario)
  win!: Scenario;

  @Field(() => Scenario)
  draw!: Scenario;

  @Field(() => Scenario)
  loss!: Scenario;
}

@ObjectType({ description: 'A point of the expectancy curve: expected score at a rating difference.' })
export class ExpectancyPoint {
  @Field(() => Int, { description: 'Own rating minus the opponent’s.' })
  difference!: number;

  @Field(() => Float)
  expected!: number;
}

@ObjectType({
  description:
    'The single-game calculator (the federation’s Elo calculator page): the result entered and its scenarios.',
})
export class Calculation extends Scenario {
  @Field(() => Float, { description: "The player's expected score." })
  expected!: number;

  @Field(() => Float)
  opponentExpected!: number;

  @Field(() => Scenarios)
  scenarios!: Scenarios;

  @Field(() => [ExpectancyPoint], { description: 'E(D) for D from −800 to 800 in steps of 10.' })
  curve!: ExpectancyPoint[];
}
