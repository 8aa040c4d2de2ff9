import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Player, RatingList, RatingListEntry } from '@ratings/db';
import { createTestDatabase, makePlayer, makePool, makeRatingList, type TestDatabase } from '@ratings/db/testing';
import { LIST_CSV_COLUMNS } from '@ratings/lists';
import { DomainError } from '../errors';
import { exportRatingList } from '../exports';
import { systemActor } from '../common/actor';
import { importRatingListFile, type ImportListInput } from './import-list.service';

/** libs/lists' fixtures: real FIDE TXT lines and the hand-written XML sample. */
const fixture = (name: string) => readFileSync(join(__dirname, '../../../lists/src/__fixtures__', name), 'latin1');
const COMBINED = fixture('fide-combined-players_list_foa-excerpt-meow-chess.txt');
const SINGLE = fixture('fide-standard-rating_list-excerpt-meow-chess.txt');
const XML = fixture('fide-combined-sample-handwritten.xml');

const ctx = systemActor('list import test');

describe('importRatingListFile', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  const importFile = (
    poolCode: string,
    format: ImportListInput['format'],
    content: string,
    extra: Partial<ImportListInput> = {},
  ) => importRatingListFile(db.dataSource, { poolCode, format, source: [content], ...extra }, ctx);
  const entriesOf = async (listId: number) => {
    const entries = await db.dataSource
      .getRepository(RatingListEntry)
      .find({ where: { listId }, relations: { player: true } });
    return new Map(entries.map((entry) => [entry.player!.fideId ?? entry.player!.surname, entry]));
  };
  const refusal = async (work: Promise<unknown>): Promise<DomainError> => {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };
  const counts = async () => ({
    players: await db.dataSource.getRepository(Player).count(),
    lists: await db.dataSource.getRepository(RatingList).count(),
    entries: await db.dataSource.getRepository(RatingListEntry).count(),
  });

  it('imports the real combined FIDE lines: every player created with his standard rating, games, K and flags', async () => {
    const pool = await makePool(db.dataSource);
    const report = await importFile(pool.code, 'fide-txt', COMBINED, { effectiveDate: '2026-10-01' });
    expect(report).toMatchObject({
      status: 'IMPORTED',
      period: '2026-10',
      effectiveDate: '2026-10-01',
      rows: 6,
      matched: { byFideId: 0, byNationalId: 0, byNameBirth: 0 },
      created: 6,
      skipped: { count: 0, lines: [] },
      conflicting: { count: 0, lines: [] },
    });
    const list = await db.dataSource.getRepository(RatingList).findOneByOrFail({ id: report.listId });
    expect([list.status, list.entryCount, list.listedCount, list.revision]).toEqual(['PUBLISHED', 6, 6, 0]);
    const entries = await entriesOf(report.listId);
    const row = (fideId: string) => {
      const entry = entries.get(fideId)!;
      const p = entry.player!;
      return [
        p.surname,
        p.givenName,
        p.federation,
        p.sex,
        p.titles,
        p.birthYear,
        entry.rating,
        entry.gamesInPeriod,
        entry.k,
        entry.rank,
        entry.inactive,
      ];
    };
    expect(row('1503014')).toEqual(['Carlsen', 'Magnus', 'NOR', 'M', ['GM'], 1990, 2823, 0, 10, 1, false]);
    expect(row('2016192')).toEqual(['Nakamura', 'Hikaru', 'USA', 'M', ['GM'], 1987, 2792, 0, 10, 2, false]);
    expect(row('8603677')).toEqual(['Ding', 'Liren', 'CHN', 'M', ['GM'], 1992, 2723, 11, 10, 3, false]);
    expect(row('3501418')).toEqual([
      'Arribas Robaina',
      'Maritza',
      'CUB',
      'F',
      ['WGM', 'IA'],
      1971,
      2235,
      9,
      20,
      4,
      false,
    ]);
    // His other titles run one column into FOA: read from where the line puts them, not where the header does.
    expect(row('3101959')).toEqual([
      'Cruz Arce',
      'Francisco J.',
      'PUR',
      'M',
      ['SI', 'FI', 'LSI', 'SLI', 'NA', 'AFM'],
      1982,
      1938,
      0,
      20,
      5,
      false,
    ]);
    expect(row('7128762')).toEqual(['Ababil', null, 'INA', 'M', ['FA', 'AIM'], 1978, 1709, 0, 40, 6, false]);
    // The new players' ids follow the file's lines.
    const inIdOrder = [...entries.values()].sort((a, b) => a.playerId - b.playerId).map((e) => e.player!.fideId);
    const fileOrder = COMBINED.split('\r\n')
      .slice(1)
      .filter((line) => line.trim() !== '')
      .map((line) => line.slice(0, 15).trim());
    expect(fileOrder).toEqual(['7128762', '3501418', '1503014', '8603677', '2016192', '3101959']);
    expect(inIdOrder).toEqual(fileOrder);
  });

  it('reads the rapid columns with control rapid, and the single-control layout takes its month from the header', async () => {
    const rapid = await importFile((await makePool(db.dataSource)).code, 'fide-txt', COMBINED, {
      control: 'rapid',
      effectiveDate: '2026-10-01',
    });
    const entries = await entriesOf(rapid.listId);
    expect([
      entries.get('1503014')!.rating,
      entries.get('1503014')!.gamesInPeriod,
      entries.get('3101959')!.rating,
    ]).toEqual([2801, 12, 1956]);
    const single = await importFile((await makePool(db.dataSource)).code, 'fide-txt', SINGLE);
    expect([single.period, single.rows, single.matched.byFideId]).toEqual(['2026-10', 1, 1]);
    expect((await entriesOf(single.listId)).get('1503014')!.rating).toBe(2823);
  });

  it('imports the XML sample; blitz 0 is unrated and skipped with its line; the i flag is kept', async () => {
    const pool = await makePool(db.dataSource);
    const report = await importFile(pool.code, 'fide-xml', XML, { control: 'blitz', effectiveDate: '2026-11-01' });
    expect([report.rows, report.skipped]).toEqual([4, { count: 1, lines: [{ line: 5, reason: 'not rated (blitz)' }] }]);
    const entries = await entriesOf(report.listId);
    expect([entries.get('1503014')!.rating, entries.get('3501418')!.rating, entries.get('3101959')!.k]).toEqual([
      2860, 2200, 20,
    ]);
    const standard = await importFile((await makePool(db.dataSource)).code, 'fide-xml', XML, {
      effectiveDate: '2026-11-01',
    });
    const ababil = (await entriesOf(standard.listId)).get('7128762')!;
    expect([ababil.rating, ababil.k, ababil.inactive]).toEqual([1709, 40, true]);
  });

  it('the same file twice: the second report says so and nothing changes', async () => {
    const pool = await makePool(db.dataSource);
    const first = await importFile(pool.code, 'fide-txt', COMBINED, { effectiveDate: '2026-10-01' });
    const before = await counts();
    const second = await importFile(pool.code, 'fide-txt', COMBINED, { effectiveDate: '2026-10-01' });
    expect([second.status, second.listId, second.created]).toEqual(['ALREADY_IMPORTED', first.listId, 0]);
    expect(await counts()).toEqual(before);
    const other = await refusal(importFile(pool.code, 'fide-txt', SINGLE));
    expect([other.code, other.message]).toEqual(['CONFLICT', expect.stringContaining('already has a list (2026-10)')]);
  });

  it('exports a published list as CSV and imports it into a new pool: same ratings, games, K and flags', async () => {
    // The XML sample has an inactive player (Ababil's `i` flag), so the flag's round trip is tested.
    const source = await importFile((await makePool(db.dataSource)).code, 'fide-xml', XML, {
      effectiveDate: '2026-10-01',
    });
    const exported = await exportRatingList(db.dataSource, source.listId, 'csv');
    const chunks: string[] = [];
    for await (const chunk of exported.chunks) chunks.push(chunk);
    const copy = await importFile((await makePool(db.dataSource)).code, 'csv', chunks.join(''), {
      effectiveDate: '2026-10-01',
    });
    expect([copy.rows, copy.matched.byFideId, copy.created]).toEqual([4, 4, 0]);
    expect(chunks.join('').split('\r\n')[0]).toMatch(/,listed,inactive$/);
    const shape = async (listId: number) =>
      [...(await entriesOf(listId)).values()]
        .map((e) => [
          e.playerId,
          e.rating,
          e.gamesInPeriod,
          e.gamesTotal,
          e.k,
          e.provisional,
          e.listed,
          e.inactive,
          e.rank,
          e.categoryCode,
        ])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(await shape(copy.listId)).toEqual(await shape(source.listId));
    expect((await entriesOf(copy.listId)).get('7128762')!.inactive).toBe(true);
  });

  it('matches by FIDE id, then national id, then name + birth year; a FIDE id with another name is conflicting', async () => {
    const byFide = await makePlayer(db.dataSource, {
      fideId: '99000001',
      surname: 'Tremblay',
      givenName: 'Anne',
      birthYear: 1980,
    });
    const byNational = await makePlayer(db.dataSource, {
      nationalId: 'Q-77',
      surname: 'Gagnon',
      givenName: 'Luc',
      birthYear: 1975,
    });
    const byName = await makePlayer(db.dataSource, { surname: 'Lévesque', givenName: 'Marie', birthYear: 1990 });
    const renamed = await makePlayer(db.dataSource, {
      fideId: '99000004',
      surname: 'Roy',
      givenName: 'Paul',
      birthYear: 1970,
    });
    const header =
      'rank,player_id,national_id,fide_id,surname,given_name,federation,sex,titles,birth_year,club,rating,provisional,category,games_period,games_total,k,listed';
    const csv = [
      header,
      // the national id names someone else, the FIDE id wins
      '1,1,Q-77,99000001,Tremblay,Anne,CAN,F,,1980,,2100,false,A,2,30,20,true',
      '2,2,Q-77,,Gagnon,Luc,CAN,M,,1975,,2000,false,A,0,40,20,true',
      '3,3,,,LEVESQUE,Marie,CAN,F,,1990,,1900,false,B,1,25,20,true',
      '4,4,,99000004,Roy,Pierre,CAN,M,,1970,,1800,false,B,0,50,20,true',
      '5,5,,,Nouveau,Joueur,CAN,M,,2001,,1700,true,C,5,5,40,true',
      '6,6,,99000001,Tremblay,Anne,CAN,F,,1980,,2100,false,A,2,30,20,true',
    ].join('\r\n');
    const report = await importFile((await makePool(db.dataSource)).code, 'csv', csv, { effectiveDate: '2026-10-01' });
    expect(report).toMatchObject({
      rows: 6,
      matched: { byFideId: 1, byNationalId: 0, byNameBirth: 1 },
      created: 1,
      skipped: {
        count: 2,
        lines: [
          { line: 3, reason: 'national id Q-77 is also on line 2' },
          { line: 7, reason: 'FIDE id 99000001 is also on line 2' },
        ],
      },
      conflicting: {
        count: 1,
        lines: [
          { line: 5, fideId: '99000004', nameInFile: 'Roy, Pierre', playerId: renamed.id, registeredName: 'Roy, Paul' },
        ],
      },
    });
    const entries = await db.dataSource.getRepository(RatingListEntry).find({ where: { listId: report.listId } });
    const ratingOf = new Map(entries.map((entry) => [entry.playerId, entry.rating]));
    expect([
      ratingOf.get(byFide.id),
      ratingOf.get(byName.id),
      ratingOf.get(renamed.id),
      ratingOf.has(byNational.id),
    ]).toEqual([2100, 1900, 1800, false]);
    const created = await db.dataSource.getRepository(Player).findOneByOrFail({ surname: 'Nouveau' });
    expect(entries.find((entry) => entry.playerId === created.id)).toMatchObject({
      rating: 1700,
      provisional: true,
      gamesTotal: 5,
      k: 40,
    });
  });

  it('matches by national id when the file has no FIDE id', async () => {
    const player = await makePlayer(db.dataSource, { nationalId: 'N-501', surname: 'Côté', givenName: 'Julie' });
    const csv =
      'rank,player_id,national_id,fide_id,surname,given_name,federation,sex,titles,birth_year,club,rating,provisional,category,games_period,games_total,k,listed\r\n1,9,N-501,,Cote,J.,CAN,F,,,,1600,false,C,0,40,20,true\r\n';
    const report = await importFile((await makePool(db.dataSource)).code, 'csv', csv, { effectiveDate: '2026-10-01' });
    expect([report.matched.byNationalId, report.created]).toEqual([1, 0]);
    const [entry] = await db.dataSource.getRepository(RatingListEntry).find({ where: { listId: report.listId } });
    expect([entry.playerId, entry.rating]).toEqual([player.id, 1600]);
  });

  describe('bad input names line and column and leaves the database unchanged', () => {
    const lines = COMBINED.split('\r\n');
    const cases: [string, ImportListInput['format'], string, RegExp][] = [
      [
        'a CSV file given as FIDE TXT',
        'fide-txt',
        'rank,player_id\r\n',
        /line 1, column 1: not a FIDE TXT rating list/,
      ],
      ['a TXT file given as XML', 'fide-xml', COMBINED, /line 1, column 1: not an XML file/],
      [
        'a truncated TXT file',
        'fide-txt',
        COMBINED.slice(0, COMBINED.length - 140),
        /line 7, column 26: the file ends in the middle/,
      ],
      [
        'a truncated XML file',
        'fide-xml',
        XML.slice(0, XML.indexOf('<player><fideid>7128762')) + '<player><fideid>71',
        /line 5, column \d+: the file ends inside a <player>/,
      ],
      [
        'a rating shifted into the FOA column',
        'fide-txt',
        [...lines.slice(0, 4), lines[4].slice(0, 112) + '2823 ' + lines[4].slice(118), ...lines.slice(5)].join('\r\n'),
        /line 5, column 113 \(SRtng\): a value runs into the SRtng column/,
      ],
      [
        'an impossible rating',
        'fide-txt',
        COMBINED.replace('2823', '9823'),
        /line 4, column 114 \(SRtng\): rating 9823 is above 3500/,
      ],
      [
        'an impossible birth year',
        'fide-txt',
        COMBINED.replace('1990  ', '2090  '),
        /line 4, column 153 \(B-day\): birth year 2090 is not between 1800 and 2026/,
      ],
      [
        'a bad number in the XML',
        'fide-xml',
        XML.replace('<rating>2823', '<rating>28x3'),
        /line 3, column \d+ \(<rating>\): "28x3" is not a whole number/,
      ],
      [
        'a surname longer than the players table holds',
        'csv',
        `${LIST_CSV_COLUMNS.join(',')}\r\n1,1,,,${'X'.repeat(101)},Anne,CAN,F,,1980,,2100,false,A,2,30,20,true,false\r\n`,
        /line 2, column 5 \(surname\): the surname has 101 characters, more than the 100 allowed/,
      ],
      [
        'a given name longer than the players table holds',
        'fide-xml',
        XML.replace('Carlsen, Magnus', `Carlsen, ${'M'.repeat(120)}`),
        /line 3, column \d+ \(<name>\): the given name has 120 characters, more than the 100 allowed/,
      ],
      [
        'a title longer than a title can be',
        'fide-xml',
        XML.replace('<o_title>IA</o_title>', `<o_title>IA,${'T'.repeat(17)}</o_title>`),
        /line 4, column \d+ \(<o_title>\): the title has 17 characters, more than the 16 allowed/,
      ],
      [
        'a CSV without the export columns',
        'csv',
        'name,rating\r\nX,1500\r\n',
        /line 1, column 1 \(name\): not the platform's CSV list/,
      ],
    ];
    it.each(cases)('%s', async (_, format, content, message) => {
      const pool = await makePool(db.dataSource);
      const before = await counts();
      const error = await refusal(importFile(pool.code, format, content, { effectiveDate: '2026-10-01' }));
      expect(error.code).toBe('BAD_USER_INPUT');
      expect(error.message).toMatch(message);
      expect(error.details).toMatchObject({
        argument: 'content',
        line: expect.any(Number),
        column: expect.any(Number),
      });
      expect(await counts()).toEqual(before);
    });

    it('an error on the last line leaves nothing of the lines before it', async () => {
      const pool = await makePool(db.dataSource);
      const before = await counts();
      const broken = COMBINED.replace('1982      ', '1282      ');
      const error = await refusal(importFile(pool.code, 'fide-txt', broken, { effectiveDate: '2026-10-01' }));
      expect(error.details).toMatchObject({ line: 7, column: 154, field: 'B-day' });
      expect(await counts()).toEqual(before);
    });

    it('an error in a later batch, read while the batch before it is being copied, leaves nothing either', async () => {
      const pool = await makePool(db.dataSource);
      const before = await counts();
      // Carlsen's line under 12,000 FIDE ids: three batches of the reader; line 11,002 has an impossible birth year.
      const carlsen = lines[3];
      const file = (birthYearOf11001st: string) =>
        [
          lines[0],
          ...Array.from({ length: 12_000 }, (_, i) => {
            const line = String(20_000_000 + i).padEnd(15) + carlsen.slice(15);
            return i === 11_000 ? line.replace('1990  ', `${birthYearOf11001st}  `) : line;
          }),
          '',
        ].join('\r\n');
      const error = await refusal(importFile(pool.code, 'fide-txt', file('1290'), { effectiveDate: '2026-10-01' }));
      expect(error.details).toMatchObject({ line: 11_002, column: 153, field: 'B-day' });
      expect(await counts()).toEqual(before);
      // The connection came back usable: the same file, mended, imports every player.
      const report = await importFile(pool.code, 'fide-txt', file('1990'), { effectiveDate: '2026-10-01' });
      expect([report.rows, report.created]).toEqual([12_000, 12_000]);
    });
  });

  it('refuses an effective date that is not the first of a month, and a file that names no month without one', async () => {
    const pool = await makePool(db.dataSource);
    expect(
      (await refusal(importFile(pool.code, 'fide-txt', COMBINED, { effectiveDate: '2026-10-15' }))).details,
    ).toEqual({ argument: 'effective' });
    expect((await refusal(importFile(pool.code, 'fide-txt', COMBINED))).details).toEqual({ argument: 'effective' });
  });
});

describe('a first import into an empty register', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  /** Every index and constraint of the tables the import fills, as the catalog defines them. */
  const definitions = (): Promise<{ table: string; name: string; definition: string }[]> =>
    db.dataSource.query(
      `SELECT t.relname AS "table", c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relname IN ('players', 'rating_list_entries')
       UNION ALL
       SELECT t.relname, k.conname, pg_get_constraintdef(k.oid)
         FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
        WHERE t.relname IN ('players', 'rating_list_entries')
       ORDER BY 1, 2, 3`,
    );
  const sqlState = (work: Promise<unknown>) =>
    work.then(
      () => 'no error',
      (error: { driverError?: { code?: string }; code?: string }) => error.driverError?.code ?? error.code,
    );

  it('builds the indexes and constraints it set aside after the load, the same as the migrations made them', async () => {
    const before = await definitions();
    expect(before.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'ix_players_search_name_trgm',
        'uq_players_fide_id',
        'fk_players_merged_into_id',
        'ix_rating_list_entries_rankings',
        'ix_rating_list_entries_history',
        'fk_rating_list_entries_player_id',
        'fk_rating_list_entries_list_id_pool_id_effective_date',
      ]),
    );
    const pool = await makePool(db.dataSource);
    const phases: [string, number][] = [];
    const report = await importRatingListFile(
      db.dataSource,
      { poolCode: pool.code, format: 'fide-txt', source: [COMBINED], effectiveDate: '2026-10-01' },
      ctx,
      { onPhase: (phase, ms) => phases.push([phase, ms]) },
    );
    expect(report.created).toBe(6);
    // Each phase once, in order, as the benchmark prints them.
    expect(phases.map(([phase]) => phase)).toEqual(['stage', 'match', 'write', 'report']);
    expect(phases.every(([, ms]) => ms >= 0)).toBe(true);
    expect(await definitions()).toEqual(before);

    // And they hold: a second player with a FIDE id of the list, an entry of a player who does not exist.
    const [entry] = await db.dataSource
      .getRepository(RatingListEntry)
      .find({ where: { listId: report.listId }, take: 1 });
    const player = await db.dataSource.getRepository(Player).findOneByOrFail({ id: entry.playerId });
    expect(await sqlState(makePlayer(db.dataSource, { fideId: player.fideId }))).toBe('23505');
    const draft = await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-11' });
    expect(
      await sqlState(
        db.dataSource.query(
          `INSERT INTO rating_list_entries (list_id, pool_id, effective_date, player_id) VALUES ($1, $2, $3, $4)`,
          [draft.id, pool.id, draft.effectiveDate, player.id + 1000],
        ),
      ),
    ).toBe('23503');
  });
});
