/**
 * @ratings/lists: rating-list files (FIDE TXT combined and single-control, FIDE XML, the platform's CSV) read
 * as streams of rows, with errors naming line and column. See README.md.
 */
export { readRatingList } from './lib/read';
export { LIST_CSV_COLUMNS } from './lib/csv';
export { ListError, type ListErrorCode } from './lib/errors';
export {
  MAX_RATING,
  MAX_K,
  MIN_BIRTH_YEAR,
  MAX_NAME_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_NATIONAL_ID_LENGTH,
} from './lib/values';
export {
  LIST_FORMATS,
  RATING_CONTROLS,
  type ListBatch,
  type ListFormat,
  type ListRow,
  type ListSource,
  type RatingControl,
  type ReadListOptions,
} from './lib/types';
