import { buildTrf, extractGames, parseTrf, writeTrf, type TrfBuildInput } from '@ratings/trf';
import { DomainError } from '../errors';
import { planImport, splitName, tournamentType } from './trf-import-plan';

/** A 4-player TRF16 file written by libs/trf, with `edit` applied to its lines. */
function file(overrides: Partial<TrfBuildInput> = {}, edit: (lines: string[]) => string[] = (lines) => lines): string {
  const input: TrfBuildInput = {
    version: 'TRF16',
    tournament: {
      name: 'Test Open',
      city: 'Montréal',
      federation: 'CAN',
      startDate: '2026-03-01',
      endDate: '2026-03-02',
      rounds: 2,
    },
    players: [
      {
        startRank: 1,
        name: 'Alpha, Ann',
        sex: 'w',
        title: 'WGM',
        rating: 2300,
        federation: 'ESP',
        fideId: 2200001,
        birthDate: '1990-05-17',
      },
      { startRank: 2, name: 'Beta Bob', sex: 'm', federation: 'fra', birthDate: '1985' },
      { startRank: 3, name: 'Gamma, Carl', birthDate: '2030-01-01' },
      { startRank: 4, name: 'Delta, Dan' },
    ],
    games: [
      { round: 1, white: 1, black: 2, result: '1-0' },
      { round: 1, white: 3, black: 4, result: '1-0', played: false },
      { round: 2, white: 2, black: 3, result: '-/+' },
    ],
    byes: [
      { round: 2, player: 1, kind: 'H' },
      { round: 2, player: 4, kind: '-' },
    ],
    ...overrides,
  };
  return edit(writeTrf(buildTrf(input), { version: input.version ?? 'TRF16' }).split('\n')).join('\n');
}

const plan = (content: string, fileName: string | null = null) => {
  const document = parseTrf(content);
  return planImport(document, extractGames(document), fileName);
};

describe('splitName', () => {
  it.each([
    ['Vasquez,Rodrigo', { surname: 'Vasquez', givenName: 'Rodrigo' }],
    ['  Haub ,  Thorsten   Michael ', { surname: 'Haub', givenName: 'Thorsten Michael' }],
    ['Argandona Riveiro Inigo', { surname: 'Argandona Riveiro Inigo', givenName: null }],
    ['Kasparov,', { surname: 'Kasparov', givenName: null }],
    [', Magnus', { surname: 'Magnus', givenName: null }],
  ])('%j → %j', (name, expected) => {
    expect(splitName(name)).toEqual(expected);
  });
});

describe('tournamentType (tag 092 is free text)', () => {
  it.each([
    ['Individual: Swiss-System (Standard)', 'SWISS'],
    ['Rundenturnier', 'ROUND_ROBIN'],
    ['Double Round Robin', 'DOUBLE_ROUND_ROBIN'],
    ['Knock-out', 'KNOCKOUT'],
    ['Match', 'MATCH'],
    ['ROUND_ROBIN', 'ROUND_ROBIN'],
    ['Team: Swiss-System', 'TEAM'],
    ['Blitz evening', 'OTHER'],
  ])('%j → %s', (type, expected) => {
    expect(tournamentType(parseTrf(file({ tournament: { name: 'T', startDate: '2026-03-01', type } })))).toBe(expected);
  });
});

describe('planImport', () => {
  it('maps players: names, sex, titles, federation upper-cased, implausible birth dates dropped', () => {
    const { players, warnings } = plan(file());
    expect(players.map(({ line: _line, ...player }) => player)).toEqual([
      {
        startRank: 1,
        surname: 'Alpha',
        givenName: 'Ann',
        sex: 'F',
        birthDate: '1990-05-17',
        birthYear: 1990,
        federation: 'ESP',
        fideId: '2200001',
        nationalId: null,
        title: 'WGM',
        ratingAtStart: 2300,
        points: 1.5,
      },
      {
        startRank: 2,
        surname: 'Beta Bob',
        givenName: null,
        sex: 'M',
        birthDate: null,
        birthYear: 1985,
        federation: 'FRA',
        fideId: null,
        nationalId: null,
        title: null,
        ratingAtStart: null,
        points: 0,
      },
      {
        startRank: 3,
        surname: 'Gamma',
        givenName: 'Carl',
        sex: null,
        birthDate: null,
        birthYear: null,
        federation: null,
        fideId: null,
        nationalId: null,
        title: null,
        ratingAtStart: null,
        points: 2,
      },
      {
        startRank: 4,
        surname: 'Delta',
        givenName: 'Dan',
        sex: null,
        birthDate: null,
        birthYear: null,
        federation: null,
        fideId: null,
        nationalId: null,
        title: null,
        ratingAtStart: null,
        points: 0,
      },
    ]);
    expect(warnings.find((warning) => warning.code === 'BIRTH_DATE_DROPPED')?.message).toContain(
      'player 3: birth date "2030/01/01" is not a plausible date of birth',
    );
    expect(warnings.find((warning) => warning.code === 'NAME_WITHOUT_COMMA')).toMatchObject({ count: 1 });
  });

  it('maps games: played, not played (W/L), forfeits, byes; an entry without opponent becomes the nearest bye', () => {
    const { games, warnings } = plan(file());
    expect(games).toEqual([
      { round: 1, white: 1, black: 2, result: '1-0', played: true, playedOn: null },
      { round: 1, white: 3, black: 4, result: '1-0', played: false, playedOn: null },
      { round: 2, white: 2, black: 3, result: '-/+', played: false, playedOn: null },
      { round: 2, white: 1, black: null, result: 'BYE_HALF', played: false, playedOn: null },
      { round: 2, white: 4, black: null, result: 'BYE_ZERO', played: false, playedOn: null },
    ]);
    expect(warnings.find((warning) => warning.code === 'BYE_FROM_FORFEIT_LOSS')?.message).toMatch(
      /round 2, player 4 has "-" without an opponent: recorded as BYE_ZERO$/,
    );
  });

  it('takes the tournament details from the tags, the end date from the last round date when 052 is missing', () => {
    const content = file({
      tournament: {
        name: 'Test Open',
        city: 'Montréal',
        federation: 'CAN',
        startDate: '2026-03-01',
        rounds: 2,
        roundDates: ['2026-03-01', '2026-03-03'],
      },
    });
    const { tournament, games, warnings } = plan(content);
    expect(tournament).toEqual({
      name: 'Test Open',
      city: 'Montréal',
      federation: 'CAN',
      startDate: '2026-03-01',
      endDate: '2026-03-03',
      rounds: 2,
      type: 'OTHER',
      timeControl: null,
      chiefArbiter: null,
      sourceFormat: 'TRF16',
    });
    expect(games.map((game) => game.playedOn)).toEqual([
      '2026-03-01',
      '2026-03-01',
      '2026-03-03',
      '2026-03-03',
      '2026-03-03',
    ]);
    expect(warnings.find((warning) => warning.code === 'END_DATE_INFERRED')?.message).toBe(
      'tag 052 gives no full end date: the last round date (2026-03-03) is used',
    );
  });

  it('leaves games undated when their round date falls outside the tournament', () => {
    const content = file({
      tournament: {
        name: 'T',
        startDate: '2026-03-01',
        endDate: '2026-03-02',
        rounds: 2,
        roundDates: ['2026-03-01', '2026-04-01'],
      },
    });
    const { games, warnings } = plan(content);
    expect(games.filter((game) => game.round === 2).map((game) => game.playedOn)).toEqual([null, null, null]);
    expect(warnings.map((warning) => warning.code)).toContain('ROUND_DATE_OUTSIDE_TOURNAMENT');
  });

  it('uses the file name when tag 012 is missing, and refuses without either', () => {
    const nameless = file({}, (lines) => lines.filter((line) => !line.startsWith('012')));
    expect(plan(nameless, 'club-open-2026.trf').tournament.name).toBe('club-open-2026');
    expect(() => plan(nameless)).toThrow(
      new DomainError('BAD_USER_INPUT', 'content: tag 012 (tournament name) is missing'),
    );
  });

  it('refuses an unreadable start date, naming its line and text', () => {
    const content = file({}, (lines) => lines.map((line) => (line.startsWith('042') ? '042 sometime in March' : line)));
    expect(() => plan(content)).toThrow(
      'content: line 4: tag 042 (start date) "sometime in March" is not a full date and tag 132 gives no round dates',
    );
  });

  it('refuses an end date before the start date', () => {
    const content = file({ tournament: { name: 'T', startDate: '2026-03-05', endDate: '2026-03-01' } });
    expect(() => plan(content)).toThrow(
      'content: line 3: the end date 2026-03-01 (tag 052) is before the start date 2026-03-05 (tag 042)',
    );
  });

  it('refuses two players with one FIDE id, naming both lines', () => {
    const players = [
      { startRank: 1, name: 'Alpha, Ann', fideId: 2200001 },
      { startRank: 2, name: 'Alpha, Anne', fideId: 2200001 },
    ];
    const content = file({ players, games: [{ round: 1, white: 1, black: 2, result: '1-0' }], byes: [] });
    expect(() => plan(content)).toThrow(
      /^content: line \d+: players 1 \(line \d+\) and 2 have the same FIDE id 2200001$/,
    );
  });

  it('refuses a file with no game and no bye', () => {
    const content = file({ games: [], byes: [] });
    expect(() => plan(content)).toThrow('content: the file records no game and no bye: there is nothing to import');
  });
});
