import type { EntityManager } from 'typeorm';
import {
  copyColumns,
  RatingChange,
  RatingChangeGame,
  RatingList,
  RatingListEntry,
  RatingListTournament,
  reserveRatingChangeIds,
  writeListPartition,
  type Pool,
} from '@ratings/db';
import {
  categoryOf,
  getRatingSystem,
  roundHalfAwayFromZero,
  type ColumnarRatingResult,
  type GameResultColumns,
} from '@ratings/rating-rules';
import { poolCategories } from '../reading/categories';
import type { RunInputs } from './run-inputs';

/** Rounds a published number; NaN, which stands for null in the result's columns, stays NaN. */
const roundUnlessNaN = (value: number) => (Number.isNaN(value) ? NaN : roundHalfAwayFromZero(value));

/**
 * Ranks of the listed players: by published (integer) rating, best first; equal ratings share a rank
 * (1, 2, 2, 4). 0 for players not listed.
 */
export function rankListed(ratings: Float64Array, listed: Uint8Array): Int32Array {
  const order: number[] = [];
  for (let i = 0; i < ratings.length; i++) if (listed[i] && !Number.isNaN(ratings[i])) order.push(i);
  order.sort((a, b) => ratings[b] - ratings[a] || a - b);
  const ranks = new Int32Array(ratings.length);
  order.forEach((player, position) => {
    const previous = order[position - 1];
    ranks[player] = position > 0 && ratings[previous] === ratings[player] ? ranks[previous] : position + 1;
  });
  return ranks;
}

export interface ListTotals {
  entries: number;
  listed: number;
  changes: number;
  gameRows: number;
}

/**
 * Writes a computed list's rows, set-based (COPY on a server): an entry for every player (rated or not,
 * changed or not, so the next run finds every state), the change rows, their per-game rows (each into the list's
 * own partition) and the tournaments rated. The list row itself must exist (a draft).
 */
export async function writeListRows(
  manager: EntityManager,
  pool: Pool,
  list: RatingList,
  inputs: RunInputs,
  result: ColumnarRatingResult,
  gameRows: GameResultColumns,
): Promise<ListTotals> {
  const players = result.players;
  const n = inputs.playerIds.length;
  const glicko = getRatingSystem(pool.ratingSystemId).uses.deviation;
  const published = Float64Array.from(players.rating, roundUnlessNaN);
  const listed = Uint8Array.from(players.listed, (value, i) => (value && !Number.isNaN(published[i]) ? 1 : 0));
  const ranks = rankListed(published, listed);
  const categories = poolCategories(pool);
  const categoryCodes = Array.from(published, (rating, i) => (listed[i] ? categoryOf(rating, categories).code : null));
  const gamesInPeriod = Int32Array.from(players.games, (games, i) => games - inputs.gamesBefore[i]);
  const listId = new Int32Array(n).fill(list.id);
  const poolId = new Int32Array(n).fill(pool.id);
  const dates = new Array<string>(n).fill(list.effectiveDate);

  const entries = {
    listId,
    poolId,
    effectiveDate: dates,
    playerId: inputs.playerIds,
    rating: published,
    glickoRating: glicko ? players.rating : undefined,
    glickoRd: glicko ? players.rd : undefined,
    glickoVolatility: glicko ? players.volatility : undefined,
    provisional: players.provisional,
    gamesInPeriod,
    gamesTotal: players.games,
    k: players.k,
    rank: Float64Array.from(ranks, (rank) => (rank === 0 ? NaN : rank)),
    categoryCode: categoryCodes,
    listed,
    systemState: players.carry,
  };
  await writeListPartition(manager, 'rating_list_entries', list.id, (into) =>
    copyColumns(manager, RatingListEntry, entries, { into }),
  );

  const changes = result.changes;
  const c = changes.count;
  // Change ids are reserved from the sequence first, so the per-game rows can name their change and both go
  // in with COPY; nothing travels back from the database.
  const changeIds = await reserveRatingChangeIds(manager, c);
  const changeRows = {
    id: changeIds,
    listId: new Int32Array(c).fill(list.id),
    poolId: new Int32Array(c).fill(pool.id),
    effectiveDate: new Array<string>(c).fill(list.effectiveDate),
    playerId: Int32Array.from(changes.player.subarray(0, c), (p) => inputs.playerIds[p]),
    tournamentId: Int32Array.from(changes.event.subarray(0, c), (e) => inputs.tournamentIds[e]),
    ratingBefore: Float64Array.from(changes.ratingBefore.subarray(0, c), roundUnlessNaN),
    ratingAfter: Float64Array.from(changes.ratingAfter.subarray(0, c), roundUnlessNaN),
    expected: changes.expected.subarray(0, c),
    score: changes.score.subarray(0, c),
    games: changes.games.subarray(0, c),
    k: changes.k.subarray(0, c),
    bonus: changes.bonus.subarray(0, c),
    performance: Float64Array.from(changes.performance.subarray(0, c), roundUnlessNaN),
    change: changes.change.subarray(0, c),
  };
  await writeListPartition(manager, 'rating_changes', list.id, (into) =>
    copyColumns(manager, RatingChange, changeRows, { into }),
  );

  const gameRowCount = await writeChangeGames(manager, list, inputs, result, changeIds, gameRows);
  await copyColumns(manager, RatingListTournament, {
    listId: new Int32Array(inputs.tournamentIds.length).fill(list.id),
    tournamentId: Int32Array.from(inputs.tournamentIds),
  });
  return { entries: n, listed: listed.reduce((sum, v) => sum + v, 0), changes: c, gameRows: gameRowCount };
}

/**
 * Per-game rows, one per game and side rated for that side (the opponent's rating column is a number),
 * each under its change: the change row of the same player and event.
 */
async function writeChangeGames(
  manager: EntityManager,
  list: RatingList,
  inputs: RunInputs,
  result: ColumnarRatingResult,
  changeIds: Int32Array,
  rows: GameResultColumns,
): Promise<number> {
  const { white, black, score } = inputs.events.games;
  const offsets = inputs.events.gameOffsets;
  const eventCount = offsets.length - 1;
  // (player, event) → change row, as one number key per pair.
  const changeRowOf = new Map<number, number>();
  const { player, event, count } = result.changes;
  for (let r = 0; r < count; r++) changeRowOf.set(player[r] * eventCount + event[r], r);

  const capacity = 2 * inputs.gameIds.length;
  const out = {
    changeId: new Int32Array(capacity),
    gameId: new Int32Array(capacity),
    opponentId: new Int32Array(capacity),
    opponentRatingUsed: new Float64Array(capacity),
    score: new Float64Array(capacity),
    expected: new Float64Array(capacity),
    change: new Float64Array(capacity),
  };
  let n = 0;
  const add = (
    g: number,
    e: number,
    side: number,
    opponent: number,
    opponentRating: number,
    sideScore: number,
    expected: number,
    change: number,
  ) => {
    if (Number.isNaN(opponentRating)) return; // not rated for this side
    const row = changeRowOf.get(side * eventCount + e);
    if (row === undefined)
      throw new Error(`game ${inputs.gameIds[g]} is rated for player ${inputs.playerIds[side]} but has no change row`);
    out.changeId[n] = changeIds[row];
    out.gameId[n] = inputs.gameIds[g];
    out.opponentId[n] = inputs.playerIds[opponent];
    out.opponentRatingUsed[n] = roundHalfAwayFromZero(opponentRating);
    out.score[n] = sideScore;
    out.expected[n] = expected;
    out.change[n] = change;
    n++;
  };
  for (let e = 0; e < eventCount; e++) {
    for (let g = offsets[e]; g < offsets[e + 1]; g++) {
      add(g, e, white[g], black[g], rows.blackRating[g], score[g], rows.whiteExpected[g], rows.whiteChange[g]);
      add(g, e, black[g], white[g], rows.whiteRating[g], 1 - score[g], rows.blackExpected[g], rows.blackChange[g]);
    }
  }
  const gameRows = {
    changeId: out.changeId.subarray(0, n),
    listId: new Int32Array(n).fill(list.id),
    gameId: out.gameId.subarray(0, n),
    opponentId: out.opponentId.subarray(0, n),
    opponentRatingUsed: out.opponentRatingUsed.subarray(0, n),
    score: out.score.subarray(0, n),
    expected: out.expected.subarray(0, n),
    change: out.change.subarray(0, n),
  };
  await writeListPartition(manager, 'rating_change_games', list.id, (into) =>
    copyColumns(manager, RatingChangeGame, gameRows, { into }),
  );
  return n;
}
