import type { CheckedGame, CheckedParticipant, TournamentCheckData } from '@ratings/db';
import { PERFORMANCE_OUTLIER_MIN_GAMES, checkTournament } from './tournament-checks';

const player = (playerId: number, changes: Partial<CheckedParticipant> = {}): CheckedParticipant => ({
  playerId,
  surname: `Player${playerId}`,
  givenName: 'Ann',
  sex: 'F',
  birthDate: '1990-05-01',
  birthYear: 1990,
  ratingAtStart: 1500,
  ...changes,
});
let nextGameId = 1;
const game = (round: number, white: number, black: number | null, changes: Partial<CheckedGame> = {}): CheckedGame => ({
  id: nextGameId++,
  round,
  whitePlayerId: white,
  blackPlayerId: black,
  result: black === null ? 'BYE_FULL' : '1/2-1/2',
  played: black !== null,
  playedOn: '2026-10-03',
  ...changes,
});
const data = (changes: Partial<TournamentCheckData>): TournamentCheckData => ({
  tournament: { id: 1, startDate: '2026-10-03', endDate: '2026-10-04', type: 'SWISS' },
  participants: [player(1), player(2)],
  games: [game(1, 1, 2)],
  duplicates: [],
  ...changes,
});

describe('checkTournament', () => {
  it('finds nothing in a clean tournament', () => {
    expect(checkTournament(data({}))).toEqual([]);
  });

  it('names players without a birth date (not even a year) or a sex', () => {
    const checks = checkTournament(
      data({
        participants: [
          player(1, { birthDate: null, birthYear: null }),
          player(2, { sex: null }),
          player(3, { birthDate: null }),
        ],
      }),
    );
    expect(checks.map((c) => [c.code, c.playerId])).toEqual([
      ['MISSING_BIRTH_DATE', 1],
      ['MISSING_SEX', 2],
    ]);
    expect(checks[0].message).toBe('Player1, Ann (1) has no birth date: he is in no age group');
  });

  it('reports the likely duplicates the register holds, naming the other player', () => {
    const [check] = checkTournament(
      data({
        duplicates: [
          { playerId: 2, otherPlayerId: 9, otherSurname: 'Player2', otherGivenName: 'Ann', birthYear: 1990 },
        ],
      }),
    );
    expect(check).toEqual({
      code: 'LIKELY_DUPLICATE',
      playerId: 2,
      otherPlayerId: 9,
      gameId: null,
      params: { player: 'Player2, Ann (2)', otherPlayer: 'Player2, Ann (9)', birthYear: 1990 },
      message:
        'Player2, Ann (2) has the same name and birth year (1990) as player 9 (Player2, Ann): merge them if they are one person',
    });
  });

  it('flags a performance more than 400 above the rating over 5 rated games, not over 4', () => {
    const opponents = [2, 3, 4, 5, 6];
    const participants = [
      player(1, { ratingAtStart: 1200 }),
      ...opponents.map((id) => player(id, { ratingAtStart: 1500 })),
    ];
    const wins = opponents.map((id, i) => game(i + 1, 1, id, { result: '1-0' }));
    const [outlier] = checkTournament(data({ participants, games: wins }));
    // 5/5 against 1500: FIDE's dp for 100 % is +800, performance 2300, 1100 above 1200.
    expect(outlier).toMatchObject({ code: 'PERFORMANCE_OUTLIER', playerId: 1 });
    // The values the message names, for a client to word the reason in its own language.
    expect(outlier.params).toEqual({
      player: 'Player1, Ann (1)',
      performance: 2300,
      games: 5,
      rating: 1200,
      difference: 1100,
      margin: 400,
    });
    expect(outlier.message).toBe(
      'Player1, Ann (1) performed at 2300 over 5 rated games, 1100 above his rating of 1200 (more than 400)',
    );
    expect(PERFORMANCE_OUTLIER_MIN_GAMES).toBe(5);
    expect(checkTournament(data({ participants, games: wins.slice(0, 4) }))).toEqual([]);
  });

  it('does not flag a performance 400 above or less, nor an unrated player', () => {
    const participants = [player(1, { ratingAtStart: 1500 }), ...[2, 3, 4, 5, 6].map((id) => player(id))];
    // 3.5/5 against 1500: p = 70 %, dp 149: 1649, not an outlier.
    const games = [2, 3, 4, 5, 6].map((id, i) => game(i + 1, 1, id, { result: i < 3 ? '1-0' : '1/2-1/2' }));
    expect(checkTournament(data({ participants, games }))).toEqual([]);
    const unrated = [player(1, { ratingAtStart: null }), ...participants.slice(1)];
    const wins = [2, 3, 4, 5, 6].map((id, i) => game(i + 1, 1, id, { result: '1-0' }));
    expect(checkTournament(data({ participants: unrated, games: wins }))).toEqual([]);
  });

  it('flags two players meeting twice in a Swiss, not in a double round robin or a match', () => {
    const games = [game(1, 1, 2), game(2, 2, 1)];
    const [repeat] = checkTournament(data({ games }));
    expect(repeat).toMatchObject({ code: 'REPEATED_PAIRING', gameId: games[1].id, playerId: 2, otherPlayerId: 1 });
    expect(repeat.message).toBe(
      'round 2: Player2, Ann (2) and Player1, Ann (1) meet again (meeting 2) in a SWISS tournament',
    );
    expect(repeat.params).toEqual({
      round: 2,
      player: 'Player2, Ann (2)',
      otherPlayer: 'Player1, Ann (1)',
      meeting: 2,
      tournamentType: 'SWISS',
    });
    const double = { id: 1, startDate: '2026-10-03', endDate: '2026-10-04', type: 'DOUBLE_ROUND_ROBIN' as const };
    expect(checkTournament(data({ tournament: double, games }))).toEqual([]);
    const thrice = [...games, game(3, 1, 2)];
    expect(checkTournament(data({ tournament: double, games: thrice })).map((c) => c.code)).toEqual([
      'REPEATED_PAIRING',
    ]);
    const match = { ...double, type: 'MATCH' as const };
    expect(checkTournament(data({ tournament: match, games: thrice }))).toEqual([]);
  });

  it('flags a game dated outside the tournament and a forfeit or bye counted as played', () => {
    const late = game(2, 1, 2, { playedOn: '2026-10-05' });
    const forfeit = game(1, 1, 2, { result: '+/-', played: true });
    const bye = game(3, 1, null, { played: true });
    const checks = checkTournament(data({ games: [forfeit, late, bye, game(3, 2, null)] }));
    expect(checks.map((c) => [c.code, c.gameId])).toEqual([
      ['UNPLAYED_COUNTED', forfeit.id],
      ['GAME_OUTSIDE_DATES', late.id],
      ['REPEATED_PAIRING', late.id],
      ['UNPLAYED_COUNTED', bye.id],
    ]);
    expect(checks[1].message).toBe('round 2 is dated 2026-10-05, outside the tournament (2026-10-03 to 2026-10-04)');
    expect(checks[1].params).toEqual({
      round: 2,
      playedOn: '2026-10-05',
      startDate: '2026-10-03',
      endDate: '2026-10-04',
    });
  });
});
