import type { EntityManager } from 'typeorm';
import { nameBirthMatches, survivorIdsByIdentifier } from '@ratings/db';
import { conflict } from '../errors';
import type { PlannedPlayer } from './trf-import-plan';

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
  const rows = await nameBirthMatches(
    manager,
    byName.map((player) => ({ ...player, key: player.startRank })),
  );
  const candidates = new Map<number, Set<number>>();
  for (const row of rows) candidates.set(row.key, (candidates.get(row.key) ?? new Set()).add(row.playerId));
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
  const found = await survivorIdsByIdentifier(manager, column, players.map(valueOf));
  for (const player of players) {
    const playerId = found.get(valueOf(player));
    if (playerId !== undefined) matches.set(player.startRank, { playerId, by });
  }
}
