import type { EntityManager } from 'typeorm';
import type { GameResult, Sex, TournamentType } from '../entities';

export interface CheckedParticipant {
  readonly playerId: number;
  readonly surname: string;
  readonly givenName: string | null;
  readonly sex: Sex | null;
  readonly birthDate: string | null;
  readonly birthYear: number | null;
  readonly ratingAtStart: number | null;
}

export interface CheckedGame {
  readonly id: number;
  readonly round: number;
  readonly whitePlayerId: number;
  readonly blackPlayerId: number | null;
  readonly result: GameResult;
  readonly played: boolean;
  readonly playedOn: string | null;
}

export interface DuplicateCandidate {
  readonly playerId: number;
  readonly otherPlayerId: number;
  readonly otherSurname: string;
  readonly otherGivenName: string | null;
  readonly birthYear: number;
}

export interface TournamentCheckData {
  readonly tournament: {
    readonly id: number;
    readonly startDate: string;
    readonly endDate: string;
    readonly type: TournamentType;
  };
  readonly participants: CheckedParticipant[];
  readonly games: CheckedGame[];
  readonly duplicates: DuplicateCandidate[];
}

/**
 * Other players (survivors, not aliases) with the same normalized name (`player_search_name`: accents, case and
 * spaces ignored) and birth year as each of `playerIds`: who may be the same person registered twice. Both sides
 * go through `player_duplicate_key`, the expression of `ix_players_duplicate_key`.
 */
export function likelyDuplicatesOf(
  manager: EntityManager,
  playerIds: readonly number[],
): Promise<DuplicateCandidate[]> {
  return manager.query(
    `SELECT p.id AS "playerId", q.id AS "otherPlayerId", q.surname AS "otherSurname", q.given_name AS "otherGivenName",
            q.birth_year AS "birthYear"
       FROM players p
       JOIN players q ON player_duplicate_key(q.surname, q.given_name, q.birth_year)
                         = player_duplicate_key(p.surname, p.given_name, p.birth_year)
                     AND q.id <> p.id AND q.merged_into_id IS NULL
      WHERE p.id = ANY($1::integer[])
      ORDER BY p.id, q.id`,
    [playerIds],
  );
}

/** What the automatic checks of a tournament look at, in three statements; null for an unknown tournament. */
export async function tournamentCheckData(
  manager: EntityManager,
  tournamentId: number,
): Promise<TournamentCheckData | null> {
  const [tournament] = await manager.query(
    `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS "startDate", to_char(end_date, 'YYYY-MM-DD') AS "endDate", type
       FROM tournaments WHERE id = $1`,
    [tournamentId],
  );
  if (!tournament) return null;
  const participants: CheckedParticipant[] = await manager.query(
    `SELECT p.id AS "playerId", p.surname, p.given_name AS "givenName", p.sex,
            to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate", p.birth_year AS "birthYear", tp.rating_at_start AS "ratingAtStart"
       FROM tournament_participants tp JOIN players p ON p.id = tp.player_id
      WHERE tp.tournament_id = $1
      ORDER BY tp.start_rank`,
    [tournamentId],
  );
  const games: CheckedGame[] = await manager.query(
    `SELECT id, round, white_player_id AS "whitePlayerId", black_player_id AS "blackPlayerId", result, played,
            to_char(played_on, 'YYYY-MM-DD') AS "playedOn"
       FROM games WHERE tournament_id = $1
      ORDER BY round, board NULLS LAST, id`,
    [tournamentId],
  );
  const duplicates = await likelyDuplicatesOf(
    manager,
    participants.map((p) => p.playerId),
  );
  return { tournament, participants, games, duplicates };
}
