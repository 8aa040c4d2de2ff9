import type { GameScore } from './checks';
import type { ParameterDescriptor, ParameterValues } from './parameters';
import type { PerformanceMethod } from './performance';

/** JSON a system keeps per player between runs (the database stores it as jsonb without reading it). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type RatingCarry = { readonly [key: string]: JsonValue };

// ---------------------------------------------------------------------------------------------
// Object form (friendly; tests, small callers). rateEvents converts it to the columnar form below.
// ---------------------------------------------------------------------------------------------

/** A player's state in one rating system before a run. */
export interface PlayerState {
  readonly id: string;
  /** null = unrated in this system. */
  readonly rating: number | null;
  /** Rated games completed in this system. */
  readonly games: number;
  /** glicko2: rating deviation (null/absent = the system's default for a new player). */
  readonly rd?: number | null;
  /** glicko2: volatility (null/absent = the system's default). */
  readonly volatility?: number | null;
  /** fide: year of birth, for the junior K (null/absent = unknown, no junior K). */
  readonly birthYear?: number | null;
  /** The system's running state, exactly as the previous run returned it (see each system's carry). */
  readonly carry?: RatingCarry | null;
}

/** A player's state after a run: the input state updated, plus what the lists show. */
export interface PlayerStateAfter {
  readonly id: string;
  readonly rating: number | null;
  readonly games: number;
  readonly rd: number | null;
  readonly volatility: number | null;
  readonly birthYear: number | null;
  readonly carry: RatingCarry | null;
  /** Shown with '~' (derived by the system from the state, never stored as a rule). */
  readonly provisional: boolean;
  /** K last used for this player in this run (null if none: no games, or a system without K). */
  readonly k: number | null;
  /** Shown on the list: rated, and for fide at least 1400 with an earned initial rating. */
  readonly listed: boolean;
}

/** A played, rated game. Forfeits and byes never reach the engine. */
export interface RatedGame {
  readonly white: string;
  readonly black: string;
  /** White's score. */
  readonly score: GameScore;
  readonly round?: number;
  readonly board?: number;
}

/** A tournament (or any batch of games) in date order. */
export interface RatingEvent {
  readonly id: string;
  /** End date, ISO 'YYYY-MM-DD'. */
  readonly date: string;
  /** Rating period, e.g. '2026-11'; defaults to the month of `date`. Used by fide and glicko2. */
  readonly period?: string | null;
  readonly games: readonly RatedGame[];
}

/** One game of a change, seen from the player. */
export interface RatingChangeGame {
  /** Index of the game in its event's `games`. */
  readonly gameIndex: number;
  readonly color: 'white' | 'black';
  readonly opponentId: string;
  /** The opponent's rating this game was rated with. */
  readonly opponentRating: number;
  readonly score: GameScore;
  /** Expected score (null where the system has none, e.g. for an unrated fide player). */
  readonly expected: number | null;
  /** This game's part of the change (null where the system rates the whole event at once). */
  readonly change: number | null;
  readonly round?: number;
  readonly board?: number;
}

/** What one event did to one player's rating. */
export interface RatingChange {
  readonly playerId: string;
  readonly eventId: string;
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  /** Sum of expected scores (null where the system has none). */
  readonly expected: number | null;
  readonly score: number;
  readonly games: number;
  readonly k: number | null;
  readonly bonus: number;
  /** The change the event's games made before the system's later rounding (see README "change rows"). */
  readonly change: number | null;
  readonly performance: number | null;
  readonly gameRows: readonly RatingChangeGame[];
}

export interface RatingResult {
  readonly systemId: string;
  readonly params: ParameterValues;
  /** Every input player, in input order. */
  readonly players: readonly PlayerStateAfter[];
  /** One per player and event where he played games rated for him, in event order. */
  readonly changes: readonly RatingChange[];
}

// ---------------------------------------------------------------------------------------------
// Columnar form (the fast path; the database writes these columns with unnest arrays).
// ---------------------------------------------------------------------------------------------

/** Players as columns; a player is his index. */
export interface PlayerColumns {
  readonly ids: readonly string[];
  /** NaN = unrated. */
  readonly rating: Float64Array;
  readonly games: Int32Array;
  /** glicko2; NaN = default. */
  readonly rd?: Float64Array;
  /** glicko2; NaN = default. */
  readonly volatility?: Float64Array;
  /** fide; 0 = unknown. */
  readonly birthYear?: Int32Array;
  readonly carry?: readonly (RatingCarry | null)[];
}

/** Games as columns, in event order: event e owns games gameOffsets[e] … gameOffsets[e + 1] − 1. */
export interface GameColumns {
  /** Player indexes. */
  readonly white: Int32Array;
  readonly black: Int32Array;
  /** White's score: 0, 0.5 or 1. */
  readonly score: Float64Array;
  /** 0 = not given. */
  readonly round?: Int32Array;
  /** 0 = not given. */
  readonly board?: Int32Array;
}

export interface EventColumns {
  readonly ids: readonly string[];
  readonly dates: readonly string[];
  readonly periods?: readonly (string | null | undefined)[];
  /** Length = events + 1; starts at 0, ends at the number of games. */
  readonly gameOffsets: Int32Array;
  readonly games: GameColumns;
}

/**
 * Every input player's state after the run, same indexes as the input. The columns a system never
 * changes are the input's own arrays, not copies (rd and volatility but for glicko2, birthYear, carry
 * for elo and glicko2): treat a result as read-only.
 */
export interface PlayerResultColumns {
  readonly ids: readonly string[];
  readonly rating: Float64Array;
  readonly games: Int32Array;
  readonly rd: Float64Array;
  readonly volatility: Float64Array;
  readonly birthYear: Int32Array;
  readonly carry: readonly (RatingCarry | null)[];
  readonly provisional: Uint8Array;
  /** NaN = none used. */
  readonly k: Float64Array;
  readonly listed: Uint8Array;
}

/** Change rows (player × event), in event order. NaN stands for null. */
export interface ChangeColumns {
  readonly count: number;
  readonly player: Int32Array;
  readonly event: Int32Array;
  readonly ratingBefore: Float64Array;
  readonly ratingAfter: Float64Array;
  readonly expected: Float64Array;
  readonly score: Float64Array;
  readonly games: Int32Array;
  readonly k: Float64Array;
  readonly bonus: Float64Array;
  readonly change: Float64Array;
  readonly performance: Float64Array;
}

/**
 * Game rows, one per input game with both sides (the per-player rows of the object form are these seen
 * from each side). NaN stands for null. A game counts for a side, and belongs to that side's change row
 * (same player, same event), exactly when the opponent's rating column is a number.
 *
 * They are the most expensive output (six numbers per game), so `rateEvents` leaves them out unless
 * asked (`{ gameRows: true }`); `gameRowsOf(result)` gives them for any columnar result, re-rating the
 * result's input with the same engine when the run did not keep them.
 */
export interface GameResultColumns {
  /** The rating each side was counted with (what the other side sees as "opponent rating used"); NaN = unrated, the game does not count for the opponent. */
  readonly whiteRating: Float64Array;
  readonly blackRating: Float64Array;
  readonly whiteExpected: Float64Array;
  readonly blackExpected: Float64Array;
  /** This game's part of the side's change (NaN where the system rates the event or the period as a whole). */
  readonly whiteChange: Float64Array;
  readonly blackChange: Float64Array;
}

export interface ColumnarRatingResult {
  readonly systemId: string;
  readonly params: ParameterValues;
  readonly players: PlayerResultColumns;
  readonly changes: ChangeColumns;
  /** Filled when called with `gameRows: true`, else empty columns: read game rows with `gameRowsOf(result)`. */
  readonly games: GameResultColumns;
  /** True when called with `gameRows: true`: `games` holds every game. */
  readonly hasGameRows: boolean;
  /** The input events (not copied), so the result can be read back as objects. */
  readonly events: EventColumns;
  /** The input players, their states before the run (not copied): with `events`, what `gameRowsOf` re-rates. */
  readonly playersBefore: PlayerColumns;
}

// ---------------------------------------------------------------------------------------------
// Systems
// ---------------------------------------------------------------------------------------------

/** What a system needs of a state to tell whether it is provisional. */
export interface ProvisionalQuery {
  readonly rating: number | null;
  readonly games: number;
  readonly rd?: number | null;
}

export interface ExpectationContext<P extends ParameterValues> {
  readonly params?: Partial<P>;
  /** Date of the game, for systems with dated rules (fide); default: the latest rules. */
  readonly date?: string;
  /** glicko2: the opponent's RD (default 0: a sure rating). */
  readonly opponentRd?: number;
}

export interface RateEventsOptions {
  /**
   * Columnar form only: also compute the game rows into `result.games` (default false). A run whose game
   * rows are written (the database's rating run) asks for them here, in the same pass; any other caller
   * can still get them later with `gameRowsOf(result)`, which re-rates the input.
   */
  readonly gameRows?: boolean;
}

/** Input that went through validation (only validateColumnarInput makes one). */
export interface ValidatedInput {
  readonly players: PlayerColumns;
  readonly events: EventColumns;
  readonly playerCount: number;
  readonly eventCount: number;
  readonly gameCount: number;
  /** Rating period of each event (index into periodStarts), consecutive events sharing one. */
  readonly periodStarts: Int32Array;
  /** Month index (year·12 + month − 1) of each event's date. */
  readonly eventMonth: Int32Array;
  readonly eventYear: Int32Array;
  readonly options: Required<RateEventsOptions>;
  readonly __validated: true;
}

/** A rating system: one file under systems/, one line in the registry. */
export interface RatingSystem<P extends ParameterValues = ParameterValues> {
  readonly id: string;
  readonly name: string;
  readonly nameFr: string;
  readonly description: string;
  readonly parameters: readonly ParameterDescriptor[];
  readonly defaults: P;
  /** How the engine groups games: one at a time, per event, or per rating period. */
  readonly ratingUnit: 'game' | 'event' | 'period';
  /** The performance rating the system's tournament pages show (`performanceRating(…, method)`). */
  readonly performanceMethod: PerformanceMethod;
  /**
   * Which optional player state the system reads and writes, so storage and callers need not know systems
   * by id: `deviation` — Glicko's real-valued rating, RD and volatility; `birthYear` — for a junior K.
   */
  readonly uses: { readonly deviation: boolean; readonly birthYear: boolean };
  /** The first date (ISO) whose events the system rates (its rules before it are not implemented); absent: any. */
  readonly ratesFrom?: string;
  expectedScore(own: number, opponent: number, context?: ExpectationContext<P>): number;
  isProvisional(state: ProvisionalQuery, params?: Partial<P>): boolean;
  /**
   * The engine, over input that rateEvents has validated (players, games, events, order): call rateEvents.
   */
  rate(input: ValidatedInput, params: P): ColumnarRatingResult;
}
