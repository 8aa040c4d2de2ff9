import type { DataSource, EntityManager } from 'typeorm';
import {
  acceptedTournamentsOf,
  lastPublishedPeriod,
  liveRatingsOfPlayers,
  lockPoolLiveRatings,
  Pool,
  replaceLiveRatings,
  type LiveRatingColumns,
  type LiveRatingRow,
} from '@ratings/db';
import {
  getRatingSystem,
  periodAfter,
  periodRating,
  rateEvents,
  ratingPeriod,
  roundHalfAwayFromZero,
  type ColumnarRatingResult,
  type ParameterValues,
} from '@ratings/rating-rules';
import { previousList } from './run-rating-period';
import { readRunInputs, type RunInputs, type TournamentInput } from './run-inputs';

/** A rating as lists publish it: rounded, null for unrated (NaN in the engine's columns). */
export const publishedRating = (rating: number): number | null =>
  Number.isNaN(rating) ? null : roundHalfAwayFromZero(rating);

const nullUnlessNumber = (value: number | undefined): number | null =>
  value === undefined || Number.isNaN(value) ? null : value;

export interface LiveRatingsRefresh {
  /** The pool's pending (ACCEPTED) tournaments rated. */
  readonly tournaments: number;
  /** Players given a live rating. */
  readonly players: number;
}

/**
 * The pool's pending tournaments (ACCEPTED, not yet published), each in the period whose run will rate it: the
 * pool's next period (late ones included), or a later one for a tournament that ended after it.
 */
async function pendingTournaments(
  manager: EntityManager,
  pool: Pool,
): Promise<{ next: string | null; tournaments: TournamentInput[] }> {
  const accepted = await acceptedTournamentsOf(manager, pool.id);
  const lastPublished = await lastPublishedPeriod(manager, pool.id);
  const next =
    lastPublished !== null
      ? periodAfter(lastPublished, pool.periodMonths)
      : accepted.length
        ? periodRating(accepted[0].endDate, null, pool.periodMonths)
        : null;
  return {
    next,
    tournaments: accepted.map((t) => ({ ...t, period: periodRating(t.endDate, next, pool.periodMonths) })),
  };
}

/**
 * Rebuilds a pool's live ratings in the caller's transaction: its pending tournaments are rated with the pool's
 * system and parameters, through the run's own reading (`readRunInputs`) and engine (`rateEvents`), on top of the
 * latest published list, and every player who played a rated game in them gets his live rating.
 *
 * Only the pending tournaments' players are read (index lookups in the list, never the whole pool), and the
 * result is exactly theirs in the run to come: whatever the system, a player's rating moves only through his own
 * games, whose opponents are in the same set; per-game and per-event systems (elo, elo-provisional, fqe) use the
 * opponents' ratings as the games reach them, FIDE's rules and Glicko-2 rate per period from the states that
 * open it, and both are computed here period by period, as the runs will. A pool's refreshes are serialised
 * (advisory lock), so two acceptances at once leave the live ratings of both.
 */
export async function refreshLiveRatings(manager: EntityManager, poolId: number): Promise<LiveRatingsRefresh> {
  await lockPoolLiveRatings(manager, poolId);
  const pool = await manager.getRepository(Pool).findOneByOrFail({ id: poolId });
  const { next, tournaments } = await pendingTournaments(manager, pool);
  const previous =
    next === null ? null : await previousList(manager, pool, ratingPeriod(next, pool.periodMonths).effectiveDate);
  if (next === null || tournaments.length === 0) {
    await replaceLiveRatings(manager, pool.id, previous?.id ?? null, emptyLiveRatings());
    return { tournaments: 0, players: 0 };
  }
  const inputs = await readRunInputs(manager, pool, previous?.id ?? null, tournaments, next, { gamePlayersOnly: true });
  const result = rateEvents(pool.ratingSystemId, pool.systemParams, inputs.players, inputs.events);
  const rows = liveRatingColumns(inputs, result);
  await replaceLiveRatings(manager, pool.id, previous?.id ?? null, rows);
  return { tournaments: tournaments.length, players: rows.playerId.length };
}

/** One row per player with a change (a game rated for him): his state before and after, his tournaments. */
function liveRatingColumns(inputs: RunInputs, result: ColumnarRatingResult): LiveRatingColumns {
  const system = getRatingSystem(result.systemId);
  const params = result.params as ParameterValues;
  const { changes } = result;
  const rowOf = new Map<number, number>();
  const players: number[] = [];
  const games: number[] = [];
  const tournamentIds: number[][] = [];
  for (let c = 0; c < changes.count; c++) {
    const player = changes.player[c];
    let row = rowOf.get(player);
    if (row === undefined) {
      row = players.length;
      rowOf.set(player, row);
      players.push(player);
      games.push(0);
      tournamentIds.push([]);
    }
    games[row] += changes.games[c];
    const tournamentId = inputs.tournamentIds[changes.event[c]];
    const own = tournamentIds[row];
    if (own[own.length - 1] !== tournamentId) own.push(tournamentId);
  }
  const before = inputs.players;
  return {
    playerId: Int32Array.from(players, (p) => inputs.playerIds[p]),
    officialRating: players.map((p) => publishedRating(before.rating[p])),
    officialProvisional: players.map(
      (p) =>
        !Number.isNaN(before.rating[p]) &&
        system.isProvisional(
          { rating: before.rating[p], games: before.games[p], rd: nullUnlessNumber(before.rd?.[p]) },
          params,
        ),
    ),
    rating: players.map((p) => publishedRating(result.players.rating[p])),
    provisional: players.map((p) => result.players.provisional[p] === 1),
    games: Int32Array.from(games),
    tournamentIds,
  };
}

function emptyLiveRatings(): LiveRatingColumns {
  return {
    playerId: new Int32Array(0),
    officialRating: [],
    officialProvisional: [],
    rating: [],
    provisional: [],
    games: new Int32Array(0),
    tournamentIds: [],
  };
}

/** The live ratings of each player (in the order asked; an empty list for a player with none), for a DataLoader. */
export async function liveRatingsByPlayer(
  db: DataSource | EntityManager,
  playerIds: readonly number[],
): Promise<LiveRatingRow[][]> {
  const rows = await liveRatingsOfPlayers(db, playerIds);
  return playerIds.map((id) => rows.filter((row) => row.playerId === id));
}

export type { LiveRatingRow };
