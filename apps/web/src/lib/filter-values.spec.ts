import { MAX_CLUB_LENGTH, MAX_SEARCH_LENGTH } from '@ratings/contract';
import { clubFilter, federationFilter, searchFilter, sexFilter } from './filter-values';

describe('filter values', () => {
  it.each([
    ['can', 'CAN'],
    ['FRA', 'FRA'],
    ['CA', null],
    ['CANA', null],
    ['C4N', null],
    [undefined, null],
  ])('federation %s → %s', (value, expected) => {
    expect(federationFilter(value)).toBe(expected);
  });

  it.each([
    ['f', 'F'],
    ['M', 'M'],
    ['W', null],
    [undefined, null],
  ])('sex %s → %s', (value, expected) => {
    expect(sexFilter(value)).toBe(expected);
  });

  it('keeps a club name or a search up to the API’s length, and no longer', () => {
    expect(clubFilter("Club d'échecs de Montréal")).toBe("Club d'échecs de Montréal");
    expect(clubFilter('x'.repeat(MAX_CLUB_LENGTH))).toHaveLength(MAX_CLUB_LENGTH);
    expect(clubFilter('x'.repeat(MAX_CLUB_LENGTH + 1))).toBeNull();
    expect(searchFilter('levesque')).toBe('levesque');
    expect(searchFilter('x'.repeat(MAX_SEARCH_LENGTH + 1))).toBeNull();
    expect(searchFilter(undefined)).toBeNull();
  });
});
