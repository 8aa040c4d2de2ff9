export * from './publication';
export { runRatingPeriod, RULE_VERSION, type RunOptions, type RunPhase, type RunReport } from './run-rating-period';
export { importRatingList, type ImportedRating } from './import-ratings';
export { nextRunnablePeriod, periodOutlook, tournamentRatingPeriod, type PeriodOutlook } from './next-period';
export { liveRatingsByPlayer, refreshLiveRatings, type LiveRatingRow, type LiveRatingsRefresh } from './live-ratings';
export { whatIf, type SystemChoice, type WhatIfResult, type WhatIfRow } from './what-if';
export {
  MAX_SIMULATION_PERIODS,
  simulatePool,
  SIMULATION_TOP_MOVERS,
  type PoolSimulation,
  type SimulatedPlayer,
} from './simulate-pool';
