/**
 * The fixed column layout of a TRF, 1-based and inclusive as the FIDE tables write it.
 *
 * Sources:
 * - TRF16: FIDE Handbook C.04 Annex 2, "Format of Tournament Report File (TRF16)", Krause, approved
 *   Elista 2015 (https://www.fide.com/FIDE/handbook/C04Annex2_TRF16.pdf), "Player Section" and
 *   "Team Section" tables.
 * - TRF-2026: FIDE Handbook "Tournament Report File Format Version 2026" (approved by the FIDE Council
 *   12/05/2025, applied from 01/09/2025; https://handbook.fide.com/files/handbook/TRF26.pdf), sections
 *   "Player Section", "National Rating Support", "Team Section" (013, 310), "Accelerated Rounds" (250),
 *   "Prohibited Pairings" (260), "Bye Section" (240, 320), "Forfeited Matches" (330),
 *   "Out-Of-(default)Order" (300) and "Abnormal Assignment Points" (299).
 * Every position below was also checked against the real files in `src/__fixtures__/`.
 */
export interface Field {
  readonly from: number;
  readonly to: number;
  /** How an error message names the field. */
  readonly label: string;
}

function field(from: number, to: number, label: string): Field {
  return { from, to, label };
}

/** `001` player record, static part (TRF16 "Player Section"; unchanged in TRF-2026). */
export const PLAYER = {
  startRank: field(5, 8, 'start rank'),
  sex: field(10, 10, 'sex'),
  title: field(11, 13, 'title'),
  name: field(15, 47, 'name'),
  rating: field(49, 52, 'rating'),
  federation: field(54, 56, 'federation'),
  fideId: field(58, 68, 'FIDE id'),
  birthDate: field(70, 79, 'birth date'),
  points: field(81, 84, 'points'),
  rank: field(86, 89, 'rank'),
} as const;

/**
 * Columns between the `001` fields that must stay blank: a value there means the line's columns are shifted
 * (a name running into the rating, a rating into the federation …).
 */
export const PLAYER_SEPARATORS: readonly number[] = [9, 14, 48, 53, 57, 69, 80, 85, 90, 91];

/**
 * Round entries: round 1 at columns 92-99, each next round 10 columns further (TRF16 "Player Section":
 * 92-95 opponent's start rank, 97 colour, 99 result; 102-105/107/109 for round 2 …).
 */
export const ROUND_ENTRY = {
  firstColumn: 92,
  width: 10,
  opponentWidth: 4,
  colourOffset: 5,
  resultOffset: 7,
  /** Offsets inside a round's 10 columns that must be blank. */
  separatorOffsets: [4, 6, 8, 9] as readonly number[],
} as const;

/** The column where round `round`'s entry starts (92, 102, 112 …). */
export function roundEntryColumn(round: number): number {
  return ROUND_ENTRY.firstColumn + (round - 1) * ROUND_ENTRY.width;
}

/**
 * Round numbers are three digits in every TRF-2026 record that carries one (240 "7-9 Round Number",
 * 260 "5-7", 300 "5-7"), so a TRF cannot describe more rounds than this.
 */
export const MAX_ROUNDS = 999;

/** 132 "Dates of the round": YY/MM/DD at 92-99 for round 1, 102-109 for round 2 … (same grid as the round entries). */
export const ROUND_DATE_WIDTH = 8;

/**
 * National Rating Support record (TRF-2026 "National Rating Support"): the `001` static part introduced by
 * the rating federation's 3-letter code instead of `001`.
 */
export const NATIONAL_RATING = {
  startRank: field(5, 8, 'start rank'),
  sex: field(10, 10, 'national sex'),
  classification: field(11, 13, 'national classification'),
  name: field(15, 47, 'national name'),
  rating: field(49, 52, 'national rating'),
  origin: field(54, 56, 'national origin'),
  nationalId: field(58, 68, 'national id'),
  birthDate: field(70, 79, 'birth date'),
} as const;

/** `013` team record (TRF16 "Team Section"): name 5-36, members from 37-40 on, every 5 columns. */
export const TEAM = {
  name: field(5, 36, 'team name'),
  firstMember: 37,
  memberStride: 5,
} as const;

/** `310` team record (TRF-2026 "Record 310", replaces 013). */
export const TEAM_DETAIL = {
  pairingNumber: field(5, 7, 'team pairing number'),
  name: field(9, 40, 'team name'),
  nickname: field(42, 46, 'team nickname'),
  strengthFactor: field(48, 53, 'strength factor'),
  matchPoints: field(55, 60, 'match points'),
  gamePoints: field(62, 67, 'game points'),
  rank: field(69, 71, 'team rank'),
  firstMember: 74,
  memberStride: 5,
} as const;

/** `240` half/full/zero-point bye (TRF-2026 "Bye Section"). */
export const BYE_RECORD = {
  type: field(5, 5, 'bye type'),
  round: field(7, 9, 'round'),
  firstId: 11,
  idStride: 5,
} as const;

/** `250` accelerated rounds (TRF-2026 "Accelerated Rounds"). */
export const ACCELERATION = {
  matchPoints: field(5, 8, 'fictitious match points'),
  gamePoints: field(10, 13, 'fictitious game points'),
  firstRound: field(15, 17, 'first round'),
  lastRound: field(19, 21, 'last round'),
  firstId: field(23, 26, 'first player/team'),
  lastId: field(28, 31, 'last player/team'),
} as const;

/** `260` prohibited pairings (TRF-2026 "Prohibited Pairings"). */
export const PROHIBITED_PAIRING = {
  firstRound: field(5, 7, 'first round'),
  lastRound: field(9, 11, 'last round'),
  firstId: 13,
  idStride: 5,
} as const;

/**
 * `299` abnormal assignment points. The TRF-2026 field table puts them at 5 (type), 8-11 (match points),
 * 14-17 (game points), 20-22 (round), 24-27 + 5k (ids); the spec's own worked example, and the FIDE TEC
 * sample in `__fixtures__`, write them two columns further left (7-10, 12-15, 17-19, 21-24 + 5k). The
 * reader accepts both (it goes by the tokens and where they end); the writer follows the table, as
 * bbpPairings reads it.
 */
export const ABNORMAL_POINTS = {
  type: field(5, 5, 'assignment type'),
  matchPoints: field(8, 11, 'match points'),
  gamePoints: field(14, 17, 'game points'),
  round: field(20, 22, 'round'),
  firstId: 24,
  idStride: 5,
  /** A single points value ending at or before this column is match points (8-11 or 7-10), later ones game points. */
  lastMatchPointsColumn: 11,
  /** An integer ending at or before this column is the round (20-22 or 17-19); later ones are ids (24-27 or 21-24 …). */
  lastRoundColumn: 22,
} as const;

/** `300` out-of-(default)-order lineup (TRF-2026 "Out-Of-(default)Order"). */
export const OUT_OF_ORDER = {
  round: field(5, 7, 'round'),
  team: field(9, 11, 'team pairing number'),
  opponent: field(13, 15, 'opponent team pairing number'),
  firstBoard: 17,
  boardStride: 5,
} as const;

/** `320` teams' pairing-allocated byes (TRF-2026 "Teams — Pairing-Allocated Bye"): one team number per round. */
export const TEAM_PAB = {
  matchPoints: field(5, 8, 'PAB match points'),
  gamePoints: field(10, 13, 'PAB game points'),
  firstRound: 15,
  roundStride: 4,
  teamWidth: 3,
} as const;

/** `330` forfeited matches (TRF-2026 "Forfeited Matches"). */
export const FORFEITED_MATCH = {
  type: field(5, 6, 'forfeit type'),
  round: field(8, 10, 'round'),
  white: field(12, 14, 'white team'),
  black: field(16, 18, 'black team'),
} as const;

/**
 * Tag 162 (individual scoring) writes a result symbol at 6 and its points at 7-10, then every 9 columns
 * (15/16-19, 24/25-28 …); tag 362 (team scoring) a two-letter symbol at 5-6 and points at 7-10, then
 * 14-15/16-19, 23-24/25-28 (TRF-2026 "Tag 162", "Tag 362").
 */
export const SCORING_STRIDE = 9;

/** Text of `field` in `text` (columns past the end of the line read as blank). */
export function cut(text: string, from: number, to: number): string {
  return text.slice(from - 1, to);
}

/** `value` right-aligned in `width` columns. */
export function right(value: string, width: number): string {
  return value.padStart(width, ' ');
}

/** `value` left-aligned in `width` columns, cut to the width. */
export function left(value: string, width: number): string {
  return value.slice(0, width).padEnd(width, ' ');
}

/** Puts `value` at 1-based column `column` of `line`, padding with blanks. */
export function place(line: string, column: number, value: string): string {
  return line.padEnd(column - 1, ' ') + value;
}
