import fc from 'fast-check';
import { contentOf } from '../testing';
import { buildTrf, type TrfBuildGame, type TrfBuildInput } from './build';
import { TrfError } from './errors';
import { extractGames, type TrfByeKind, type TrfGame, type TrfGameResult } from './games';
import { parseTrf } from './parse';
import { writeTrf } from './write';

const CLUB_CHAMPIONSHIP: TrfBuildInput = {
  tournament: {
    name: 'Club Championship',
    city: 'Bilbao',
    federation: 'ESP',
    startDate: '2025-03-01',
    endDate: '2025-03-15',
    chiefArbiter: 'IA Ane Arbiter',
    timeControl: '90+30',
    rounds: 3,
    roundDates: ['2025-03-01', '2025-03-08', '2025-03-15'],
  },
  players: [
    {
      startRank: 1,
      name: 'Alpha, Ann',
      sex: 'w',
      title: 'WIM',
      rating: 2250,
      federation: 'ESP',
      fideId: 2200001,
      birthDate: '1990-05-17',
    },
    { startRank: 2, name: 'Beta, Bob', sex: 'm', rating: 2100, federation: 'ESP', fideId: 2200002, birthDate: '1985' },
    { startRank: 3, name: 'Gamma, Carl', sex: 'm', federation: 'FRA' },
    { startRank: 4, name: 'Delta, Dan', rating: 1900, federation: 'ESP' },
  ],
  games: [
    { round: 1, white: 1, black: 2, result: '1-0' },
    { round: 1, white: 3, black: 4, result: '+/-' },
    { round: 2, white: 2, black: 3, result: '1/2-1/2' },
    { round: 2, white: 4, black: 1, result: '0-1', played: false },
    { round: 3, white: 1, black: 3, result: '*' },
  ],
  byes: [
    { round: 3, player: 2, kind: 'H' },
    { round: 3, player: 4, kind: 'Z' },
  ],
};

function byRoundAndPlayers(games: readonly TrfGame[]): TrfGame[] {
  return [...games].sort((a, b) => a.round - b.round || Math.min(a.white, a.black) - Math.min(b.white, b.black));
}

describe('buildTrf', () => {
  const document = buildTrf(CLUB_CHAMPIONSHIP);

  it('fills every round entry and the points from the games and byes', () => {
    expect(
      document.players.map((player) =>
        player.results.map((entry) => `${entry.opponent ?? '0000'} ${entry.colour ?? '-'} ${entry.result ?? ' '}`),
      ),
    ).toEqual([
      ['2 w 1', '4 b W', '3 w  '],
      ['1 b 0', '3 w =', '0000 - H'],
      ['4 w +', '2 b =', '1 b  '],
      ['3 b -', '1 w L', '0000 - Z'],
    ]);
    expect(document.players.map((player) => player.points)).toEqual([2, 1, 1.5, 0]);
    expect(document.players[0].results[1]).toEqual({
      round: 2,
      opponent: 4,
      colour: 'b',
      result: 'W',
      played: false,
      points: 1,
    });
    expect([document.tournament.playerCount, document.tournament.ratedPlayerCount, document.rounds]).toEqual([4, 3, 3]);
  });

  it('writes TRF-2026 in FIDE columns', () => {
    expect(writeTrf(document).split('\n')).toEqual([
      '012 Club Championship',
      '022 Bilbao',
      '032 ESP',
      '042 2025/03/01',
      '052 2025/03/15',
      '062 4',
      '072 3',
      '102 IA Ane Arbiter',
      '122 90+30',
      '132' + ' '.repeat(88) + '25/03/01  25/03/08  25/03/15',
      '142 3',
      '001    1 wWIM Alpha, Ann                        2250 ESP     2200001 1990/05/17  2.0          2 w 1     4 b W     3 w',
      '001    2 m    Beta, Bob                         2100 ESP     2200002 1985/00/00  1.0          1 b 0     3 w =  0000 - H',
      '001    3 m    Gamma, Carl                            FRA                         1.5          4 w +     2 b =     1 b',
      '001    4      Delta, Dan                        1900 ESP                         0.0          3 b -     1 w L  0000 - Z',
      '',
    ]);
    expect(writeTrf(document, { version: 'TRF16' }).split('\n')[10]).toBe('XXR 3');
  });

  it('reads back as it was built, and its games are the games it was built from', () => {
    expect(contentOf(parseTrf(writeTrf(document)))).toEqual(contentOf(document));
    const { games, byes } = extractGames(document);
    expect(byRoundAndPlayers(games)).toEqual(
      byRoundAndPlayers(
        CLUB_CHAMPIONSHIP.games.map((game) => ({
          round: game.round,
          white: game.white,
          black: game.black,
          result: game.result,
          played: ['1-0', '0-1', '1/2-1/2'].includes(game.result) && game.played !== false,
          coloursKnown: true,
        })),
      ),
    );
    expect(byes).toEqual([
      { round: 3, player: 2, kind: 'H', points: 0.5 },
      { round: 3, player: 4, kind: 'Z', points: 0 },
    ]);
  });

  it.each([
    [
      'a game with a player not in the list',
      { games: [{ round: 1, white: 1, black: 9, result: '1-0' }] },
      'UNKNOWN_PLAYER',
      'games[0] names player 9, who is not in the player list',
    ],
    [
      'a player paired with himself',
      { games: [{ round: 1, white: 2, black: 2, result: '1-0' }] },
      'SELF_PAIRING',
      'games[0]: player 2 is paired with himself',
    ],
    [
      'a player twice in a round',
      { games: [{ round: 1, white: 1, black: 2, result: '1-0' }], byes: [{ round: 1, player: 2, kind: 'H' }] },
      'PLAYER_TWICE_IN_ROUND',
      'byes[0]: player 2 already has an entry in round 1',
    ],
    [
      'an unknown result',
      { games: [{ round: 1, white: 1, black: 2, result: '2-0' }] },
      'INVALID_INPUT',
      'games[0].result "2-0" is not a game result',
    ],
    [
      'a forfeit said to be played',
      { games: [{ round: 1, white: 1, black: 2, result: '+/-', played: true }] },
      'INVALID_INPUT',
      'games[0]: a "+/-" game is never played',
    ],
    [
      'a round past the declared rounds',
      { tournament: { name: 'T', rounds: 1 }, games: [{ round: 2, white: 1, black: 2, result: '1-0' }] },
      'INVALID_INPUT',
      'tournament.rounds must be a whole number from 2 to 999, got 1',
    ],
    [
      'a start rank used twice',
      {
        players: [
          { startRank: 1, name: 'A' },
          { startRank: 1, name: 'B' },
        ],
        games: [],
      },
      'DUPLICATE_START_RANK',
      'players[1]: start rank 1 is used twice',
    ],
    [
      'a birth date that is no date',
      { players: [{ startRank: 1, name: 'A', birthDate: '17/05/1990' }], games: [] },
      'INVALID_INPUT',
      `player 1: birthDate "17/05/1990" is not an ISO date 'YYYY-MM-DD' or a year 'YYYY'`,
    ],
  ])('refuses %s', (_what, change, code, message) => {
    const input = { ...CLUB_CHAMPIONSHIP, byes: [], ...change } as TrfBuildInput;
    let error: unknown;
    try {
      buildTrf(input);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(TrfError);
    expect([(error as TrfError).code, (error as TrfError).line, (error as TrfError).message]).toEqual([
      code,
      null,
      message,
    ]);
  });
});

describe('buildTrf on random tournaments', () => {
  const RESULTS: readonly { result: TrfGameResult; played?: boolean }[] = [
    { result: '1-0' },
    { result: '0-1' },
    { result: '1/2-1/2' },
    { result: '1-0', played: false },
    { result: '1/2-1/2', played: false },
    { result: '+/-' },
    { result: '-/+' },
    { result: '-/-' },
    { result: '*' },
  ];
  const BYE_KINDS: readonly TrfByeKind[] = ['H', 'F', 'U', 'Z', '+', '-'];

  /** Round by round: a shuffled player order paired two by two, the odd one out getting a bye. */
  const tournaments = fc.integer({ min: 2, max: 14 }).chain((playerCount) =>
    fc.record({
      version: fc.constantFrom('TRF16' as const, 'TRF-2026' as const),
      players: fc.array(
        fc.record({
          name: fc.stringMatching(/^[A-Z][a-z]{0,12}, [A-Z][a-z ]{0,30}$/),
          rating: fc.option(fc.integer({ min: 1000, max: 2900 }), { nil: null }),
          fideId: fc.option(fc.integer({ min: 1, max: 99_999_999_999 }), { nil: null }),
          birthDate: fc.option(fc.constantFrom('1950', '1987-02-28', '2004-12-31', '2012-06-01'), { nil: null }),
          federation: fc.option(fc.constantFrom('ESP', 'FRA', 'IND'), { nil: null }),
        }),
        { minLength: playerCount, maxLength: playerCount },
      ),
      rounds: fc.array(
        fc.record({
          order: fc.shuffledSubarray(
            Array.from({ length: playerCount }, (_, index) => index + 1),
            { minLength: playerCount, maxLength: playerCount },
          ),
          results: fc.array(fc.constantFrom(...RESULTS), { minLength: playerCount, maxLength: playerCount }),
          bye: fc.constantFrom(...BYE_KINDS),
        }),
        { minLength: 1, maxLength: 7 },
      ),
    }),
  );

  type RandomTournament = typeof tournaments extends fc.Arbitrary<infer T> ? T : never;

  function inputOf(tournament: RandomTournament): TrfBuildInput {
    const games: TrfBuildGame[] = [];
    const byes: { round: number; player: number; kind: TrfByeKind }[] = [];
    tournament.rounds.forEach(({ order, results, bye }, index) => {
      for (let board = 0; board + 1 < order.length; board += 2) {
        games.push({ round: index + 1, white: order[board], black: order[board + 1], ...results[board / 2] });
      }
      if (order.length % 2 === 1) byes.push({ round: index + 1, player: order[order.length - 1], kind: bye });
    });
    return {
      version: tournament.version,
      tournament: { name: 'Random Open', startDate: '2025-01-04' },
      players: tournament.players.map((player, index) => ({ ...player, startRank: index + 1 })),
      games,
      byes,
    };
  }

  it('extractGames gives back the games and byes it was built from', () => {
    fc.assert(
      fc.property(tournaments, (tournament) => {
        const input = inputOf(tournament);
        const { games, byes } = extractGames(buildTrf(input));
        const expected = input.games.map((game) => ({
          round: game.round,
          white: game.white,
          black: game.black,
          result: game.result,
          played: ['1-0', '0-1', '1/2-1/2'].includes(game.result) && game.played !== false,
          coloursKnown: true,
        }));
        expect(byRoundAndPlayers(games)).toEqual(byRoundAndPlayers(expected));
        expect(byes.map(({ round, player, kind }) => ({ round, player, kind }))).toEqual(
          [...(input.byes ?? [])].sort((a, b) => a.round - b.round || a.player - b.player),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('written and read back, it is the document it was built as', () => {
    fc.assert(
      fc.property(tournaments, (tournament) => {
        const document = buildTrf(inputOf(tournament));
        const reread = parseTrf(writeTrf(document));
        expect(reread.version).toBe(document.version);
        expect(contentOf(reread)).toEqual(contentOf(document));
      }),
      { numRuns: 100 },
    );
  });
});
