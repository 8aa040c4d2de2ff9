import type { DataSource } from 'typeorm';
import { copyIn, copyOut, rawClient } from './copy';

/** The tables a rating run writes in bulk, the columns it fills and their primary keys. */
const RUN_OUTPUT_TABLES = [
  [
    'rating_list_entries',
    'list_id, pool_id, effective_date, player_id, rating, glicko_rating, glicko_rd, glicko_volatility, provisional, games_in_period, games_total, k, rank, category_code, listed, inactive, system_state',
    'PRIMARY KEY (list_id, player_id)',
  ],
  [
    'rating_changes',
    'id, list_id, pool_id, effective_date, player_id, tournament_id, rating_before, rating_after, expected, score, games, k, bonus, performance, change',
    'PRIMARY KEY (id, list_id)',
  ],
  [
    'rating_change_games',
    'change_id, list_id, game_id, opponent_id, opponent_rating_used, score, expected, change',
    'PRIMARY KEY (id, list_id)',
  ],
] as const;

export interface WriteFloor {
  ms: number;
  /** Rows per table, in the order the run writes them. */
  rows: Record<(typeof RUN_OUTPUT_TABLES)[number][0], number>;
}

/**
 * The floor of a run's write: the rows the run wrote for `listId`, read back (untimed), then COPYed into tables of
 * the same shape with only their primary keys (no secondary index, foreign key or trigger), in a transaction
 * rolled back.
 */
export async function writeFloor(db: DataSource, listId: number): Promise<WriteFloor> {
  const client = await rawClient(db);
  try {
    const contents: string[][] = [];
    for (const [table, columns] of RUN_OUTPUT_TABLES)
      contents.push(await copyOut(client, `SELECT ${columns} FROM ${table} WHERE list_id = ${listId}`));
    await client.query('BEGIN');
    try {
      for (const [table, , key] of RUN_OUTPUT_TABLES)
        await client.query(`CREATE TABLE floor_${table} (LIKE ${table} INCLUDING DEFAULTS INCLUDING IDENTITY, ${key})`);
      const started = performance.now();
      for (const [i, [table, columns]] of RUN_OUTPUT_TABLES.entries())
        await copyIn(client, `floor_${table} (${columns})`, contents[i]);
      const ms = performance.now() - started;
      const rows = Object.fromEntries(RUN_OUTPUT_TABLES.map(([table], i) => [table, contents[i].length]));
      return { ms, rows: rows as WriteFloor['rows'] };
    } finally {
      await client.query('ROLLBACK');
    }
  } finally {
    client.release();
  }
}

/** All the rows of a floor. */
export const floorRows = (floor: WriteFloor): number => Object.values(floor.rows).reduce((sum, n) => sum + n, 0);
