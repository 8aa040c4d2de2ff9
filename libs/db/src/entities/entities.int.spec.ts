import { QueryFailedError } from 'typeorm';
import { Game, Player, Pool, RatingChange, RatingChangeGame, RatingListEntry, Tournament } from './index';
import {
  createTestDatabase,
  makeAuditEvent,
  makeGame,
  makePlayer,
  makePool,
  makeRatingChange,
  makeRatingChangeGame,
  makeRatingList,
  makeRatingListEntry,
  makeTournament,
  type TestDatabase,
} from '../testing';

/** Glickman's worked example ("Example of the Glicko-2 system"): 1464.06 / 151.52 / 0.05999. */
const GLICKO = { rating: 1464.06, rd: 151.52, volatility: 0.05999 };

describe('entities: values come back with their JavaScript types', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  it('ratings are integers, Glicko values doubles, the carry an object (ORM and raw SQL alike)', async () => {
    const systemState = { carry: { games: [3, 5], since: '2026-01' }, rd: 151.52 };
    const entry = await makeRatingListEntry(db.dataSource, {
      rating: 1464,
      glickoRating: GLICKO.rating,
      glickoRd: GLICKO.rd,
      glickoVolatility: GLICKO.volatility,
      k: 20,
      rank: 3,
      gamesInPeriod: 9,
      gamesTotal: 31,
      provisional: true,
      systemState,
    });
    const expected = {
      rating: 1464,
      glickoRating: GLICKO.rating,
      glickoRd: GLICKO.rd,
      glickoVolatility: GLICKO.volatility,
      k: 20,
      rank: 3,
      gamesInPeriod: 9,
      gamesTotal: 31,
      provisional: true,
      systemState,
    };
    expect(entry).toMatchObject(expected);
    expect(entry.effectiveDate).toMatch(/^\d{4}-\d{2}-01$/);

    const [raw] = await db.dataSource.query(`SELECT * FROM rating_list_entries WHERE list_id = $1 AND player_id = $2`, [
      entry.listId,
      entry.playerId,
    ]);
    expect(raw).toMatchObject({
      rating: 1464,
      glicko_rating: GLICKO.rating,
      glicko_rd: GLICKO.rd,
      glicko_volatility: GLICKO.volatility,
      k: 20,
      games_total: 31,
      system_state: systemState,
      effective_date: entry.effectiveDate,
    });
    expect(
      await db.dataSource
        .getRepository(RatingListEntry)
        .findOneByOrFail({ listId: entry.listId, playerId: entry.playerId }),
    ).toEqual(entry);
  });

  it('rating changes and their games keep fractions exactly', async () => {
    const change = await makeRatingChange(db.dataSource, {
      ratingBefore: 1843,
      ratingAfter: 1851,
      expected: 3.27,
      score: 4.5,
      games: 7,
      k: 20,
      bonus: 1.5,
      performance: 1990,
      change: 24.6,
    });
    const game = await makeRatingChangeGame(db.dataSource, {
      changeId: change.id,
      score: 0.5,
      expected: 0.64,
      change: -2.8,
    });
    const [stored, storedGame] = await Promise.all([
      db.dataSource.getRepository(RatingChange).findOneByOrFail({ id: change.id }),
      db.dataSource.getRepository(RatingChangeGame).findOneByOrFail({ id: game.id }),
    ]);
    expect(stored).toMatchObject({
      ratingBefore: 1843,
      ratingAfter: 1851,
      expected: 3.27,
      score: 4.5,
      games: 7,
      bonus: 1.5,
      performance: 1990,
      change: 24.6,
    });
    expect(storedGame).toMatchObject({
      score: 0.5,
      expected: 0.64,
      change: -2.8,
      opponentRatingUsed: 1500,
      listId: change.listId,
    });
  });

  it('players keep accents, titles as an array, dates as ISO strings and timestamps as Dates', async () => {
    const player = await makePlayer(db.dataSource, {
      surname: 'Lévesque',
      givenName: 'Éloïse',
      sex: 'F',
      birthDate: '2009-03-14',
      birthYear: 2009,
      titles: ['WFM', 'FA'],
      fideId: '10000000123',
    });
    expect(player).toMatchObject({
      surname: 'Lévesque',
      givenName: 'Éloïse',
      birthDate: '2009-03-14',
      birthYear: 2009,
      titles: ['WFM', 'FA'],
      fideId: '10000000123',
      status: 'ACTIVE',
      mergedIntoId: null,
    });
    expect(player.createdAt).toBeInstanceOf(Date);
  });

  it('pools and tournaments: jsonb parameters, small integers, defaults', async () => {
    const pool = await makePool(db.dataSource, {
      systemParams: { kFactors: [40, 20, 10], cap400: true },
      periodMonths: 3,
    });
    const tournament = await makeTournament(db.dataSource, { poolId: pool.id, rounds: 9 });
    expect(await db.dataSource.getRepository(Pool).findOneByOrFail({ id: pool.id })).toMatchObject({
      systemParams: { kFactors: [40, 20, 10], cap400: true },
      periodMonths: 3,
    });
    expect(await db.dataSource.getRepository(Tournament).findOneByOrFail({ id: tournament.id })).toMatchObject({
      rounds: 9,
      status: 'DRAFT',
      type: 'SWISS',
      sourceFormat: 'MANUAL',
      ratedInListId: null,
    });
    const audit = await makeAuditEvent(db.dataSource, {
      before: { rounds: 7 },
      after: { rounds: 9 },
      entityId: tournament.id,
    });
    expect([audit.before, audit.after, audit.at instanceof Date]).toEqual([{ rounds: 7 }, { rounds: 9 }, true]);
  });
});

describe('constraints: the schema refuses data that cannot be right', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  const violation = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) =>
        error instanceof QueryFailedError ? (error.driverError as { constraint?: string }).constraint : String(error),
    );

  it('a TRF file is recognised on re-import: its digest is unique per pool', async () => {
    const digest = 'a'.repeat(64);
    const first = await makeTournament(db.dataSource, { sourceFormat: 'TRF16', sourceSha256: digest });
    expect(
      await violation(
        makeTournament(db.dataSource, { poolId: first.poolId, sourceFormat: 'TRF16', sourceSha256: digest }),
      ),
    ).toBe('uq_tournaments_pool_id_source_sha256');
    expect((await makeTournament(db.dataSource, { sourceFormat: 'TRF16', sourceSha256: digest })).sourceSha256).toBe(
      digest,
    );
  });

  it.each([
    [{ result: 'BYE_HALF' }, 'ck_games_black_iff_not_bye'], // a bye with a black player
    [{ result: '+/-', played: true }, 'ck_games_played_has_board_result'],
    [{ result: '2-0' }, 'ck_games_result'],
  ])('games: %j with both players breaks %s', async (overrides, constraint) => {
    const attempt = db.dataSource.getRepository(Game).insert({
      tournamentId: (await makeTournament(db.dataSource)).id,
      round: 1,
      whitePlayerId: (await makePlayer(db.dataSource)).id,
      blackPlayerId: (await makePlayer(db.dataSource)).id,
      played: false,
      ...(overrides as Pick<Game, 'result'> & Partial<Pick<Game, 'played'>>),
    });
    expect(await violation(attempt)).toBe(constraint);
  });

  it('a bye has no black player and is not played', async () => {
    const bye = await makeGame(db.dataSource, { result: 'BYE_PAB' });
    expect([bye.blackPlayerId, bye.played]).toEqual([null, false]);
  });

  it("an entry's copied pool and date must be its list's (composite foreign key)", async () => {
    const list = await makeRatingList(db.dataSource);
    const player = await makePlayer(db.dataSource);
    const attempt = db.dataSource.getRepository(RatingListEntry).insert({
      listId: list.id,
      poolId: list.poolId,
      effectiveDate: '1999-01-01',
      playerId: player.id,
    });
    expect(await violation(attempt)).toBe('fk_rating_list_entries_list_id_pool_id_effective_date');
  });

  it('a merged player cannot point at itself, and staff e-mails are stored lowercased', async () => {
    const player = await makePlayer(db.dataSource);
    expect(await violation(db.dataSource.getRepository(Player).update(player.id, { mergedIntoId: player.id }))).toBe(
      'ck_players_not_merged_into_self',
    );
    expect(
      await violation(
        db.dataSource.query(
          `INSERT INTO staff_users (email, display_name, role, password_hash) VALUES ('A@B.org', 'A', 'ADMIN', 'x')`,
        ),
      ),
    ).toBe('ck_staff_users_email');
  });
});
