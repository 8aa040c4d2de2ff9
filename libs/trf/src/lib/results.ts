/**
 * Round-entry result codes (TRF16 and TRF-2026 "Player Section", column 99 + 10k; letters are
 * case-insensitive there and stored upper-case here):
 * - played games: `1` win, `=` draw, `0` loss;
 * - forfeits: `+` forfeit win, `-` forfeit loss;
 * - games that lasted less than one move (not rated): `W` win, `D` draw, `L` loss;
 * - byes (not rated): `H` half-point bye, `F` full-point bye, `U` pairing-allocated bye (scored like a win
 *   unless tag 162 says otherwise), `Z` zero-point bye.
 * A blank result is "equivalent to Z" in the spec; it is kept as null (nothing happened that round).
 */
export type TrfResultCode = '1' | '0' | '=' | '+' | '-' | 'W' | 'D' | 'L' | 'H' | 'F' | 'U' | 'Z';

export type TrfColour = 'w' | 'b';

const RESULT_CODES: Readonly<Record<string, TrfResultCode>> = {
  '1': '1',
  '0': '0',
  '=': '=',
  '+': '+',
  '-': '-',
  W: 'W',
  D: 'D',
  L: 'L',
  H: 'H',
  F: 'F',
  U: 'U',
  Z: 'Z',
};

/** Some programs write a draw as `½`; it is read as `=` (with a warning). */
export const NONSTANDARD_DRAW = '½';

/** The result code a result-column character stands for, or undefined when it is none. */
export function resultCode(char: string): TrfResultCode | undefined {
  if (char === NONSTANDARD_DRAW) return '=';
  return Object.hasOwn(RESULT_CODES, char.toUpperCase()) ? RESULT_CODES[char.toUpperCase()] : undefined;
}

/** Results of a game that was played over the board and is rated. */
const PLAYED_RESULTS: ReadonlySet<TrfResultCode> = new Set<TrfResultCode>(['1', '0', '=']);

/** A rated game: an opponent and a result played over the board (not a forfeit, not a game under one move). */
export function isPlayedGame(opponent: number | null, result: TrfResultCode | null): boolean {
  return opponent !== null && result !== null && PLAYED_RESULTS.has(result);
}

export function isPlayedResult(result: TrfResultCode | null): boolean {
  return result !== null && PLAYED_RESULTS.has(result);
}

/**
 * Tag 162 symbols (TRF-2026 "Tag 162 — Scoring point system for individuals"): W win OTB or by forfeit or
 * full-point bye; D draw OTB or half-point bye; L loss OTB; A absence (zero-point bye or forfeit loss);
 * P pairing-allocated bye; X unknown result (e.g. an adjourned game).
 */
export type TrfScoringSymbol = 'W' | 'D' | 'L' | 'A' | 'P' | 'X';

/** The points tag 162 gives a symbol; a symbol it does not mention keeps its default. */
export type TrfScoring = Readonly<Partial<Record<TrfScoringSymbol, number>>>;

/** Tag 162 defaults (TRF-2026): W 1.0, D 0.5, L 0.0, A 0.0; P is "same as W" and X "same as D". */
export const DEFAULT_WIN_POINTS = 1;
export const DEFAULT_DRAW_POINTS = 0.5;
export const DEFAULT_LOSS_POINTS = 0;
export const DEFAULT_ABSENCE_POINTS = 0;

const SCORING_SYMBOL: Readonly<Record<TrfResultCode, TrfScoringSymbol>> = {
  '1': 'W',
  '+': 'W',
  W: 'W',
  F: 'W',
  '=': 'D',
  D: 'D',
  H: 'D',
  '0': 'L',
  L: 'L',
  '-': 'A',
  Z: 'A',
  U: 'P',
};

/** The points a round entry gives under the tournament's scoring (tag 162, or FIDE's defaults). */
export function resultPoints(result: TrfResultCode | null, scoring: TrfScoring | null): number {
  return symbolPoints(result === null ? 'A' : SCORING_SYMBOL[result], scoring ?? {});
}

function symbolPoints(symbol: TrfScoringSymbol, scoring: TrfScoring): number {
  switch (symbol) {
    case 'W':
      return scoring.W ?? DEFAULT_WIN_POINTS;
    case 'D':
      return scoring.D ?? DEFAULT_DRAW_POINTS;
    case 'L':
      return scoring.L ?? DEFAULT_LOSS_POINTS;
    case 'A':
      return scoring.A ?? DEFAULT_ABSENCE_POINTS;
    case 'P':
      return scoring.P ?? symbolPoints('W', scoring);
    case 'X':
      return scoring.X ?? symbolPoints('D', scoring);
  }
}
