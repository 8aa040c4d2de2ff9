import type { MigrationInterface, QueryRunner } from 'typeorm';
import { listRowGuards } from './list-row-guards';
import { runStatements } from './run-statements';
import { createDefaultPartition, loadListPartition, type ListPartitionedTable } from '../queries/list-partitions';

/**
 * A partitioned table's unique keys must hold its partition key: the primary keys become (id, list_id), which also
 * serves as the per-game rows' foreign key target (the separate unique (id, list_id) goes), and the per-game rows'
 * (change, game) key gains the list, which the change determines anyway.
 */
const CHANGE_KEYS = [
  `CONSTRAINT pk_rating_changes PRIMARY KEY (id, list_id)`,
  `CONSTRAINT uq_rating_changes_list_id_player_id_tournament_id UNIQUE (list_id, player_id, tournament_id)`,
  `CONSTRAINT fk_rating_changes_list_id_pool_id_effective_date FOREIGN KEY (list_id, pool_id, effective_date)
     REFERENCES rating_lists (id, pool_id, effective_date) ON DELETE CASCADE ON UPDATE CASCADE`,
  `CONSTRAINT fk_rating_changes_player_id FOREIGN KEY (player_id) REFERENCES players (id) ON DELETE RESTRICT`,
  `CONSTRAINT fk_rating_changes_tournament_id FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE RESTRICT`,
];
const CHANGE_GAME_KEYS = [
  `CONSTRAINT pk_rating_change_games PRIMARY KEY (id, list_id)`,
  `CONSTRAINT uq_rating_change_games_change_id_game_id_list_id UNIQUE (change_id, game_id, list_id)`,
  `CONSTRAINT fk_rating_change_games_change_id_list_id FOREIGN KEY (change_id, list_id)
     REFERENCES rating_changes (id, list_id) ON DELETE CASCADE`,
  `CONSTRAINT fk_rating_change_games_game_id FOREIGN KEY (game_id) REFERENCES games (id) ON DELETE RESTRICT`,
  `CONSTRAINT fk_rating_change_games_opponent_id FOREIGN KEY (opponent_id) REFERENCES players (id) ON DELETE RESTRICT`,
];
/** Each partition holds one list: an index on the list id alone would have one value. */
const INDEXES = [
  `CREATE INDEX ix_rating_changes_history ON rating_changes (player_id, pool_id, effective_date)`,
  `CREATE INDEX ix_rating_changes_tournament_id ON rating_changes (tournament_id)`,
  `CREATE INDEX ix_rating_change_games_game_id ON rating_change_games (game_id)`,
];

const KEYS_BEFORE = {
  rating_changes: [
    `CONSTRAINT pk_rating_changes PRIMARY KEY (id)`,
    `CONSTRAINT uq_rating_changes_list_id_player_id_tournament_id UNIQUE (list_id, player_id, tournament_id)`,
    `CONSTRAINT uq_rating_changes_id_list_id UNIQUE (id, list_id)`,
    ...CHANGE_KEYS.slice(2),
  ],
  rating_change_games: [
    `CONSTRAINT pk_rating_change_games PRIMARY KEY (id)`,
    `CONSTRAINT uq_rating_change_games_change_id_game_id UNIQUE (change_id, game_id)`,
    ...CHANGE_GAME_KEYS.slice(2),
  ],
};
const INDEXES_BEFORE = [...INDEXES, `CREATE INDEX ix_rating_change_games_list_id ON rating_change_games (list_id)`];

/** Ids are given by the rating runs for changes (reserved from the sequence), by the database for per-game rows. */
const IDENTITY = { rating_changes: 'BY DEFAULT', rating_change_games: 'ALWAYS' } as const;

const TABLES = ['rating_changes', 'rating_change_games'] as const satisfies readonly ListPartitionedTable[];

/** The old tables' index names are global: they are dropped before the new tables take them. */
const DROP_KEYS_AND_INDEXES = [
  `ALTER TABLE rating_change_games_unpartitioned DROP CONSTRAINT fk_rating_change_games_change_id_list_id,
     DROP CONSTRAINT pk_rating_change_games, DROP CONSTRAINT uq_rating_change_games_change_id_game_id`,
  `ALTER TABLE rating_changes_unpartitioned DROP CONSTRAINT pk_rating_changes,
     DROP CONSTRAINT uq_rating_changes_list_id_player_id_tournament_id, DROP CONSTRAINT uq_rating_changes_id_list_id`,
  `DROP INDEX ix_rating_changes_history, ix_rating_changes_tournament_id, ix_rating_change_games_list_id,
     ix_rating_change_games_game_id`,
];

/**
 * The reads of rating changes that cannot name a list (a player's, a tournament's, the games of some changes), as
 * PL/pgSQL functions for the reason `ProfileReadFunctions1764660000000` gives: an ad hoc statement over a table
 * partitioned by list is planned again each time, over every partition. The bodies are the queries
 * `histories.ts` and `tournaments.ts` ran before, with `IN_FORCE_LISTS` (`lists.ts`) written out, except that a
 * per-game row's colour comes from its opponent's seat instead of a join to its change (a generic plan, which
 * cannot know how many changes are asked, hashed every change of every list for it: 42 ms instead of 0.4 ms on a
 * 100,000-player year). A generic plan's estimates grow with the partitions, so that parallel workers would be
 * started for a few rows (9 ms a read): these reads run without (`max_parallel_workers_per_gather = 0`).
 */
const GENERIC_SERIAL_PLAN = `SET plan_cache_mode = force_generic_plan SET max_parallel_workers_per_gather = 0`;
const CHANGE_ROW_COLUMNS = `id integer, "listId" integer, "effectiveDate" date, "tournamentId" integer, "playerId" integer,
  "ratingBefore" integer, "ratingAfter" integer, expected double precision, score double precision, games integer,
  k double precision, bonus double precision, performance integer, change double precision`;
const CHANGE_COLUMNS = `c.id, c.list_id, c.effective_date, c.tournament_id, c.player_id, c.rating_before, c.rating_after,
  c.expected, c.score, c.games, c.k, c.bonus, c.performance, c.change`;
const READ_FUNCTIONS = [
  `CREATE FUNCTION player_history_change_rows(player_ids integer[], pool_ids integer[])
     RETURNS TABLE ("poolId" integer, ${CHANGE_ROW_COLUMNS})
     LANGUAGE plpgsql STABLE ${GENERIC_SERIAL_PLAN} AS $$
   #variable_conflict use_column
   BEGIN
     RETURN QUERY
       SELECT c.pool_id, ${CHANGE_COLUMNS}
       FROM rating_changes c JOIN (
         SELECT DISTINCT ON (pool_id, period) * FROM rating_lists WHERE status = 'PUBLISHED'
         ORDER BY pool_id, period, revision DESC
       ) l ON l.id = c.list_id
       JOIN tournaments t ON t.id = c.tournament_id
       WHERE c.player_id = ANY(player_ids) AND c.pool_id = ANY(pool_ids)
       ORDER BY c.effective_date, t.end_date, t.id;
   END $$`,
  `CREATE FUNCTION tournament_change_rows(tournament integer)
     RETURNS TABLE (${CHANGE_ROW_COLUMNS})
     LANGUAGE plpgsql STABLE ${GENERIC_SERIAL_PLAN} AS $$
   #variable_conflict use_column
   BEGIN
     RETURN QUERY
       SELECT ${CHANGE_COLUMNS}
       FROM rating_changes c JOIN rating_lists l ON l.id = c.list_id
       WHERE c.tournament_id = tournament AND l.status = 'PUBLISHED'
         AND l.revision = (SELECT max(revision) FROM rating_lists x
                            WHERE x.pool_id = l.pool_id AND x.period = l.period AND x.status = 'PUBLISHED')
       ORDER BY c.change DESC NULLS LAST, c.player_id;
   END $$`,
  `CREATE FUNCTION change_game_rows(change_ids integer[])
     RETURNS TABLE ("changeId" integer, "gameId" integer, round smallint, board smallint, color text,
                    "opponentId" integer, "opponentRating" integer, score double precision,
                    expected double precision, change double precision)
     LANGUAGE plpgsql STABLE ${GENERIC_SERIAL_PLAN} AS $$
   #variable_conflict use_column
   BEGIN
     RETURN QUERY
       SELECT r.change_id, r.game_id, g.round, g.board,
              CASE WHEN g.black_player_id = r.opponent_id THEN 'WHITE' ELSE 'BLACK' END,
              r.opponent_id, r.opponent_rating_used, r.score, r.expected, r.change
       FROM rating_change_games r JOIN games g ON g.id = r.game_id
       WHERE r.change_id = ANY(change_ids)
       ORDER BY g.round, g.board NULLS LAST;
   END $$`,
];
const DROP_READ_FUNCTIONS = [
  `DROP FUNCTION change_game_rows(integer[])`,
  `DROP FUNCTION tournament_change_rows(integer)`,
  `DROP FUNCTION player_history_change_rows(integer[], integer[])`,
];

interface SequenceState {
  lastValue: string;
  isCalled: boolean;
}

/** Where each table's id sequence stands, so the table made again goes on from there. */
async function sequenceStates(queryRunner: QueryRunner): Promise<Record<(typeof TABLES)[number], SequenceState>> {
  const states = {} as Record<(typeof TABLES)[number], SequenceState>;
  for (const table of TABLES) {
    const [{ sequence }] = await queryRunner.query(`SELECT pg_get_serial_sequence($1, 'id') AS sequence`, [table]);
    [states[table]] = await queryRunner.query(
      `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${sequence}`,
    );
  }
  return states;
}

async function addIdentities(queryRunner: QueryRunner, states: Record<(typeof TABLES)[number], SequenceState>) {
  for (const table of TABLES) {
    await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN id ADD GENERATED ${IDENTITY[table]} AS IDENTITY`);
    await queryRunner.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2::bigint, $3)`, [
      table,
      states[table].lastValue,
      states[table].isCalled,
    ]);
  }
}

/**
 * `rating_changes` and `rating_change_games` partitioned by list like the entries (`queries/list-partitions.ts`):
 * a run's change rows and per-game rows are loaded into tables of their own and checked with one join per
 * foreign key, where each row used to pay three foreign-key lookups and four index insertions (a 200,000-player
 * month's 39,000 such rows took 1 s of its 2.5 s write). Every existing list's rows move into its partitions.
 */
export class ChangesByList1764670000000 implements MigrationInterface {
  name = 'ChangesByList1764670000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const sequences = await sequenceStates(queryRunner);
    await runStatements(
      queryRunner,
      ...TABLES.map((table) => `ALTER TABLE ${table} RENAME TO ${table}_unpartitioned`),
      ...DROP_KEYS_AND_INDEXES,
      ...TABLES.map((table) => `ALTER TABLE ${table}_unpartitioned ALTER COLUMN id DROP IDENTITY`),
      `CREATE TABLE rating_changes (LIKE rating_changes_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
         ${CHANGE_KEYS.join(',\n')}) PARTITION BY LIST (list_id)`,
      `CREATE TABLE rating_change_games (LIKE rating_change_games_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
         ${CHANGE_GAME_KEYS.join(',\n')}) PARTITION BY LIST (list_id)`,
      ...INDEXES,
      ...TABLES.flatMap(listRowGuards),
    );
    await addIdentities(queryRunner, sequences);
    const manager = queryRunner.manager;
    // Changes first: attaching per-game rows checks them against their changes. Published lists' rows move
    // unchanged (the guards fire on statements naming the parents).
    for (const table of TABLES) {
      await createDefaultPartition(manager, table);
      const lists: { id: number }[] = await queryRunner.query(
        `SELECT DISTINCT list_id AS id FROM ${table}_unpartitioned ORDER BY list_id`,
      );
      for (const { id } of lists)
        await loadListPartition(manager, table, id, (partition) =>
          queryRunner.query(`INSERT INTO ${partition} SELECT * FROM ${table}_unpartitioned WHERE list_id = $1`, [id]),
        );
    }
    await runStatements(
      queryRunner,
      `DROP TABLE rating_change_games_unpartitioned, rating_changes_unpartitioned`,
      ...READ_FUNCTIONS,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const sequences = await sequenceStates(queryRunner);
    await runStatements(
      queryRunner,
      ...DROP_READ_FUNCTIONS,
      ...TABLES.flatMap((table) => [
        `CREATE TABLE ${table}_unpartitioned (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
        `INSERT INTO ${table}_unpartitioned SELECT * FROM ${table}`,
      ]),
      // Dropping the partitioned tables drops their partitions, their sequences and the names of their indexes.
      `DROP TABLE rating_change_games, rating_changes`,
      ...TABLES.map((table) => `ALTER TABLE ${table}_unpartitioned RENAME TO ${table}`),
      ...KEYS_BEFORE.rating_changes.map((key) => `ALTER TABLE rating_changes ADD ${key}`),
      ...KEYS_BEFORE.rating_change_games.map((key) => `ALTER TABLE rating_change_games ADD ${key}`),
      ...INDEXES_BEFORE,
      ...TABLES.flatMap(listRowGuards),
    );
    await addIdentities(queryRunner, sequences);
  }
}
