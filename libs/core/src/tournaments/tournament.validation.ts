import {
  BYE_RESULTS,
  FORFEIT_RESULTS,
  PLAYED_RESULTS,
  TOURNAMENT_TYPES,
  type GameResult,
  type Tournament,
  type TournamentType,
} from '@ratings/db';
import { getRatingSystem } from '@ratings/rating-rules';
import { invalidInput } from '../errors';
import { isoDate, oneOf, optionalFederation, optionalText, requiredText, wholeNumber } from '../common/validate';

/** Column lengths of libs/db's Tournament. */
const MAX_NAME = 200;
const MAX_CITY = 100;
const MAX_ARBITER = 200;
const MAX_TIME_CONTROL = 100;
/** TRF round numbers have three digits (TRF-2026 records 240, 260, 330); the table's smallint holds them. */
export const MAX_ROUNDS = 999;
/** TRF start ranks fill columns 5-8 of a 001 record. */
export const MAX_START_RANK = 9999;
/** TRF ratings fill columns 49-52: four digits. */
export const MAX_RATING_AT_START = 9999;

export interface TournamentDetails {
  readonly name: string;
  readonly city?: string | null;
  readonly federation?: string | null;
  /** 'YYYY-MM-DD' */
  readonly startDate: string;
  readonly endDate: string;
  readonly rounds: number;
  readonly type?: TournamentType;
  /** As announced, e.g. '90+30'. */
  readonly timeControl?: string | null;
  readonly chiefArbiter?: string | null;
}

export type TournamentFields = Partial<
  Pick<
    Tournament,
    'name' | 'city' | 'federation' | 'startDate' | 'endDate' | 'rounds' | 'type' | 'timeControl' | 'chiefArbiter'
  >
>;

/**
 * Checks the fields present in `input` (all required ones when `current` is absent, i.e. on creation) and that
 * the resulting dates are in order.
 */
export function tournamentFields(
  input: Partial<TournamentDetails>,
  current?: Pick<Tournament, 'startDate' | 'endDate'>,
): TournamentFields {
  const fields: { -readonly [K in keyof TournamentFields]: TournamentFields[K] } = {};
  const creating = current === undefined;
  const has = (key: keyof TournamentDetails) => input[key] !== undefined;
  if (creating || has('name')) fields.name = requiredText('name', input.name, MAX_NAME);
  if (has('city')) fields.city = optionalText('city', input.city, MAX_CITY);
  if (has('federation')) fields.federation = optionalFederation('federation', input.federation);
  if (creating || has('startDate')) fields.startDate = isoDate('startDate', input.startDate);
  if (creating || has('endDate')) fields.endDate = isoDate('endDate', input.endDate);
  if (creating || has('rounds')) fields.rounds = wholeNumber('rounds', input.rounds, 1, MAX_ROUNDS);
  if (has('type')) fields.type = oneOf('type', input.type, TOURNAMENT_TYPES);
  if (has('timeControl')) fields.timeControl = optionalText('timeControl', input.timeControl, MAX_TIME_CONTROL);
  if (has('chiefArbiter')) fields.chiefArbiter = optionalText('chiefArbiter', input.chiefArbiter, MAX_ARBITER);
  const start = fields.startDate ?? current?.startDate;
  const end = fields.endDate ?? current?.endDate;
  if (start !== undefined && end !== undefined && end < start) {
    throw invalidInput(
      has('endDate') || creating ? 'endDate' : 'startDate',
      `the tournament cannot end (${end}) before it starts (${start})`,
    );
  }
  return fields;
}

/** How results may be written: FIDE's '½-½' and the ASCII '1/2-1/2' mean the same and are stored as the latter. */
const RESULT_SPELLINGS: ReadonlyMap<string, GameResult> = new Map<string, GameResult>([
  ...[...PLAYED_RESULTS, ...FORFEIT_RESULTS, ...BYE_RESULTS].map((result): [string, GameResult] => [result, result]),
  ['½-½', '1/2-1/2'],
]);

/**
 * A tournament its pool's system cannot rate (a 2010 event in a fide pool: its rules start in 2024) is refused
 * when it is entered, with the reason, rather than accepted and then failing at the run.
 */
export function refuseUnratableDate(
  pool: { readonly code: string; readonly ratingSystemId: string },
  endDate: string,
  field: string,
): void {
  const { ratesFrom, name } = getRatingSystem(pool.ratingSystemId);
  if (ratesFrom !== undefined && endDate < ratesFrom) {
    throw invalidInput(
      field,
      `pool ${pool.code} rates with ${name}, which rates tournaments from ${ratesFrom} on; this one ends on ${endDate}`,
    );
  }
}

export function gameResult(field: string, value: unknown): GameResult {
  const result = typeof value === 'string' ? RESULT_SPELLINGS.get(value.trim()) : undefined;
  if (result === undefined) {
    throw invalidInput(
      field,
      `${JSON.stringify(value)} is not a result: use 1-0, 0-1, ½-½ (or 1/2-1/2) for a game played, +/-, -/+, -/- for a forfeit, or ${BYE_RESULTS.join(', ')} for a bye`,
    );
  }
  return result;
}

export const isBye = (result: GameResult): boolean => (BYE_RESULTS as readonly string[]).includes(result);
export const isBoardResult = (result: GameResult): boolean => (PLAYED_RESULTS as readonly string[]).includes(result);
export const isForfeit = (result: GameResult): boolean => (FORFEIT_RESULTS as readonly string[]).includes(result);
