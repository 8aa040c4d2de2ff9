/**
 * The mutable typed-array machinery shared by the engines. Nothing here escapes the engines except
 * the result columns: inputs are never written (a pure façade over mutable internals, as scalachess's `impl/` does).
 *
 * How the engines are written, and why (each measured on the rules benchmark, a million games among
 * 200,000 players, against the plain Elo loop it is judged by):
 * - Everything a game reads or writes at random is indexed by player and kept small, so that it stays
 *   in the processor's caches: the numbers a game needs of a player sit side by side in one Float64Array
 *   (`work`, two per player: 16-byte records never straddle a cache line, 32-byte ones do in some
 *   processes and cost a third more there), and the player's row in the current event is `rowOf`.
 * - Per-event sums accumulate directly in the change rows (the event's few rows stay in cache); no
 *   object per game or per row.
 * - The game loops hold the columns in local variables (a field load per access cost a fifth of the run).
 * - One long loop per function: V8 compiles a long loop while it runs (on-stack replacement), before the
 *   code after it has run, and in a function with several loops that code was deoptimised run after run.
 *   And the game loop is not a function called once per event: V8 compiled such a function during one
 *   call's loop and, once that code was thrown away, left it unoptimised for good in one process out of
 *   two (a third slower); the events loop and the games loop are one function.
 * - Lookup tables instead of Math.exp and Math.ceil for whole rating differences (expectation.ts,
 *   fide.ts), and no branch on the sign of a change (rounding.ts): the same doubles, bit for bit.
 * - Constants used in loops are declared, then exported (`const X = …; export { X }`): the CommonJS output
 *   reads an `export const` from `exports` at every use, which V8 does not fold (a tenth of a fide run).
 */
import type { ParameterValues } from '../parameters';
import type {
  ChangeColumns,
  ColumnarRatingResult,
  GameResultColumns,
  PlayerResultColumns,
  RatingCarry,
  ValidatedInput,
} from '../types';

export interface WorkingPlayers extends PlayerResultColumns {
  readonly carry: (RatingCarry | null)[];
}

/** The state columns a system may change besides rating, games, k, provisional and listed (always fresh). */
export interface ChangedColumns {
  readonly rd?: boolean;
  readonly volatility?: boolean;
  readonly carry?: boolean;
}

/**
 * The result's player columns, to be updated by the engine: rating, games, k, provisional and listed
 * are fresh; of the others, those in `changed` are fresh copies and the rest are the input's own
 * arrays, which the system never writes (copying 200,000 players' columns cost a twentieth of a run).
 * Absent input columns come out as NaN / 0 / null.
 */
export function copyPlayers(input: ValidatedInput, changed: ChangedColumns): WorkingPlayers {
  const players = input.players;
  const n = input.playerCount;
  const keepOrCopy = <T extends Float64Array | Uint8Array>(
    column: T | undefined,
    copy: boolean | undefined,
    absent: () => T,
  ): T => (column === undefined ? absent() : copy ? (column.slice() as T) : column);
  return {
    ids: players.ids,
    rating: players.rating.slice(),
    games: players.games.slice(),
    rd: keepOrCopy(players.rd, changed.rd, () => new Float64Array(n).fill(NaN)),
    volatility: keepOrCopy(players.volatility, changed.volatility, () => new Float64Array(n).fill(NaN)),
    birthYear: players.birthYear ?? new Int32Array(n),
    carry: carryColumn(players.carry, n, changed.carry),
    provisional: new Uint8Array(n),
    k: new Float64Array(n).fill(NaN),
    listed: new Uint8Array(n),
  };
}

/** The input's carries (a copy when the system changes them, or to turn absent entries into null). */
function carryColumn(
  given: readonly (RatingCarry | null | undefined)[] | undefined,
  n: number,
  copy: boolean | undefined,
): (RatingCarry | null)[] {
  if (!given) return new Array<RatingCarry | null>(n).fill(null);
  if (copy || given.includes(undefined)) return Array.from(given, (c) => c ?? null);
  return given as (RatingCarry | null)[];
}

const NO_GAMES = new Float64Array(0);

/** Game rows for every game when the caller asked for them (`gameRows: true`), else null. */
export function createGameResults(input: ValidatedInput): GameResultColumns | null {
  if (!input.options.gameRows) return null;
  const n = input.gameCount;
  return {
    whiteRating: new Float64Array(n),
    blackRating: new Float64Array(n),
    whiteExpected: new Float64Array(n),
    blackExpected: new Float64Array(n),
    whiteChange: new Float64Array(n),
    blackChange: new Float64Array(n),
  };
}

/**
 * Change rows (player × event), accumulated in place. An event's rows are opened as its players first
 * appear (`enter`), and its games add to them directly: `expected`, `score`, `games`, `change` (the sum
 * of the system's per-game terms) and `opponentRatingSum` (a working column, not in the result), from
 * which the engine writes `performance` when the event (or the period) ends. `event`, `player` and
 * `ratingBefore` are written by `enter`; `ratingAfter` and `k` by the engine for every row; `bonus` is
 * 0 unless the engine writes it. Columns grow by doubling; the result gets views of the first `count`.
 */
export class ChangeRows {
  count = 0;
  /** First row of the current event: a player's row in the event is rowOf[player] when ≥ first. */
  first = 0;
  private event_ = -1;
  /**
   * Per player, his latest row (−1: none yet). Rows only grow, so a row below `first` belongs to an
   * earlier event (and one below a period's first row to an earlier period).
   */
  readonly rowOf: Int32Array;
  private readonly playerCount: number;
  private capacity: number;
  player: Int32Array;
  event: Int32Array;
  ratingBefore: Float64Array;
  ratingAfter: Float64Array;
  expected: Float64Array;
  score: Float64Array;
  games: Int32Array;
  k: Float64Array;
  bonus: Float64Array;
  change: Float64Array;
  performance: Float64Array;
  /** Σ of the opponents' ratings of the row's games: what the performance is computed from. */
  opponentRatingSum: Float64Array;

  constructor(input: ValidatedInput) {
    this.playerCount = input.playerCount;
    this.rowOf = new Int32Array(input.playerCount).fill(-1);
    // About one row per player per event: games/4 in a 9-round Swiss (grown by doubling when more).
    this.capacity = Math.max(16, Math.min(2 * input.gameCount, (input.gameCount >> 2) + 1024));
    const c = this.capacity;
    // Fresh zeroed columns: the sums start at 0, bonus is 0.
    this.player = new Int32Array(c);
    this.event = new Int32Array(c);
    this.ratingBefore = new Float64Array(c);
    this.ratingAfter = new Float64Array(c);
    this.expected = new Float64Array(c);
    this.score = new Float64Array(c);
    this.games = new Int32Array(c);
    this.k = new Float64Array(c);
    this.bonus = new Float64Array(c);
    this.change = new Float64Array(c);
    this.performance = new Float64Array(c);
    this.opponentRatingSum = new Float64Array(c);
  }

  /**
   * Opens event `e` of `gameCount` games, making room for every row it can add (two players per game,
   * at most the population). The columns may be replaced: read them after this call.
   */
  startEvent(e: number, gameCount: number): void {
    this.event_ = e;
    this.first = this.count;
    const needed = this.count + Math.min(2 * gameCount, this.playerCount);
    if (needed > this.capacity) this.grow(Math.max(needed, 2 * this.capacity));
  }

  /** The row of `player` in the current event, opened with `ratingBefore` on his first game in it. */
  enter(player: number, ratingBefore: number): number {
    const row = this.rowOf[player];
    return row >= this.first ? row : this.open(player, ratingBefore);
  }

  /** Opens the row of `player` in the current event (he has none yet: rowOf[player] < first). */
  open(player: number, ratingBefore: number): number {
    const opened = this.count++;
    this.rowOf[player] = opened;
    this.player[opened] = player;
    this.event[opened] = this.event_;
    this.ratingBefore[opened] = ratingBefore;
    return opened;
  }

  private grow(capacity: number): void {
    const n = this.count;
    const grow = <T extends Int32Array | Float64Array>(column: T): T => {
      const bigger = new (column.constructor as { new (length: number): T })(capacity);
      bigger.set(column.subarray(0, n));
      return bigger;
    };
    this.player = grow(this.player);
    this.event = grow(this.event);
    this.ratingBefore = grow(this.ratingBefore);
    this.ratingAfter = grow(this.ratingAfter);
    this.expected = grow(this.expected);
    this.score = grow(this.score);
    this.games = grow(this.games);
    this.k = grow(this.k);
    this.bonus = grow(this.bonus);
    this.change = grow(this.change);
    this.performance = grow(this.performance);
    this.opponentRatingSum = grow(this.opponentRatingSum);
    this.capacity = capacity;
  }

  columns(): ChangeColumns {
    const n = this.count;
    return {
      count: n,
      player: this.player.subarray(0, n),
      event: this.event.subarray(0, n),
      ratingBefore: this.ratingBefore.subarray(0, n),
      ratingAfter: this.ratingAfter.subarray(0, n),
      expected: this.expected.subarray(0, n),
      score: this.score.subarray(0, n),
      games: this.games.subarray(0, n),
      k: this.k.subarray(0, n),
      bonus: this.bonus.subarray(0, n),
      change: this.change.subarray(0, n),
      performance: this.performance.subarray(0, n),
    };
  }
}

export function assembleResult(
  systemId: string,
  params: ParameterValues,
  input: ValidatedInput,
  players: WorkingPlayers,
  rows: ChangeRows,
  games: GameResultColumns | null,
): ColumnarRatingResult {
  return {
    systemId,
    params,
    players,
    changes: rows.columns(),
    games: games ?? {
      whiteRating: NO_GAMES,
      blackRating: NO_GAMES,
      whiteExpected: NO_GAMES,
      blackExpected: NO_GAMES,
      whiteChange: NO_GAMES,
      blackChange: NO_GAMES,
    },
    hasGameRows: games !== null,
    events: input.events,
    playersBefore: input.players,
  };
}

/**
 * For the systems that rate game after game, per event: null when its games are listed in play order
 * (round, then board — the common case), else its game indexes in that order. One pass over the round
 * and board columns before the games are rated (checked event by event inside the engines' loops, it
 * cost twice as much).
 */
export function playOrders(input: ValidatedInput): (Int32Array | null)[] {
  const orders: (Int32Array | null)[] = new Array(input.eventCount).fill(null);
  const { round, board } = input.events.games;
  if (!round && !board) return orders;
  const offsets = input.events.gameOffsets;
  for (let e = 0; e < input.eventCount; e++) {
    for (let g = offsets[e] + 1; g < offsets[e + 1]; g++) {
      const roundStep = round ? round[g] - round[g - 1] : 0;
      if (roundStep < 0 || (roundStep === 0 && board !== undefined && board[g] < board[g - 1])) {
        orders[e] = sortedByPlay(input, offsets[e], offsets[e + 1]);
        break;
      }
    }
  }
  return orders;
}

/**
 * Game indexes start … end − 1 sorted by round, board, input order. A function of its own: variables a
 * closure captures live on the heap, which would slow down playOrder's loop fivefold.
 */
function sortedByPlay(input: ValidatedInput, start: number, end: number): Int32Array {
  const { round, board } = input.events.games;
  const order = Int32Array.from({ length: end - start }, (_, i) => start + i);
  return order.sort((a, b) => (round ? round[a] - round[b] : 0) || (board ? board[a] - board[b] : 0) || a - b);
}
