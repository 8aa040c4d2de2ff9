import type { StaffRole } from '@ratings/db';
import { DomainError } from '../errors';
import { systemActor, type WriteContext } from '../common/actor';
import { PERMISSIONS, authorize, can, mayChangeTournament, type Permission } from './permissions';

const staff = (role: StaffRole): WriteContext => ({
  actor: { kind: 'staff', staffId: 1, role, label: 'someone@example.org' },
});

describe('authorize', () => {
  // "Who may do what": admins manage staff, keys and webhooks; rating officers everything about players, tournaments, runs,
  // lists; arbiters enter their own tournaments and register the new players they need.
  it.each<[Permission, boolean, boolean, boolean]>([
    ['staff:manage', true, false, false],
    ['apikeys:manage', true, false, false],
    ['players:create', false, true, true],
    ['players:write', false, true, false],
    ['tournaments:enter', false, true, true],
    ['tournaments:write', false, true, false],
    ['tournaments:review', false, true, false],
    ['drafts:read', true, true, false],
    ['ratings:run', false, true, false],
    ['lists:publish', false, true, false],
    ['audit:read', true, true, false],
    ['ratings:simulate', true, true, false],
    ['webhooks:manage', true, false, false],
  ])('%s: admin %s, rating officer %s, arbiter %s', (permission, admin, officer, arbiter) => {
    expect(can(staff('ADMIN').actor, permission)).toBe(admin);
    expect(can(staff('RATING_OFFICER').actor, permission)).toBe(officer);
    expect(can(staff('ARBITER').actor, permission)).toBe(arbiter);
  });

  it('has a row for every permission', () => {
    expect(PERMISSIONS).toHaveLength(13);
  });

  it('lets an arbiter change his own tournaments only; an officer changes anyone’s', () => {
    const arbiter = staff('ARBITER').actor;
    expect(mayChangeTournament(arbiter, { createdByStaffId: 1 })).toBe(true);
    expect(mayChangeTournament(arbiter, { createdByStaffId: 2 })).toBe(false);
    expect(mayChangeTournament(arbiter, { createdByStaffId: null })).toBe(false);
    expect(mayChangeTournament(staff('RATING_OFFICER').actor, { createdByStaffId: 2 })).toBe(true);
    expect(mayChangeTournament(staff('ADMIN').actor, { createdByStaffId: 1 })).toBe(false);
  });

  it('lets system actors do everything', () => {
    for (const permission of PERMISSIONS) expect(() => authorize(systemActor('cli'), permission)).not.toThrow();
  });

  it('throws FORBIDDEN naming the permission and the role', () => {
    expect(() => authorize(staff('RATING_OFFICER'), 'staff:manage')).toThrow(
      new DomainError('FORBIDDEN', 'permission staff:manage is not granted to role RATING_OFFICER'),
    );
    const refusal = (() => {
      try {
        authorize(staff('ADMIN'), 'lists:publish');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', details: { permission: 'lists:publish', role: 'ADMIN' } });
  });
});
