export { EXPORT_VERSIONS, exportTrf } from './export-trf.service';
export {
  MAX_TRF_CHARACTERS,
  importTrf,
  tournamentImportReportOf,
  type ImportReport,
  type ImportTrfInput,
  type MatchedBy,
} from './import-trf.service';
export type { ImportWarning, SkippedEntry } from './trf-import-plan';
export {
  importRatingListFile,
  LIST_FORMATS,
  RATING_CONTROLS,
  REPORT_LINES,
  type ImportListInput,
  type ListFormat,
  type ListImportOptions,
  type ListImportPhase,
  type ListImportReport,
  type RatingControl,
} from './import-list.service';
export type { RatingsFromFileReport } from './ratings-from-file';
