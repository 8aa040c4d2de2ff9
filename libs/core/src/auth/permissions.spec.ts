import { DomainError } from '../errors';
import { systemActor, type WriteContext } from '../shared/actor';
import { PERMISSIONS, authorize, can, type Permission } from './permissions';

const staff = (role: 'ADMIN' | 'RATING_OFFICER'): WriteContext => ({
  actor: { kind: 'staff', staffId: 1, role, label: 'someone@example.org' },
});

describe('authorize', () => {
  // "Who may do what": admins manage staff and keys; rating officers everything about players, tournaments, runs, lists.
  it.each<[Permission, boolean, boolean]>([
    ['staff:manage', true, false],
    ['apikeys:manage', true, false],
    ['players:write', false, true],
    ['tournaments:write', false, true],
    ['ratings:run', false, true],
    ['lists:publish', false, true],
    ['audit:read', true, true],
  ])('%s: admin %s, rating officer %s', (permission, admin, officer) => {
    expect(can(staff('ADMIN').actor, permission)).toBe(admin);
    expect(can(staff('RATING_OFFICER').actor, permission)).toBe(officer);
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
