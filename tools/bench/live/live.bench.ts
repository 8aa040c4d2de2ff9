import type { DataSource } from 'typeorm';
import { acceptTournament, liveRatingsByPlayer, systemActor } from '@ratings/core';
import { buildPublishedList } from '../api/rankings-data';
import { createBenchDatabase, timed } from '../common/database';
import { printTable } from '../common/measure';
import type { BenchSuite } from '../common/suite';

const PLAYERS = 500_000;
const OPEN_PLAYERS = 300;
const ROUNDS = 9;
const POOL = 'standard';
/** Opens accepted one after the other: the first pays the cold caches, the later ones show the steady state. */
const OPENS = 3;

/**
 * A SUBMITTED 300-player open ending in October 2026: players drawn across the pool (`offset` spreads each open
 * over other players), nine rounds of 150 boards with results from a fixed pattern.
 */
async function buildOpen(db: DataSource, poolId: number, offset: number): Promise<number> {
  const [{ id }] = await db.query(
    `INSERT INTO tournaments (pool_id, name, start_date, end_date, rounds, status)
     VALUES ($1, 'Open ' || $2, DATE '2026-10-20', DATE '2026-10-28', ${ROUNDS}, 'SUBMITTED') RETURNING id`,
    [poolId, offset],
  );
  const [{ first }] = await db.query('SELECT min(id) AS first FROM players');
  await db.query(
    `INSERT INTO tournament_participants (tournament_id, player_id, start_rank)
     SELECT $1, $2 + (($3 + s * 1663) % ${PLAYERS}), s + 1 FROM generate_series(0, ${OPEN_PLAYERS - 1}) s`,
    [id, first, offset],
  );
  await db.query(
    `INSERT INTO games (tournament_id, round, board, white_player_id, black_player_id, result, played)
     SELECT $1, r, b + 1, w.player_id, bl.player_id, (ARRAY['1-0', '0-1', '1/2-1/2'])[(r * 7 + b) % 3 + 1], true
     FROM generate_series(1, ${ROUNDS}) r, generate_series(0, ${OPEN_PLAYERS / 2 - 1}) b
     JOIN LATERAL (SELECT player_id FROM tournament_participants WHERE tournament_id = $1 AND start_rank = (b * 2 + r * 37) % ${OPEN_PLAYERS} + 1) w ON true
     JOIN LATERAL (SELECT player_id FROM tournament_participants WHERE tournament_id = $1 AND start_rank = (b * 2 + 1 + r * 37) % ${OPEN_PLAYERS} + 1) bl ON true`,
    [id],
  );
  return id;
}

/**
 * The floor: the least an acceptance that updates ratings must do, in one transaction — the status update, the
 * tournament's games and its players' lines of the list (primary-key reads), without rating or writing anything.
 */
async function floor(db: DataSource, tournamentId: number, listId: number): Promise<void> {
  await db.transaction(async (manager) => {
    await manager.query(`UPDATE tournaments SET status = status WHERE id = $1`, [tournamentId]);
    const games: { white: number; black: number }[] = await manager.query(
      'SELECT white_player_id AS white, black_player_id AS black, result FROM games WHERE tournament_id = $1 AND played',
      [tournamentId],
    );
    const players = [...new Set(games.flatMap((g) => [g.white, g.black]))];
    await manager.query(
      'SELECT player_id, rating, games_total, system_state FROM rating_list_entries WHERE list_id = $1 AND player_id = ANY($2)',
      [listId, players],
    );
  });
}

export const liveSuite: BenchSuite = {
  name: 'live',
  description: `live ratings after accepting a ${OPEN_PLAYERS}-player open in a ${PLAYERS.toLocaleString('en')}-player fide pool (acceptTournament, which rebuilds the pool's live ratings) vs the floor: the same transaction's bare reads (PostgreSQL)`,
  async run() {
    const database = await createBenchDatabase('live');
    const db = database.dataSource;
    try {
      const { poolId, listId } = await timed(`published list of ${PLAYERS.toLocaleString('en')} players`, () =>
        buildPublishedList(db, POOL, PLAYERS, '2026-10'),
      );
      const opens: number[] = [];
      await timed(`${OPENS} opens of ${OPEN_PLAYERS} players, ${(OPEN_PLAYERS / 2) * ROUNDS} games each`, async () => {
        for (let i = 0; i < OPENS; i++) opens.push(await buildOpen(db, poolId, i * 997));
        await db.query('ANALYZE');
      });

      const rows: string[][] = [];
      let worst = 0;
      for (const [i, tournamentId] of opens.entries()) {
        const floorStarted = performance.now();
        await floor(db, tournamentId, listId);
        const floorMs = performance.now() - floorStarted;
        const started = performance.now();
        await acceptTournament(db, { tournamentId }, systemActor('bench'));
        const acceptMs = performance.now() - started;
        worst = Math.max(worst, acceptMs);
        const [{ live }] = await db.query('SELECT count(*)::int AS live FROM live_ratings WHERE pool_id = $1', [
          poolId,
        ]);
        rows.push([
          `open ${i + 1} (${i + 1} pending)`,
          String(live),
          `${acceptMs.toFixed(0)} ms`,
          `${floorMs.toFixed(1)} ms`,
          `${(acceptMs / floorMs).toFixed(1)}×`,
        ]);
      }
      printTable(['acceptance', 'live ratings', 'accept + live', 'floor', 'ratio'], rows);

      // Reads: a profile asks for one player's live ratings; a page of 100 players asks for theirs in one batch.
      const ids: { player_id: number }[] = await db.query(
        'SELECT player_id FROM live_ratings WHERE pool_id = $1 ORDER BY player_id LIMIT 100',
        [poolId],
      );
      const readStarted = performance.now();
      const batch = await liveRatingsByPlayer(
        db,
        ids.map((row) => row.player_id),
      );
      const readMs = performance.now() - readStarted;
      const lineStarted = performance.now();
      await db.query('SELECT rating FROM rating_list_entries WHERE list_id = $1 AND player_id = ANY($2)', [
        listId,
        ids.map((row) => row.player_id),
      ]);
      const lineMs = performance.now() - lineStarted;
      console.log(
        `\n  read: live ratings of ${batch.length} players ${readMs.toFixed(1)} ms; their list lines ${lineMs.toFixed(1)} ms (${(readMs / lineMs).toFixed(1)}× a primary-key read)`,
      );
      console.log(
        `  worst acceptance with its live ratings: ${(worst / 1000).toFixed(2)} s (target ≤ 2 s) ${worst <= 2000 ? 'MET' : 'NOT MET'}`,
      );
    } finally {
      await database.drop();
    }
  },
};
