import { rankingEntry } from './__fixtures__/api-data';
import { toHomePool, type HomeListData } from './home.queries';

const pool = { code: 'standard', name: 'Standard', nameFr: 'Lente' };

describe('toHomePool', () => {
  const list: HomeListData = {
    id: '3',
    period: '2026-11',
    effectiveDate: '2026-11-01',
    upcoming: false,
    revision: 1,
    stats: { listed: 30 },
    entries: { edges: [1, 2, 3].map((rank) => ({ node: rankingEntry(rank) })) },
    biggestGains: [rankingEntry(31, { change: 80 }), rankingEntry(2, { change: 25 })],
  };

  it('shows the list in force, its top and the API’s biggest gains in the API’s order', () => {
    const home = toHomePool({ ...pool, currentList: list });
    expect(home.list).toEqual({
      id: '3',
      period: '2026-11',
      effectiveDate: '2026-11-01',
      upcoming: false,
      revision: 1,
      stats: { listed: 30 },
    });
    expect(home.top.map((row) => [row.rank, row.name, row.bestPlayer])).toEqual([
      [1, 'Joueur1, Test', true],
      [2, 'Joueur2, Test', false],
      [3, 'Joueur3, Test', false],
    ]);
    expect(home.gains.map((row) => [row.rank, row.change])).toEqual([
      [31, 80],
      [2, 25],
    ]);
  });

  it('has nothing to show for a pool without a published list', () => {
    expect(toHomePool({ ...pool, currentList: null })).toEqual({ ...pool, list: null, top: [], gains: [] });
  });
});
