import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Game, Player, RatingChange, RatingList, RatingListDiff, RatingListEntry } from '@ratings/db';
import { createTestDatabase, makePool, type TestDatabase } from '@ratings/db/testing';
import { In, IsNull } from 'typeorm';
import { systemActor } from '../common/actor';
import { publishRatingList, runRatingPeriod } from '../ratings';
import { submitTournament } from '../tournaments';
import { importTrf } from './import-trf.service';

/** Real files of libs/trf's fixtures (copied byte for byte): FIDE-rated opens of 2010 and 2005. */
const DONOSTIA = 'open-internacional-gros-donostia-2010-javafo.trf';
const KARL_MALA = 'karl-mala-gedenkturnier-2005-frankfurt.trf';
const fixture = (name: string) => readFileSync(join(__dirname, '__fixtures__', name), 'utf8');

/**
 * The FIDE id → rating of every player the file rates, read straight from its `001` records (TRF16: the rating in
 * columns 49-52, the FIDE id in 58-68), independently of libs/trf.
 */
function fileRatings(trf: string): Map<string, number> {
  const ratings = new Map<string, number>();
  for (const line of trf.split(/\r?\n/)) {
    if (!line.startsWith('001')) continue;
    const rating = Number(line.slice(48, 52).trim() || 0);
    const fideId = line.slice(57, 68).trim();
    if (rating > 0 && fideId !== '') ratings.set(fideId, rating);
  }
  return ratings;
}

const ctx = systemActor('ratings-from-file test');
/**
 * Events of 2005 and 2010, before the fide system's rules: the pools rate with the Quebec cote, which rates no game
 * between two unrated players, so a new pool without starting ratings rates nothing.
 */
const SYSTEM = 'fqe';

describe('importTrf with ratingsFromFile: a new pool starts from the ratings its TRF files write', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  const entriesByFideId = async (listId: number) => {
    const entries = await db.dataSource
      .getRepository(RatingListEntry)
      .find({ where: { listId }, relations: { player: true } });
    return new Map(entries.map((entry) => [entry.player!.fideId!, entry]));
  };

  it('is off by default: the file is imported, no list is written', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: SYSTEM });
    const report = await importTrf(db.dataSource, { poolCode: pool.code, content: fixture(DONOSTIA) }, ctx);
    expect(report.ratingsFromFile).toBeNull();
    expect(await db.dataSource.getRepository(RatingList).countBy({ poolId: pool.id })).toBe(0);
  });

  it('writes a starting list with the file’s ratings, then the run rates the tournament from it', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: SYSTEM });
    const expected = fileRatings(fixture(DONOSTIA));
    expect(expected.size).toBeGreaterThan(40);
    const report = await importTrf(
      db.dataSource,
      { poolCode: pool.code, content: fixture(DONOSTIA), fileName: DONOSTIA, ratingsFromFile: true },
      ctx,
    );
    // The open ended on 2010-10-02: the 2010-11 run rates it, from the 2010-10 list.
    expect(report.ratingsFromFile).toMatchObject({
      period: '2010-10',
      revision: 0,
      players: expected.size,
      reason: null,
    });
    const list = await db.dataSource.getRepository(RatingList).findOneByOrFail({ id: report.ratingsFromFile!.listId! });
    expect([list.status, list.effectiveDate, list.entryCount, list.listedCount]).toEqual([
      'PUBLISHED',
      '2010-10-01',
      expected.size,
      expected.size,
    ]);
    const entries = await entriesByFideId(list.id);
    expect(new Map([...entries].map(([fideId, entry]) => [fideId, entry.rating]))).toEqual(expected);
    expect(entries.get('13400304')).toMatchObject({ rating: 2527, rank: 1 }); // Mirzoev, the file's top seed

    await submitTournament(db.dataSource, { tournamentId: report.tournamentId }, ctx);
    const run = await runRatingPeriod(db.dataSource, { poolCode: pool.code, period: '2010-11' }, ctx);
    const changes = await db.dataSource
      .getRepository(RatingChange)
      .find({ where: { listId: run.listId }, relations: { player: true } });
    // Every player the file rates who played a game over the board starts from his file's rating.
    const games = await db.dataSource.getRepository(Game).findBy({ tournamentId: report.tournamentId, played: true });
    const players = await db.dataSource.getRepository(Player).findBy({
      id: In(games.flatMap((game) => [game.whitePlayerId, game.blackPlayerId!])),
    });
    const played = new Set(players.map((player) => player.fideId));
    expect(changes.length).toBeGreaterThan(0);
    expect(
      new Map(
        changes
          .filter((change) => expected.has(change.player!.fideId!))
          .map((change) => [change.player!.fideId!, change.ratingBefore]),
      ),
    ).toEqual(new Map([...expected].filter(([fideId]) => played.has(fideId))));
    expect(run.listed).toBeGreaterThanOrEqual(expected.size);
    await publishRatingList(db.dataSource, run.listId, ctx);

    // The same file in a pool without the option: the Quebec cote rates no game between two unrated players.
    const control = await makePool(db.dataSource, { ratingSystemId: SYSTEM });
    const unrated = await importTrf(db.dataSource, { poolCode: control.code, content: fixture(DONOSTIA) }, ctx);
    await submitTournament(db.dataSource, { tournamentId: unrated.tournamentId }, ctx);
    const controlRun = await runRatingPeriod(db.dataSource, { poolCode: control.code, period: '2010-11' }, ctx);
    expect([controlRun.changes, controlRun.listed]).toEqual([0, 0]);

    // Once the pool has rated a period, a file's ratings no longer start anyone: the report says why.
    const later = await importTrf(
      db.dataSource,
      { poolCode: pool.code, content: fixture(KARL_MALA), ratingsFromFile: true },
      ctx,
    );
    expect(later.ratingsFromFile).toMatchObject({
      listId: null,
      players: 0,
      reason: expect.stringContaining('has rated lists already (latest 2010-11)'),
    });
  });

  it('follows the pool’s setting, and a second file adds its newcomers as a revision of the starting list', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: SYSTEM, ratingsFromFile: true });
    const first = await importTrf(db.dataSource, { poolCode: pool.code, content: fixture(DONOSTIA) }, ctx);
    const starting = first.ratingsFromFile!;
    expect(starting.revision).toBe(0);

    const second = await importTrf(
      db.dataSource,
      { poolCode: pool.code, content: fixture(KARL_MALA), fileName: KARL_MALA },
      ctx,
    );
    const karlMala = fileRatings(fixture(KARL_MALA));
    const donostia = fileRatings(fixture(DONOSTIA));
    const newcomers = [...karlMala.keys()].filter((fideId) => !donostia.has(fideId));
    expect(second.ratingsFromFile).toMatchObject({ period: '2010-10', revision: 1, players: newcomers.length });
    const revision = await db.dataSource
      .getRepository(RatingList)
      .findOneByOrFail({ id: second.ratingsFromFile!.listId! });
    expect([revision.correctsListId, revision.entryCount, revision.reason]).toEqual([
      starting.listId,
      donostia.size + newcomers.length,
      `players rated from ${KARL_MALA} (tournament ${second.tournamentId})`,
    ]);
    const entries = await entriesByFideId(revision.id);
    expect(new Map([...entries].map(([fideId, entry]) => [fideId, entry.rating]))).toEqual(
      new Map([...donostia, ...newcomers.map((fideId): [string, number] => [fideId, karlMala.get(fideId)!])]),
    );
    // Ranks over both files: by rating, ties sharing a rank.
    const ranked = [...entries.values()].sort((a, b) => a.rank! - b.rank! || a.playerId - b.playerId);
    expect(ranked.map((entry) => entry.rating)).toEqual(
      [...entries.values()].map((entry) => entry.rating).sort((a, b) => b! - a!),
    );
    expect(ranked[0]).toMatchObject({ rank: 1, rating: Math.max(...donostia.values(), ...karlMala.values()) });
    // The revision's difference names exactly the newcomers.
    const diff = await db.dataSource.getRepository(RatingListDiff).findBy({ listId: revision.id, oldRating: IsNull() });
    const added = await db.dataSource.getRepository(Player).findBy({ id: In(diff.map((row) => row.playerId)) });
    expect(added.map((player) => player.fideId).sort()).toEqual([...newcomers].sort());
  });

  it('needs the lists:publish permission when asked for explicitly', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: SYSTEM });
    const arbiter = { actor: { kind: 'staff', staffId: 1, role: 'ARBITER', label: 'arbiter' } } as const;
    await expect(
      importTrf(db.dataSource, { poolCode: pool.code, content: fixture(DONOSTIA), ratingsFromFile: true }, arbiter),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
