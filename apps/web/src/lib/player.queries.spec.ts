import {
  PROFILE_TOURNAMENTS,
  toHistoryPoints,
  toPlayerProfile,
  toTournamentRows,
  tournamentChange,
  type HistoryPointData,
  type PlayerData,
  type PlayerHistoryData,
  type RatingChangeWithGamesData,
} from './player.queries';

/** Tremblay, Noah in the small test federation: October and November lists, one tournament rated in November. */
const point = (period: string, rating: number | null, overrides: Partial<HistoryPointData> = {}): HistoryPointData => ({
  period,
  date: `${period}-01`,
  rating,
  provisional: false,
  display: rating === null ? null : String(rating),
  rank: 2,
  gamesTotal: 29,
  change: null,
  list: { id: period === '2026-10' ? '1' : '3', revision: 0 },
  category: { code: 'GM', name: 'Grand Maître', nameEn: 'Grandmaster' },
  ...overrides,
});

const change = (
  id: string,
  date: string,
  tournamentName: string,
  overrides: Partial<RatingChangeWithGamesData> = {},
): RatingChangeWithGamesData => ({
  id,
  ratingBefore: 2390,
  ratingAfter: 2400,
  expected: 0.5,
  score: 1,
  gameCount: 1,
  k: 32,
  bonus: 0,
  performance: 2850,
  change: 10,
  date,
  tournament: { id: `t${id}`, name: tournamentName, city: 'Québec', endDate: '2026-10-12' },
  games: [],
  ...overrides,
});

const quebec = change('3', '2026-11-01', 'Open de Québec', {
  games: [
    {
      round: 2,
      board: 1,
      color: 'WHITE',
      opponentRating: 2330,
      score: 0.5,
      expected: 0.59,
      change: -2.9,
      opponent: { id: '3', surname: 'Joueur00', givenName: 'Test' },
    },
    {
      round: 1,
      board: 1,
      color: 'BLACK',
      opponentRating: 2450,
      score: 1,
      expected: 0.5,
      change: 16,
      opponent: { id: '1', surname: 'Lévesque', givenName: 'Émilie' },
    },
  ],
});

const history: PlayerHistoryData = {
  pool: { code: 'standard' },
  points: [point('2026-09', null), point('2026-10', 2390), point('2026-11', 2400, { change: 10 })],
  tournaments: [
    quebec,
    change('4', '2026-11-01', 'Rapide de Laval', { ratingBefore: null, ratingAfter: null, change: 4.6 }),
  ],
};

describe('tournamentChange', () => {
  it('is after − before where the list shows both, else the API’s change', () => {
    expect(tournamentChange({ ratingBefore: 2390, ratingAfter: 2400, change: 9.6 })).toBe(10);
    expect(tournamentChange({ ratingBefore: 1500, ratingAfter: null, change: 4.6 })).toBe(4.6);
    expect(tournamentChange({ ratingBefore: null, ratingAfter: null, change: null })).toBeNull();
  });
});

describe('toHistoryPoints', () => {
  it('gives one point per published list with a rating, named after its month', () => {
    const points = toHistoryPoints(history, 'fr');
    expect(points.map((p) => [p.date, p.rating, p.listLabel])).toEqual([
      ['2026-10-01', 2390, 'Octobre 2026'],
      ['2026-11-01', 2400, 'Novembre 2026'],
    ]);
    expect(toHistoryPoints(history, 'en')[1].listLabel).toBe('November 2026');
  });

  it('puts behind each point the tournaments its list published, linked', () => {
    const [october, november] = toHistoryPoints(history, 'en');
    expect(october.tournaments).toEqual([]);
    expect(november.tournaments).toEqual([
      { name: 'Open de Québec', change: 10, href: '/en/tournaments/t3' },
      { name: 'Rapide de Laval', change: 4.6, href: '/en/tournaments/t4' },
    ]);
  });

  it('marks provisional points', () => {
    const [first] = toHistoryPoints(
      { points: [point('2026-10', 1412, { provisional: true, display: '~1412' })], tournaments: [] },
      'fr',
    );
    expect(first.provisional).toBe(true);
  });
});

describe('toTournamentRows', () => {
  it('lists the tournaments newest first, each game in round order with its opponent', () => {
    const older = change('1', '2026-10-01', 'Open de Montréal');
    const rows = toTournamentRows([older, quebec]);
    expect(rows.map((row) => row.tournamentName)).toEqual(['Open de Québec', 'Open de Montréal']);
    expect(rows[0]).toMatchObject({
      id: '3',
      tournamentId: 't3',
      listDate: '2026-11-01',
      before: 2390,
      after: 2400,
      change: 10,
      performance: 2850,
      k: 32,
      bonus: 0,
      score: 1,
      gameCount: 1,
    });
    expect(rows[0].games.map((game) => [game.round, game.opponentName, game.opponentId, game.color])).toEqual([
      [1, 'Lévesque, Émilie', '1', 'BLACK'],
      [2, 'Joueur00, Test', '3', 'WHITE'],
    ]);
  });
});

describe('toPlayerProfile', () => {
  const pools = [
    { code: 'standard', name: 'Standard', nameFr: 'Lente' },
    { code: 'rapid', name: 'Rapid', nameFr: 'Rapide' },
    { code: 'blitz', name: 'Blitz', nameFr: 'Blitz' },
  ];
  const player: Omit<PlayerData, 'histories'> = {
    id: '2',
    nationalId: null,
    fideId: null,
    surname: 'Tremblay',
    givenName: 'Noah',
    sex: 'M',
    birthYear: 2015,
    federation: 'CAN',
    club: "Club d'échecs de Montréal",
    titles: [],
    status: 'ACTIVE',
    liveRatings: [],
    ratings: [
      {
        rating: 1800,
        provisional: true,
        display: '~1800',
        rank: 9,
        games: 4,
        listed: true,
        rd: null,
        category: null,
        pool: { code: 'blitz' },
        list: { id: '9', period: '2026-11', effectiveDate: '2026-11-01', upcoming: false },
      },
      {
        rating: 2400,
        provisional: false,
        display: '2400',
        rank: 2,
        games: 29,
        listed: true,
        rd: null,
        category: null,
        pool: { code: 'standard' },
        list: { id: '3', period: '2026-11', effectiveDate: '2026-11-01', upcoming: false },
      },
    ],
  };

  it('keeps the pools where the player has a history, in the federation’s order', () => {
    const profile = toPlayerProfile(
      {
        ...player,
        // The API lists the pools by id, not in the federation's order.
        histories: [
          { pool: { code: 'blitz' }, points: [point('2026-11', 1800)], tournaments: [] },
          { pool: { code: 'rapid' }, points: [], tournaments: [] },
          history,
        ],
      },
      pools,
      'fr',
    );
    expect(profile.name).toBe('Tremblay, Noah');
    expect(profile.histories.map((h) => [h.pool, h.chartPoints.length, h.tournaments.length])).toEqual([
      [{ code: 'standard', name: 'Standard', nameFr: 'Lente' }, 2, 2],
      [{ code: 'blitz', name: 'Blitz', nameFr: 'Blitz' }, 1, 0],
    ]);
    expect(profile.ratings.map((rating) => [rating.pool.code, rating.poolNameFr, rating.display])).toEqual([
      ['standard', 'Lente', '2400'],
      ['blitz', 'Blitz', '~1800'],
    ]);
  });

  it('shows the latest tournaments of a pool, and counts them all for the link to the pool’s page', () => {
    const many = Array.from({ length: PROFILE_TOURNAMENTS + 3 }, (_, index) =>
      change(String(10 + index), `2026-${String(1 + index).padStart(2, '0')}-01`, `Open ${index}`),
    );
    const profile = toPlayerProfile(
      { ...player, histories: [{ pool: { code: 'standard' }, points: [], tournaments: many }] },
      pools,
      'fr',
    );
    const [standard] = profile.histories;
    expect(standard.tournamentCount).toBe(PROFILE_TOURNAMENTS + 3);
    expect(standard.tournaments.map((row) => row.tournamentName)).toEqual([
      'Open 7',
      'Open 6',
      'Open 5',
      'Open 4',
      'Open 3',
    ]);
  });

  it('names the pool of each live rating', () => {
    const live = {
      rating: 1830,
      display: '1830',
      provisional: false,
      officialRating: 1800,
      officialDisplay: '1800',
      difference: 30,
      games: 5,
      computedAt: '2026-11-12T10:00:00.000Z',
      tournaments: [{ id: '4', name: 'Open de Laval', endDate: '2026-11-10' }],
    };
    const profile = toPlayerProfile(
      {
        ...player,
        histories: [],
        liveRatings: [
          { ...live, pool: { code: 'rapid' } },
          { ...live, pool: { code: 'gone' } },
        ],
      },
      pools,
      'fr',
    );
    expect(profile.liveRatings.map((row) => [row.pool.code, row.poolName, row.poolNameFr])).toEqual([
      ['rapid', 'Rapid', 'Rapide'],
      ['gone', 'gone', null],
    ]);
  });

  it('leaves out a history whose pool the federation no longer lists', () => {
    const profile = toPlayerProfile({ ...player, histories: [{ ...history, pool: { code: 'retired' } }] }, pools, 'en');
    expect(profile.histories).toEqual([]);
  });
});
