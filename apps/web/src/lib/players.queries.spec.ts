import { MAX_SEARCH_LENGTH } from '@ratings/contract';
import { parsePlayerFilters, PLAYER_PARAMS, toDirectoryRow } from './players.queries';
import { filterQuery } from './search-params';

describe('parsePlayerFilters', () => {
  it('reads a search typed without accents as it is (the API ignores accents)', () => {
    expect(parsePlayerFilters({ q: ' levesque ' })).toEqual({
      search: 'levesque',
      federation: null,
      club: null,
      sex: null,
    });
  });

  it('reads the other filters and drops what the API would refuse', () => {
    expect(parsePlayerFilters({ federation: 'fra', club: 'Club A', sex: 'f' })).toEqual({
      search: null,
      federation: 'FRA',
      club: 'Club A',
      sex: 'F',
    });
    expect(parsePlayerFilters({ q: 'x'.repeat(MAX_SEARCH_LENGTH + 1), federation: 'FR', sex: 'W' })).toEqual({
      search: null,
      federation: null,
      club: null,
      sex: null,
    });
  });

  it('writes the filters back as the form names them', () => {
    expect(filterQuery(PLAYER_PARAMS, { search: 'levesque', federation: null, club: null, sex: 'F' })).toEqual({
      q: 'levesque',
      federation: undefined,
      club: undefined,
      sex: 'F',
    });
  });
});

describe('toDirectoryRow', () => {
  it('names the player and keeps the pools where the player is listed', () => {
    const row = toDirectoryRow({
      id: '1',
      surname: 'Lévesque',
      givenName: 'Émilie',
      titles: ['WIM'],
      federation: 'CAN',
      club: 'Échiquier de Québec',
      birthYear: 1990,
      ratings: [
        { display: '2450', pool: { code: 'standard' } },
        { display: null, pool: { code: 'rapid' } },
        { display: '~1620', pool: { code: 'blitz' } },
      ],
    });
    expect(row).toEqual({
      id: '1',
      name: 'Lévesque, Émilie',
      titles: ['WIM'],
      federation: 'CAN',
      club: 'Échiquier de Québec',
      birthYear: 1990,
      ratings: { standard: '2450', blitz: '~1620' },
    });
  });
});
