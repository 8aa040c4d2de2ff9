/**
 * The mutable typed-array machinery shared by the engines. Nothing here escapes the engines except
 * the freshly allocated result columns: inputs are copied, never written (the pure façade of STYLE's
 * scalachess `impl/`).
 */
import type { ParameterValues } from '../parameters';
import { performanceFromSums } from '../performance';
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

/** A writable copy of the players' state; columns a system does not use come out as NaN / 0. */
export function copyPlayers(input: ValidatedInput): WorkingPlayers {
  const players = input.players;
  const n = input.playerCount;
  const given = players.carry;
  const carry: (RatingCarry | null)[] = given ? Array.from(given, (c) => c ?? null) : new Array(n).fill(null);
  return {
    ids: players.ids,
    rating: players.rating.slice(),
    games: players.games.slice(),
    rd: players.rd ? players.rd.slice() : new Float64Array(n).fill(NaN),
    volatility: players.volatility ? players.volatility.slice() : new Float64Array(n).fill(NaN),
    birthYear: players.birthYear ? players.birthYear.slice() : new Int32Array(n),
    everReached2400: players.everReached2400 ? players.everReached2400.slice() : new Uint8Array(n),
    carry,
    provisional: new Uint8Array(n),
    k: new Float64Array(n).fill(NaN),
    listed: new Uint8Array(n),
  };
}

/** Game rows for every game, or empty columns when the caller asked for none (`gameRows: false`). */
export function createGameResults(input: ValidatedInput): GameResultColumns {
  const gameCount = input.options.gameRows ? input.gameCount : 0;
  return {
    whiteRating: new Float64Array(gameCount),
    blackRating: new Float64Array(gameCount),
    whiteExpected: new Float64Array(gameCount),
    blackExpected: new Float64Array(gameCount),
    whiteChange: new Float64Array(gameCount),
    blackChange: new Float64Array(gameCount),
  };
}

/** Change rows, grown by doubling; handed out as views of the first `count` rows. */
export class ChangeRowTable {
  count = 0;
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

  constructor(initialCapacity: number) {
    this.capacity = Math.max(16, initialCapacity);
    const c = this.capacity;
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
  }

  /** Makes room for `extra` more rows. */
  reserve(extra: number): void {
    const needed = this.count + extra;
    if (needed <= this.capacity) return;
    const c = Math.max(needed, this.capacity * 2);
    const grow = <T extends Int32Array | Float64Array>(column: T): T => {
      const bigger = new (column.constructor as { new (length: number): T })(c);
      bigger.set(column.subarray(0, this.count));
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
    this.capacity = c;
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

/** The players of the current group (a rating period), in order of first appearance. */
export class GroupMembers {
  private readonly group: Int32Array;
  private current = -1;
  readonly members: Int32Array;
  count = 0;

  constructor(playerCount: number) {
    this.group = new Int32Array(playerCount).fill(-1);
    this.members = new Int32Array(playerCount);
  }

  start(group: number): void {
    this.current = group;
    this.count = 0;
  }

  /** Adds the player; true when he is new to the group. */
  add(player: number): boolean {
    if (this.group[player] === this.current) return false;
    this.group[player] = this.current;
    this.members[this.count++] = player;
    return true;
  }
}

/** Layout of one player's sums in EventRows.sums (one 64-byte cache line per player of the event). */
const SUM_BEFORE = 0;
const SUM_EXPECTED = 1;
const SUM_SCORE = 2;
const SUM_GAMES = 3;
export const SUM_OPPONENTS = 4;
const SUM_PARTIAL = 5;
export const SUM_STRIDE = 8;

/**
 * Per-player sums over one event's games, turned into change rows when the event ends. Sums are kept
 * by the player's slot in the event (his order of appearance), so an event's sums stay in the CPU
 * cache whatever the population size; a player's row is the event's first row + his slot.
 */
export class EventRows {
  /**
   * Per player, `stride` numbers from player·stride: 1 + the last event he was seen in, his slot in it,
   * then `extra` numbers the system keeps there (its working rating, games …) so that one cache line
   * holds all a game needs of a player: the engines are bound by these random accesses.
   */
  readonly work: Float64Array;
  readonly stride: number;
  /** Player of each slot. */
  readonly members: Int32Array;
  count = 0;
  private eventTag = 0;
  private event = -1;
  firstRow = 0;
  readonly sums: Float64Array;

  constructor(
    playerCount: number,
    maxPlayersPerEvent: number,
    readonly rows: ChangeRowTable,
    extra = 0,
  ) {
    this.stride = 2 + extra <= 2 ? 2 : 2 + extra <= 4 ? 4 : 8;
    if (2 + extra > this.stride) throw new RangeError(`EventRows: at most 6 extra numbers per player (got ${extra})`);
    this.work = new Float64Array(this.stride * playerCount);
    this.members = new Int32Array(maxPlayersPerEvent);
    this.sums = new Float64Array(maxPlayersPerEvent * SUM_STRIDE);
  }

  start(event: number): void {
    this.event = event;
    this.eventTag = event + 1;
    this.firstRow = this.rows.count;
    this.count = 0;
  }

  /** The slot of `player` in the current event, opened with `ratingBefore` on his first game. */
  enter(player: number, ratingBefore: number): number {
    const work = this.work;
    const at = player * this.stride;
    if (work[at] === this.eventTag) return work[at + 1];
    const slot = this.count++;
    work[at] = this.eventTag;
    work[at + 1] = slot;
    this.members[slot] = player;
    const sums = this.sums;
    const first = slot * SUM_STRIDE;
    sums[first + SUM_BEFORE] = ratingBefore;
    sums[first + SUM_EXPECTED] = 0;
    sums[first + SUM_SCORE] = 0;
    sums[first + SUM_GAMES] = 0;
    sums[first + SUM_OPPONENTS] = 0;
    sums[first + SUM_PARTIAL] = 0;
    return slot;
  }

  /** Where the system's own numbers of `player` start in `work`. */
  extraAt(player: number): number {
    return player * this.stride + 2;
  }

  /** Adds one game to the sums of the player in `slot`; `partial` is the system's own per-game term, summed into the row's change column. */
  add(slot: number, opponentRating: number, score: number, expected: number, partial: number): void {
    const sums = this.sums;
    const at = slot * SUM_STRIDE;
    sums[at + SUM_OPPONENTS] += opponentRating;
    sums[at + SUM_SCORE] += score;
    sums[at + SUM_EXPECTED] += expected;
    sums[at + SUM_PARTIAL] += partial;
    sums[at + SUM_GAMES]++;
  }

  /**
   * Writes the event's rows (player, event, before, expected, score, games, linear performance, the
   * sum of the partials in `change`; after/K/bonus as NaN/NaN/0 for the system to fill) and returns the first row index. The sums stay
   * readable by slot (row − first) until the next start().
   */
  finish(): number {
    const rows = this.rows;
    const { members, count, sums } = this;
    rows.reserve(count);
    const first = this.firstRow;
    for (let slot = 0; slot < count; slot++) {
      const row = first + slot;
      const at = slot * SUM_STRIDE;
      const games = sums[at + SUM_GAMES];
      rows.player[row] = members[slot];
      rows.event[row] = this.event;
      rows.ratingBefore[row] = sums[at + SUM_BEFORE];
      rows.ratingAfter[row] = NaN;
      rows.expected[row] = sums[at + SUM_EXPECTED];
      rows.score[row] = sums[at + SUM_SCORE];
      rows.games[row] = games;
      rows.k[row] = NaN;
      rows.bonus[row] = 0;
      rows.change[row] = sums[at + SUM_PARTIAL];
      rows.performance[row] = performanceFromSums(sums[at + SUM_OPPONENTS], sums[at + SUM_SCORE], games, 'linear');
    }
    rows.count = first + count;
    return first;
  }
}

/** Most players one event can have: two per game, at most the whole population. */
export function maxPlayersPerEvent(input: ValidatedInput): number {
  const offsets = input.events.gameOffsets;
  let most = 0;
  for (let e = 0; e < input.eventCount; e++) most = Math.max(most, offsets[e + 1] - offsets[e]);
  return Math.min(input.playerCount, 2 * most);
}

export function assembleResult(
  systemId: string,
  params: ParameterValues,
  input: ValidatedInput,
  players: WorkingPlayers,
  rows: ChangeRowTable,
  games: GameResultColumns,
): ColumnarRatingResult {
  return { systemId, params, players, changes: rows.columns(), games, hasGameRows: input.options.gameRows, events: input.events };
}

/**
 * For the systems that rate game after game: per event, null when its games are listed in play order
 * (round, then board — the common case, found in one pass), else its game indexes in that order.
 */
export function playOrders(input: ValidatedInput): (Int32Array | null)[] {
  const { round, board } = input.events.games;
  const offsets = input.events.gameOffsets;
  const orders: (Int32Array | null)[] = new Array(input.eventCount).fill(null);
  if (!round && !board) return orders;
  for (let e = 0; e < input.eventCount; e++) {
    const start = offsets[e];
    const end = offsets[e + 1];
    for (let g = start + 1; g < end; g++) {
      const roundStep = round ? round[g] - round[g - 1] : 0;
      if (roundStep < 0 || (roundStep === 0 && board !== undefined && board[g] < board[g - 1])) {
        const order = Int32Array.from({ length: end - start }, (_, i) => start + i);
        order.sort((a, b) => (round ? round[a] - round[b] : 0) || (board ? board[a] - board[b] : 0) || a - b);
        orders[e] = order;
        break;
      }
    }
  }
  return orders;
}

/** First guess of the number of change rows: about one per player per event, i.e. games/4 in 9-round Swiss. */
export function initialRowCapacity(input: ValidatedInput): number {
  return Math.min(2 * input.gameCount, (input.gameCount >> 2) + 1024);
}
