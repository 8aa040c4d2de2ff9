import { Args, Query, Resolver } from 'type-graphql';
import {
  calculateGame,
  expectancyCurve,
  ratingSystems,
  type RatingSystem as RulesRatingSystem,
} from '@ratings/rating-rules';
import { EXPECTATION_MODELS, type ParameterType, type RatingUnit } from '../common/enums';
import { CalculateArgs } from './rating-system.args';
import { Calculation, RatingSystem } from './rating-system.type';

/** A system of the registry as the schema shows it (the registry writes its vocabulary in lower case). */
export function toRatingSystem(system: RulesRatingSystem): RatingSystem {
  return {
    id: system.id,
    name: system.name,
    nameEn: system.name,
    nameFr: system.nameFr,
    description: system.description,
    ratingUnit: system.ratingUnit.toUpperCase() as RatingUnit,
    parameters: system.parameters.map((parameter) => ({
      ...parameter,
      type: parameter.type.toUpperCase() as ParameterType,
    })),
  };
}

@Resolver()
export class RatingSystemResolver {
  @Query(() => [RatingSystem], {
    description: 'Every rating system the platform implements, with its parameters and defaults.',
  })
  ratingSystems(): RatingSystem[] {
    return Object.values(ratingSystems).map(toRatingSystem);
  }

  @Query(() => Calculation, {
    description:
      'The single-game Elo calculator (the federation’s Elo calculator page), the same numbers as the site’s.',
  })
  calculate(@Args() args: CalculateArgs): Calculation {
    const model = EXPECTATION_MODELS[args.model];
    const calculation = calculateGame({
      rating: args.rating,
      opponent: args.opponent,
      score: args.score,
      k: args.k,
      model,
      cap400: args.cap400,
    });
    return { ...calculation, curve: expectancyCurve({ model, cap400: args.cap400 }) };
  }
}
