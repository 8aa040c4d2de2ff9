import type { DataSource, EntityManager } from 'typeorm';
import { Pool, RatingList, type Tournament } from '@ratings/db';
import {
  getRatingSystem,
  rateEvents,
  ratingPeriod,
  systemParameters,
  type ColumnarRatingResult,
  type ParameterValues,
} from '@ratings/rating-rules';
import { publishedRating } from './live-ratings';
import { tournamentRatingPeriod } from './next-period';
import { previousList } from './run-rating-period';
import { readRunInputs, type RunInputs } from './run-inputs';

/** A system and its parameters (plain JSON, completed with the system's defaults), as a pool names them. */
export interface SystemChoice {
  readonly systemId: string;
  readonly params?: unknown;
}

/** One player of a what-if: his rating before, and after the tournament under the other system and his pool's. */
export interface WhatIfRow {
  readonly playerId: number;
  readonly ratingBefore: number | null;
  readonly ratingAfter: number | null;
  readonly provisional: boolean;
  readonly change: number | null;
  readonly score: number;
  readonly games: number;
  readonly expected: number | null;
  readonly k: number | null;
  readonly performance: number | null;
  /** The same tournament under the pool's own system and parameters. */
  readonly poolRatingAfter: number | null;
}

export interface WhatIfResult {
  readonly tournamentId: number;
  readonly systemId: string;
  /** The parameters used, defaults included. */
  readonly params: ParameterValues;
  /** The period the tournament is (or will be) rated in; the list in force before it gives the starting ratings. */
  readonly period: string;
  /** That starting list (null: the pool has none, everyone starts unrated). */
  readonly listId: number | null;
  /** Players with games rated for them, best change first. */
  readonly rows: readonly WhatIfRow[];
}

const nanToNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

/**
 * Rates a tournament under another system (or other parameters), nothing saved: from the list in force before
 * the period that rates it (rated: its list's; not yet: the one its pool's next run would use), the tournament
 * alone, through the run's reading and engine. A list's carry (FIDE's, say) is only the pool's own system's, so
 * another system starts from the ratings and game counts, exactly as a pool of that system whose starting list
 * held the same ratings. The pool's own system is rated on the same input alongside, for comparison. The
 * parameters are validated by the rating-rules registry (BAD_USER_INPUT naming the parameter).
 */
export async function whatIf(
  db: DataSource | EntityManager,
  tournament: Pick<Tournament, 'id' | 'poolId' | 'endDate' | 'ratedInListId'>,
  choice: SystemChoice,
): Promise<WhatIfResult> {
  const params = systemParameters(choice.systemId, choice.params ?? {});
  const manager = 'manager' in db ? db.manager : db;
  const pool = await manager.getRepository(Pool).findOneByOrFail({ id: tournament.poolId });
  const ratedIn =
    tournament.ratedInListId === null
      ? null
      : await manager.getRepository(RatingList).findOneByOrFail({ id: tournament.ratedInListId });
  const period = ratedIn?.period ?? (await tournamentRatingPeriod(manager, tournament)).period;
  const previous = await previousList(manager, pool, ratingPeriod(period, pool.periodMonths).effectiveDate);
  const read = (systemId: string) =>
    readRunInputs(manager, pool, previous?.id ?? null, [tournament], period, { systemId, gamePlayersOnly: true });
  const inputs = await read(choice.systemId);
  const result = rateEvents(choice.systemId, params, inputs.players, inputs.events);
  const poolInputs = choice.systemId === pool.ratingSystemId ? inputs : await read(pool.ratingSystemId);
  const poolResult = rateEvents(pool.ratingSystemId, pool.systemParams, poolInputs.players, poolInputs.events);
  return {
    tournamentId: tournament.id,
    systemId: getRatingSystem(choice.systemId).id,
    params,
    period,
    listId: previous?.id ?? null,
    rows: whatIfRows(inputs, result, ratingsAfterById(poolInputs, poolResult)),
  };
}

function ratingsAfterById(inputs: RunInputs, result: ColumnarRatingResult): Map<number, number | null> {
  return new Map(Array.from(inputs.playerIds, (id, i) => [id, publishedRating(result.players.rating[i])]));
}

function whatIfRows(
  inputs: RunInputs,
  result: ColumnarRatingResult,
  poolRatings: Map<number, number | null>,
): WhatIfRow[] {
  const { changes } = result;
  const rows: WhatIfRow[] = [];
  for (let c = 0; c < changes.count; c++) {
    const player = changes.player[c];
    const playerId = inputs.playerIds[player];
    const before = publishedRating(changes.ratingBefore[c]);
    const after = publishedRating(changes.ratingAfter[c]);
    rows.push({
      playerId,
      ratingBefore: before,
      ratingAfter: after,
      provisional: result.players.provisional[player] === 1,
      change: before === null || after === null ? null : after - before,
      score: changes.score[c],
      games: changes.games[c],
      expected: nanToNull(changes.expected[c]),
      k: nanToNull(changes.k[c]),
      performance: publishedRating(changes.performance[c]),
      poolRatingAfter: poolRatings.get(playerId) ?? null,
    });
  }
  return rows.sort((a, b) => (b.change ?? -Infinity) - (a.change ?? -Infinity) || a.playerId - b.playerId);
}
