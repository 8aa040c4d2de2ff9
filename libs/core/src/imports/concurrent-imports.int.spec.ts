import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Player } from '@ratings/db';
import { createTestDatabase, makePool, type TestDatabase } from '@ratings/db/testing';
import { parseTrf, writeTrf, type TrfDocument } from '@ratings/trf';
import { DomainError } from '../errors';
import { systemActor } from '../common/actor';
import { importTrf, type ImportReport } from './import-trf.service';

/** Karl-Mala 2005: 283 real players (146 with a FIDE id), all new to an empty register. */
const KARL_MALA = readFileSync(join(__dirname, '__fixtures__', 'karl-mala-gedenkturnier-2005-frankfurt.trf'), 'utf8');
const KARL_MALA_PLAYERS = 283;

const ctx = systemActor('concurrent import test');

/** Another report of the same players: its own name (so its own digest), optionally without the FIDE ids. */
function variant(name: string, { withFideIds }: { withFideIds: boolean }): string {
  const document = parseTrf(KARL_MALA);
  const changed: TrfDocument = {
    ...document,
    tournament: { ...document.tournament, name },
    players: withFideIds ? document.players : document.players.map((player) => ({ ...player, fideId: null })),
  };
  return writeTrf(changed);
}

/** Both imports started at once; what each one resolved or rejected with. */
async function importTogether(db: TestDatabase, poolCode: string, contents: readonly string[]) {
  return Promise.allSettled(contents.map((content) => importTrf(db.dataSource, { poolCode, content }, ctx)));
}

/** Every player of the file is one of ours: created by one import, matched by the other. */
function playersOf(report: ImportReport): number {
  return report.players.created.length + report.players.matched.length;
}

/** The real files are events of 2005–2020, before the fide system's rules (2024): their pools rate with elo. */
const HISTORIC_EVENTS_SYSTEM = 'elo';

describe('concurrent TRF imports sharing new players', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => db?.destroy());

  const playerCount = () => db.dataSource.getRepository(Player).count();

  it('create each shared player once when the files carry no FIDE id (matched by name and birth date)', async () => {
    const pool = await makePool(db.dataSource, { code: 'standard', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    const results = await importTogether(db, pool.code, [
      variant('Karl-Mala A', { withFideIds: false }),
      variant('Karl-Mala B', { withFideIds: false }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const reports = results.map((result) => (result as PromiseFulfilledResult<ImportReport>).value);
    expect(await playerCount()).toBe(KARL_MALA_PLAYERS);
    // One import created them all, the other found them all.
    expect(reports.map((report) => report.players.created.length).sort((a, b) => a - b)).toEqual([
      0,
      KARL_MALA_PLAYERS,
    ]);
    expect(reports.map(playersOf)).toEqual([KARL_MALA_PLAYERS, KARL_MALA_PLAYERS]);
    const second = reports.find((report) => report.players.created.length === 0) as ImportReport;
    expect(new Set(second.players.matched.map((match) => match.by))).toEqual(new Set(['NAME_BIRTH']));
  });

  it('create each shared player once when they have FIDE ids, and both imports succeed', async () => {
    const pool = await makePool(db.dataSource, { code: 'standard', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    const results = await importTogether(db, pool.code, [
      variant('Karl-Mala A', { withFideIds: true }),
      variant('Karl-Mala B', { withFideIds: true }),
    ]);
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(failures).toEqual([]);
    const reports = results.map((result) => (result as PromiseFulfilledResult<ImportReport>).value);
    expect(await playerCount()).toBe(KARL_MALA_PLAYERS);
    expect(reports.map(playersOf)).toEqual([KARL_MALA_PLAYERS, KARL_MALA_PLAYERS]);
    const second = reports.find((report) => report.players.created.length === 0) as ImportReport;
    const byFideId = second.players.matched.filter((match) => match.by === 'FIDE_ID');
    expect(byFideId).toHaveLength(146);
  });

  it('across pools too: the register is the federation’s, not a pool’s', async () => {
    const standard = await makePool(db.dataSource, { code: 'standard', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    const rapid = await makePool(db.dataSource, { code: 'rapid', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    const content = variant('Karl-Mala', { withFideIds: true });
    const results = await Promise.allSettled(
      [standard.code, rapid.code].map((poolCode) => importTrf(db.dataSource, { poolCode, content }, ctx)),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await playerCount()).toBe(KARL_MALA_PLAYERS);
  });

  it('answers a FIDE id registered by someone else meanwhile with a CONFLICT naming it, and writes nothing', async () => {
    const pool = await makePool(db.dataSource, { code: 'standard', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    const [first] = parseTrf(KARL_MALA).players;
    // Someone registers the first player's FIDE id between the import's matching and its insert: a trigger
    // plays them, inserting the id just before the import's row (on PGlite too, which has one connection).
    await db.dataSource.query(`CREATE FUNCTION register_meanwhile() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() = 1 AND NEW.fide_id = '${first.fideId}' THEN
          INSERT INTO players (surname, fide_id) VALUES ('Someone else', NEW.fide_id);
        END IF;
        RETURN NEW;
      END $$`);
    await db.dataSource.query(
      'CREATE TRIGGER register_meanwhile BEFORE INSERT ON players FOR EACH ROW EXECUTE FUNCTION register_meanwhile()',
    );
    try {
      const error = await importTrf(db.dataSource, { poolCode: pool.code, content: KARL_MALA }, ctx).catch(
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining(
          `players (fide_id) = (${first.fideId}) already exists (unique constraint uq_players_fide_id)`,
        ),
        details: {
          constraint: 'uq_players_fide_id',
          table: 'players',
          columns: 'fide_id',
          values: String(first.fideId),
        },
      });
      expect(await playerCount()).toBe(0);
    } finally {
      await db.dataSource.query('DROP TRIGGER register_meanwhile ON players');
      await db.dataSource.query('DROP FUNCTION register_meanwhile()');
    }
  });
});
