import { In, type DataSource, type EntityManager } from 'typeorm';
import {
  Game,
  Tournament,
  TournamentParticipant,
  BYE_RESULTS,
  listIdInForceOn,
  listRatingsOf,
  tournamentChangeRows,
  tournamentsDirectory,
  type GameResult,
  type PagePosition,
} from '@ratings/db';
import { getRatingSystem, performanceRating, type PerformanceMethod } from '@ratings/rating-rules';
import { can } from '../auth/permissions';
import type { HistoryChangeRow } from './players';
import { PUBLIC_TOURNAMENT_STATUSES, type Reader } from './visibility';

type Db = DataSource | EntityManager;

export async function tournamentsByIds(db: Db, ids: readonly number[]): Promise<(Tournament | null)[]> {
  const found = await db.getRepository(Tournament).findBy({ id: In([...ids]) });
  const byId = new Map(found.map((t) => [t.id, t]));
  return ids.map((id) => byId.get(id) ?? null);
}

export interface TournamentFilters {
  poolId?: number | null;
  from?: string | null;
  to?: string | null;
  search?: string | null;
  status?: Tournament['status'] | null;
  /** The staff member who created them. */
  createdBy?: number | null;
  /** Who reads: the page holds what isVisibleTo shows him (the public: ACCEPTED and RATED tournaments). */
  reader?: Reader;
}

export interface TournamentKey {
  endDate: string;
  id: number;
}

/** Tournaments, most recent first, filtered by pool, end date range and name (accent- and case-insensitive). */
export async function tournamentsPage(
  db: Db,
  filters: TournamentFilters,
  first: number,
  position: PagePosition<TournamentKey>,
): Promise<{ rows: Tournament[]; totalCount: number }> {
  const { reader = null, ...conditions } = filters;
  const visibleTo =
    reader !== null && can(reader, 'drafts:read')
      ? null
      : { statuses: PUBLIC_TOURNAMENT_STATUSES, ownerId: reader?.kind === 'staff' ? reader.staffId : null };
  return tournamentsDirectory(db, { ...conditions, visibleTo }, first + 1, position);
}

/** Points a result gives white and black (byes: white is the player who receives it). */
export function pointsOf(result: GameResult): [number, number] {
  switch (result) {
    case '1-0':
    case '+/-':
      return [1, 0];
    case '0-1':
    case '-/+':
      return [0, 1];
    case '1/2-1/2':
      return [0.5, 0.5];
    case '-/-':
      return [0, 0];
    case 'BYE_PAB':
    case 'BYE_FULL':
      return [1, 0];
    case 'BYE_HALF':
      return [0.5, 0];
    case 'BYE_ZERO':
      return [0, 0];
  }
}

export interface CrosstableCell {
  round: number;
  opponentId: number | null;
  /** Start rank of the opponent (the crosstable's usual reference). */
  opponentStartRank: number | null;
  color: 'WHITE' | 'BLACK' | null;
  result: GameResult;
  points: number;
  played: boolean;
  gameId: number;
}

export interface StandingRow {
  position: number;
  playerId: number;
  startRank: number;
  ratingAtStart: number | null;
  points: number;
  gamesPlayed: number;
  performance: number | null;
  cells: CrosstableCell[];
}

/**
 * Each participant's rating at the start: the one his tournament file gave, else the one the pool's list in force
 * on the first day gives him (a tournament entered by hand, or a file without ratings, records none of its own:
 * the rating run rated it from that list too).
 */
async function ratingsAtStart(db: Db, tournament: Tournament, participants: readonly TournamentParticipant[]) {
  const missing = participants.filter((p) => p.ratingAtStart === null).map((p) => p.playerId);
  const listId = missing.length > 0 ? await listIdInForceOn(db, tournament.poolId, tournament.startDate) : null;
  const fromList = listId === null ? new Map<number, number>() : await listRatingsOf(db, listId, missing);
  return new Map(participants.map((p) => [p.playerId, p.ratingAtStart ?? fromList.get(p.playerId) ?? null]));
}

/**
 * Standings and crosstable of a tournament: points from every result (forfeits and byes included),
 * performance over the played games against rated opponents (the pool system's own method), ordered by points then performance (the Quebec cote page: the performance
 * breaks ties), then start rank.
 */
export async function tournamentStandings(
  db: Db,
  tournament: Tournament,
  ratingSystemId: string,
): Promise<StandingRow[]> {
  const [participants, games] = await Promise.all([
    db
      .getRepository(TournamentParticipant)
      .find({ where: { tournamentId: tournament.id }, order: { startRank: 'ASC' } }),
    db.getRepository(Game).find({ where: { tournamentId: tournament.id }, order: { round: 'ASC', board: 'ASC' } }),
  ]);
  const byPlayer = new Map(participants.map((p) => [p.playerId, p]));
  const ratingAtStart = await ratingsAtStart(db, tournament, participants);
  const rows = new Map<number, StandingRow>(
    participants.map((p) => [
      p.playerId,
      {
        position: 0,
        playerId: p.playerId,
        startRank: p.startRank,
        ratingAtStart: ratingAtStart.get(p.playerId) ?? null,
        points: 0,
        gamesPlayed: 0,
        performance: null,
        cells: [],
      },
    ]),
  );
  const isBye = (result: GameResult) => (BYE_RESULTS as readonly string[]).includes(result);
  for (const game of games) {
    const [whitePoints, blackPoints] = pointsOf(game.result);
    const sides: [number, number | null, 'WHITE' | 'BLACK', number][] = [
      [game.whitePlayerId, game.blackPlayerId, 'WHITE', whitePoints],
    ];
    if (game.blackPlayerId !== null) sides.push([game.blackPlayerId, game.whitePlayerId, 'BLACK', blackPoints]);
    for (const [playerId, opponentId, color, points] of sides) {
      const row = rows.get(playerId);
      if (!row) continue;
      row.points += points;
      if (game.played) row.gamesPlayed++;
      row.cells.push({
        round: game.round,
        opponentId,
        opponentStartRank: opponentId === null ? null : (byPlayer.get(opponentId)?.startRank ?? null),
        color: isBye(game.result) ? null : color,
        result: game.result,
        points,
        played: game.played,
        gameId: game.id,
      });
    }
  }
  const method: PerformanceMethod = getRatingSystem(ratingSystemId).performanceMethod;
  for (const row of rows.values()) {
    const rated = row.cells.filter((c) => c.played && c.opponentId !== null && ratingAtStart.get(c.opponentId) != null);
    if (rated.length) {
      const performance = performanceRating(
        rated.map((c) => ratingAtStart.get(c.opponentId as number) as number),
        rated.reduce((sum, c) => sum + c.points, 0),
        method,
      );
      row.performance = performance === null ? null : Math.round(performance);
    }
  }
  const ordered = [...rows.values()].sort(
    (a, b) => b.points - a.points || (b.performance ?? -1) - (a.performance ?? -1) || a.startRank - b.startRank,
  );
  ordered.forEach((row, index) => {
    const previous = ordered[index - 1];
    row.position =
      previous && previous.points === row.points && previous.performance === row.performance
        ? previous.position
        : index + 1;
  });
  return ordered;
}

/** Rating changes a tournament made (in the list in force for its period), best gain first. */
export async function tournamentChanges(db: Db, tournamentId: number): Promise<HistoryChangeRow[]> {
  return tournamentChangeRows(db, tournamentId);
}

/** Each tournament's games (byes included) in round and board order, one query for all of them. */
export async function tournamentGames(db: Db, tournamentIds: readonly number[]): Promise<Game[][]> {
  const games = await db.getRepository(Game).find({
    where: { tournamentId: In([...tournamentIds]) },
    order: { round: 'ASC', board: 'ASC', id: 'ASC' },
  });
  const byTournament = new Map<number, Game[]>(tournamentIds.map((id) => [id, []]));
  for (const game of games) byTournament.get(game.tournamentId)?.push(game);
  return tournamentIds.map((id) => byTournament.get(id) ?? []);
}
