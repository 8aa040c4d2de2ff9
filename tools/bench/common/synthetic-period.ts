import type { EventColumns, PlayerColumns } from '@ratings/rating-rules';
import { createRandom } from './prng';

export interface SyntheticPeriodOptions {
  readonly players: number;
  readonly games: number;
  readonly seed: number;
  /** Players per tournament (even). */
  readonly playersPerEvent?: number;
  readonly roundsPerEvent?: number;
  /** Share of players without a rating (new players). */
  readonly unratedShare?: number;
  /** The period's month, 'YYYY-MM'; tournaments end on days spread over it. */
  readonly month?: string;
}

export interface SyntheticPeriod {
  readonly players: PlayerColumns;
  readonly events: EventColumns;
}

const DAYS_IN_PERIOD = 28;

/**
 * A FIDE-scale rating period: round-robin-like tournaments (random pairings each round) among randomly
 * drawn players, all in one period, in date order. Ratings ~ 1650 ± 300 (1000 … 2800), games played
 * before 0 … 199 (so some K 40 players), birth years 1950 … 2015, RD 50 … 350. Same seed, same data.
 */
export function syntheticPeriod(options: SyntheticPeriodOptions): SyntheticPeriod {
  const {
    players: n,
    games: gameTarget,
    seed,
    playersPerEvent = 20,
    roundsPerEvent = 9,
    unratedShare = 0.05,
  } = options;
  const month = options.month ?? '2026-11';
  const random = createRandom(seed);
  const rating = new Float64Array(n);
  const gamesBefore = new Int32Array(n);
  const rd = new Float64Array(n);
  const volatility = new Float64Array(n);
  const birthYear = new Int32Array(n);
  const ids: string[] = new Array(n);
  for (let p = 0; p < n; p++) {
    ids[p] = `p${p}`;
    const r = Math.round(Math.min(2800, Math.max(1000, 1650 + 300 * random.normal())));
    const unrated = random.next() < unratedShare;
    rating[p] = unrated ? NaN : r;
    gamesBefore[p] = unrated ? 0 : random.int(200);
    rd[p] = unrated ? NaN : 50 + random.int(300);
    volatility[p] = unrated ? NaN : 0.06;
    birthYear[p] = 1950 + random.int(66);
  }

  const boards = playersPerEvent / 2;
  const gamesPerEvent = boards * roundsPerEvent;
  const eventCount = Math.ceil(gameTarget / gamesPerEvent);
  const white = new Int32Array(gameTarget);
  const black = new Int32Array(gameTarget);
  const score = new Float64Array(gameTarget);
  const round = new Int32Array(gameTarget);
  const board = new Int32Array(gameTarget);
  const gameOffsets = new Int32Array(eventCount + 1);
  const eventIds: string[] = [];
  const dates: string[] = [];
  const periods: string[] = [];
  const field = new Int32Array(playersPerEvent);
  const inField = new Int32Array(n).fill(-1);
  let g = 0;
  for (let e = 0; e < eventCount; e++) {
    for (let i = 0; i < playersPerEvent; i++) {
      let p = random.int(n);
      while (inField[p] === e) p = random.int(n);
      inField[p] = e;
      field[i] = p;
    }
    for (let r = 1; r <= roundsPerEvent && g < gameTarget; r++) {
      for (let i = playersPerEvent - 1; i > 0; i--) {
        const j = random.int(i + 1);
        const swap = field[i];
        field[i] = field[j];
        field[j] = swap;
      }
      for (let b = 0; b < boards && g < gameTarget; b++, g++) {
        white[g] = field[2 * b];
        black[g] = field[2 * b + 1];
        const u = random.next();
        score[g] = u < 0.38 ? 1 : u < 0.7 ? 0.5 : 0;
        round[g] = r;
        board[g] = b + 1;
      }
    }
    gameOffsets[e + 1] = g;
    eventIds.push(`t${e}`);
    const day = 1 + Math.floor((e * DAYS_IN_PERIOD) / eventCount);
    dates.push(`${month}-${day < 10 ? '0' : ''}${day}`);
    periods.push(month);
  }
  return {
    players: { ids, rating, games: gamesBefore, rd, volatility, birthYear },
    events: { ids: eventIds, dates, periods, gameOffsets, games: { white, black, score, round, board } },
  };
}
