import { rankingEntry } from './__fixtures__/api-data';
import { GAINS_COUNT, HOME_TOP_COUNT, recentlyRated, toHomePool, type HomeTournamentData } from './home.queries';

const pool = { code: 'standard', name: 'Standard', nameFr: 'Lente' };
const list = { id: '3', period: '2026-11', effectiveDate: '2026-11-01', revision: 1, stats: { listed: 30 } };

describe('toHomePool', () => {
  const entries = Array.from({ length: 50 }, (_, index) => rankingEntry(index + 1, { change: index === 30 ? 80 : index % 7 === 0 ? index : -1 }));

  it('shows the top 10 and the biggest gains of the sample', () => {
    const home = toHomePool(pool, { rankings: { list, edges: entries.map((node) => ({ node })) } });
    expect(home.list).toEqual(list);
    expect(home.top.map((row) => row.rank)).toEqual(Array.from({ length: HOME_TOP_COUNT }, (_, index) => index + 1));
    expect(home.gains).toHaveLength(GAINS_COUNT);
    expect(home.gains.map((row) => [row.rank, row.change])).toEqual([
      [31, 80],
      [50, 49],
      [43, 42],
      [36, 35],
      [29, 28],
    ]);
  });

  it('has nothing to show for a pool without a published list', () => {
    expect(toHomePool(pool, { rankings: { list: null, edges: [] } })).toEqual({ ...pool, list: null, top: [], gains: [] });
  });
});

describe('recentlyRated', () => {
  const tournament = (id: string, status: HomeTournamentData['status']): HomeTournamentData => ({
    id,
    name: `Open ${id}`,
    city: 'Québec',
    startDate: '2026-10-10',
    endDate: '2026-10-12',
    status,
    pool,
  });

  it('keeps rated tournaments, newest first as given, up to the count', () => {
    const tournaments = [tournament('9', 'SUBMITTED'), tournament('8', 'RATED'), tournament('7', 'DRAFT'), tournament('6', 'RATED'), tournament('5', 'RATED')];
    expect(recentlyRated(tournaments, 2).map((t) => t.id)).toEqual(['8', '6']);
    expect(recentlyRated(tournaments).map((t) => t.id)).toEqual(['8', '6', '5']);
  });
});
