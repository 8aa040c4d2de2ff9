import type { ListPartitionedTable } from './list-partitions';
import type { Queryable } from './statement';

/**
 * The tables whose statistics the rankings, histories and runs' plans depend on. The tables partitioned by list
 * (`LIST_PARTITIONED_TABLES`) are not: ANALYZE of one would sample every list's partition again; a write analyzes
 * its list's (`analyzeListRows`).
 */
export const RATING_TABLES = ['rating_lists', 'rating_list_tournaments', 'tournaments'] as const;
export type AnalyzedTable =
  (typeof RATING_TABLES)[number] | ListPartitionedTable | 'players' | 'games' | 'tournament_participants';

/**
 * Refreshes the planner's statistics of the tables (the whole database when none are given). Autovacuum
 * does it in the background on a server that runs it; PGlite has none, and until then a table written in
 * bulk is planned as if it were empty (a ranking took 124 ms instead of 3 ms on a fresh demo).
 */
export async function analyze(db: Queryable, tables: readonly AnalyzedTable[] = []): Promise<void> {
  await db.query(tables.length === 0 ? 'ANALYZE' : `ANALYZE ${tables.join(', ')}`);
}
