import type { DataSource } from 'typeorm';
import { writeListPartition } from '@ratings/db';
import { DEFAULT_CATEGORIES, ratingPeriod } from '@ratings/rating-rules';

/**
 * A pool with one published list of `players` entries, built in SQL (the benchmark measures reads, not
 * how the data got there). Ratings follow a bell curve around 1500, ranks and categories as a run writes them.
 */
export async function buildPublishedList(
  db: DataSource,
  poolCode: string,
  players: number,
  period = '2026-11',
): Promise<{ poolId: number; listId: number }> {
  const { periodStart, periodEnd, effectiveDate } = ratingPeriod(period, 1);
  const [{ id: poolId }] = await db.query(
    `INSERT INTO pools (code, name, rating_system_id) VALUES ($1, $1, 'fide') RETURNING id`,
    [poolCode],
  );
  const [{ id: listId }] = await db.query(
    `INSERT INTO rating_lists (pool_id, period, period_start, period_end, effective_date, cut_off_date, rating_system_id, rule_version)
     VALUES ($1, $2, $3, $4, $5, $4, 'fide', 'bench') RETURNING id`,
    [poolId, period, periodStart, periodEnd, effectiveDate],
  );
  await db.query(`CREATE TEMPORARY TABLE bench_players AS
    SELECT g AS n, greatest(0, least(2850, round(1500 + 300 * sqrt(-2 * ln(1 - ((g * 7919) % 100003 + 0.5) / 100003.5)) * cos(2 * pi() * ((g * 104729) % 99991) / 99991.0))))::int AS rating
    FROM generate_series(1::bigint, ${players}) g`);
  const ids: { id: number }[] = await db.query(
    `INSERT INTO players (surname, given_name, sex, federation, birth_year, club)
     SELECT 'Joueur' || n, 'Test', CASE WHEN n % 6 = 0 THEN 'F' ELSE 'M' END, 'CAN', 1950 + n % 65, 'Club ' || (n % 200)
     FROM bench_players ORDER BY n RETURNING id`,
  );
  const cases = DEFAULT_CATEGORIES.map((c) => `WHEN rating >= ${c.min} THEN '${c.code}'`).join(' ');
  await db.transaction((manager) =>
    writeListPartition(manager, 'rating_list_entries', listId, (table) =>
      manager.query(
        `INSERT INTO ${table} (list_id, pool_id, effective_date, player_id, rating, provisional, games_total, k, rank, category_code, listed)
         SELECT $1, $2, $4::date, ids.id, b.rating, b.n % 9 = 0, 30 + b.n % 200, 20, rank() OVER (ORDER BY b.rating DESC), CASE ${cases} END, true
         FROM bench_players b JOIN unnest($3::int[]) WITH ORDINALITY AS ids(id, n) ON ids.n = b.n`,
        [listId, poolId, ids.map((r) => r.id), effectiveDate],
      ),
    ),
  );
  await db.query('DROP TABLE bench_players');
  await db.query(
    `UPDATE rating_lists SET status = 'PUBLISHED', published_at = now(), entry_count = $2, listed_count = $2 WHERE id = $1`,
    [listId, players],
  );
  await db.query('ANALYZE');
  return { poolId, listId };
}
