import { RATING_LIST_STATUSES, TOURNAMENT_STATUSES, type RatingList, type Tournament } from '@ratings/db';
import type { Actor } from '../common/actor';
import { isVisibleTo } from './visibility';

const officer: Actor = { kind: 'staff', staffId: 1, role: 'RATING_OFFICER', label: 'officer@fed.example' };
const admin: Actor = { kind: 'staff', staffId: 2, role: 'ADMIN', label: 'admin@fed.example' };
const arbiter: Actor = { kind: 'staff', staffId: 3, role: 'ARBITER', label: 'arbiter@fed.example' };
const otherArbiter: Actor = { kind: 'staff', staffId: 4, role: 'ARBITER', label: 'other@fed.example' };

// status, seen by officers and admins, by its arbiter, by another arbiter, by the public
const TOURNAMENT_CASES: [Tournament['status'], boolean, boolean, boolean, boolean][] = [
  ['DRAFT', true, true, false, false],
  ['SUBMITTED', true, true, false, false],
  ['ACCEPTED', true, true, true, true],
  ['RATED', true, true, true, true],
];
// status, seen by officers and admins, by an arbiter, by the public
const LIST_CASES: [RatingList['status'], boolean, boolean, boolean][] = [
  ['DRAFT', true, false, false],
  ['PUBLISHED', true, true, true],
];

describe('isVisibleTo', () => {
  it('has a case for every status the database allows', () => {
    expect(TOURNAMENT_CASES.map(([status]) => status)).toEqual([...TOURNAMENT_STATUSES]);
    expect(LIST_CASES.map(([status]) => status)).toEqual([...RATING_LIST_STATUSES]);
  });

  it.each(TOURNAMENT_CASES)(
    'a %s tournament: officers and admins %s, its arbiter %s, another arbiter %s, public %s',
    (status, staff, own, other, anyone) => {
      const tournament = { id: 7, name: 'Open de Québec', status, createdByStaffId: 3 };
      expect(isVisibleTo(officer, tournament)).toBe(staff);
      expect(isVisibleTo(admin, tournament)).toBe(staff);
      expect(isVisibleTo(arbiter, tournament)).toBe(own);
      expect(isVisibleTo(otherArbiter, tournament)).toBe(other);
      expect(isVisibleTo(null, tournament)).toBe(anyone);
    },
  );

  it.each(LIST_CASES)(
    'a %s list: officers and admins %s, arbiters %s, public %s',
    (status, staff, arbiters, anyone) => {
      const list = { id: 12, period: '2026-11', status };
      expect(isVisibleTo(officer, list)).toBe(staff);
      expect(isVisibleTo(arbiter, list)).toBe(arbiters);
      expect(isVisibleTo(null, list)).toBe(anyone);
    },
  );

  it('shows a draft made by a process (no creator) to no arbiter', () => {
    expect(isVisibleTo(arbiter, { status: 'DRAFT', createdByStaffId: null })).toBe(false);
    expect(isVisibleTo({ kind: 'system', label: 'cli' }, { status: 'DRAFT', createdByStaffId: null })).toBe(true);
  });

  it('shows nothing for an unknown id, to anyone', () => {
    expect(isVisibleTo(officer, null)).toBe(false);
    expect(isVisibleTo(null, null)).toBe(false);
    expect(isVisibleTo(officer, undefined)).toBe(false);
  });
});
