import type { GameResult } from '@/__generated__/graphql';
import {
  crosstableCell,
  crosstableRounds,
  toTournamentView,
  type CrosstableCellData,
  type StandingData,
} from './tournament.queries';

const cell = (
  round: number,
  result: GameResult,
  points: number,
  overrides: Partial<CrosstableCellData> = {},
): CrosstableCellData => ({
  round,
  opponentStartRank: 2,
  color: 'BLACK',
  result,
  points,
  played: true,
  ...overrides,
});

describe('crosstableCell', () => {
  it.each([
    // Results are written from White's side; the cell keeps the player's own points.
    [cell(1, 'BLACK_WINS', 1), { kind: 'played', opponentStartRank: 2, color: 'BLACK', points: 1 }],
    [cell(1, 'DRAW', 0.5, { color: 'WHITE' }), { kind: 'played', opponentStartRank: 2, color: 'WHITE', points: 0.5 }],
    [
      cell(2, 'WHITE_WINS_BY_FORFEIT', 1, { played: false, color: 'WHITE' }),
      { kind: 'forfeit', opponentStartRank: 2, color: 'WHITE', points: 1 },
    ],
    [
      cell(2, 'DOUBLE_FORFEIT', 0, { played: false }),
      { kind: 'forfeit', opponentStartRank: 2, color: 'BLACK', points: 0 },
    ],
    [
      cell(3, 'BYE_PAB', 1, { opponentStartRank: null, color: null, played: false }),
      { kind: 'bye', opponentStartRank: null, color: null, points: 1 },
    ],
    [
      cell(3, 'BYE_HALF', 0.5, { opponentStartRank: null, color: null, played: false }),
      { kind: 'bye', opponentStartRank: null, color: null, points: 0.5 },
    ],
  ])('%j', (input, expected) => {
    expect(crosstableCell(input)).toEqual({ round: input.round, ...expected });
  });
});

describe('crosstableRounds', () => {
  it('gives every round a place, empty where the player has none', () => {
    const rounds = crosstableRounds([cell(3, 'WHITE_WINS', 0), cell(1, 'BLACK_WINS', 1)], 4);
    expect(rounds.map((round) => round?.round ?? null)).toEqual([1, null, 3, null]);
  });
});

describe('toTournamentView', () => {
  const standing = (
    position: number,
    startRank: number,
    id: string,
    points: number,
    results: CrosstableCellData[],
    change: StandingData['ratingChange'],
  ): StandingData => ({
    position,
    startRank,
    ratingAtStart: 2400,
    points,
    gamesPlayed: results.filter((result) => result.played).length,
    performance: 2400 + points * 100,
    player: { id, surname: `Joueur${id}`, givenName: null, titles: [], federation: 'CAN', club: null },
    ratingChange: change,
    results,
  });
  const tournament = {
    rounds: 2,
    standings: [
      standing(
        1,
        2,
        'b',
        2,
        [
          cell(1, 'BLACK_WINS', 1, { opponentStartRank: 1 }),
          cell(2, 'WHITE_WINS', 1, { opponentStartRank: 3, color: 'WHITE' }),
        ],
        { ratingBefore: 2390, ratingAfter: 2400, change: 10.2, k: 32, bonus: 0, performance: 2850 },
      ),
      standing(
        2,
        1,
        'a',
        1,
        [
          cell(1, 'BLACK_WINS', 0, { opponentStartRank: 2, color: 'WHITE' }),
          cell(2, 'BYE_PAB', 1, { opponentStartRank: null, color: null, played: false }),
        ],
        null,
      ),
      standing(3, 3, 'c', 0, [cell(2, 'WHITE_WINS', 0, { opponentStartRank: 2 })], {
        ratingBefore: 1500,
        ratingAfter: null,
        change: -4.4,
        k: null,
        bonus: 0,
        performance: null,
      }),
    ],
  };

  it('keeps the standings in the API’s order and sorts the crosstable by start rank', () => {
    const view = toTournamentView(tournament);
    expect(view.standings.map((row) => row.playerId)).toEqual(['b', 'a', 'c']);
    expect(view.crosstable.map((row) => row.startRank)).toEqual([1, 2, 3]);
    expect(view.playerIdByStartRank.get(3)).toBe('c');
  });

  it('gives each player the rating change and the rounds', () => {
    const [winner, second, third] = toTournamentView(tournament).standings;
    expect(winner).toMatchObject({
      name: 'Joueurb',
      ratingBefore: 2390,
      ratingAfter: 2400,
      change: 10,
      k: 32,
      bonus: 0,
    });
    expect(second).toMatchObject({ ratingBefore: null, change: null, k: null, bonus: null });
    expect(third.change).toBe(-4.4);
    expect(third.rounds.map((round) => round?.kind ?? null)).toEqual([null, 'played']);
    expect(second.rounds.map((round) => round?.kind)).toEqual(['played', 'bye']);
  });

  it('widens to the last round played when the tournament announced fewer', () => {
    expect(toTournamentView({ ...tournament, rounds: 1 }).standings[0].rounds).toHaveLength(2);
  });
});
