import { filterQuery } from './search-params';
import { parseTournamentFilters, TOURNAMENT_PARAMS } from './tournaments.queries';

const POOLS = ['standard', 'rapid'];

describe('parseTournamentFilters', () => {
  it('reads the search, the pool and the dates', () => {
    expect(parseTournamentFilters({ q: 'québec', pool: 'rapid', from: '2026-01-01', to: '2026-12-31' }, POOLS)).toEqual(
      { search: 'québec', pool: 'rapid', from: '2026-01-01', to: '2026-12-31' },
    );
  });

  it('drops an unknown pool, a malformed date and an over-long search', () => {
    expect(
      parseTournamentFilters({ q: 'x'.repeat(101), pool: 'bullet', from: '2026-02-30', to: 'demain' }, POOLS),
    ).toEqual({ search: null, pool: null, from: null, to: null });
  });

  it('writes the filters back as the form names them', () => {
    expect(filterQuery(TOURNAMENT_PARAMS, { search: 'Open', pool: null, from: '2026-01-01', to: null })).toEqual({
      q: 'Open',
      pool: undefined,
      from: '2026-01-01',
      to: undefined,
    });
  });
});
