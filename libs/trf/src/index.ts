/**
 * @ratings/trf: FIDE Tournament Report Files (TRF16 and TRF-2026) read and written, pure (strings in,
 * strings out). See README.md for what is supported and the column layout with its sources.
 */
export { parseTrf } from './lib/parse';
export { writeTrf, type TrfWriteOptions } from './lib/write';
export {
  extractGames,
  type TrfBye,
  type TrfByeKind,
  type TrfGame,
  type TrfGameResult,
  type TrfPairings,
} from './lib/games';
export {
  buildTrf,
  type TrfBuildBye,
  type TrfBuildGame,
  type TrfBuildInput,
  type TrfBuildPlayer,
  type TrfBuildTournament,
} from './lib/build';
export { TrfError, type TrfErrorCode, type TrfWarning, type TrfWarningCode } from './lib/errors';
export type { TrfDate } from './lib/dates';
export type { TrfColour, TrfResultCode, TrfScoring, TrfScoringSymbol } from './lib/results';
export type * from './lib/types';
