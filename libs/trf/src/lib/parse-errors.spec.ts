import { overwrite, PLAYER_LINE, playerLine, SMALL_TOURNAMENT_TEXT, smallTournamentWith } from '../testing';
import { TrfError } from './errors';
import { parseTrf } from './parse';

/** The TrfError `work` throws (fails the test when it throws nothing or something else). */
function caught(work: () => unknown): TrfError {
  try {
    work();
  } catch (error) {
    if (error instanceof TrfError) return error;
    throw error;
  }
  throw new Error('expected a TrfError, nothing was thrown');
}

describe('parseTrf on a well-formed hand-made file', () => {
  const document = parseTrf(SMALL_TOURNAMENT_TEXT);

  it('reads it without warnings', () => {
    expect(document.warnings).toEqual([]);
    expect(document.players.map((player) => [player.startRank, player.points])).toEqual([
      [1, 1.5],
      [2, 1],
      [3, 1],
    ]);
    expect(document.players[0]).toMatchObject({
      sex: 'w',
      title: 'WGM',
      name: 'Alpha, Ann',
      rating: 2300,
      fideId: 2200001,
    });
    expect(document.players[1].birthDate).toEqual({ text: '1985', iso: null, year: 1985 });
  });

  it('reads LF, CRLF, CR, trailing spaces and a byte-order mark alike', () => {
    const lines = SMALL_TOURNAMENT_TEXT.trimEnd().split('\n');
    const variants = [
      lines.join('\r\n') + '\r\n',
      lines.join('\r') + '\r',
      lines.map((line) => `${line}      `).join('\n'),
      `\uFEFF${SMALL_TOURNAMENT_TEXT}`,
    ];
    for (const variant of variants) {
      const other = parseTrf(variant);
      expect(other.players.map(({ source: _source, ...player }) => player)).toEqual(
        document.players.map(({ source: _source, ...player }) => player),
      );
      expect(other.tournament.name).toBe('Test Open');
    }
    expect(parseTrf(variants[0]).layout).toEqual({ lineEnding: '\r\n', finalNewline: true, byteOrderMark: false });
    expect(parseTrf(variants[1]).layout.lineEnding).toBe('\r');
    expect(parseTrf(variants[3]).layout.byteOrderMark).toBe(true);
  });

  it('scores the entries with tag 162 (3-1-0 here; the pairing-allocated bye U scores like a win)', () => {
    const lines = SMALL_TOURNAMENT_TEXT.split('\n');
    lines.splice(4, 0, '162  W 3.0    D 1.0');
    const points = [' 4.0', ' 3.0', ' 2.0'];
    const text = lines
      .map((line, index) => (index >= 5 && index <= 7 ? overwrite(line, 81, points[index - 5]) : line))
      .join('\n');
    const scored = parseTrf(text);
    expect(scored.tournament.scoring).toEqual({ W: 3, D: 1 });
    expect(scored.version).toBe('TRF-2026');
    expect(scored.warnings).toEqual([]);
    expect(scored.players.map((player) => player.results.map((entry) => entry.points))).toEqual([
      [3, 1],
      [0, 3],
      [1, 1],
    ]);
  });

  it('reads lower-case result letters as the spec allows', () => {
    const lowerCase = parseTrf(smallTournamentWith(PLAYER_LINE.third, (line) => overwrite(line, 99, 'h')));
    expect(lowerCase.players[2].results[0]).toMatchObject({ result: 'H', points: 0.5 });
  });
});

describe('parseTrf refuses malformed input with the line and column of the fault', () => {
  const first = PLAYER_LINE.first;
  it.each([
    ['a FIDE id with a letter', first, 58, '      12a45', 'INVALID_NUMBER', 58, 'FIDE id "12a45" is not a number'],
    ['a start rank that is no number', first, 5, '   x', 'INVALID_START_RANK', 5, 'start rank "x" is not a number'],
    ['a missing start rank', first, 5, '    ', 'INVALID_START_RANK', 5, 'start rank is missing'],
    ['start rank 0', first, 5, '   0', 'INVALID_START_RANK', 5, 'start rank 0 is not a player'],
    ['a rating with a letter', first, 49, '2a00', 'INVALID_NUMBER', 49, 'rating "2a00" is not a number'],
    ['points that are no number', first, 81, '1.x ', 'INVALID_NUMBER', 81, 'points "1.x" is not a number like "11.5"'],
    ['a rank that is no number', first, 86, '   A', 'INVALID_NUMBER', 86, 'rank "A" is not a number'],
    ['an opponent that is no number', first, 92, '  2x', 'INVALID_NUMBER', 92, 'round 1 opponent "2x" is not a number'],
    ['an unknown colour', first, 107, 'x', 'INVALID_COLOUR', 107, 'round 2 colour "x" is not "w", "b" or "-"'],
    [
      'an unknown result',
      first,
      99,
      'Q',
      'INVALID_RESULT',
      99,
      'round 1 result "Q" is not a TRF result code (1 = 0 + - W D L H F U Z)',
    ],
    [
      'a name running into the rating',
      first,
      48,
      'x',
      'MISALIGNED_FIELD',
      48,
      'expected a blank between the fields of a 001 record, found "x"',
    ],
    [
      'a round entry shifted by one column',
      first,
      100,
      '0',
      'MISALIGNED_FIELD',
      100,
      'expected a blank between the parts of round 1\'s entry, found "0"',
    ],
  ])('%s', (_what, line, column, replacement, code, errorColumn, problem) => {
    const error = caught(() => parseTrf(smallTournamentWith(line, (text) => overwrite(text, column, replacement))));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TrfError');
    expect([error.code, error.line, error.column, error.problem]).toEqual([code, line, errorColumn, problem]);
    expect(error.message).toBe(`line ${line}, column ${errorColumn}: ${problem}`);
  });

  it('two players with one start rank', () => {
    const error = caught(() => parseTrf(smallTournamentWith(PLAYER_LINE.third, (text) => overwrite(text, 5, '   1'))));
    expect([error.code, error.line, error.column]).toEqual(['DUPLICATE_START_RANK', 7, 5]);
    expect(error.message).toBe('line 7, column 5: start rank 1 is already used by the player on line 5');
  });

  it.each([
    [
      'an initial colour other than W or B',
      '152 X',
      'INVALID_TAG_VALUE',
      5,
      'initial colour (152) "X" is neither "W" nor "B"',
    ],
    [
      'a scoring tag with an unknown symbol',
      '162  W 1.0    Q 2.0',
      'INVALID_TAG_VALUE',
      15,
      'scoring (162) expects pairs of W/D/L/A/P/X and points, found "Q 2.0"',
    ],
    [
      'a starting-rank method in three parts',
      '172 FRA FIDON X',
      'INVALID_TAG_VALUE',
      5,
      'starting-rank method (172) "FRA FIDON X" is not "FED METHOD"',
    ],
    ['a bye record of an unknown type', '240 Q   1    3', 'INVALID_RECORD', 5, 'bye type "Q" is not F, H or Z'],
    [
      'a forfeited match of an unknown type',
      '330 ++   4  23  33',
      'INVALID_RECORD',
      5,
      'forfeit type "++" is not "+-", "-+" or "--"',
    ],
    [
      'a team record without pairing number',
      '310   x India',
      'INVALID_NUMBER',
      5,
      'team pairing number "x" is not a number',
    ],
    [
      'an out-of-order record with a letter for a board',
      '300   1  16   4  242  2x6',
      'INVALID_NUMBER',
      23,
      'board player "2x6" is not a number',
    ],
    [
      'abnormal points with a third points value',
      '299 +  2.0  2.5  1.0',
      'INVALID_RECORD',
      18,
      'points "1.0" after the round or ids, or a third points value',
    ],
  ])('%s', (_what, extraLine, code, column, problem) => {
    const error = caught(() => parseTrf(`${SMALL_TOURNAMENT_TEXT}${extraLine}\n`));
    expect([error.code, error.line, error.column, error.problem]).toEqual([code, 8, column, problem]);
  });

  it.each([
    [
      'a number of players that is no number',
      3,
      '062 three',
      'INVALID_NUMBER',
      'number of players "three" is not a number',
    ],
    ['more rounds than a TRF can number', 4, 'XXR 1000', 'TOO_MANY_ROUNDS', '1000 rounds; a TRF numbers at most 999'],
  ])('%s', (_what, line, replacement, code, problem) => {
    const error = caught(() => parseTrf(smallTournamentWith(line, () => replacement)));
    expect([error.code, error.line, error.column, error.problem]).toEqual([code, line, 5, problem]);
  });

  it('a round entry past round 999', () => {
    const rounds = Array.from({ length: 1000 }, () => '0000 - Z');
    const error = caught(() => parseTrf(playerLine({ startRank: '1', name: 'Long, Tournament', rounds })));
    expect([error.code, error.line, error.column]).toEqual(['TOO_MANY_ROUNDS', 1, 92 + 999 * 10]);
  });

  it('something that is not text', () => {
    const error = caught(() => parseTrf(42 as unknown as string));
    expect([error.code, error.line, error.column, error.message]).toEqual([
      'NOT_TEXT',
      null,
      null,
      'a TRF is text, got number',
    ]);
  });
});

describe('parseTrf warns about oddities it can read', () => {
  const warningsOf = (text: string): string[] => parseTrf(text).warnings.map((item) => `${item.code} ${item.message}`);

  it('a points column that disagrees with the results', () => {
    expect(warningsOf(smallTournamentWith(PLAYER_LINE.first, (line) => overwrite(line, 81, ' 2.0')))).toEqual([
      'POINTS_MISMATCH line 5, column 81: player 1 has 2 points in the points column, but the results add up to 1.5',
    ]);
  });

  it('a draw written ½, read as =', () => {
    const text = smallTournamentWith(PLAYER_LINE.first, (line) => overwrite(line, 109, '½'));
    expect(warningsOf(text)).toEqual(['NONSTANDARD_RESULT line 5, column 109: round 2 result "½" read as "=" (draw)']);
    expect(parseTrf(text).players[0].results[1]).toMatchObject({ result: '=', played: true, points: 0.5 });
  });

  it('counts in the tournament section that disagree with the players', () => {
    expect(warningsOf(smallTournamentWith(3, () => '062 4'))).toEqual([
      'PLAYER_COUNT_MISMATCH line 3, column 5: the file declares 4 players but has 3',
    ]);
  });

  it('a record code it does not know, kept as an extra line', () => {
    const document = parseTrf(`${SMALL_TOURNAMENT_TEXT}999 something\n`);
    expect(document.warnings.map((item) => item.message)).toEqual([
      'line 8, column 1: record 999 is not a TRF16 or TRF-2026 record; kept as text',
    ]);
    expect(document.extraLines).toEqual([{ kind: 'unrecognised', line: 8, text: '999 something' }]);
  });

  it('a repeated tag: the first one counts, the second is kept as an extra line', () => {
    const document = parseTrf(`${SMALL_TOURNAMENT_TEXT}012 Another Name\n`);
    expect(document.tournament.name).toBe('Test Open');
    expect(document.warnings.map((item) => item.message)).toEqual([
      'line 8, column 1: tag 012 appears again (first on line 1); this one is ignored',
    ]);
    expect(document.extraLines).toEqual([{ kind: 'unrecognised', line: 8, text: '012 Another Name' }]);
  });

  it('an unknown title, an unknown sex and a date it cannot read', () => {
    let text = smallTournamentWith(PLAYER_LINE.first, (line) => overwrite(overwrite(line, 10, 'x'), 11, ' XY'));
    text = text.replace('042 2024/03/01', '042 someday');
    const document = parseTrf(text);
    expect(document.warnings.map((item) => item.message)).toEqual([
      'line 2, column 5: date "someday" is not a date; kept as text',
      'line 5, column 10: sex "x" is neither "m" nor "w"; ignored',
      'line 5, column 11: title "XY" is not a FIDE title; ignored',
    ]);
    expect(document.tournament.startDate).toEqual({ text: 'someday', iso: null, year: null });
    expect(document.players[0]).toMatchObject({ sex: null, title: null });
  });

  it('entries past the declared number of rounds, and 142 disagreeing with XXR', () => {
    expect(warningsOf(smallTournamentWith(4, () => 'XXR 1'))).toEqual([
      'ROUNDS_EXCEED_DECLARED line 5, column 102: an entry for round 2, but the tournament declares 1 rounds',
    ]);
    const conflict = parseTrf(smallTournamentWith(4, () => 'XXR 3\n142 2'));
    expect(conflict.warnings.map((item) => item.message)).toEqual([
      'line 4, column 5: XXR says 3 rounds, tag 142 says 2; 142 is used',
    ]);
    expect([conflict.tournament.numberOfRounds, conflict.rounds, conflict.version]).toEqual([2, 2, 'TRF-2026']);
  });

  it('a team member without a 001 record', () => {
    const team = `013 ${'Team A'.padEnd(32)}   1    9`;
    expect(warningsOf(`${SMALL_TOURNAMENT_TEXT}${team}\n`)).toEqual([
      'UNKNOWN_PLAYER line 8: team Team A names start rank 9, which has no 001 record',
    ]);
  });

  it('a file without players, or no text at all', () => {
    expect(warningsOf('012 Empty\n')).toEqual(['NO_PLAYERS the file has no 001 player record']);
    const empty = parseTrf('');
    expect([empty.players.length, empty.rounds, empty.extraLines.length]).toEqual([0, 0, 0]);
  });
});
