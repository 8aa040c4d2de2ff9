import type { EntityManager } from 'typeorm';
import { conflict } from '../errors';
import { execute } from '../shared/database';
import type { PlannedPlayer } from './trf-import-plan';

/**
 * Advisory lock key of the player register (any constant unique in the app). The register is the
 * federation's, shared by every pool, so one key serialises the imports of all pools. It is the one-argument
 * (bigint) form: PostgreSQL keeps those apart from the two-argument keys the other locks use.
 */
const PLAYER_REGISTER_LOCK = 0x706c6179; // "play"

/**
 * Holds the player register for the rest of the transaction: two imports that share new players would
 * otherwise both miss them in the matching and both create them. Transaction-scoped (released at commit or
 * rollback), so it also works behind a transaction-pooling PgBouncer.
 */
export async function lockPlayerRegister(manager: EntityManager): Promise<void> {
  await execute(manager, 'SELECT pg_advisory_xact_lock($1::bigint)', [PLAYER_REGISTER_LOCK]);
}

export interface PlayerMatch {
  /** The player of ours (the survivor, when the row found is an alias left by a merge). */
  readonly playerId: number;
  readonly by: 'FIDE_ID' | 'NATIONAL_ID' | 'NAME_BIRTH';
}

/**
 * Finds the file's players among ours, in three set-based passes, each over the players the previous ones did
 * not find: by FIDE id, by national id, then by name and birth date. Returns start rank → match.
 *
 * Names are compared with the database's own `player_search_name` (accents, case and surrounding spaces
 * ignored), so "Lévesque, Marie" in the register matches "LEVESQUE, Marie" in a file. With a comma, surname
 * and given name must each agree; without one, the whole name is compared. Birth dates must be equal, or,
 * when either side knows only the year, the years. A candidate whose FIDE id or national id differs from the
 * file's is someone else. Two different candidates for one player: CONFLICT (merge them first).
 */
export async function matchPlayers(
  manager: EntityManager,
  players: readonly PlannedPlayer[],
): Promise<Map<number, PlayerMatch>> {
  const matches = new Map<number, PlayerMatch>();
  const open = () => players.filter((player) => !matches.has(player.startRank));

  const byFideId = open().filter((player) => player.fideId !== null);
  await matchByIdentifier(manager, byFideId, 'fide_id', (player) => player.fideId as string, 'FIDE_ID', matches);
  const byNationalId = open().filter((player) => player.nationalId !== null);
  await matchByIdentifier(
    manager,
    byNationalId,
    'national_id',
    (player) => player.nationalId as string,
    'NATIONAL_ID',
    matches,
  );

  const byName = open().filter((player) => player.birthYear !== null);
  if (byName.length === 0) return matches;
  const { rows } = await execute<{ start_rank: number; player_id: number }>(
    manager,
    `SELECT f.start_rank, COALESCE(p.merged_into_id, p.id) AS player_id
       FROM unnest($1::int[], $2::text[], $3::text[], $4::date[], $5::int[], $6::text[], $7::text[])
            AS f(start_rank, surname, given_name, birth_date, birth_year, fide_id, national_id)
       JOIN players p
         ON player_search_name(p.surname, p.given_name) = player_search_name(f.surname, f.given_name)
        AND (f.given_name IS NULL OR player_search_name(p.surname, NULL) = player_search_name(f.surname, NULL))
        AND (p.birth_date = f.birth_date
             OR ((p.birth_date IS NULL OR f.birth_date IS NULL) AND p.birth_year = f.birth_year))
        AND (p.fide_id IS NULL OR f.fide_id IS NULL OR p.fide_id = f.fide_id)
        AND (p.national_id IS NULL OR f.national_id IS NULL OR p.national_id = f.national_id)`,
    [
      byName.map((player) => player.startRank),
      byName.map((player) => player.surname),
      byName.map((player) => player.givenName),
      byName.map((player) => player.birthDate),
      byName.map((player) => player.birthYear),
      byName.map((player) => player.fideId),
      byName.map((player) => player.nationalId),
    ],
  );
  const candidates = new Map<number, Set<number>>();
  for (const row of rows)
    candidates.set(row.start_rank, (candidates.get(row.start_rank) ?? new Set()).add(row.player_id));
  for (const player of byName) {
    const found = [...(candidates.get(player.startRank) ?? [])];
    if (found.length > 1) {
      throw conflict(
        `content: line ${player.line}: player ${player.startRank} (${player.surname}${player.givenName ? `, ${player.givenName}` : ''}, born ${player.birthDate ?? player.birthYear}) ` +
          `matches our players ${found.sort((a, b) => a - b).join(' and ')} by name and birth date: merge the duplicates (or give the file a FIDE id) and import again`,
        { line: player.line, playerIds: found },
      );
    }
    if (found.length === 1) matches.set(player.startRank, { playerId: found[0], by: 'NAME_BIRTH' });
  }
  return matches;
}

async function matchByIdentifier(
  manager: EntityManager,
  players: readonly PlannedPlayer[],
  column: 'fide_id' | 'national_id',
  valueOf: (player: PlannedPlayer) => string,
  by: PlayerMatch['by'],
  matches: Map<number, PlayerMatch>,
): Promise<void> {
  if (players.length === 0) return;
  // Both columns are unique, so each value names at most one row (an alias resolves to its survivor).
  const { rows } = await execute<{ value: string; player_id: number }>(
    manager,
    `SELECT ${column} AS value, COALESCE(merged_into_id, id) AS player_id FROM players WHERE ${column} = ANY($1::text[])`,
    [players.map(valueOf)],
  );
  const found = new Map(rows.map((row) => [row.value, row.player_id]));
  for (const player of players) {
    const playerId = found.get(valueOf(player));
    if (playerId !== undefined) matches.set(player.startRank, { playerId, by });
  }
}
