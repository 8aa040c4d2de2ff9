import { rankingEntry } from './__fixtures__/api-data';
import { biggestGains, toRankingRow } from './ranking-entries';

describe('toRankingRow', () => {
  it('reshapes an API entry for the tables', () => {
    const entry = rankingEntry(1, {
      rating: 1543,
      provisional: true,
      display: '~1543',
      change: null,
      player: { id: '7', surname: 'Lévesque', givenName: 'Émilie', titles: ['WGM'], federation: 'CAN', club: 'Échiquier de Québec' },
    });
    expect(toRankingRow(entry)).toEqual({
      rank: 1,
      playerId: '7',
      name: 'Lévesque, Émilie',
      titles: ['WGM'],
      rating: 1543,
      display: '~1543',
      provisional: true,
      change: null,
      games: 30,
      bestPlayer: true,
      category: { code: 'M', name: 'Maître', nameEn: 'Master' },
      federation: 'CAN',
      club: 'Échiquier de Québec',
    });
  });
});

describe('biggestGains', () => {
  const entries = [
    rankingEntry(1, { change: 5 }),
    rankingEntry(2, { change: 25 }),
    rankingEntry(3, { change: null }),
    rankingEntry(4, { change: -40 }),
    rankingEntry(5, { change: 25 }),
    rankingEntry(6, { change: 0 }),
    rankingEntry(7, { change: 12 }),
  ];

  it('keeps rises only, largest first, ties by rank', () => {
    expect(biggestGains(entries, 10).map((entry) => [entry.rank, entry.change])).toEqual([
      [2, 25],
      [5, 25],
      [7, 12],
      [1, 5],
    ]);
  });

  it('stops at the count asked', () => {
    expect(biggestGains(entries, 2).map((entry) => entry.rank)).toEqual([2, 5]);
  });

  it('finds nothing in a list without rises (a first list: every change null)', () => {
    expect(biggestGains([rankingEntry(1, { change: null }), rankingEntry(2, { change: -3 })], 5)).toEqual([]);
  });

  it('leaves the entries it was given in their order', () => {
    biggestGains(entries, 3);
    expect(entries.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
