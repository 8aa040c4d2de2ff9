import { ArgsType, Field, Float } from 'type-graphql';
import { IsIn, Max, Min } from 'class-validator';
import type { GameScore } from '@ratings/rating-rules';
import { ExpectationModel } from '../common/enums';

/** Highest rating the calculator accepts: above any rating ever published, low enough to catch typos. */
const MAX_CALCULATOR_RATING = 4000;

@ArgsType()
export class CalculateArgs {
  @Field(() => Float, { description: 'Your rating.' })
  @Min(0)
  @Max(MAX_CALCULATOR_RATING)
  rating!: number;

  @Field(() => Float, { description: "The opponent's rating." })
  @Min(0)
  @Max(MAX_CALCULATOR_RATING)
  opponent!: number;

  @Field(() => Float, { description: 'Your score: 1 (win), 0.5 (draw) or 0 (loss).' })
  @IsIn([0, 0.5, 1], { message: 'score must be 1, 0.5 or 0' })
  score!: GameScore;

  @Field(() => Float, {
    defaultValue: 32,
    description: 'K-factor: the presets are 40, 32, 20, 16 and 10; any positive number.',
  })
  @Min(Number.MIN_VALUE, { message: 'k must be positive' })
  k: number = 32;

  @Field(() => ExpectationModel, {
    description: 'How the expected score is computed.',
    defaultValue: ExpectationModel.LOGISTIC,
  })
  model: ExpectationModel = ExpectationModel.LOGISTIC;

  @Field({ defaultValue: false, description: 'Count a difference above 400 as 400 (FIDE 8.3.1).' })
  cap400: boolean = false;
}
