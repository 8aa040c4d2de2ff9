/**
 * Every way a TRF can be refused. The reader, the pairing check, the builder and the writer throw only
 * `TrfError`; anything else escaping them is a bug, reported as `INTERNAL_ERROR`.
 */
export type TrfErrorCode =
  /** The input is not a string. */
  | 'NOT_TEXT'
  /** A player's start rank (columns 5-8) is missing or not a positive number. */
  | 'INVALID_START_RANK'
  /** Two `001` records share a start rank. */
  | 'DUPLICATE_START_RANK'
  /** A numeric field holds something else. */
  | 'INVALID_NUMBER'
  /** A value in a column that must be blank: the line's fields are shifted. */
  | 'MISALIGNED_FIELD'
  /** A round entry's colour (column 97, 107, …) is not `w`, `b`, `-` or blank. */
  | 'INVALID_COLOUR'
  /** A round entry's result (column 99, 109, …) is not a TRF result code. */
  | 'INVALID_RESULT'
  /** More rounds than a TRF can number. */
  | 'TOO_MANY_ROUNDS'
  /** A tournament tag whose value has a fixed form (152, 162, 362, 172) holds something else. */
  | 'INVALID_TAG_VALUE'
  /** A TRF-2026 record (240, 250, 260, 299, 300, 310, 320, 330) has a field that cannot be read. */
  | 'INVALID_RECORD'
  /** A round entry names an opponent that has no `001` record. */
  | 'UNKNOWN_OPPONENT'
  /** A round entry names the player himself. */
  | 'SELF_PAIRING'
  /** Two players' entries for the same round disagree (opponent, colour or result). */
  | 'INCONSISTENT_PAIRING'
  /** A player is named as opponent by two players in the same round. */
  | 'PLAYER_TWICE_IN_ROUND'
  /** A played result (`1`, `0`, `=`) without an opponent. */
  | 'RESULT_WITHOUT_OPPONENT'
  /** A bye code (`H`, `F`, `U`, `Z`) with an opponent. */
  | 'BYE_WITH_OPPONENT'
  /** A built tournament's game or bye names a player who is not in its player list. */
  | 'UNKNOWN_PLAYER'
  /** A value given to `buildTrf` or `writeTrf` that a TRF cannot hold. */
  | 'INVALID_INPUT'
  /** Writing TRF16 from a document with TRF-2026-only content. */
  | 'NOT_IN_VERSION'
  | 'INTERNAL_ERROR';

/**
 * Malformed or inconsistent TRF data. `line` and `column` are 1-based (the FIDE tables count columns
 * from 1); both are null when the data did not come from a file (a built document).
 */
export class TrfError extends Error {
  override readonly name = 'TrfError';

  constructor(
    readonly code: TrfErrorCode,
    readonly line: number | null,
    readonly column: number | null,
    /** The problem alone, without the location prefix the message carries. */
    readonly problem: string,
  ) {
    super(locatedMessage(line, column, problem));
  }
}

/** Non-fatal oddities: the document is usable, but a federation's staff may want to look. */
export type TrfWarningCode =
  /** The points column (81-84) disagrees with the sum of the round results. */
  | 'POINTS_MISMATCH'
  | 'MISSING_FEDERATION'
  | 'MISSING_NAME'
  /** Sex `f` (female) instead of the standard `w`. */
  | 'NONSTANDARD_SEX'
  | 'UNKNOWN_SEX'
  | 'UNKNOWN_TITLE'
  /** `½` instead of the standard `=`. */
  | 'NONSTANDARD_RESULT'
  | 'UNREADABLE_DATE'
  /** Text in the 132 line outside the round-date columns. */
  | 'UNREADABLE_ROUND_DATES'
  | 'PLAYER_COUNT_MISMATCH'
  | 'RATED_PLAYER_COUNT_MISMATCH'
  | 'TEAM_COUNT_MISMATCH'
  | 'PLAYERS_OUT_OF_ORDER'
  | 'DUPLICATE_TAG'
  /** 142 and XXR both give a number of rounds, and they differ. */
  | 'ROUNDS_TAG_CONFLICT'
  | 'ROUNDS_EXCEED_DECLARED'
  /** A line with a numeric record code this reader does not know. */
  | 'UNKNOWN_RECORD'
  /** A team, national-rating or bye record names a start rank with no `001` record. */
  | 'UNKNOWN_PLAYER'
  | 'NO_PLAYERS';

export interface TrfWarning {
  readonly code: TrfWarningCode;
  readonly line: number | null;
  readonly column: number | null;
  /** With the same `line L, column C: ` prefix as a TrfError message. */
  readonly message: string;
}

function locatedMessage(line: number | null, column: number | null, problem: string): string {
  if (line === null) return problem;
  return column === null ? `line ${line}: ${problem}` : `line ${line}, column ${column}: ${problem}`;
}

export function warning(code: TrfWarningCode, line: number | null, column: number | null, problem: string): TrfWarning {
  return { code, line, column, message: locatedMessage(line, column, problem) };
}

/** Collects warnings while reading; the writer re-reads lines with a sink that drops them. */
export type WarningSink = (warning: TrfWarning) => void;

export const dropWarnings: WarningSink = () => undefined;

/** Shows a value from a file the way it was written: quoted, with control characters escaped. */
export function quote(text: string): string {
  return JSON.stringify(text);
}

/** Runs `work`, letting TrfError through and turning anything else into an INTERNAL_ERROR TrfError. */
export function onlyTrfErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof TrfError) throw error;
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : 'a non-Error value was thrown';
    throw new TrfError('INTERNAL_ERROR', null, null, `the TRF library failed unexpectedly (${detail})`);
  }
}
