import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuditEvent, Game, Player, Tournament, TournamentParticipant, type Pool } from '@ratings/db';
import { createTestDatabase, makePlayer, makePool, type TestDatabase } from '@ratings/db/testing';
import { buildTrf, parseTrf, writeTrf } from '@ratings/trf';
import { IsNull } from 'typeorm';
import { DomainError } from '../errors';
import { systemActor } from '../common/actor';
import { exportTrf } from './export-trf.service';
import { importTrf, type ImportReport } from './import-trf.service';

/** The four real files of libs/trf's fixtures, copied byte for byte. */
const KARL_MALA = 'karl-mala-gedenkturnier-2005-frankfurt.trf';
const DONOSTIA = 'open-internacional-gros-donostia-2010-javafo.trf';
const LICHESS = 'lichess-swiss-zulfikar-sali-bullet-2020.trf';
const GRANDMOMMYS_CUP = 'grandmommys-cup-fide-tec-sample-trf2026-team.trf';
const fixture = (name: string) => readFileSync(join(__dirname, '__fixtures__', name), 'utf8');

const ctx = systemActor('import test');

/** The real files are events of 2005–2020, before the fide system's rules (2024): their pools rate with elo. */
const HISTORIC_EVENTS_SYSTEM = 'elo';

describe('importTrf and exportTrf (real files)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  const count = (entity: typeof Player | typeof Tournament | typeof Game | typeof TournamentParticipant) =>
    db.dataSource.getRepository(entity).count();
  const snapshotCounts = async () => ({
    players: await count(Player),
    tournaments: await count(Tournament),
    participants: await count(TournamentParticipant),
    games: await count(Game),
  });
  const refusal = async (work: Promise<unknown>): Promise<DomainError> => {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };
  const byKind = (report: ImportReport) => {
    const kinds: Record<string, number> = {};
    for (const match of report.players.matched) kinds[match.by] = (kinds[match.by] ?? 0) + 1;
    return kinds;
  };
  const warning = (report: ImportReport, code: string) => report.warnings.find((entry) => entry.code === code);
  /** The games of a tournament by who played whom: comparable across tournaments with the same players. */
  const gamesOf = async (tournamentId: number) =>
    (await db.dataSource.getRepository(Game).find({ where: { tournamentId } }))
      .map(
        (game) =>
          `${game.round}|${game.whitePlayerId}|${game.blackPlayerId}|${game.result}|${game.played}|${game.playedOn}`,
      )
      .sort();

  describe('Karl-Mala (TRF16, 284 players, 138 unrated, forfeits and withdrawals)', () => {
    let pool: Pool;
    let report: ImportReport;
    beforeAll(async () => {
      pool = await makePool(db.dataSource, { code: 'karl-mala', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
      report = await importTrf(
        db.dataSource,
        { poolCode: pool.code, content: fixture(KARL_MALA), fileName: KARL_MALA },
        ctx,
      );
    });

    it('creates every player but the "spielfrei" placeholder, and reports the games by kind', async () => {
      expect(report.status).toBe('IMPORTED');
      expect(report.players.matched).toEqual([]);
      expect(report.players.created).toHaveLength(283);
      expect(report.players.created.map((entry) => entry.startRank)).toEqual(
        Array.from({ length: 283 }, (_, i) => i + 1),
      );
      expect(report.skipped).toEqual([
        { line: 297, reason: expect.stringContaining('player 284 "spielfrei" meets no opponent') },
      ]);
      // 970 games over the board, 10 paired forfeits, and player 282's "0000 - +" in round 5.
      expect(report.games).toEqual({ played: 970, unplayed: 0, forfeits: 10, byes: 1 });
      expect(warning(report, 'BYE_FROM_FORFEIT_WIN')).toMatchObject({ count: 1, line: 295 });
      expect(warning(report, 'MISSING_FEDERATION')).toMatchObject({ count: 276 });
    });

    it('stores a DRAFT tournament with the file digest, its participants and games', async () => {
      const tournament = await db.dataSource.getRepository(Tournament).findOneByOrFail({ id: report.tournamentId });
      expect(tournament).toMatchObject({
        poolId: pool.id,
        name: '9. Karl-Mala-Gedenkturnier',
        city: 'Frankfurt (Main) /GER',
        federation: null,
        startDate: '2005-07-28',
        endDate: '2005-07-31',
        rounds: 7,
        type: 'SWISS',
        status: 'DRAFT',
        sourceFormat: 'TRF16',
        sourceFileName: KARL_MALA,
        chiefArbiter: 'Ralph Blum (SV Griesheim)',
        timeControl: '40/120, 60',
      });
      expect(tournament.sourceSha256).toMatch(/^[0-9a-f]{64}$/);
      const participants = await db.dataSource
        .getRepository(TournamentParticipant)
        .find({ where: { tournamentId: tournament.id }, order: { startRank: 'ASC' } });
      expect(participants).toHaveLength(283);
      expect(participants.filter((participant) => participant.ratingAtStart === null)).toHaveLength(137);
      expect(participants[0]).toMatchObject({ startRank: 1, ratingAtStart: 2558, points: 6 });
      const vasquez = await db.dataSource.getRepository(Player).findOneByOrFail({ id: participants[0].playerId });
      expect(vasquez).toMatchObject({
        surname: 'Vasquez',
        givenName: 'Rodrigo',
        fideId: '3400042',
        birthDate: '1969-12-06',
        birthYear: 1969,
        federation: 'CHI',
        titles: ['GM'],
      });
      expect(await db.dataSource.getRepository(Game).countBy({ tournamentId: tournament.id })).toBe(981);
      expect(await db.dataSource.getRepository(Game).countBy({ tournamentId: tournament.id, played: true })).toBe(970);
      expect(await db.dataSource.getRepository(Game).countBy({ tournamentId: tournament.id, result: 'BYE_FULL' })).toBe(
        1,
      );
    });

    it('audits the import and each created player', async () => {
      const events = await db.dataSource.getRepository(AuditEvent).findBy({ action: 'importTrf' });
      expect(
        events.filter((event) => event.entityType === 'Tournament' && event.entityId === report.tournamentId),
      ).toHaveLength(1);
      const playerEvents = events.filter((event) => event.entityType === 'Player');
      expect(playerEvents.map((event) => event.entityId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        report.players.created.map((entry) => entry.playerId).sort((a, b) => a - b),
      );
      expect(playerEvents[0]).toMatchObject({
        actorLabel: 'import test',
        after: expect.objectContaining({ tournamentId: report.tournamentId }),
      });
    });

    it('recognises the same file and changes nothing', async () => {
      const before = await snapshotCounts();
      const again = await importTrf(db.dataSource, { poolCode: pool.code, content: fixture(KARL_MALA) }, ctx);
      expect(again).toMatchObject({
        status: 'ALREADY_IMPORTED',
        tournamentId: report.tournamentId,
        players: { matched: [], created: [] },
      });
      expect(again.warnings[0].message).toContain(`already imported as tournament ${report.tournamentId}`);
      expect(await snapshotCounts()).toEqual(before);
    });

    it('matches the now-known players in another pool: by FIDE id, or by name and birth date', async () => {
      const blitz = await makePool(db.dataSource, { code: 'karl-mala-again', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
      const second = await importTrf(db.dataSource, { poolCode: blitz.code, content: fixture(KARL_MALA) }, ctx);
      expect(second.status).toBe('IMPORTED');
      expect(second.tournamentId).not.toBe(report.tournamentId);
      expect(second.players.created).toEqual([]);
      expect(byKind(second)).toEqual({ FIDE_ID: 146, NAME_BIRTH: 137 });
      const first = new Map(report.players.created.map((entry) => [entry.startRank, entry.playerId]));
      expect(second.players.matched.every((entry) => first.get(entry.startRank) === entry.playerId)).toBe(true);
      expect(await gamesOf(second.tournamentId)).toEqual(await gamesOf(report.tournamentId));
    });
  });

  describe('Donostia (TRF16 + XXR, H/U/Z byes, only rounds 1-4 played)', () => {
    let report: ImportReport;
    beforeAll(async () => {
      const pool = await makePool(db.dataSource, { code: 'donostia', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
      report = await importTrf(db.dataSource, { poolCode: pool.code, content: fixture(DONOSTIA) }, ctx);
    });

    it('imports the games, forfeits and the 25 byes, and keeps comma-less names whole', async () => {
      expect(report.players.created).toHaveLength(52);
      expect(report.games).toEqual({ played: 89, unplayed: 0, forfeits: 4, byes: 25 });
      expect(warning(report, 'NAME_WITHOUT_COMMA')).toMatchObject({ count: 51, line: 14 });
      const tournament = await db.dataSource.getRepository(Tournament).findOneByOrFail({ id: report.tournamentId });
      expect(tournament).toMatchObject({
        startDate: '2010-09-24',
        endDate: '2010-10-02',
        rounds: 9,
        federation: 'ESP',
        name: 'XX Open Internacional de Gros',
      });
      const byes = await db.dataSource
        .getRepository(Game)
        .findBy({ tournamentId: report.tournamentId, blackPlayerId: IsNull() });
      const codes: Record<string, number> = {};
      for (const game of byes) codes[game.result] = (codes[game.result] ?? 0) + 1;
      expect(codes).toEqual({ BYE_HALF: 16, BYE_PAB: 3, BYE_ZERO: 6 });
      const mirzoev = await db.dataSource.getRepository(Player).findOneByOrFail({ fideId: '13400304' });
      expect(mirzoev).toMatchObject({
        surname: 'Mirzoev Azer',
        givenName: null,
        birthDate: null,
        birthYear: 1978,
        sex: 'M',
        titles: ['GM'],
      });
    });

    it('export → import into another pool gives the same players and games (FIDE id, and name + birth year)', async () => {
      const exported = await exportTrf(db.dataSource, report.tournamentId);
      expect(parseTrf(exported).version).toBe('TRF16');
      const pool = await makePool(db.dataSource, {
        code: 'donostia-round-trip',
        ratingSystemId: HISTORIC_EVENTS_SYSTEM,
      });
      const again = await importTrf(db.dataSource, { poolCode: pool.code, content: exported }, ctx);
      expect(again.players.created).toEqual([]);
      expect(byKind(again)).toEqual({ FIDE_ID: 51, NAME_BIRTH: 1 });
      expect(again.players.matched.find((entry) => entry.by === 'NAME_BIRTH')).toMatchObject({ startRank: 6 });
      expect(again.games).toEqual(report.games);
      expect(await gamesOf(again.tournamentId)).toEqual(await gamesOf(report.tournamentId));
      const original = await db.dataSource.getRepository(Tournament).findOneByOrFail({ id: report.tournamentId });
      const copy = await db.dataSource.getRepository(Tournament).findOneByOrFail({ id: again.tournamentId });
      for (const field of [
        'name',
        'city',
        'federation',
        'startDate',
        'endDate',
        'rounds',
        'type',
        'chiefArbiter',
        'timeControl',
      ] as const) {
        expect(copy[field]).toEqual(original[field]);
      }
    });

    it('refuses a hand-broken line with its line and column, leaving nothing behind', async () => {
      const lines = fixture(DONOSTIA).split('\r\n');
      // Line 20 (player 7): round 1's result, column 99, becomes an undefined code.
      lines[19] = `${lines[19].slice(0, 98)}X${lines[19].slice(99)}`;
      const before = await snapshotCounts();
      const error = await refusal(
        importTrf(db.dataSource, { poolCode: 'donostia', content: lines.join('\r\n'), fileName: 'broken.trf' }, ctx),
      );
      expect(error.code).toBe('BAD_USER_INPUT');
      expect(error.message).toMatch(/^content: broken\.trf is not a valid TRF: line 20, column 99: /);
      expect(error.details).toMatchObject({ argument: 'content', line: 20, column: 99, trfCode: 'INVALID_RESULT' });
      expect(await snapshotCounts()).toEqual(before);
    });

    it('refuses a file without usable dates, naming the tag', async () => {
      const withoutDates = fixture(DONOSTIA)
        .split('\r\n')
        .filter((line) => !line.startsWith('042') && !line.startsWith('052'))
        .join('\r\n');
      const error = await refusal(importTrf(db.dataSource, { poolCode: 'donostia', content: withoutDates }, ctx));
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', details: { tag: '042' } });
      expect(error.message).toBe(
        "content: tag 042 (start date) is missing and tag 132 gives no round dates: the tournament's dates are unknown",
      );
    });
  });

  describe('Grandmommy’s Cup (TRF-2026 team sample)', () => {
    let report: ImportReport;
    let known: Player;
    beforeAll(async () => {
      // The file's national rating record gives start rank 14 the French national id L01854.
      known = await makePlayer(db.dataSource, {
        surname: 'Player0014',
        givenName: 'Test0014',
        birthYear: 1990,
        nationalId: 'L01854',
      });
      const pool = await makePool(db.dataSource, { code: 'team', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
      report = await importTrf(db.dataSource, { poolCode: pool.code, content: fixture(GRANDMOMMYS_CUP) }, ctx);
    });

    it('imports the individual games of the team event, matching by national id', async () => {
      expect(report.players.matched).toEqual([{ startRank: 14, playerId: known.id, by: 'NATIONAL_ID' }]);
      expect(report.players.created).toHaveLength(248);
      // Unfielded boards ("0000 - -") become zero-point byes, boards won without an opponent ("0000 - +") full-point byes.
      expect(report.games).toEqual({ played: 1030, unplayed: 0, forfeits: 0, byes: 1328 + 98 });
      expect(warning(report, 'BYE_FROM_FORFEIT_LOSS')).toMatchObject({ count: 1328 });
      const tournament = await db.dataSource.getRepository(Tournament).findOneByOrFail({ id: report.tournamentId });
      expect(tournament).toMatchObject({
        type: 'TEAM',
        sourceFormat: 'TRF26',
        startDate: '2024-01-01',
        endDate: '2024-01-14',
        rounds: 14,
        federation: 'FID',
      });
      const round7 = await db.dataSource.getRepository(Game).findBy({ tournamentId: tournament.id, round: 7 });
      expect(new Set(round7.map((game) => game.playedOn))).toEqual(new Set(['2024-01-06']));
      const first = await db.dataSource.getRepository(Player).findOneByOrFail({ fideId: '70123454321' });
      expect(first).toMatchObject({
        surname: 'Test0001 Player0001',
        birthDate: null,
        birthYear: 1987,
        federation: 'IND',
      });
    });

    it('exports as TRF-2026 with the same players and games (national ids are not written: name and birth year match)', async () => {
      const exported = await exportTrf(db.dataSource, report.tournamentId, { version: 'TRF-2026' });
      const document = parseTrf(exported);
      expect(document.version).toBe('TRF-2026');
      expect(document.players).toHaveLength(249);
      const pool = await makePool(db.dataSource, { code: 'team-round-trip', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
      const again = await importTrf(db.dataSource, { poolCode: pool.code, content: exported }, ctx);
      expect(again.players.created).toEqual([]);
      expect(byKind(again)).toEqual({ FIDE_ID: 248, NAME_BIRTH: 1 });
      expect(again.players.matched.find((entry) => entry.startRank === 14)).toEqual({
        startRank: 14,
        playerId: known.id,
        by: 'NAME_BIRTH',
      });
      expect(again.games).toEqual(report.games);
      expect(await gamesOf(again.tournamentId)).toEqual(await gamesOf(report.tournamentId));
    });
  });

  it('refuses, at import, a tournament its pool’s system cannot rate, saying why, and writes nothing', async () => {
    const pool = await makePool(db.dataSource, { code: 'fide-standard', ratingSystemId: 'fide' });
    const before = await snapshotCounts();
    const error = await refusal(importTrf(db.dataSource, { poolCode: pool.code, content: fixture(DONOSTIA) }, ctx));
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message:
        'content: pool fide-standard rates with FIDE Rating Regulations (2024), which rates tournaments from 2024-03-01 on; this one ends on 2010-10-02',
    });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('refuses the lichess export, saying why, and writes nothing', async () => {
    const pool = await makePool(db.dataSource, { code: 'online', ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    const before = await snapshotCounts();
    const error = await refusal(importTrf(db.dataSource, { poolCode: pool.code, content: fixture(LICHESS) }, ctx));
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'content', dialect: 'lichess' } });
    expect(error.message).toContain(
      'this is a lichess.org export: its 112 players are lichess accounts with lichess ratings (0 with a FIDE id or birth date)',
    );
    expect(await snapshotCounts()).toEqual(before);
  });

  it('refuses a player who matches two of ours by name and birth date, importing nothing', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    const twins = [
      await makePlayer(db.dataSource, {
        surname: 'Ábalos',
        givenName: 'Ana',
        birthDate: '1990-05-17',
        birthYear: 1990,
      }),
      await makePlayer(db.dataSource, {
        surname: 'ABALOS',
        givenName: 'ana',
        birthDate: '1990-05-17',
        birthYear: 1990,
      }),
    ];
    const content = smallFile(
      [
        { startRank: 1, name: 'Abalos, Ana', birthDate: '1990-05-17' },
        { startRank: 2, name: 'Other, One' },
      ],
      [{ round: 1, white: 1, black: 2, result: '1-0' }],
    );
    const before = await snapshotCounts();
    const error = await refusal(importTrf(db.dataSource, { poolCode: pool.code, content }, ctx));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain(`matches our players ${twins[0].id} and ${twins[1].id} by name and birth date`);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('matches accents and case away, follows merge aliases, and skips pairings without a result', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    const marie = await makePlayer(db.dataSource, {
      surname: 'Lévesque',
      givenName: 'Marie-Ève',
      birthDate: '1985-03-02',
      birthYear: 1985,
    });
    const survivor = await makePlayer(db.dataSource, { surname: 'Tremblay', givenName: 'Luc' });
    await makePlayer(db.dataSource, {
      surname: 'Tremblay',
      givenName: 'L.',
      fideId: '99887766',
      mergedIntoId: survivor.id,
    });
    const content = smallFile(
      [
        { startRank: 1, name: 'LEVESQUE, marie-eve', birthDate: '1985-03-02' },
        { startRank: 2, name: 'Tremblay, Luc', fideId: 99887766 },
        { startRank: 3, name: 'New, Comer', birthDate: '2001-01-01' },
        { startRank: 4, name: 'Late, Arrival' },
      ],
      [
        { round: 1, white: 1, black: 2, result: '0-1' },
        { round: 1, white: 3, black: 4, result: '1/2-1/2' },
        { round: 2, white: 3, black: 4, result: '*' },
      ],
      [{ round: 2, player: 1, kind: 'H' }],
    );
    const report = await importTrf(db.dataSource, { poolCode: pool.code, content }, ctx);
    expect(report.players.matched).toEqual([
      { startRank: 1, playerId: marie.id, by: 'NAME_BIRTH' },
      { startRank: 2, playerId: survivor.id, by: 'FIDE_ID' },
    ]);
    expect(report.players.created.map((entry) => entry.startRank)).toEqual([3, 4]);
    expect(report.games).toEqual({ played: 2, unplayed: 0, forfeits: 0, byes: 1 });
    expect(report.skipped).toEqual([
      {
        line: expect.any(Number),
        reason: 'round 2: players 3 and 4 were paired but no result is recorded yet: the pairing is not imported',
      },
    ]);
    const created = await db.dataSource
      .getRepository(Player)
      .findOneByOrFail({ id: report.players.created[0].playerId });
    expect(created).toMatchObject({ surname: 'New', givenName: 'Comer', birthDate: '2001-01-01', birthYear: 2001 });
  });

  it('rolls everything back when a write fails half-way (no players, no tournament left)', async () => {
    const pool = await makePool(db.dataSource, { ratingSystemId: HISTORIC_EVENTS_SYSTEM });
    // A throwaway trigger makes the games insert, the import's last write, fail after players and tournament went in.
    await db.dataSource.query(
      `CREATE FUNCTION fail_games() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'games refused for the test'; END $$`,
    );
    await db.dataSource.query(
      'CREATE TRIGGER fail_games BEFORE INSERT ON games FOR EACH STATEMENT EXECUTE FUNCTION fail_games()',
    );
    try {
      const before = await snapshotCounts();
      await expect(importTrf(db.dataSource, { poolCode: pool.code, content: fixture(DONOSTIA) }, ctx)).rejects.toThrow(
        'games refused for the test',
      );
      expect(await snapshotCounts()).toEqual(before);
    } finally {
      await db.dataSource.query('DROP TRIGGER fail_games ON games');
      await db.dataSource.query('DROP FUNCTION fail_games()');
    }
  });
});

interface SmallPlayer {
  readonly startRank: number;
  readonly name: string;
  readonly birthDate?: string;
  readonly fideId?: number;
}

/** A hand-made TRF16 file written by libs/trf itself, so every column is where it belongs. */
function smallFile(
  players: readonly SmallPlayer[],
  games: readonly { round: number; white: number; black: number; result: '1-0' | '0-1' | '1/2-1/2' | '*' }[],
  byes: readonly { round: number; player: number; kind: 'H' | 'U' | 'F' | 'Z' }[] = [],
): string {
  return writeTrf(
    buildTrf({
      version: 'TRF16',
      tournament: { name: 'Small Open', startDate: '2026-01-10', endDate: '2026-01-11', rounds: 2 },
      players,
      games,
      byes,
    }),
    { version: 'TRF16' },
  );
}
