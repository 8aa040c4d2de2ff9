import { contentOf, FIXTURE, FIXTURES, readFixture, SMALL_TOURNAMENT_TEXT } from '../testing';
import { TrfError } from './errors';
import { parseTrf } from './parse';
import type { TrfDocument, TrfPlayer } from './types';
import { writeTrf } from './write';

function withPlayer(document: TrfDocument, startRank: number, change: (player: TrfPlayer) => TrfPlayer): TrfDocument {
  return {
    ...document,
    players: document.players.map((player) => (player.startRank === startRank ? change(player) : player)),
  };
}

function thrown(work: () => unknown): TrfError {
  try {
    work();
  } catch (error) {
    if (error instanceof TrfError) return error;
    throw error;
  }
  throw new Error('expected a TrfError');
}

describe('writeTrf round-trips the real files', () => {
  it.each(FIXTURES)('%s: an unchanged document is written back byte for byte', (fixture) => {
    const text = readFixture(fixture);
    expect(writeTrf(parseTrf(text))).toBe(text);
  });

  it.each(FIXTURES)('%s: parse(write(parse(x))) equals parse(x)', (fixture) => {
    const document = parseTrf(readFixture(fixture));
    expect(parseTrf(writeTrf(document))).toEqual(document);
  });

  it.each(FIXTURES)('%s: written anew field by field, it reads back the same', (fixture) => {
    const document = parseTrf(readFixture(fixture));
    const rewritten = writeTrf(document, { keepSourceLines: false });
    expect(rewritten).not.toBe(readFixture(fixture));
    expect(contentOf(parseTrf(rewritten))).toEqual(contentOf(document));
  });

  it('written anew, a standard file differs only where its own formatting was not the canonical one', () => {
    const text = readFixture(FIXTURE.karlMala);
    const rewritten = writeTrf(parseTrf(text), { keepSourceLines: false });
    const before = text.split('\n');
    const after = rewritten.split('\n');
    // The empty 032 and 132 tags are not written; titles become FIDE codes, sex "f" becomes "w", rank 0 blank.
    expect(after).toHaveLength(before.length - 2);
    expect(after[11]).toBe(
      '001    1   GM Vasquez,Rodrigo                   2558 CHI     3400042 1969.12.06  6.0    4   141 w 1    78 b 1    42 w 1    21 b 1    16 w 1    25 b =    31 w =',
    );
    const players = (lines: string[]): string[] =>
      lines.filter((line) => line.startsWith('001')).map((line) => line.slice(14, 84) + line.trimEnd().slice(89));
    expect(players(after)).toEqual(players(before));
  });

  it("written anew, 299 moves from the sample's columns to those of the TRF-2026 field table", () => {
    const rewritten = writeTrf(parseTrf(readFixture(FIXTURE.grandmommysCup)), { keepSourceLines: false }).split('\n');
    expect(rewritten.filter((line) => line.startsWith('299'))).toEqual([
      '299 +   2.0   2.5    1    1',
      '299 -   0.0   1.5',
    ]);
  });

  it('written anew, lichess byes get the standard 0000 opponent', () => {
    const rewritten = writeTrf(parseTrf(readFixture(FIXTURE.lichess)), { keepSourceLines: false });
    const line = rewritten.split('\n').find((candidate) => candidate.startsWith('001   10'));
    expect(line?.slice(91, 99)).toBe('0000 - H');
  });
});

describe('writeTrf after changes', () => {
  const text = readFixture(FIXTURE.donostia);
  const document = parseTrf(text);

  it('rewrites only the changed record, in place', () => {
    const changed = withPlayer(document, 2, (player) => ({ ...player, rating: 2415 }));
    const lines = writeTrf(changed).split('\r\n');
    const original = text.split('\r\n');
    expect(lines.filter((line, index) => line !== original[index])).toEqual([
      '001    2 m IM Argandona Riveiro Inigo           2415 ESP     2212072 1981        4.0    2    27 b 1    15 w 1     7 b 1     5 w 1',
    ]);
    expect(parseTrf(lines.join('\r\n')).players[1].rating).toBe(2415);
  });

  it('rewrites the tournament section where it was when a tag changes', () => {
    const changed: TrfDocument = { ...document, tournament: { ...document.tournament, name: 'XXI Open de Gros' } };
    const lines = writeTrf(changed).split('\r\n');
    expect(lines.slice(0, 13)).toEqual([
      '012 XXI Open de Gros',
      '022 Donostia',
      '032 ESP',
      '042 24/09/2010',
      '052 02/10/2010',
      '062 52',
      '072 41',
      '082 0',
      '092 Individual: Swiss-System',
      '102 IA Mikel Larreategi Arana (22232540)',
      '122 moves/time, increment',
      'XXR 9',
      text.split('\r\n')[13],
    ]);
  });

  it('puts a new player after the last one, and a new comment at the end', () => {
    const newcomer: TrfPlayer = {
      ...document.players[51],
      startRank: 53,
      name: 'Newcomer, Nora',
      results: document.players[51].results.map((entry) => ({
        ...entry,
        opponent: null,
        colour: null,
        result: null,
        played: false,
        points: 0,
      })),
      points: 0,
      rank: null,
      source: null,
    };
    const changed: TrfDocument = {
      ...document,
      players: [...document.players, newcomer],
      extraLines: [{ kind: 'comment', text: '### added by the rating officer', line: null }],
    };
    const lines = writeTrf(changed, { lineEnding: '\n' }).split('\n');
    expect(lines.slice(-4)).toEqual([
      text.split('\r\n')[64],
      '001   53 m    Newcomer, Nora                         ESP    32022972 1978        0.0',
      '### added by the rating officer',
      '',
    ]);
  });

  it('refuses a value that does not fit its columns, or a line break inside a value', () => {
    const tooHigh = thrown(() => writeTrf(withPlayer(document, 1, (player) => ({ ...player, rating: 12345 }))));
    expect([tooHigh.code, tooHigh.message]).toEqual([
      'INVALID_INPUT',
      "player 1's rating 12345 does not fit in 4 columns",
    ]);
    const broken = thrown(() =>
      writeTrf({ ...document, tournament: { ...document.tournament, city: 'Donostia\nSan Sebastián' } }),
    );
    expect(broken.code).toBe('INVALID_INPUT');
  });
});

describe('writeTrf between versions', () => {
  it('writes a TRF16 file as TRF-2026: 142 instead of XXR, dates as YYYY/MM/DD', () => {
    const document = parseTrf(readFixture(FIXTURE.donostia));
    const lines = writeTrf(document, { version: 'TRF-2026', lineEnding: '\n' }).split('\n');
    expect(lines).toContain('042 2010/09/24');
    expect(lines).toContain('142 9');
    expect(lines).not.toContain('XXR 9');
    expect(lines[12]).toBe(
      '001    1 m GM Mirzoev Azer                      2527 AZE    13400304 1978/00/00  4.0    1    26 w 1    13 b 1     8 w 1     4 b 1',
    );
    const converted = parseTrf(lines.join('\n'));
    expect(converted.version).toBe('TRF-2026');
    expect(converted.players.map((player) => player.results)).toEqual(document.players.map((player) => player.results));
  });

  it('writes a hand-made TRF16 file as TRF16 again after a change, XXR and all', () => {
    const document = parseTrf(SMALL_TOURNAMENT_TEXT);
    expect(writeTrf({ ...document, tournament: { ...document.tournament, numberOfRounds: 3 } })).toBe(
      SMALL_TOURNAMENT_TEXT.replace('XXR 2', 'XXR 3'),
    );
  });

  it('refuses to write TRF-2026-only content as TRF16', () => {
    const error = thrown(() => writeTrf(parseTrf(readFixture(FIXTURE.grandmommysCup)), { version: 'TRF16' }));
    expect([error.code, error.line, error.message]).toEqual([
      'NOT_IN_VERSION',
      24,
      'line 24: TRF16 has no tag 152; write this document as TRF-2026',
    ]);
  });
});
