export * from './publication';
export { runRatingPeriod, RULE_VERSION, type RunOptions, type RunPhase, type RunReport } from './run-rating-period';
export { importRatingList, type ImportedRating } from './import-ratings';
export { nextRunnablePeriod, periodOutlook, tournamentRatingPeriod, type PeriodOutlook } from './next-period';
