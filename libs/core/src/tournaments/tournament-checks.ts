import { PLAYED_RESULTS, tournamentCheckData, type TournamentCheckData, type TournamentType } from '@ratings/db';
import { performanceRating } from '@ratings/rating-rules';
import type { DataSource, EntityManager } from 'typeorm';
import { notFound } from '../errors';

/** What the automatic checks look for. None blocks a submission: they point the reviewer at what to look at. */
export const TOURNAMENT_CHECK_CODES = [
  'MISSING_BIRTH_DATE',
  'MISSING_SEX',
  'LIKELY_DUPLICATE',
  'PERFORMANCE_OUTLIER',
  'REPEATED_PAIRING',
  'GAME_OUTSIDE_DATES',
  'UNPLAYED_COUNTED',
] as const;
export type TournamentCheckCode = (typeof TOURNAMENT_CHECK_CODES)[number];

/**
 * The values a check's reason names, so that a client words it in its own language (the console in French);
 * each code uses some of them, as its English `message` does.
 */
export interface TournamentCheckParams {
  /** The player concerned, as "Surname, Given name (id)". */
  readonly player?: string;
  /** The other player: the likely duplicate, the opponent met again. */
  readonly otherPlayer?: string;
  readonly birthYear?: number;
  readonly round?: number;
  readonly result?: string;
  readonly playedOn?: string;
  readonly startDate?: string;
  readonly endDate?: string;
  /** How many times the pair has met by this game. */
  readonly meeting?: number;
  readonly tournamentType?: TournamentType;
  readonly performance?: number;
  readonly games?: number;
  readonly rating?: number;
  /** Performance minus rating. */
  readonly difference?: number;
  /** The threshold the difference passed. */
  readonly margin?: number;
}

export interface TournamentCheck {
  readonly code: TournamentCheckCode;
  /** Why, in English words a reviewer acts on. */
  readonly message: string;
  readonly params: TournamentCheckParams;
  readonly playerId: number | null;
  /** The other player concerned: the likely duplicate, the opponent met again. */
  readonly otherPlayerId: number | null;
  readonly gameId: number | null;
}

/**
 * A performance this far above the player's rating at the start is worth a look (a sandbagged or wrong rating,
 * a misattributed player). 400 is the difference FIDE's rating regulations cap (B.02 8.3.1: "a difference of more
 * than 400 points shall be counted as 400"): past it, results no longer move ratings as they should.
 */
export const PERFORMANCE_OUTLIER_MARGIN = 400;
/**
 * Fewer games say too little: one result swings a performance by hundreds of points. Five is the least FIDE
 * rates a player on (B.02 7.1.4: an initial rating needs at least 5 games against rated opponents).
 */
export const PERFORMANCE_OUTLIER_MIN_GAMES = 5;

/** Types where the same two players meet more than once by design, and how often they may meet otherwise. */
const REPEATS_EXPECTED: ReadonlySet<TournamentType> = new Set(['MATCH', 'KNOCKOUT']);
const meetingsAllowed = (type: TournamentType) => (type === 'DOUBLE_ROUND_ROBIN' ? 2 : 1);

const BOARD_RESULTS: ReadonlySet<string> = new Set(PLAYED_RESULTS);
const WHITE_SCORES: Readonly<Record<string, number>> = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };

/**
 * The automatic checks of a tournament, as a pure function of its data (participants, games, the register's
 * likely duplicates). Each finding names the player or game concerned; none blocks.
 */
export function checkTournament(data: TournamentCheckData): TournamentCheck[] {
  const { tournament, participants, games, duplicates } = data;
  const checks: TournamentCheck[] = [];
  const add = (check: Omit<TournamentCheck, 'otherPlayerId' | 'gameId' | 'playerId'> & Partial<TournamentCheck>) =>
    checks.push({ playerId: null, otherPlayerId: null, gameId: null, ...check });
  const nameOf = new Map(
    participants.map((p) => [p.playerId, p.givenName ? `${p.surname}, ${p.givenName}` : p.surname]),
  );
  const named = (playerId: number) => `${nameOf.get(playerId) ?? 'player'} (${playerId})`;

  for (const p of participants) {
    if (p.birthDate === null && p.birthYear === null)
      add({
        code: 'MISSING_BIRTH_DATE',
        playerId: p.playerId,
        params: { player: named(p.playerId) },
        message: `${named(p.playerId)} has no birth date: he is in no age group`,
      });
    if (p.sex === null)
      add({
        code: 'MISSING_SEX',
        playerId: p.playerId,
        params: { player: named(p.playerId) },
        message: `${named(p.playerId)} has no sex: he is in no women's ranking`,
      });
  }
  for (const d of duplicates) {
    const other = d.otherGivenName ? `${d.otherSurname}, ${d.otherGivenName}` : d.otherSurname;
    add({
      code: 'LIKELY_DUPLICATE',
      playerId: d.playerId,
      otherPlayerId: d.otherPlayerId,
      params: { player: named(d.playerId), otherPlayer: `${other} (${d.otherPlayerId})`, birthYear: d.birthYear },
      message: `${named(d.playerId)} has the same name and birth year (${d.birthYear}) as player ${d.otherPlayerId} (${other}): merge them if they are one person`,
    });
  }

  const ratingOf = new Map(participants.map((p) => [p.playerId, p.ratingAtStart]));
  const opponents = new Map<number, { ratings: number[]; score: number }>();
  const meetings = new Map<string, number>();
  for (const game of games) {
    if (game.played && !BOARD_RESULTS.has(game.result)) {
      add({
        code: 'UNPLAYED_COUNTED',
        gameId: game.id,
        playerId: game.whitePlayerId,
        params: { round: game.round, result: game.result },
        message: `round ${game.round}: ${game.result} is not a game over the board but is counted as played (it would be rated)`,
      });
    }
    if (game.playedOn !== null && (game.playedOn < tournament.startDate || game.playedOn > tournament.endDate)) {
      add({
        code: 'GAME_OUTSIDE_DATES',
        gameId: game.id,
        playerId: game.whitePlayerId,
        params: {
          round: game.round,
          playedOn: game.playedOn,
          startDate: tournament.startDate,
          endDate: tournament.endDate,
        },
        message: `round ${game.round} is dated ${game.playedOn}, outside the tournament (${tournament.startDate} to ${tournament.endDate})`,
      });
    }
    const black = game.blackPlayerId;
    if (black === null) continue;
    const pair = game.whitePlayerId < black ? `${game.whitePlayerId}-${black}` : `${black}-${game.whitePlayerId}`;
    const met = (meetings.get(pair) ?? 0) + 1;
    meetings.set(pair, met);
    if (met > meetingsAllowed(tournament.type) && !REPEATS_EXPECTED.has(tournament.type)) {
      add({
        code: 'REPEATED_PAIRING',
        gameId: game.id,
        playerId: game.whitePlayerId,
        otherPlayerId: black,
        params: {
          round: game.round,
          player: named(game.whitePlayerId),
          otherPlayer: named(black),
          meeting: met,
          tournamentType: tournament.type,
        },
        message: `round ${game.round}: ${named(game.whitePlayerId)} and ${named(black)} meet again (meeting ${met}) in a ${tournament.type} tournament`,
      });
    }
    const score = WHITE_SCORES[game.result];
    if (!game.played || score === undefined) continue;
    for (const [player, opponent, points] of [
      [game.whitePlayerId, black, score],
      [black, game.whitePlayerId, 1 - score],
    ] as const) {
      const opponentRating = ratingOf.get(opponent);
      if (opponentRating == null) continue;
      const tally = opponents.get(player) ?? { ratings: [], score: 0 };
      tally.ratings.push(opponentRating);
      tally.score += points;
      opponents.set(player, tally);
    }
  }

  for (const [playerId, { ratings, score }] of opponents) {
    const rating = ratingOf.get(playerId);
    if (rating == null || ratings.length < PERFORMANCE_OUTLIER_MIN_GAMES) continue;
    const performance = Math.round(performanceRating(ratings, score, 'fide') as number);
    if (performance - rating > PERFORMANCE_OUTLIER_MARGIN) {
      add({
        code: 'PERFORMANCE_OUTLIER',
        playerId,
        params: {
          player: named(playerId),
          performance,
          games: ratings.length,
          rating,
          difference: performance - rating,
          margin: PERFORMANCE_OUTLIER_MARGIN,
        },
        message: `${named(playerId)} performed at ${performance} over ${ratings.length} rated games, ${performance - rating} above his rating of ${rating} (more than ${PERFORMANCE_OUTLIER_MARGIN})`,
      });
    }
  }
  return checks;
}

/** The automatic checks of a tournament (NOT_FOUND for an unknown one): its data read, then checkTournament. */
export async function tournamentChecks(
  db: DataSource | EntityManager,
  tournamentId: number,
): Promise<TournamentCheck[]> {
  const data = await tournamentCheckData('manager' in db ? db.manager : db, tournamentId);
  if (data === null) throw notFound('tournament', tournamentId);
  return checkTournament(data);
}
