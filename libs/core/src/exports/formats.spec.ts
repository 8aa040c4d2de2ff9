import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  csvField,
  csvHeader,
  csvRow,
  neutralizeCsvText,
  txtHeader,
  txtRow,
  UTF8_BOM,
  xmlRow,
  type ExportList,
  type ExportRow,
} from './formats';

const fideFile = readFileSync(
  join(__dirname, '__fixtures__', 'fide-standard-rating_list-excerpt-meow-chess.txt'),
  'latin1',
).split('\r\n');

const carlsen: ExportRow = {
  playerId: 7,
  nationalId: '1503014',
  fideId: '1503014',
  surname: 'Carlsen',
  givenName: 'Magnus',
  federation: 'NOR',
  sex: 'M',
  titles: ['GM'],
  birthYear: 1990,
  club: null,
  rank: 1,
  rating: 2823,
  provisional: false,
  category: 'GM',
  gamesInPeriod: 0,
  gamesTotal: 1200,
  k: 10,
  listed: true,
  inactive: false,
};
const october: ExportList = {
  id: 1,
  pool: 'standard',
  period: '2026-10',
  effectiveDate: '2026-10-01',
  revision: 0,
  status: 'PUBLISHED',
  ratingSystemId: 'fide',
};

/** The column the platform adds after FIDE's 136 characters and a space. */
const NAT_ID_WIDTH = 32;

describe('FIDE TXT layout', () => {
  it('writes the header of FIDE’s single-list file, with the list’s month as the rating column', () => {
    expect(txtHeader(october)).toBe(`${fideFile[0]} ${'Nat ID'.padEnd(NAT_ID_WIDTH)}\r\n`);
  });

  it('writes a player line byte for byte as FIDE does, then his member number', () => {
    expect(txtRow({ ...carlsen, nationalId: 'NOR-77' })).toBe(`${fideFile[1]} ${'NOR-77'.padEnd(NAT_ID_WIDTH)}\r\n`);
  });

  it('puts the member number in ID Number when there is no FIDE id, else the platform id', () => {
    expect(txtRow({ ...carlsen, fideId: null, nationalId: 'NOR-77' }).slice(0, 15)).toBe('NOR-77         ');
    expect(txtRow({ ...carlsen, fideId: null, nationalId: null }).slice(0, 15)).toBe('7              ');
  });

  it('puts women’s and other titles in their columns and flags w, i and p', () => {
    const line = txtRow({
      ...carlsen,
      surname: 'Arribas Robaina',
      givenName: 'Maritza',
      sex: 'F',
      titles: ['WGM', 'IA'],
      provisional: true,
      inactive: true,
    });
    expect(line).toHaveLength(137 + NAT_ID_WIDTH + 2);
    expect(line.slice(84, 89)).toBe('     ');
    expect(line.slice(89, 94)).toBe('WGM  ');
    expect(line.slice(94, 109).trimEnd()).toBe('IA');
    expect(line.slice(132, 136)).toBe('wip ');
  });
});

describe('CSV, XML', () => {
  it('quotes CSV fields that need it and leaves the others bare', () => {
    expect(csvField('Côté, Marie "la tour"')).toBe('"Côté, Marie ""la tour"""');
    expect(csvField(null)).toBe('');
    expect(csvHeader()).toBe(
      UTF8_BOM +
        'rank,player_id,national_id,fide_id,surname,given_name,federation,sex,titles,birth_year,club,rating,provisional,category,games_period,games_total,k,listed,inactive\r\n',
    );
    expect(csvRow(carlsen)).toBe(
      '1,7,1503014,1503014,Carlsen,Magnus,NOR,M,GM,1990,,2823,false,GM,0,1200,10,true,false\r\n',
    );
  });

  it('writes text that would start a formula with a quote in front, and numbers as they are', () => {
    expect(
      ['=1+1', '+33 1 23', '-x', '@SUM(A1)', '\tTab', '\rCR', "'=x", 'Côté', "'t Hart", '2026-11-01'].map(
        neutralizeCsvText,
      ),
    ).toEqual(["'=1+1", "'+33 1 23", "'-x", "'@SUM(A1)", "'\tTab", "'\rCR", "''=x", 'Côté', "'t Hart", '2026-11-01']);
    expect(csvField(-12)).toBe('-12');
    expect(csvField('-12')).toBe("'-12");
    expect(csvField('=A1,B1')).toBe('"\'=A1,B1"');
    expect(csvField('\rCR')).toBe('"\'\rCR"');
    expect(csvRow({ ...carlsen, surname: '=cmd|calc', club: '@evil' })).toBe(
      "1,7,1503014,1503014,'=cmd|calc,Magnus,NOR,M,GM,1990,'@evil,2823,false,GM,0,1200,10,true,false\r\n",
    );
  });

  it("has an exact inverse: drop one quote from a cell matching /^'+[=+\\-@\\t\\r]/", () => {
    const readBack = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
    const risky = fc.stringMatching(/^'{0,3}[=+\-@\t\r'a-z0-9 ]{0,6}$/);
    fc.assert(
      fc.property(fc.oneof(risky, fc.string()), (text) => {
        const written = neutralizeCsvText(text);
        expect(/^[=+\-@\t\r]/.test(written)).toBe(false);
        expect(readBack(written)).toBe(text);
      }),
    );
  });

  it('escapes XML text and carries the provisional flag, rank and category', () => {
    const xml = xmlRow({ ...carlsen, surname: 'O’Brien & <Sons>', provisional: true });
    expect(xml).toContain('<name>O’Brien &amp; &lt;Sons&gt;, Magnus</name>');
    expect(xml).toContain('<rating>2823</rating><games>0</games><k>10</k><birthday>1990</birthday>');
    expect(xml).toContain('<provisional>true</provisional><rank>1</rank><category>GM</category>');
  });
});
