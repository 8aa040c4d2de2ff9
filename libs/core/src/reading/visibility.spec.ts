import { RATING_LIST_STATUSES, TOURNAMENT_STATUSES, type RatingList, type Tournament } from '@ratings/db';
import { isVisibleTo } from './visibility';

// status, seen by staff, seen by anyone else (anonymous callers, API keys, a federation gateway)
const TOURNAMENT_CASES: [Tournament['status'], boolean, boolean][] = [
  ['DRAFT', true, false],
  ['SUBMITTED', true, true],
  ['RATED', true, true],
];
const LIST_CASES: [RatingList['status'], boolean, boolean][] = [
  ['DRAFT', true, false],
  ['PUBLISHED', true, true],
];

describe('isVisibleTo', () => {
  it('has a case for every status the database allows', () => {
    expect(TOURNAMENT_CASES.map(([status]) => status)).toEqual([...TOURNAMENT_STATUSES]);
    expect(LIST_CASES.map(([status]) => status)).toEqual([...RATING_LIST_STATUSES]);
  });

  it.each(TOURNAMENT_CASES)('a %s tournament: staff %s, public %s', (status, staff, anyone) => {
    const tournament = { id: 7, name: 'Open de Québec', status };
    expect(isVisibleTo(true, tournament)).toBe(staff);
    expect(isVisibleTo(false, tournament)).toBe(anyone);
  });

  it.each(LIST_CASES)('a %s list: staff %s, public %s', (status, staff, anyone) => {
    const list = { id: 12, period: '2026-11', status };
    expect(isVisibleTo(true, list)).toBe(staff);
    expect(isVisibleTo(false, list)).toBe(anyone);
  });

  it('shows nothing for an unknown id, to anyone', () => {
    expect(isVisibleTo(true, null)).toBe(false);
    expect(isVisibleTo(false, null)).toBe(false);
    expect(isVisibleTo(true, undefined)).toBe(false);
  });
});
