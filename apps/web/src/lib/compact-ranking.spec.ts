import { categoryNames, clubLink, CLUB_PLACEHOLDER, compactRankingRows, rankingRowOf } from './compact-ranking';
import type { RankingRow } from './ranking-entries';

const row = (overrides: Partial<RankingRow>): RankingRow => ({
  rank: 1,
  playerId: '590',
  name: 'Nadeau, Luc',
  titles: [],
  rating: 2625,
  display: '2625',
  provisional: false,
  change: 0,
  games: 91,
  bestPlayer: true,
  category: { code: 'GM', name: 'Grand Maître', nameEn: 'Grandmaster' },
  federation: 'CAN',
  club: "Club d'échecs de Longueuil",
  ...overrides,
});

const rows = [
  row({}),
  row({
    rank: 2,
    playerId: '1546',
    name: 'Haddad, Daan',
    titles: ['GM', 'IA'],
    display: '~2548',
    provisional: true,
    change: null,
    bestPlayer: false,
    federation: null,
    club: null,
    category: { code: 'C', name: 'Cadet', nameEn: 'Cadet' },
  }),
];

describe('compact ranking rows', () => {
  it('are one array a row, flags as 0/1, the titles as printed', () => {
    expect(compactRankingRows(rows)).toEqual([
      ['590', 1, 'Nadeau, Luc', '', 'GM', '2625', 0, 0, 91, 'CAN', "Club d'échecs de Longueuil", 1],
      ['1546', 2, 'Haddad, Daan', 'GM IA', 'C', '~2548', 1, null, 91, null, null, 0],
    ]);
  });

  it('give back every field a table shows', () => {
    expect(compactRankingRows(rows).map(rankingRowOf)).toEqual(
      rows.map((each) => ({
        playerId: each.playerId,
        rank: each.rank,
        name: each.name,
        titles: each.titles.join(' '),
        categoryCode: each.category.code,
        display: each.display,
        provisional: each.provisional,
        change: each.change,
        games: each.games,
        federation: each.federation,
        club: each.club,
        bestPlayer: each.bestPlayer,
      })),
    );
  });

  it('name each category once, in the page’s language', () => {
    expect(categoryNames([...rows, row({ rank: 3 })], (category) => category.nameEn)).toEqual({
      GM: 'Grandmaster',
      C: 'Cadet',
    });
  });

  it('fill the club into the server’s link, escaped, as a query alone on the page’s own path', () => {
    const template = `/classements/standard?sex=F&club=${CLUB_PLACEHOLDER}`;
    expect(clubLink(template, "Club d'échecs & co", '/classements/standard')).toBe(
      '?sex=F&club=Club+d%27échecs+%26+co',
    );
    expect(clubLink(template, 'Le Fou', '/en/rankings/standard')).toBe('/classements/standard?sex=F&club=Le+Fou');
    expect(new URLSearchParams(clubLink(template, 'A+B=C #1 100%', '/classements/standard')).get('club')).toBe(
      'A+B=C #1 100%',
    );
  });
});
