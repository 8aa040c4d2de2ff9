import { FIXTURE, overwrite, PLAYER_LINE, readFixture, SMALL_TOURNAMENT_TEXT, smallTournamentWith } from '../testing';
import { TrfError } from './errors';
import { extractGames, type TrfGame, type TrfPairings } from './games';
import { parseTrf } from './parse';

function pairingsOf(fixture: string): TrfPairings {
  return extractGames(parseTrf(readFixture(fixture)));
}

function playedPerRound(games: readonly TrfGame[]): number[] {
  const counts: number[] = [];
  for (const game of games) if (game.played) counts[game.round - 1] = (counts[game.round - 1] ?? 0) + 1;
  return Array.from(counts, (count) => count ?? 0);
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe('extractGames on the real files', () => {
  // Played games per round re-counted from the raw files (pairs with 1/0/= on both sides).
  it.each([
    [FIXTURE.karlMala, [139, 140, 141, 138, 138, 137, 137]],
    [FIXTURE.donostia, [22, 24, 21, 22]],
    [FIXTURE.lichess, [47, 38, 38, 40, 39, 38, 36, 33, 31, 27, 26, 25, 23, 23, 21, 21, 19, 19, 15, 15]],
    [FIXTURE.grandmommysCup, [94, 91, 92, 88, 83, 83, 85, 71, 59, 68, 64, 56, 52, 44]],
  ])('%s: played games per round', (fixture, expected) => {
    expect(playedPerRound(pairingsOf(fixture).games)).toEqual(expected);
  });

  it('Karl-Mala: 980 pairings, 10 of them colourless forfeits, and the two 0000 entries as byes', () => {
    const { games, byes } = pairingsOf(FIXTURE.karlMala);
    expect(games).toHaveLength(980);
    expect(countBy(games, (game) => `${game.result}${game.played ? '' : ' unplayed'}`)).toEqual({
      '1-0': 393,
      '0-1': 329,
      '1/2-1/2': 248,
      '+/- unplayed': 2,
      '-/+ unplayed': 8,
    });
    expect(games.filter((game) => !game.coloursKnown)).toHaveLength(10);
    // Player 13 withdrew after forfeiting round 1 to 153: no colours, so white is the lower start rank.
    expect(games.find((game) => game.round === 1 && game.white === 13)).toEqual({
      round: 1,
      white: 13,
      black: 153,
      result: '-/+',
      played: false,
      coloursKnown: false,
    });
    expect(byes).toEqual([
      { round: 5, player: 282, kind: '+', points: 1 },
      { round: 5, player: 284, kind: '-', points: 0 },
    ]);
  });

  it('Donostia: forfeits with colours, and the 16 H, 3 U and 6 Z byes', () => {
    const { games, byes } = pairingsOf(FIXTURE.donostia);
    expect(
      games.filter((game) => !game.played).map(({ round, white, black, result }) => [round, white, black, result]),
    ).toEqual([
      [1, 13, 39, '+/-'],
      [1, 42, 16, '-/+'],
      [1, 46, 20, '-/+'],
      [4, 8, 21, '-/+'],
    ]);
    expect(countBy(byes, (bye) => bye.kind)).toEqual({ H: 16, U: 3, Z: 6 });
    expect(byes.filter((bye) => bye.round === 5)).toEqual([
      { round: 5, player: 22, kind: 'Z', points: 0 },
      { round: 5, player: 28, kind: 'Z', points: 0 },
      { round: 5, player: 43, kind: 'H', points: 0.5 },
    ]);
  });

  it('lichess: 574 games, and the blank-opponent byes 18 H, 9 U and 1,065 absences', () => {
    const { games, byes } = pairingsOf(FIXTURE.lichess);
    expect(games).toHaveLength(574);
    expect(countBy(byes, (bye) => bye.kind)).toEqual({ H: 18, U: 9, '-': 1065 });
  });

  it('FIDE team sample: 1,030 games, all played, and 98 + / 1,328 - entries without opponent', () => {
    const { games, byes } = pairingsOf(FIXTURE.grandmommysCup);
    expect(games).toHaveLength(1030);
    expect(games.every((game) => game.played && game.coloursKnown)).toBe(true);
    expect(countBy(byes, (bye) => bye.kind)).toEqual({ '+': 98, '-': 1328 });
  });

  it('every game is the view of both players: each played game gives its players 1 point together', () => {
    const document = parseTrf(readFixture(FIXTURE.karlMala));
    const byRank = new Map(document.players.map((player) => [player.startRank, player]));
    for (const game of extractGames(document).games.filter((candidate) => candidate.played)) {
      const white = byRank.get(game.white)?.results[game.round - 1];
      const black = byRank.get(game.black)?.results[game.round - 1];
      expect([white?.opponent, black?.opponent]).toEqual([game.black, game.white]);
      expect((white?.points ?? 0) + (black?.points ?? 0)).toBe(1);
    }
  });
});

describe('extractGames on the hand-made tournament', () => {
  it('gives both games and both byes', () => {
    expect(extractGames(parseTrf(SMALL_TOURNAMENT_TEXT))).toEqual({
      games: [
        { round: 1, white: 1, black: 2, result: '1-0', played: true, coloursKnown: true },
        { round: 2, white: 3, black: 1, result: '1/2-1/2', played: true, coloursKnown: true },
      ],
      byes: [
        { round: 1, player: 3, kind: 'H', points: 0.5 },
        { round: 2, player: 2, kind: 'U', points: 1 },
      ],
    });
  });

  it('reads W/L (under one move) as an unplayed 1-0, and a pairing without results as pending', () => {
    const unplayed = smallTournamentWith(PLAYER_LINE.first, (line) => overwrite(line, 99, 'W'));
    const text = unplayed.replace('   1 b 0', '   1 b L');
    expect(extractGames(parseTrf(text)).games[0]).toEqual({
      round: 1,
      white: 1,
      black: 2,
      result: '1-0',
      played: false,
      coloursKnown: true,
    });
    const pending = SMALL_TOURNAMENT_TEXT.replace('   2 w 1', '   2 w  ').replace('   1 b 0', '   1 b  ');
    expect(extractGames(parseTrf(pending)).games[0]).toMatchObject({ result: '*', played: false });
  });
});

describe('extractGames refuses pairings the two entries disagree on', () => {
  const first = PLAYER_LINE.first;
  const second = PLAYER_LINE.second;
  const third = PLAYER_LINE.third;
  it.each([
    [
      'both players claim the win',
      second,
      99,
      '1',
      'INCONSISTENT_PAIRING',
      first,
      99,
      'round 1: player 1 has opponent 2, white, result "1", but player 2 (line 6) has opponent 1, black, result "1"',
    ],
    [
      'both players have white',
      second,
      97,
      'w',
      'INCONSISTENT_PAIRING',
      first,
      97,
      'round 1: player 1 has opponent 2, white, result "1", but player 2 (line 6) has opponent 1, white, result "0"',
    ],
    [
      'the opponent has a bye that round',
      second,
      92,
      '0000 - U',
      'INCONSISTENT_PAIRING',
      first,
      92,
      'round 1: player 1 has opponent 2, white, result "1", but player 2 (line 6) has no opponent, no colour, result "U"',
    ],
    [
      'a player paired with himself',
      third,
      102,
      '   3',
      'SELF_PAIRING',
      third,
      102,
      'player 3 is paired with himself in round 2',
    ],
    [
      'an opponent without a 001 record',
      third,
      102,
      '  99',
      'UNKNOWN_OPPONENT',
      third,
      102,
      "player 3's round 2 opponent 99 has no 001 record",
    ],
    [
      'a played result without opponent',
      third,
      92,
      '0000 - 1',
      'RESULT_WITHOUT_OPPONENT',
      third,
      99,
      'player 3 has result "1" in round 1 but no opponent',
    ],
    [
      'a bye with an opponent',
      third,
      109,
      'H',
      'BYE_WITH_OPPONENT',
      third,
      109,
      'player 3 has bye "H" in round 2 but also opponent 1',
    ],
    [
      'a player named by two opponents',
      third,
      92,
      '   2 w 1',
      'PLAYER_TWICE_IN_ROUND',
      third,
      92,
      'player 2 is paired twice in round 1: with 1 (line 5) and with 3',
    ],
  ])('%s', (_what, line, column, replacement, code, errorLine, errorColumn, problem) => {
    const document = parseTrf(smallTournamentWith(line, (text) => overwrite(text, column, replacement)));
    let error: unknown;
    try {
      extractGames(document);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(TrfError);
    const { code: errorCode, line: lineNumber, column: columnNumber, message } = error as TrfError;
    expect([errorCode, lineNumber, columnNumber, message]).toEqual([
      code,
      errorLine,
      errorColumn,
      `line ${errorLine}, column ${errorColumn}: ${problem}`,
    ]);
  });
});
