import type { EntityManager } from 'typeorm';
import { execute } from './statement';

export interface IdentifierHolderRow {
  id: number;
  fideId: string | null;
  nationalId: string | null;
  surname: string;
  givenName: string | null;
  mergedIntoId: number | null;
}

/** The first player (by id, aliases included) holding one of the FIDE ids or national ids, or null. */
export async function firstIdentifierHolder(
  manager: EntityManager,
  fideIds: readonly string[],
  nationalIds: readonly string[],
): Promise<IdentifierHolderRow | null> {
  const rows: IdentifierHolderRow[] = await manager.query(
    `SELECT id, fide_id AS "fideId", national_id AS "nationalId", surname, given_name AS "givenName", merged_into_id AS "mergedIntoId"
     FROM players WHERE fide_id = ANY($1::varchar[]) OR national_id = ANY($2::varchar[]) ORDER BY id LIMIT 1`,
    [fideIds, nationalIds],
  );
  return rows[0] ?? null;
}

/**
 * Sets the titles of players in one statement (`titles[i]` for `playerIds[i]`): the bulk insert's unnest
 * cannot fill an array column. Titles never contain a space.
 */
export async function setPlayerTitles(
  manager: EntityManager,
  playerIds: readonly number[],
  titles: readonly (readonly string[])[],
): Promise<void> {
  if (playerIds.length === 0) return;
  await manager.query(
    `UPDATE players SET titles = string_to_array(t.titles, ' ')::varchar[] FROM unnest($1::int[], $2::text[]) AS t(id, titles) WHERE players.id = t.id`,
    [playerIds, titles.map((list) => list.join(' '))],
  );
}

/** Players found by FIDE id or national id: the value → the survivor's id. */
export async function survivorIdsByIdentifier(
  manager: EntityManager,
  column: 'fide_id' | 'national_id',
  values: readonly string[],
): Promise<Map<string, number>> {
  const rows: { value: string; player_id: number }[] = await manager.query(
    `SELECT ${column} AS value, COALESCE(merged_into_id, id) AS player_id FROM players WHERE ${column} = ANY($1::text[])`,
    [values],
  );
  return new Map(rows.map((row) => [row.value, row.player_id]));
}

/** A player of a file to find among ours by name and birth date. */
export interface NameBirthProbe {
  readonly key: number;
  readonly surname: string;
  readonly givenName: string | null;
  readonly birthDate: string | null;
  readonly birthYear: number | null;
  readonly fideId: string | null;
  readonly nationalId: string | null;
}

/**
 * Our players (survivors) with the probe's name (accents and case ignored, given name when known) and birth
 * date (or year when either date is unknown), and no contradicting FIDE id or national id: one row per match.
 */
export async function nameBirthMatches(
  manager: EntityManager,
  probes: readonly NameBirthProbe[],
): Promise<{ key: number; playerId: number }[]> {
  return manager.query(
    `SELECT f.key, COALESCE(p.merged_into_id, p.id) AS "playerId"
       FROM unnest($1::int[], $2::text[], $3::text[], $4::date[], $5::int[], $6::text[], $7::text[])
            AS f(key, surname, given_name, birth_date, birth_year, fide_id, national_id)
       JOIN players p
         ON player_search_name(p.surname, p.given_name) = player_search_name(f.surname, f.given_name)
        AND (f.given_name IS NULL OR player_search_name(p.surname, NULL) = player_search_name(f.surname, NULL))
        AND (p.birth_date = f.birth_date
             OR ((p.birth_date IS NULL OR f.birth_date IS NULL) AND p.birth_year = f.birth_year))
        AND (p.fide_id IS NULL OR f.fide_id IS NULL OR p.fide_id = f.fide_id)
        AND (p.national_id IS NULL OR f.national_id IS NULL OR p.national_id = f.national_id)`,
    [
      probes.map((probe) => probe.key),
      probes.map((probe) => probe.surname),
      probes.map((probe) => probe.givenName),
      probes.map((probe) => probe.birthDate),
      probes.map((probe) => probe.birthYear),
      probes.map((probe) => probe.fideId),
      probes.map((probe) => probe.nationalId),
    ],
  );
}

/** Unrated tournaments a merge touches, locked FOR SHARE so a concurrent rating run waits for the merge. */
export async function lockUnratedTournamentsOf(manager: EntityManager, playerId: number): Promise<void> {
  await manager.query(
    `SELECT id FROM tournaments WHERE status <> 'RATED' AND id IN (
       SELECT tournament_id FROM tournament_participants WHERE player_id = $1
       UNION SELECT tournament_id FROM games WHERE $1 IN (white_player_id, black_player_id))
     ORDER BY id FOR SHARE`,
    [playerId],
  );
}

/** Unrated tournaments both players take part in (participant or a game), by id. */
export async function unratedTournamentsShared(
  manager: EntityManager,
  playerA: number,
  playerB: number,
): Promise<{ id: number; name: string }[]> {
  return manager.query(
    `SELECT t.id, t.name FROM tournaments t
      WHERE t.status <> 'RATED'
        AND (EXISTS (SELECT 1 FROM tournament_participants p WHERE p.tournament_id = t.id AND p.player_id = $1)
             OR EXISTS (SELECT 1 FROM games g WHERE g.tournament_id = t.id AND $1 IN (g.white_player_id, g.black_player_id)))
        AND (EXISTS (SELECT 1 FROM tournament_participants p WHERE p.tournament_id = t.id AND p.player_id = $2)
             OR EXISTS (SELECT 1 FROM games g WHERE g.tournament_id = t.id AND $2 IN (g.white_player_id, g.black_player_id)))
      ORDER BY t.id`,
    [playerA, playerB],
  );
}

export interface MergeMoves {
  participants: number;
  games: number;
  aliases: number;
}

/** Tournaments whose games and participants may still change: everything not yet rated. */
const UNRATED = `(SELECT id FROM tournaments WHERE status <> 'RATED')`;

/**
 * Merges `remove` into `keep`: participants and games of unrated tournaments move to the survivor (rated
 * ones keep their rows, which published lists reference), older aliases are repointed to him, and the removed
 * player becomes an alias. Returns what moved.
 */
export async function mergePlayerRows(manager: EntityManager, keep: number, remove: number): Promise<MergeMoves> {
  const participants = await execute(
    manager,
    `UPDATE tournament_participants SET player_id = $1 WHERE player_id = $2 AND tournament_id IN ${UNRATED}`,
    [keep, remove],
  );
  const white = await execute(
    manager,
    `UPDATE games SET white_player_id = $1 WHERE white_player_id = $2 AND tournament_id IN ${UNRATED}`,
    [keep, remove],
  );
  const black = await execute(
    manager,
    `UPDATE games SET black_player_id = $1 WHERE black_player_id = $2 AND tournament_id IN ${UNRATED}`,
    [keep, remove],
  );
  const aliases = await execute(manager, 'UPDATE players SET merged_into_id = $1 WHERE merged_into_id = $2', [
    keep,
    remove,
  ]);
  await execute(manager, 'UPDATE players SET merged_into_id = $1, updated_at = now() WHERE id = $2', [keep, remove]);
  return { participants: participants.affected, games: white.affected + black.affected, aliases: aliases.affected };
}
