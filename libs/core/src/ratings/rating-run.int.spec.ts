import type { DataSource } from 'typeorm';
import { rateEvents, type RatedGame } from '@ratings/rating-rules';
import {
  createTestDatabase,
  makeGame,
  makeParticipant,
  makePlayer,
  makePool,
  makeTournament,
  type TestDatabase,
} from '@ratings/db/testing';
import {
  databaseTargetFromEnv,
  listPartitions,
  RatingList,
  RUN_LOCK_NAMESPACE,
  type Player,
  type Pool,
} from '@ratings/db';
import { systemActor, type WriteContext } from '../common/actor';
import { importRatingList } from './import-ratings';
import { correctGameResult, publishRatingList, republishRatingList } from './publication';
import { runRatingPeriod } from './run-rating-period';

const officer: WriteContext = systemActor('test');
const reader: WriteContext = { actor: { kind: 'staff', staffId: 1, role: 'ADMIN', label: 'admin@example.org' } };

/** A round robin of `players` in `pool` ending on `endDate`, results from a fixed pattern, submitted. */
async function roundRobin(db: DataSource, pool: Pool, players: Player[], endDate: string, name: string) {
  const tournament = await makeTournament(db, {
    poolId: pool.id,
    name,
    startDate: endDate,
    endDate,
    rounds: players.length - 1,
    status: 'ACCEPTED',
  });
  for (const [i, p] of players.entries())
    await makeParticipant(db, { tournamentId: tournament.id, playerId: p.id, startRank: i + 1 });
  const results = ['1-0', '1/2-1/2', '0-1'] as const;
  const games = [];
  let k = 0;
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      const result = results[k++ % 3];
      games.push(
        await makeGame(db, {
          tournamentId: tournament.id,
          round: ((i + j) % (players.length - 1)) + 1,
          board: i + 1,
          whitePlayerId: players[i].id,
          blackPlayerId: players[j].id,
          result,
        }),
      );
    }
  }
  return { tournament, games };
}

const score = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 } as const;

/** The story's starting ratings: six players, three established (40 games) and three provisional (10 games). */
const startingRating = (i: number) => ({ rating: 1900 - 100 * i, games: i < 3 ? 40 : 10 });

/** A fresh fqe pool `standard` with six players, started from imported ratings on the 2026-09 list. */
async function startPool(db: DataSource) {
  const pool = await makePool(db, { code: 'standard', ratingSystemId: 'fqe' });
  const players: Player[] = [];
  for (let i = 0; i < 6; i++) players.push(await makePlayer(db, { surname: `Joueur${i}` }));
  const startList = await importRatingList(
    db,
    {
      poolCode: 'standard',
      period: '2026-09',
      ratings: players.map((p, i) => ({ playerId: p.id, ...startingRating(i) })),
    },
    officer,
  );
  return { pool, players, startList };
}

/** startPool, then the round robin "Fondation" of September rated into the draft 2026-10 list. */
async function octoberDraft(db: DataSource) {
  const started = await startPool(db);
  const fondation = await roundRobin(db, started.pool, started.players, '2026-09-20', 'Fondation');
  const report = await runRatingPeriod(db, { poolCode: 'standard', period: '2026-10' }, officer);
  return { ...started, fondation, report };
}

/** octoberDraft published, then the round robin "Octobre" of four players rated and published as 2026-11. */
async function novemberPublished(db: DataSource) {
  const october = await octoberDraft(db);
  await publishRatingList(db, october.report.listId, officer);
  const octobre = await roundRobin(db, october.pool, october.players.slice(0, 4), '2026-10-15', 'Octobre');
  const report = await runRatingPeriod(db, { poolCode: 'standard', period: '2026-11' }, officer);
  await publishRatingList(db, report.listId, officer);
  return { ...october, octobre, november: report };
}

/** Two runs of one pool at once need two connections: PGlite has one, so there they are serialised by construction. */
const onServer = databaseTargetFromEnv().engine === 'postgres' ? it : it.skip;

describe('rating runs, publication and republication (fqe pool)', () => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => db?.destroy());

  it('starts the pool from imported ratings', async () => {
    const { startList: list } = await startPool(db.dataSource);
    expect(list).toMatchObject({ status: 'PUBLISHED', period: '2026-09', entryCount: 6 });
    const entries = await db.dataSource.query(
      'SELECT rating, rank, provisional, category_code FROM rating_list_entries WHERE list_id = $1 ORDER BY rank',
      [list.id],
    );
    expect(entries[0]).toEqual({ rating: 1900, rank: 1, provisional: false, category_code: 'A' });
    expect(entries[5]).toEqual({ rating: 1400, rank: 6, provisional: true, category_code: 'C' });
    await expect(
      importRatingList(db.dataSource, { poolCode: 'standard', period: '2026-09', ratings: [] }, officer),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('runs a period into a DRAFT list whose numbers match an independent computation', async () => {
    const { players, fondation, report } = await octoberDraft(db.dataSource);
    const { tournament, games } = fondation;
    expect(report).toMatchObject({
      pool: 'standard',
      revision: 0,
      tournaments: 1,
      games: 15,
      players: 6,
      replacedDraft: false,
    });
    expect(report.period).toEqual({
      period: '2026-10',
      periodStart: '2026-09-01',
      periodEnd: '2026-09-30',
      effectiveDate: '2026-10-01',
    });

    const expected = rateEvents(
      'fqe',
      {},
      players.map((p, i) => ({ id: String(p.id), ...startingRating(i) })),
      [
        {
          id: String(tournament.id),
          date: '2026-09-20',
          period: '2026-10',
          games: games.map((g): RatedGame => ({
            white: String(g.whitePlayerId),
            black: String(g.blackPlayerId!),
            score: score[g.result as keyof typeof score],
          })),
        },
      ],
    );
    const entries: { player_id: number; rating: number | null; games_total: number; provisional: boolean }[] =
      await db.dataSource.query(
        'SELECT player_id, rating, games_total, provisional FROM rating_list_entries WHERE list_id = $1 ORDER BY player_id',
        [report.listId],
      );
    expect(entries).toEqual(
      expected.players
        .map((p) => ({
          player_id: Number(p.id),
          rating: p.rating === null ? null : Math.round(p.rating),
          games_total: p.games,
          provisional: p.provisional,
        }))
        .sort((a, b) => a.player_id - b.player_id),
    );
    expect(report.changes).toBe(6);
    const changes: { player_id: number; rating_after: number; bonus: number; performance: number }[] =
      await db.dataSource.query(
        'SELECT player_id, rating_after, bonus, performance FROM rating_changes WHERE list_id = $1 ORDER BY player_id',
        [report.listId],
      );
    expect(changes).toEqual(
      expected.changes
        .map((c) => ({
          player_id: Number(c.playerId),
          rating_after: Math.round(c.ratingAfter!),
          bonus: c.bonus,
          performance: Math.round(c.performance!),
        }))
        .sort((a, b) => a.player_id - b.player_id),
    );
    const [list] = await db.dataSource.query(
      'SELECT status, entry_count, tournament_count, game_count FROM rating_lists WHERE id = $1',
      [report.listId],
    );
    expect(list).toEqual({ status: 'DRAFT', entry_count: 6, tournament_count: 1, game_count: 15 });
  });

  it('re-running replaces the draft; publishing makes it PUBLISHED and its tournaments RATED', async () => {
    const { pool, report: first } = await octoberDraft(db.dataSource);
    const again = await runRatingPeriod(db.dataSource, { poolCode: 'standard', period: '2026-10' }, officer);
    expect(again.replacedDraft).toBe(true);
    expect(await db.dataSource.getRepository(RatingList).countBy({ poolId: pool.id, period: '2026-10' })).toBe(1);
    // The replaced draft's partitions went with it.
    const partitions = await listPartitions(db.dataSource);
    const tables = ['rating_list_entries', 'rating_changes', 'rating_change_games'];
    expect(partitions.filter((table) => table.endsWith(`_${again.listId}`))).toEqual(
      tables.map((table) => `${table}_${again.listId}`).sort(),
    );
    expect(partitions.filter((table) => table.endsWith(`_${first.listId}`))).toEqual([]);
    const published = await publishRatingList(db.dataSource, again.listId, officer);
    expect(published.status).toBe('PUBLISHED');
    const [t] = await db.dataSource.query(`SELECT status, rated_in_list_id FROM tournaments WHERE name = 'Fondation'`);
    expect(t).toEqual({ status: 'RATED', rated_in_list_id: again.listId });
    await expect(
      runRatingPeriod(db.dataSource, { poolCode: 'standard', period: '2026-10' }, officer),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(publishRatingList(db.dataSource, again.listId, officer)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('a run refreshes the planner statistics of the rating tables it wrote, for its review; publishing too', async () => {
    const october = await octoberDraft(db.dataSource);
    // The draft's entries are a partition of their own, analyzed alone.
    const plannedRows = async () => {
      const [row] = await db.dataSource.query(`SELECT reltuples::int AS entries FROM pg_class WHERE relname = $1`, [
        `rating_list_entries_${october.report.listId}`,
      ]);
      return row.entries;
    };
    expect(await plannedRows()).toBe(6);
    await publishRatingList(db.dataSource, october.report.listId, officer);
    expect(await plannedRows()).toBe(6);
  });

  it('rates the next period from the published states, with per-game rows that add up to the change', async () => {
    const october = await octoberDraft(db.dataSource);
    await publishRatingList(db.dataSource, october.report.listId, officer);
    const { games } = await roundRobin(
      db.dataSource,
      october.pool,
      october.players.slice(0, 4),
      '2026-10-15',
      'Octobre',
    );
    const report = await runRatingPeriod(db.dataSource, { poolCode: 'standard', period: '2026-11' }, officer);
    expect(report.games).toBe(6);
    const changes: {
      id: number;
      player_id: number;
      score: number;
      games: number;
      change: number;
      rating_before: number;
    }[] = await db.dataSource.query(
      'SELECT id, player_id, score, games, change, rating_before FROM rating_changes WHERE list_id = $1 ORDER BY player_id',
      [report.listId],
    );
    expect(changes).toHaveLength(4);
    for (const change of changes) {
      const rows: { score: number; game_id: number }[] = await db.dataSource.query(
        'SELECT score, game_id FROM rating_change_games WHERE change_id = $1',
        [change.id],
      );
      expect(rows).toHaveLength(change.games);
      expect(rows.reduce((sum, r) => sum + r.score, 0)).toBe(change.score);
      expect(rows.every((r) => games.some((g) => g.id === r.game_id))).toBe(true);
    }
  });

  it('corrects a result and republishes: a new revision, the old kept, the difference stored', async () => {
    const { pool } = await novemberPublished(db.dataSource);
    const [game] = await db.dataSource.query(
      `SELECT g.id, g.result FROM games g JOIN tournaments t ON t.id = g.tournament_id WHERE t.name = 'Octobre' ORDER BY g.id LIMIT 1`,
    );
    expect(game.result).toBe('1-0');
    await correctGameResult(db.dataSource, { gameId: game.id, result: '0-1', reason: 'scoresheet misread' }, officer);
    const [november] = await db.dataSource.query(
      `SELECT id FROM rating_lists WHERE pool_id = $1 AND period = '2026-11'`,
      [pool.id],
    );
    const corrected = await republishRatingList(
      db.dataSource,
      { listId: november.id, reason: 'Octobre: round 1 result corrected' },
      officer,
    );
    expect(corrected).toMatchObject({
      status: 'PUBLISHED',
      revision: 1,
      correctsListId: november.id,
      reason: 'Octobre: round 1 result corrected',
    });
    const diff: { player_id: number; old_rating: number; new_rating: number }[] = await db.dataSource.query(
      'SELECT player_id, old_rating, new_rating FROM rating_list_diffs WHERE list_id = $1',
      [corrected.id],
    );
    expect(diff.length).toBeGreaterThanOrEqual(2);
    for (const row of diff) expect(row.new_rating).not.toBe(row.old_rating);
    const old = await db.dataSource.getRepository(RatingList).findOneByOrFail({ id: november.id });
    expect(old.status).toBe('PUBLISHED');
    await expect(
      db.dataSource.query('UPDATE rating_list_entries SET rating = 3000 WHERE list_id = $1', [corrected.id]),
    ).rejects.toThrow(/is immutable/);
  });

  it('refuses runs without the permission, and a period that does not exist', async () => {
    await startPool(db.dataSource);
    await expect(
      runRatingPeriod(db.dataSource, { poolCode: 'standard', period: '2026-12' }, reader),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      runRatingPeriod(db.dataSource, { poolCode: 'standard', period: '2026-13' }, officer),
    ).rejects.toMatchObject({ code: 'INVALID_DATE', field: 'period' });
  });

  onServer('refuses a second concurrent run of the same pool (server only)', async () => {
    const { pool } = await startPool(db.dataSource);
    await db.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [RUN_LOCK_NAMESPACE, pool.id]);
      await expect(
        runRatingPeriod(db.dataSource, { poolCode: 'standard', period: '2026-12' }, officer),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'a rating run of pool standard is already in progress; try again when it has finished',
      });
    });
  });
});
