import type { EntityManager } from 'typeorm';
import { writeListPartition } from './list-partitions';
import { execute } from './statement';

/**
 * The set-based steps of a rating-list import over its staged rows (`list_import_rows` of one list id), in the
 * import's transaction: match, create, write the entries, report, clean up. Matching follows the TRF import's
 * order: FIDE id, then national id, then name (player_search_name: accents and case ignored) and birth year.
 */

/**
 * Before the set-based steps: memory for their hashes and sorts (this transaction only), and statistics of the
 * freshly staged rows so the planner hashes them rather than looping over them.
 */
export async function prepareImportMatching(manager: EntityManager): Promise<void> {
  await execute(manager, `SET LOCAL work_mem = '256MB'`);
  await execute(manager, `ANALYZE list_import_rows`);
}

/** Lines that repeat an identifier of an earlier line are skipped: the first one is the player. */
export async function skipRepeatedIdentifiers(manager: EntityManager, listId: number): Promise<void> {
  for (const column of ['fide_id', 'national_id'] as const) {
    const label = column === 'fide_id' ? 'FIDE id' : 'national id';
    await execute(
      manager,
      `UPDATE list_import_rows r SET skip_reason = '${label} ' || r.${column} || ' is also on line ' || f.first_line
         FROM (SELECT ${column} AS value, min(line) AS first_line FROM list_import_rows
                WHERE list_id = $1 AND ${column} IS NOT NULL GROUP BY ${column} HAVING count(*) > 1) f
        WHERE r.list_id = $1 AND r.${column} = f.value AND r.line <> f.first_line AND r.skip_reason IS NULL`,
      [listId],
    );
  }
}

/** Rows found among our players by FIDE id, then national id (aliases resolve to their survivor). */
export async function matchImportRowsByIdentifier(manager: EntityManager, listId: number): Promise<void> {
  for (const [column, by] of [
    ['fide_id', 'FIDE_ID'],
    ['national_id', 'NATIONAL_ID'],
  ] as const) {
    await execute(
      manager,
      `UPDATE list_import_rows r SET player_id = COALESCE(p.merged_into_id, p.id), matched_by = '${by}'
         FROM players p
        WHERE r.list_id = $1 AND r.skip_reason IS NULL AND r.player_id IS NULL AND p.${column} = r.${column}`,
      [listId],
    );
  }
}

/**
 * Rows still unmatched with a birth year, found by name and birth year among players whose FIDE id and national
 * id do not contradict the row's. One candidate: matched; several: skipped (they should be merged first).
 */
export async function matchImportRowsByNameBirth(manager: EntityManager, listId: number): Promise<void> {
  // The register's side is computed once and hashed; when no player has a birth year (a first import into an
  // empty register) the hash is empty and the staged rows' names are never computed.
  await execute(
    manager,
    `WITH known AS MATERIALIZED (
       SELECT COALESCE(merged_into_id, id) AS id, player_search_name(surname, given_name) AS search_name,
              birth_year, fide_id, national_id
         FROM players WHERE birth_year IS NOT NULL),
     candidates AS (
       SELECT r.line, array_agg(DISTINCT p.id ORDER BY p.id) AS ids
         FROM list_import_rows r
         JOIN known p
           ON p.search_name = player_search_name(r.surname, r.given_name)
          AND p.birth_year = r.birth_year
          AND (p.fide_id IS NULL OR r.fide_id IS NULL OR p.fide_id = r.fide_id)
          AND (p.national_id IS NULL OR r.national_id IS NULL OR p.national_id = r.national_id)
        WHERE r.list_id = $1 AND r.skip_reason IS NULL AND r.player_id IS NULL AND r.birth_year IS NOT NULL
        GROUP BY r.line)
     UPDATE list_import_rows r
        SET player_id = CASE WHEN cardinality(c.ids) = 1 THEN c.ids[1] END,
            matched_by = CASE WHEN cardinality(c.ids) = 1 THEN 'NAME_BIRTH' END,
            skip_reason = CASE WHEN cardinality(c.ids) > 1
              THEN 'players ' || array_to_string(c.ids, ', ') || ' all have this name and birth year: merge them first' END
       FROM candidates c
      WHERE r.list_id = $1 AND r.line = c.line`,
    [listId],
  );
}

/** Lines landing on a player an earlier line already found are skipped (one entry per player). */
export async function skipRepeatedPlayers(manager: EntityManager, listId: number): Promise<void> {
  await execute(
    manager,
    `UPDATE list_import_rows r SET skip_reason = 'player ' || r.player_id || ' is already on line ' || f.first_line,
            player_id = NULL, matched_by = NULL
       FROM (SELECT player_id, min(line) AS first_line FROM list_import_rows
              WHERE list_id = $1 AND skip_reason IS NULL AND player_id IS NOT NULL GROUP BY player_id HAVING count(*) > 1) f
      WHERE r.list_id = $1 AND r.player_id = f.player_id AND r.line <> f.first_line`,
    [listId],
  );
}

/**
 * The tables a first import into an empty register fills, whose indexes and constraints it builds after the
 * load (the list's entries go into a partition of their own, which is built that way whatever the register).
 */
const LOADED_TABLES = ['players'];

interface Definition {
  readonly table: string;
  readonly name: string;
  readonly kind: 'index' | 'unique' | 'foreign';
  readonly definition: string;
}

/**
 * The secondary indexes, unique and foreign-key constraints of the loaded tables as the catalog defines them
 * (primary keys, checks and triggers stay), so they are rebuilt exactly as the migrations made them.
 */
async function deferredDefinitions(manager: EntityManager): Promise<Definition[]> {
  return (
    await execute<Definition>(
      manager,
      `SELECT t.relname AS "table", c.relname AS name, 'index' AS kind, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY ($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = i.indrelid AND k.conindid = i.indexrelid)
       UNION ALL
       SELECT t.relname, k.conname, CASE k.contype WHEN 'u' THEN 'unique' ELSE 'foreign' END, pg_get_constraintdef(k.oid)
         FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
        WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY ($1) AND k.contype IN ('u', 'f')`,
      [LOADED_TABLES],
    )
  ).rows;
}

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * A first import into an empty register drops the loaded tables' secondary indexes and constraints, and builds them once the rows are in: a sort per
 * index instead of an insertion per row and index, and each foreign key checked by one join instead of one
 * lookup per row, in the same transaction (the tables are locked until it ends; nothing else reads them yet).
 * Returns what to run after the load.
 */
async function deferIndexesAndConstraints(manager: EntityManager): Promise<() => Promise<void>> {
  const definitions = await deferredDefinitions(manager);
  const order = { foreign: 0, unique: 1, index: 2 } as const;
  const dropping = [...definitions].sort((a, b) => order[a.kind] - order[b.kind]);
  for (const { table, name, kind } of dropping)
    await execute(
      manager,
      kind === 'index' ? `DROP INDEX ${quoted(name)}` : `ALTER TABLE ${quoted(table)} DROP CONSTRAINT ${quoted(name)}`,
    );
  return async () => {
    // Room to sort in for the index builds (this transaction only).
    await execute(manager, `SET LOCAL maintenance_work_mem = '256MB'`);
    for (const { table, name, kind, definition } of dropping.reverse())
      await execute(
        manager,
        kind === 'index' ? definition : `ALTER TABLE ${quoted(table)} ADD CONSTRAINT ${quoted(name)} ${definition}`,
      );
  };
}

/** A pool category band, best first, as the entries' category_code needs it. */
export interface CategoryBand {
  readonly code: string;
  readonly min: number;
}

/**
 * Creates a player for every row still unmatched (ids from the sequence, in line order, the sequence's name looked
 * up once) and writes the list's entries from every row not skipped, in one statement that reads the staged rows
 * once: both inserts take them, with the new ids, from one materialized scan, with no join back to the staged rows
 * (which are not rewritten with the new ids). Entries carry rating, games, K and flags as the file gives them
 * (provisional and listed default to false and true), ranks among listed players (ties share a rank) and the pool's
 * category (`width_bucket` over the bands' lower bounds, lowest first). Returns the created, entry and listed counts.
 */
export async function writeImportedPlayersAndEntries(
  manager: EntityManager,
  list: { id: number; poolId: number; effectiveDate: string },
  options: { glicko: boolean; categories: readonly CategoryBand[] },
): Promise<{ created: number; entries: number; listed: number }> {
  const emptyRegister = (await execute(manager, `SELECT 1 FROM players LIMIT 1`)).rows.length === 0;
  const rebuild = emptyRegister ? await deferIndexesAndConstraints(manager) : null;
  const bands = [...options.categories].sort((a, b) => a.min - b.min);
  const [totals] = await writeListPartition(
    manager,
    'rating_list_entries',
    list.id,
    async (table) =>
      (
        await execute<{ created: number; entries: number; listed: number }>(
          manager,
          `WITH staged AS MATERIALIZED (
         SELECT line, player_id, fide_id, national_id, surname, given_name, sex, birth_year, federation, club, titles,
                rating, provisional, games_in_period, games_total, k, listed, inactive,
                CASE WHEN player_id IS NULL
                     THEN nextval((SELECT pg_get_serial_sequence('players', 'id'))::regclass)::int END AS new_id
           FROM list_import_rows WHERE list_id = $1 AND skip_reason IS NULL ORDER BY line),
       new_players AS (
         INSERT INTO players (id, fide_id, national_id, surname, given_name, sex, birth_year, federation, club, titles, status)
         OVERRIDING SYSTEM VALUE
         SELECT new_id, fide_id, national_id, surname, given_name, sex, birth_year, federation, club,
                COALESCE(string_to_array(NULLIF(titles, ''), ' ')::varchar[], '{}'),
                CASE WHEN inactive THEN 'INACTIVE' ELSE 'ACTIVE' END
           FROM staged WHERE new_id IS NOT NULL
         RETURNING 1),
       inserted AS (
         INSERT INTO ${table} (list_id, pool_id, effective_date, player_id, rating, glicko_rating, provisional,
                                          games_in_period, games_total, k, rank, category_code, listed, inactive)
         SELECT $1, $2, $3::date, COALESCE(player_id, new_id), rating, CASE WHEN $4 THEN rating END,
                COALESCE(provisional, false), games_in_period, COALESCE(games_total, games_in_period), k,
                CASE WHEN COALESCE(listed, true) THEN rank() OVER (PARTITION BY COALESCE(listed, true) ORDER BY rating DESC) END,
                ($5::text[])[width_bucket(rating, $6::int[])], COALESCE(listed, true), inactive
           FROM staged
         RETURNING listed)
       SELECT (SELECT count(*)::int FROM new_players) AS created, count(*)::int AS entries,
              count(*) FILTER (WHERE listed)::int AS listed
         FROM inserted`,
          [
            list.id,
            list.poolId,
            list.effectiveDate,
            options.glicko,
            bands.map((band) => band.code),
            bands.map((band) => band.min),
          ],
        )
      ).rows,
  );
  await rebuild?.();
  return totals;
}

export interface ImportRowsSummary {
  matchedByFideId: number;
  matchedByNationalId: number;
  matchedByNameBirth: number;
  created: number;
  skipped: number;
  conflicting: number;
}

/**
 * Counts of the staged rows by outcome, once the players are created (created: the rows neither matched nor
 * skipped). Conflicting: matched by FIDE id to a player whose name (accents and case ignored) is not the file's;
 * they are counted apart from the matched ones. Names are compared for those rows only.
 */
export async function importRowsSummary(manager: EntityManager, listId: number): Promise<ImportRowsSummary> {
  const rows: ImportRowsSummary[] = await manager.query(
    `WITH conflicting AS (
       SELECT count(*)::int AS n FROM list_import_rows r JOIN players p ON p.id = r.player_id
        WHERE r.list_id = $1 AND r.matched_by = 'FIDE_ID'
          AND player_search_name(p.surname, p.given_name) IS DISTINCT FROM player_search_name(r.surname, r.given_name))
     SELECT (count(*) FILTER (WHERE r.matched_by = 'FIDE_ID')::int - (SELECT n FROM conflicting)) AS "matchedByFideId",
            count(*) FILTER (WHERE r.matched_by = 'NATIONAL_ID')::int AS "matchedByNationalId",
            count(*) FILTER (WHERE r.matched_by = 'NAME_BIRTH')::int AS "matchedByNameBirth",
            count(*) FILTER (WHERE r.player_id IS NULL AND r.skip_reason IS NULL)::int AS created,
            count(*) FILTER (WHERE r.skip_reason IS NOT NULL)::int AS skipped,
            (SELECT n FROM conflicting) AS conflicting
       FROM list_import_rows r
      WHERE r.list_id = $1`,
    [listId],
  );
  return rows[0];
}

export interface ImportConflictRow {
  line: number;
  fideId: string;
  nameInFile: string;
  playerId: number;
  registeredName: string;
}

/** The conflicting rows (see importRowsSummary), in line order, at most `limit`. */
export async function importConflicts(
  manager: EntityManager,
  listId: number,
  limit: number,
): Promise<ImportConflictRow[]> {
  return manager.query(
    `SELECT r.line, r.fide_id AS "fideId", concat_ws(', ', r.surname, r.given_name) AS "nameInFile",
            p.id AS "playerId", concat_ws(', ', p.surname, p.given_name) AS "registeredName"
       FROM list_import_rows r JOIN players p ON p.id = r.player_id
      WHERE r.list_id = $1 AND r.matched_by = 'FIDE_ID'
        AND player_search_name(p.surname, p.given_name) IS DISTINCT FROM player_search_name(r.surname, r.given_name)
      ORDER BY r.line LIMIT $2`,
    [listId, limit],
  );
}

/** The rows skipped by the set-based steps, in line order, at most `limit`. */
export async function importSkips(
  manager: EntityManager,
  listId: number,
  limit: number,
): Promise<{ line: number; reason: string }[]> {
  return manager.query(
    `SELECT line, skip_reason AS reason FROM list_import_rows WHERE list_id = $1 AND skip_reason IS NOT NULL ORDER BY line LIMIT $2`,
    [listId, limit],
  );
}

export async function deleteImportRows(manager: EntityManager, listId: number): Promise<void> {
  await execute(manager, `DELETE FROM list_import_rows WHERE list_id = $1`, [listId]);
}

/** A pool's list imported from a file with this digest, or null. */
export async function importedListWithDigest(
  manager: EntityManager,
  poolId: number,
  digest: string,
): Promise<{ id: number } | null> {
  const rows: { id: number }[] = await manager.query(
    `SELECT id FROM rating_lists WHERE pool_id = $1 AND source_digest = $2 ORDER BY id LIMIT 1`,
    [poolId, digest],
  );
  return rows[0] ?? null;
}
