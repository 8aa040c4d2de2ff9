export * from './errors';
export { roundHalfAwayFromZero, ROUNDING_MODES, type RoundingMode } from './rounding';
export * from './fide-tables';
export {
  expectedScore,
  expectancyCurve,
  logisticExpectedScore,
  EXPECTATION_MODELS,
  ELO_SCALE,
  RATING_DIFFERENCE_CAP,
  type ExpectationModel,
  type ExpectancyPoint,
  type ExpectancyCurveOptions,
} from './expectation';
export { isGameScore, type GameScore } from './checks';
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
  eloProvisionalK,
  ELO_PROVISIONAL_K_BANDS,
  ELO_PROVISIONAL_START_RATING,
  type EloProvisionalParams,
} from './systems/elo-provisional';
export { type EloParams } from './systems/elo';
export {
  fqeBonus,
  fqeFirstTournamentRating,
  fqeMethod,
  fqePermanentChange,
  FQE_PROVISIONAL_MAX_GAMES,
  type FqeParams,
  type FqePermanentChange,
} from './systems/fqe';
export {
  capKForGames,
  fideInitialRating,
  fideKFactor,
  fidePercent,
  fideRegulationFor,
  FIDE_REGULATIONS,
  FIDE_LISTING_THRESHOLD,
  FIDE_INITIAL_RATING_CAP,
  FIDE_POOL_MONTHS,
  type FideInitialRating,
  type FideKInput,
  type FideParams,
  type FideRegulation,
} from './systems/fide';
export { glicko2Volatility, GLICKO2_SCALE, type Glicko2Params } from './systems/glicko2';
export { systemParameters } from './system-parameters';
export { addMonths, periodAfter, periodRating, ratingPeriod, type RatingPeriod } from './periods';
