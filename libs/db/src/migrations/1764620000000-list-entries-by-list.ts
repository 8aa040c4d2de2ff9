import type { MigrationInterface, QueryRunner } from 'typeorm';
import { listRowGuards } from './list-row-guards';
import { runStatements } from './run-statements';
import { createDefaultPartition, loadListPartition } from '../queries/list-partitions';

const KEYS = [
  `CONSTRAINT pk_rating_list_entries PRIMARY KEY (list_id, player_id)`,
  `CONSTRAINT fk_rating_list_entries_list_id_pool_id_effective_date FOREIGN KEY (list_id, pool_id, effective_date)
     REFERENCES rating_lists (id, pool_id, effective_date) ON DELETE CASCADE ON UPDATE CASCADE`,
  `CONSTRAINT fk_rating_list_entries_player_id FOREIGN KEY (player_id) REFERENCES players (id) ON DELETE RESTRICT`,
];
const RANKINGS_AND_HISTORY = [
  `CREATE INDEX ix_rating_list_entries_rankings
     ON rating_list_entries (list_id, category_code, rating DESC NULLS LAST, player_id)`,
  `CREATE INDEX ix_rating_list_entries_history ON rating_list_entries (player_id, pool_id, effective_date)`,
];
/**
 * The rank index gains the player id: the overall ranking's and the export's order (rank, then player, the
 * unranked last) is read from it in keyset batches, where each batch used to sort the whole list again.
 */
const BY_RANK = `CREATE INDEX ix_rating_list_entries_list_id_rank ON rating_list_entries (list_id, rank, player_id)`;
const BY_RANK_BEFORE = `CREATE INDEX ix_rating_list_entries_list_id_rank ON rating_list_entries (list_id, rank)`;
/** The old table's index names are global: they are dropped before the new table takes them. */
const DROP_KEYS_AND_INDEXES = [
  `ALTER TABLE rating_list_entries_unpartitioned DROP CONSTRAINT pk_rating_list_entries`,
  `DROP INDEX ix_rating_list_entries_rankings, ix_rating_list_entries_list_id_rank, ix_rating_list_entries_history`,
];

/**
 * `rating_list_entries` partitioned by list (`queries/list-partitions.ts`): a month's 1.6 million entries are
 * loaded into a table of their own and indexed with a sort, and a ranking or an export reads one list's
 * partition. Every existing list's rows move into its own partition; rows of no list cannot exist (foreign key).
 */
export class ListEntriesByList1764620000000 implements MigrationInterface {
  name = 'ListEntriesByList1764620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await runStatements(
      queryRunner,
      `ALTER TABLE rating_list_entries RENAME TO rating_list_entries_unpartitioned`,
      ...DROP_KEYS_AND_INDEXES,
      `CREATE TABLE rating_list_entries (LIKE rating_list_entries_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
         ${KEYS.join(',\n')}) PARTITION BY LIST (list_id)`,
      ...RANKINGS_AND_HISTORY,
      BY_RANK,
      ...listRowGuards('rating_list_entries'),
    );
    const manager = queryRunner.manager;
    await createDefaultPartition(manager, 'rating_list_entries');
    // Published lists too: their rows move unchanged (the guards fire on statements naming the parent).
    const lists: { id: number }[] = await queryRunner.query(
      `SELECT DISTINCT list_id AS id FROM rating_list_entries_unpartitioned ORDER BY list_id`,
    );
    for (const { id } of lists)
      await loadListPartition(manager, 'rating_list_entries', id, (table) =>
        queryRunner.query(`INSERT INTO ${table} SELECT * FROM rating_list_entries_unpartitioned WHERE list_id = $1`, [
          id,
        ]),
      );
    await runStatements(queryRunner, `DROP TABLE rating_list_entries_unpartitioned`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await runStatements(
      queryRunner,
      `CREATE TABLE rating_list_entries_unpartitioned (LIKE rating_list_entries INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
      `INSERT INTO rating_list_entries_unpartitioned SELECT * FROM rating_list_entries`,
      // Dropping the partitioned table drops its partitions and the names of its indexes with them.
      `DROP TABLE rating_list_entries`,
      `ALTER TABLE rating_list_entries_unpartitioned RENAME TO rating_list_entries`,
      ...KEYS.map((key) => `ALTER TABLE rating_list_entries ADD ${key}`),
      ...RANKINGS_AND_HISTORY,
      BY_RANK_BEFORE,
      ...listRowGuards('rating_list_entries'),
    );
  }
}
