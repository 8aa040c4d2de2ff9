export * from './errors';
export { roundHalfAwayFromZero, ROUNDING_MODES, type RoundingMode } from './rounding';
export {
  FIDE_RATING_DIFFERENCE_TABLE,
  FIDE_SCORING_PROBABILITY_TABLE,
  FIDE_TABLE_MAX_DIFFERENCE,
  type RatingDifferenceRow,
  type ScoringProbabilityRow,
} from './fide-tables';
export {
  expectedScore,
  expectancyCurve,
  EXPECTATION_MODELS,
  ELO_SCALE,
  RATING_DIFFERENCE_CAP,
  type ExpectationModel,
  type ExpectancyPoint,
  type ExpectancyCurveOptions,
} from './expectation';
export { isGameScore, MAX_K, MAX_RATING, type GameScore } from './checks';
export {
  calculateGame,
  ELO_RATING_FLOOR,
  K_FACTOR_PRESETS,
  type CalculateGameInput,
  type GameCalculation,
  type ScenarioOutcome,
} from './calculator';
export { performanceRating, type PerformanceMethod } from './performance';
export {
  categoryOf,
  formatRating,
  validateCategoryTable,
  DEFAULT_CATEGORIES,
  PROVISIONAL_MARK,
  type RatingCategory,
} from './categories';
export { type ParameterDescriptor, type ParameterValue, type ParameterValues } from './parameters';
export * from './types';
export { ratingSystems, getRatingSystem, RATING_SYSTEM_IDS, type RatingSystemId } from './systems';
export { rateEvents } from './rate-events';
export { gameRowsOf } from './game-rows';
export {
  toColumnarInput,
  toColumnarPlayers,
  toColumnarEvents,
  toPlayerStates,
  toChangeRecords,
  type ColumnarInput,
} from './columnar';
export {
  ELO_PROVISIONAL_K_BANDS,
  ELO_PROVISIONAL_START_RATING,
  type EloProvisionalParams,
} from './systems/elo-provisional';
export { type EloParams } from './systems/elo';
export { FQE_PROVISIONAL_MAX_GAMES, type FqeParams } from './systems/fqe';
export {
  fideRegulationFor,
  FIDE_REGULATIONS,
  FIDE_LISTING_THRESHOLD,
  FIDE_INITIAL_RATING_CAP,
  FIDE_POOL_MONTHS,
  type FideParams,
  type FideRegulation,
} from './systems/fide';
export {
  GLICKO2_SCALE,
  GLICKO2_TAU,
  GLICKO2_CONVERGENCE,
  GLICKO2_MAX_VOLATILITY,
  type Glicko2Params,
} from './systems/glicko2';
export { systemParameters } from './system-parameters';
