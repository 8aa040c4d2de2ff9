import type { EntityManager } from 'typeorm';
import { copyColumns, RatingChange, RatingList, RatingListEntry, RatingListTournament, type Pool } from '@ratings/db';
import { categoryOf, roundHalfAwayFromZero, type ColumnarRatingResult, type GameResultColumns } from '@ratings/rating-rules';
import { poolCategories } from '../reading/categories';
import type { RunInputs } from './run-inputs';

/** Per-game rows sent per statement (arrays of this many values per column). */
const GAME_ROWS_PER_STATEMENT = 20_000;

const roundOrNull = (value: number) => (Number.isNaN(value) ? NaN : roundHalfAwayFromZero(value));

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
 * changed or not, so the next run finds every state), the change rows, their per-game rows and the
 * tournaments rated. The list row itself must exist (a draft).
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
  const glicko = pool.ratingSystemId === 'glicko2';
  const published = Float64Array.from(players.rating, roundOrNull);
  const listed = Uint8Array.from(players.listed, (value, i) => (value && !Number.isNaN(published[i]) ? 1 : 0));
  const ranks = rankListed(published, listed);
  const categories = poolCategories(pool);
  const categoryCodes = Array.from(published, (rating, i) => (listed[i] ? categoryOf(rating, categories).code : null));
  const gamesInPeriod = Int32Array.from(players.games, (games, i) => games - inputs.gamesBefore[i]);
  const listId = new Int32Array(n).fill(list.id);
  const poolId = new Int32Array(n).fill(pool.id);
  const dates = new Array<string>(n).fill(list.effectiveDate);

  await copyColumns(manager, RatingListEntry, {
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
    everReached2400: players.everReached2400,
    systemState: players.carry,
  });

  const changes = result.changes;
  const c = changes.count;
  const changePlayer = Int32Array.from(changes.player.subarray(0, c), (p) => inputs.playerIds[p]);
  const changeTournament = Int32Array.from(changes.event.subarray(0, c), (e) => inputs.tournamentIds[e]);
  await copyColumns(manager, RatingChange, {
    listId: new Int32Array(c).fill(list.id),
    poolId: new Int32Array(c).fill(pool.id),
    effectiveDate: new Array<string>(c).fill(list.effectiveDate),
    playerId: changePlayer,
    tournamentId: changeTournament,
    ratingBefore: Float64Array.from(changes.ratingBefore.subarray(0, c), roundOrNull),
    ratingAfter: Float64Array.from(changes.ratingAfter.subarray(0, c), roundOrNull),
    expected: changes.expected.subarray(0, c),
    score: changes.score.subarray(0, c),
    games: changes.games.subarray(0, c),
    k: changes.k.subarray(0, c),
    bonus: changes.bonus.subarray(0, c),
    performance: Float64Array.from(changes.performance.subarray(0, c), roundOrNull),
    change: changes.change.subarray(0, c),
  });

  const gameRowCount = await writeChangeGames(manager, list, inputs, gameRows);
  await copyColumns(manager, RatingListTournament, {
    listId: new Int32Array(inputs.tournamentIds.length).fill(list.id),
    tournamentId: Int32Array.from(inputs.tournamentIds),
  });
  return { entries: n, listed: listed.reduce((sum, v) => sum + v, 0), changes: c, gameRows: gameRowCount };
}

/**
 * Per-game rows, one per game and side rated for that side (the opponent's rating column is a number),
 * joined to their change row by (list, player, tournament) in SQL: no ids travel back and forth.
 */
async function writeChangeGames(manager: EntityManager, list: RatingList, inputs: RunInputs, rows: GameResultColumns): Promise<number> {
  const { white, black, score } = inputs.events.games;
  const offsets = inputs.events.gameOffsets;
  const stage = {
    gameId: [] as number[],
    playerId: [] as number[],
    tournamentId: [] as number[],
    opponentId: [] as number[],
    opponentRating: [] as number[],
    score: [] as number[],
    expected: [] as number[],
    change: [] as number[],
  };
  for (let e = 0; e + 1 < offsets.length; e++) {
    const tournamentId = inputs.tournamentIds[e];
    for (let g = offsets[e]; g < offsets[e + 1]; g++) {
      const sides: [number, number, number, number, number, number][] = [
        [white[g], black[g], rows.blackRating[g], score[g], rows.whiteExpected[g], rows.whiteChange[g]],
        [black[g], white[g], rows.whiteRating[g], 1 - score[g], rows.blackExpected[g], rows.blackChange[g]],
      ];
      for (const [player, opponent, opponentRating, sideScore, expected, change] of sides) {
        if (Number.isNaN(opponentRating)) continue;
        stage.gameId.push(inputs.gameIds[g]);
        stage.playerId.push(inputs.playerIds[player]);
        stage.tournamentId.push(tournamentId);
        stage.opponentId.push(inputs.playerIds[opponent]);
        stage.opponentRating.push(roundHalfAwayFromZero(opponentRating));
        stage.score.push(sideScore);
        stage.expected.push(expected);
        stage.change.push(change);
      }
    }
  }
  const count = stage.gameId.length;
  for (let from = 0; from < count; from += GAME_ROWS_PER_STATEMENT) {
    const to = Math.min(from + GAME_ROWS_PER_STATEMENT, count);
    await manager.query(
      `INSERT INTO rating_change_games (change_id, list_id, game_id, opponent_id, opponent_rating_used, score, expected, change)
       SELECT c.id, c.list_id, r.game_id, r.opponent_id, r.opponent_rating, r.score, r.expected, r.change
       FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::float8[], $8::float8[], $9::float8[])
              AS r(game_id, player_id, tournament_id, opponent_id, opponent_rating, score, expected, change)
       JOIN rating_changes c ON c.list_id = $1 AND c.player_id = r.player_id AND c.tournament_id = r.tournament_id`,
      [
        list.id,
        ...[stage.gameId, stage.playerId, stage.tournamentId, stage.opponentId, stage.opponentRating, stage.score, stage.expected, stage.change].map((column) =>
          column.slice(from, to).map((value) => (Number.isNaN(value) ? null : value)),
        ),
      ],
    );
  }
  return count;
}
