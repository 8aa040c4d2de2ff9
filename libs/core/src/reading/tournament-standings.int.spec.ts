import { Tournament } from '@ratings/db';
import {
  createTestDatabase,
  makePlayer,
  makePool,
  makeRatingList,
  makeRatingListEntry,
  publishRatingList as publishFixtureList,
  type TestDatabase,
} from '@ratings/db/testing';
import { systemActor } from '../common/actor';
import { publishRatingList, runRatingPeriod } from '../ratings';
import { registerTournament } from '../tournaments';
import { tournamentChanges, tournamentStandings } from './tournaments';

const ctx = systemActor('standings test');

describe('tournamentStandings of a tournament entered by hand (no ratings of its own, as the demo enters them)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  it('takes the ratings at start from the list in force on its first day, and the performances from them', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: 'fqe' });
    const starting = await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-03', ratingSystemId: 'fqe' });
    const [a, b, c, d] = await Promise.all(
      ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((surname) => makePlayer(db.dataSource, { surname })),
    );
    const ratings = new Map([
      [a.id, 2000],
      [b.id, 1800],
      [c.id, 1600],
      [d.id, 1400],
    ]);
    for (const [playerId, rating] of ratings)
      await makeRatingListEntry(db.dataSource, { listId: starting.id, playerId, rating, gamesTotal: 50, k: 20 });
    await publishFixtureList(db.dataSource, starting.id);

    // A round robin: A beats B and D and draws C; B beats C and D; C beats D.
    const { tournament } = await registerTournament(
      db.dataSource,
      {
        poolCode: pool.code,
        name: 'Hand-entered round robin',
        startDate: '2026-03-10',
        endDate: '2026-03-12',
        rounds: 3,
        players: [a, b, c, d].map((player) => ({ playerId: player.id })),
        games: [
          { round: 1, white: a.id, black: b.id, result: '1-0' },
          { round: 1, white: c.id, black: d.id, result: '1-0' },
          { round: 2, white: a.id, black: c.id, result: '½-½' },
          { round: 2, white: b.id, black: d.id, result: '1-0' },
          { round: 3, white: d.id, black: a.id, result: '0-1' },
          { round: 3, white: b.id, black: c.id, result: '1-0' },
        ],
        submit: true,
      },
      ctx,
    );
    const run = await runRatingPeriod(db.dataSource, { poolCode: pool.code, period: '2026-04' }, ctx);
    await publishRatingList(db.dataSource, run.listId, ctx);

    const rated = await db.dataSource.getRepository(Tournament).findOneByOrFail({ id: tournament.id });
    const standings = await tournamentStandings(db.dataSource, rated, pool.ratingSystemId);
    // The linear performance, by hand: mean of the opponents' ratings + 400 × (wins − losses) / games.
    expect(standings.map((row) => [row.playerId, row.points, row.ratingAtStart, row.performance])).toEqual([
      [a.id, 2.5, 2000, Math.round((1800 + 1600 + 1400) / 3 + (400 * 2) / 3)], // 1867
      [b.id, 2, 1800, Math.round((2000 + 1600 + 1400) / 3 + (400 * 1) / 3)], // 1800
      [c.id, 1.5, 1600, Math.round((2000 + 1800 + 1400) / 3)], // 1733
      [d.id, 0, 1400, Math.round((2000 + 1800 + 1600) / 3 - 400)], // 1400
    ]);
    // The run rated the tournament from the same list: its changes start from these ratings and agree.
    const changes = new Map((await tournamentChanges(db.dataSource, tournament.id)).map((c) => [c.playerId, c]));
    for (const row of standings) {
      expect(changes.get(row.playerId)).toMatchObject({
        ratingBefore: row.ratingAtStart,
        performance: row.performance,
      });
    }
  });

  it('keeps the rating the tournament file gave, and leaves players the list does not rate without one', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: 'fqe' });
    const starting = await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-03', ratingSystemId: 'fqe' });
    const [listed, fromFile, unrated] = await Promise.all([0, 1, 2].map(() => makePlayer(db.dataSource)));
    await makeRatingListEntry(db.dataSource, { listId: starting.id, playerId: listed.id, rating: 1700 });
    await makeRatingListEntry(db.dataSource, { listId: starting.id, playerId: fromFile.id, rating: 1500 });
    await publishFixtureList(db.dataSource, starting.id);
    const { tournament } = await registerTournament(
      db.dataSource,
      {
        poolCode: pool.code,
        name: 'Mixed sources',
        startDate: '2026-03-20',
        endDate: '2026-03-20',
        rounds: 1,
        players: [{ playerId: listed.id }, { playerId: fromFile.id, ratingAtStart: 1550 }, { playerId: unrated.id }],
        games: [{ round: 1, white: listed.id, black: fromFile.id, result: '0-1' }],
      },
      ctx,
    );
    const standings = await tournamentStandings(db.dataSource, tournament, pool.ratingSystemId);
    expect(new Map(standings.map((row) => [row.playerId, [row.ratingAtStart, row.performance]]))).toEqual(
      new Map([
        [fromFile.id, [1550, 1700 + 400]],
        [listed.id, [1700, 1550 - 400]],
        [unrated.id, [null, null]],
      ]),
    );
  });
});
