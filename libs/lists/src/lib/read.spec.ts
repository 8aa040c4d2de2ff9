import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ListError } from './errors';
import { readRatingList } from './read';
import type { ListRow, ReadListOptions } from './types';

const fixture = (name: string) => readFileSync(join(__dirname, '../__fixtures__', name));
const COMBINED = fixture('fide-combined-players_list_foa-excerpt-meow-chess.txt');
const SINGLE = fixture('fide-standard-rating_list-excerpt-meow-chess.txt');
const XML = fixture('fide-combined-sample-handwritten.xml');

async function read(content: string | Uint8Array, options: Partial<ReadListOptions> & Pick<ReadListOptions, 'format'>) {
  const rows: ListRow[] = [];
  let month: string | null = null;
  // Split into 7-byte chunks: values and lines cross chunk boundaries.
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
  for await (const batch of readRatingList(chunks, { latestBirthYear: 2026, batchSize: 2, ...options })) {
    rows.push(...batch.rows);
    month = batch.month;
  }
  return { rows, month };
}
const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => {
      expect(error).toBeInstanceOf(ListError);
      return error as ListError;
    },
  );

describe('readRatingList', () => {
  it('reads the real combined FIDE lines, field by field, the overflowing OTit included', async () => {
    const { rows, month } = await read(COMBINED, { format: 'fide-txt' });
    expect(month).toBeNull();
    expect(rows.map((row) => row.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(rows[1]).toEqual({
      line: 3,
      fideId: '3501418',
      nationalId: null,
      surname: 'Arribas Robaina',
      givenName: 'Maritza',
      federation: 'CUB',
      sex: 'F',
      titles: ['WGM', 'IA'],
      birthYear: 1971,
      club: null,
      rating: 2235,
      gamesInPeriod: 9,
      gamesTotal: null,
      k: 20,
      provisional: null,
      listed: null,
      inactive: false,
    });
    expect(rows[5]).toMatchObject({
      fideId: '3101959',
      titles: ['SI', 'FI', 'LSI', 'SLI', 'NA', 'AFM'],
      rating: 1938,
      gamesInPeriod: 0,
      k: 20,
      birthYear: 1982,
    });
    expect(rows[0]).toMatchObject({ surname: 'Ababil', givenName: null, titles: ['FA', 'AIM'], rating: 1709, k: 40 });
  });

  it('picks the rapid and blitz columns by control', async () => {
    const rapid = await read(COMBINED, { format: 'fide-txt', control: 'rapid' });
    expect(rapid.rows.map((row) => [row.fideId, row.rating, row.gamesInPeriod, row.k])).toEqual([
      ['7128762', 1620, 0, 40],
      ['3501418', 2191, 0, 20],
      ['1503014', 2801, 12, 10],
      ['8603677', 2693, 0, 10],
      ['2016192', 2738, 0, 10],
      ['3101959', 1956, 0, 20],
    ]);
    const blitz = await read(COMBINED, { format: 'fide-txt', control: 'blitz' });
    expect(blitz.rows.map((row) => row.rating)).toEqual([null, 2200, 2860, 2736, 2800, 1927]);
  });

  it('the same lines with trailing blanks stripped read the same', async () => {
    const stripped = COMBINED.toString('latin1').replace(/ +\r\n/g, '\r\n');
    expect((await read(stripped, { format: 'fide-txt' })).rows).toEqual(
      (await read(COMBINED, { format: 'fide-txt' })).rows,
    );
  });

  it('reads the single-control layout and its month', async () => {
    const { rows, month } = await read(SINGLE, { format: 'fide-txt' });
    expect(month).toBe('2026-10');
    expect(rows).toEqual([
      expect.objectContaining({
        fideId: '1503014',
        surname: 'Carlsen',
        rating: 2823,
        gamesInPeriod: 0,
        k: 10,
        birthYear: 1990,
      }),
    ]);
  });

  it('reads the XML sample: plain elements for standard, prefixed ones by control, flags', async () => {
    const standard = await read(XML, { format: 'fide-xml' });
    expect(
      standard.rows.map((row) => [row.line, row.fideId, row.rating, row.gamesInPeriod, row.k, row.inactive]),
    ).toEqual([
      [3, '1503014', 2823, 0, 10, false],
      [4, '3501418', 2235, 9, 20, false],
      [5, '7128762', 1709, 0, 40, true],
      [6, '3101959', 1938, 0, 20, false],
    ]);
    expect(standard.rows[1]).toMatchObject({
      surname: 'Arribas Robaina',
      givenName: 'Maritza',
      federation: 'CUB',
      sex: 'F',
      titles: ['WGM', 'IA'],
      birthYear: 1971,
    });
    const blitz = await read(XML, { format: 'fide-xml', control: 'blitz' });
    expect(blitz.rows.map((row) => [row.rating, row.k])).toEqual([
      [2860, 10],
      [2200, 20],
      [null, null],
      [1927, 20],
    ]);
  });

  it.each([
    ['an HTML page as XML', 'fide-xml', '<html><body>Not found</body></html>', 'WRONG_FORMAT', 1],
    ['a truncated XML file', 'fide-xml', XML.toString().slice(0, 400), 'TRUNCATED', 3],
    ['a header without FOA', 'fide-txt', 'ID Number      Name   Fed Sex Tit  WTit OTit  SRtng\r\n', 'WRONG_FORMAT', 1],
    ['a sex that is not M or F', 'fide-txt', COMBINED.toString().replace('NOR M', 'NOR X'), 'INVALID_VALUE', 4],
    [
      'a CSV quote never closed',
      'csv',
      'rank,player_id,national_id,fide_id,surname,given_name,federation,sex,titles,birth_year,club,rating,provisional,category,games_period,games_total,k,listed\r\n1,1,,,"Roy,Paul',
      'TRUNCATED',
      2,
    ],
  ] as const)('%s: %s', async (_, format, content, code, line) => {
    const error = await failure(read(content, { format }));
    expect([error?.code, error?.line]).toEqual([code, line]);
  });
});
