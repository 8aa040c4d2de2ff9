import type { DataSource } from 'typeorm';

export interface MonthOfGames {
  readonly poolId: number;
  /** 'YYYY-MM': the month the tournaments end in (the period of the list after it rates them). */
  readonly month: string;
  readonly tournaments: number;
  readonly games: number;
  /** The pool's players are the ids firstPlayer … firstPlayer + players - 1. */
  readonly firstPlayer: number;
  readonly players: number;
  /** Varies the pairings from one month to the next. */
  readonly seed?: number;
}

/**
 * ACCEPTED tournaments of 9 rounds ending in `month` (on days 3 to 27, so in every month) and their played games
 * between distinct players of the pool, generated in SQL (a benchmark measures the run, not how its input was
 * made). Same options, same games.
 */
export async function insertMonthOfGames(db: DataSource, options: MonthOfGames): Promise<void> {
  const { poolId, month, tournaments, games, firstPlayer, players, seed = 0 } = options;
  const [{ first }] = await db.query(
    `WITH inserted AS (
       INSERT INTO tournaments (pool_id, name, start_date, end_date, rounds, status)
       SELECT $1, 'Open ' || $2 || ' ' || t, $3::date + (t % 25), $3::date + (t % 25) + 2, 9, 'ACCEPTED'
         FROM generate_series(1, $4::int) t
       RETURNING id)
     SELECT min(id) AS first FROM inserted`,
    [poolId, month, `${month}-01`, tournaments],
  );
  await db.query(
    `INSERT INTO games (tournament_id, round, board, white_player_id, black_player_id, result, played)
     SELECT $1 + g % $5, (g / $5) % 9 + 1, g / ($5 * 9) + 1,
            $2 + (g * 7919 + $4) % $3, $2 + ((g * 7919 + $4) % $3 + 1 + (g * 104729) % ($3 - 1)) % $3,
            (ARRAY['1-0', '0-1', '1/2-1/2'])[g % 3 + 1], true
       FROM generate_series(0::bigint, $6::bigint - 1) g`,
    [first, firstPlayer, players, seed, tournaments, games],
  );
  await db.query('ANALYZE tournaments, games');
}
