import { acceptTournament, importRatingList, publishRatingList, runRatingPeriod, systemActor } from '@ratings/core';
import {
  createTestDatabase,
  makeGame,
  makeParticipant,
  makePlayer,
  makePool,
  makeTournament,
  type TestDatabase,
} from '@ratings/core/testing';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../cli';
import { runRatings, testDatabaseProvider } from '../testing/cli-harness';

const actor = systemActor('test');
const RESULTS = ['1-0', '0-1', '1/2-1/2', '1-0'] as const;

describe('ratings simulate', () => {
  let db: TestDatabase;
  const ratings = (...argv: string[]) => runRatings(argv, testDatabaseProvider(db));

  beforeAll(async () => {
    db = await createTestDatabase();
    const pool = await makePool(db.dataSource, { code: 'standard', ratingSystemId: 'fqe' });
    const players = [];
    for (let i = 0; i < 6; i++) players.push(await makePlayer(db.dataSource, { surname: `Simule${i}` }));
    await importRatingList(
      db.dataSource,
      {
        poolCode: 'standard',
        period: '2026-09',
        ratings: players.map((p, i) => ({ playerId: p.id, rating: 1900 - 120 * i, games: 50 })),
      },
      actor,
    );
    const tournament = await makeTournament(db.dataSource, {
      poolId: pool.id,
      startDate: '2026-09-10',
      endDate: '2026-09-12',
      rounds: 5,
      status: 'SUBMITTED',
    });
    let k = 0;
    for (const [i, p] of players.entries())
      await makeParticipant(db.dataSource, { tournamentId: tournament.id, playerId: p.id, startRank: i + 1 });
    for (let i = 0; i < players.length; i++)
      for (let j = i + 1; j < players.length; j++)
        await makeGame(db.dataSource, {
          tournamentId: tournament.id,
          round: ((i + j) % 5) + 1,
          board: i + 1,
          whitePlayerId: players[i].id,
          blackPlayerId: players[j].id,
          result: RESULTS[k++ % RESULTS.length],
        });
    await acceptTournament(db.dataSource, { tournamentId: tournament.id }, actor);
    const run = await runRatingPeriod(db.dataSource, { poolCode: 'standard', period: '2026-10' }, actor);
    await publishRatingList(db.dataSource, run.listId, actor);
  });
  afterAll(() => db?.destroy());

  it('under the pool’s own system finds no difference with what was published', async () => {
    const same = await ratings(
      'simulate',
      '--pool',
      'standard',
      '--system',
      'fqe',
      '--from',
      '2026-10',
      '--to',
      '2026-10',
    );
    expect(same.code).toBe(EXIT_OK);
    expect(same.stdout).toContain('Simulation of pool standard under fqe');
    expect(same.stdout).toMatch(/players +6 with games, 6 rated in both/);
    expect(same.stdout).toMatch(/mean \|difference\| +0\.0 points/);
  });

  it('under another system lists the players who move most, with both ratings', async () => {
    const other = await ratings(
      'simulate',
      '--pool',
      'standard',
      '--system',
      'elo',
      '--params',
      '{"k": 40}',
      '--from',
      '2026-10',
      '--to',
      '2026-10',
      '--top',
      '3',
    );
    expect(other.code).toBe(EXIT_OK);
    const rows = other.stdout.split('\n').filter((line) => /Simule\d/.test(line));
    expect(rows).toHaveLength(3);
    const differences = rows.map((line) => line.trim().split(/\s+/));
    for (const cells of differences) {
      const [published, simulated, difference] = cells.slice(-3).map(Number);
      expect(simulated - published).toBe(difference);
    }
    const sizes = differences.map((cells) => Math.abs(Number(cells[cells.length - 1])));
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
  });

  it('refuses bad parameters and ranges', async () => {
    expect(
      (
        await ratings(
          'simulate',
          '--pool',
          'standard',
          '--system',
          'elo',
          '--params',
          '{k',
          '--from',
          '2026-10',
          '--to',
          '2026-10',
        )
      ).code,
    ).toBe(EXIT_USAGE);
    const tooLong = await ratings(
      'simulate',
      '--pool',
      'standard',
      '--system',
      'elo',
      '--from',
      '2020-01',
      '--to',
      '2026-10',
    );
    expect(tooLong.code).toBe(EXIT_FAILED);
    expect(tooLong.stderr).toContain('at most 36 periods');
  });
});
