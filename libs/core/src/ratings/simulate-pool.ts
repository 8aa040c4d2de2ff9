import type { DataSource } from 'typeorm';
import { listStateColumnsOf, publishedListsOfPeriods, tournamentEndDates } from '@ratings/db';
import { MAX_SIMULATION_PERIODS } from '@ratings/contract';
import { addMonths, rateEvents, ratingPeriod, systemParameters, type ParameterValues } from '@ratings/rating-rules';
import { authorize } from '../auth';
import { invalidInput } from '../errors';
import type { WriteContext } from '../common/actor';
import { poolByCode } from '../reading/lists';
import { publishedRating } from './live-ratings';
import { previousList } from './run-rating-period';
import { readRunInputs } from './run-inputs';
import type { SystemChoice } from './what-if';

/** How many players a simulation names as its top movers. */
export const SIMULATION_TOP_MOVERS = 10;

export { MAX_SIMULATION_PERIODS };

export interface SimulatedPlayer {
  readonly playerId: number;
  /** On the simulated `to` list. */
  readonly simulated: number | null;
  /** On the published `to` list (its latest revision). */
  readonly published: number | null;
  /** simulated − published (null when either is unrated). */
  readonly difference: number | null;
  /** Rated games of the range. */
  readonly games: number;
}

export interface PoolSimulation {
  readonly pool: string;
  readonly systemId: string;
  readonly params: ParameterValues;
  readonly from: string;
  readonly to: string;
  /** The list the simulation starts from: the one in force before `from` (null: none, everyone unrated). */
  readonly startListId: number | null;
  readonly periods: number;
  readonly tournaments: number;
  readonly games: number;
  /** Players with games in the range, the largest absolute difference first (then the highest rating). */
  readonly players: readonly SimulatedPlayer[];
  /** Players rated in both, over whom the mean is taken. */
  readonly compared: number;
  readonly meanAbsoluteDifference: number | null;
}

/** Periods from … to of a pool whose periods last `periodMonths` months, inclusive (0 when `to` is before `from`). */
function periodCount(from: string, to: string, periodMonths: number): number {
  let count = 0;
  for (let period = from; period <= to && count <= MAX_SIMULATION_PERIODS; period = addMonths(period, periodMonths))
    count++;
  return count;
}

/**
 * Rates a pool's published periods `from` … `to` again under another system (or other parameters), nothing saved:
 * from the list in force before `from`, the tournaments each period's latest revision rated, period by period in
 * one engine call, the run's own reading and engine. Compares each player who played in the range with the
 * published `to` list. Only those players are read, so the cost is the range's games, not the pool's size; at
 * most MAX_SIMULATION_PERIODS periods. Staff only (`ratings:simulate`).
 */
export async function simulatePool(
  db: DataSource,
  input: { poolCode: string; from: string; to: string } & SystemChoice,
  ctx: WriteContext,
): Promise<PoolSimulation> {
  authorize(ctx, 'ratings:simulate');
  const params = systemParameters(input.systemId, input.params ?? {});
  const pool = await poolByCode(db, input.poolCode);
  ratingPeriod(input.from, pool.periodMonths, 'from');
  ratingPeriod(input.to, pool.periodMonths, 'to');
  if (input.to < input.from) throw invalidInput('to', `${input.to} is before from (${input.from})`);
  const periods = periodCount(input.from, input.to, pool.periodMonths);
  if (periods > MAX_SIMULATION_PERIODS)
    throw invalidInput('to', `a simulation rates at most ${MAX_SIMULATION_PERIODS} periods (MAX_SIMULATION_PERIODS)`);

  const lists = await publishedListsOfPeriods(db, pool.id, input.from, input.to);
  if (lists.length === 0)
    throw invalidInput('from', `pool ${pool.code} has no published list from ${input.from} to ${input.to}`);
  const previous = await previousList(db.manager, pool, ratingPeriod(lists[0].period, pool.periodMonths).effectiveDate);
  const endDates = await tournamentEndDates(
    db,
    lists.flatMap((list) => list.tournamentIds),
  );
  const tournaments = lists.flatMap((list) =>
    list.tournamentIds.map((id) => ({ id, endDate: endDates.get(id)!, period: list.period })),
  );
  const last = lists[lists.length - 1];
  const inputs = await readRunInputs(db.manager, pool, previous?.id ?? null, tournaments, last.period, {
    systemId: input.systemId,
    gamePlayersOnly: true,
  });
  const result = rateEvents(input.systemId, params, inputs.players, inputs.events);
  const published = await publishedRatings(db, last.listId, Array.from(inputs.playerIds));

  const players: SimulatedPlayer[] = Array.from(inputs.playerIds, (playerId, i) => {
    const simulated = publishedRating(result.players.rating[i]);
    const official = published.get(playerId) ?? null;
    return {
      playerId,
      simulated,
      published: official,
      difference: simulated === null || official === null ? null : simulated - official,
      games: result.players.games[i] - inputs.gamesBefore[i],
    };
  }).filter((player) => player.games > 0);
  const size = (player: SimulatedPlayer) => (player.difference === null ? -1 : Math.abs(player.difference));
  players.sort((a, b) => size(b) - size(a) || (b.published ?? -1) - (a.published ?? -1) || a.playerId - b.playerId);
  const differences = players.filter((p) => p.difference !== null).map((p) => Math.abs(p.difference!));
  return {
    pool: pool.code,
    systemId: result.systemId,
    params,
    from: input.from,
    to: input.to,
    startListId: previous?.id ?? null,
    periods: lists.length,
    tournaments: tournaments.length,
    games: inputs.gameCount,
    players,
    compared: differences.length,
    meanAbsoluteDifference: differences.length ? differences.reduce((sum, d) => sum + d, 0) / differences.length : null,
  };
}

/** The published rating of each player on a list (a survivor's own line before an alias's). */
async function publishedRatings(
  db: DataSource,
  listId: number,
  playerIds: number[],
): Promise<Map<number, number | null>> {
  const states = await listStateColumnsOf(db.manager, listId, playerIds);
  const ratings = new Map<number, number | null>();
  (states.player_id ?? []).forEach((playerId, row) => {
    if (!states.is_alias![row] || !ratings.has(playerId)) ratings.set(playerId, states.rating![row]);
  });
  return ratings;
}
