import { ApiKey, AuditEvent, StaffUser } from '@ratings/db';
import { createTestDatabase, makeStaffUser, type TestDatabase } from '@ratings/db/testing';
import { DomainError } from '../errors';
import { systemActor, type WriteContext } from '../common/actor';
import { LAST_USED_RESOLUTION_MS, authenticateApiKey, createApiKey, revokeApiKey } from './api-keys.service';
import { FREE_FAILED_LOGINS, LOGIN_REFUSED_MESSAGE, lockSecondsAfter, login } from './login.service';
import { hashPassword, verifyPassword } from './password';
import { verifyStaffToken } from './staff-token';
import { authenticateStaff, createStaffUser, deactivateStaffUser } from './staff-users.service';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const PASSWORD = 'correct horse battery staple';
const cli = systemActor('cli create-staff');
const asStaff = (user: StaffUser): WriteContext => ({
  actor: { kind: 'staff', staffId: user.id, role: user.role, label: user.email },
  requestId: 'req-1',
});

/** The error a promise rejects with (a test failure if it resolves). */
async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('auth', () => {
  let db: TestDatabase;
  let admin: StaffUser;
  beforeAll(async () => {
    db = await createTestDatabase();
    admin = await db.dataSource.getRepository(StaffUser).findOneByOrFail({
      id: (
        await createStaffUser(
          db.dataSource,
          { email: ' Admin@Example.org ', displayName: 'Ada Admin', role: 'ADMIN', password: PASSWORD },
          cli,
        )
      ).id,
    });
  });
  afterAll(() => db?.destroy());
  const reload = (id: number) => db.dataSource.getRepository(StaffUser).findOneByOrFail({ id });

  describe('staff users', () => {
    it('stores the e-mail lowercased and the password as an scrypt hash, and audits without the hash', async () => {
      expect(admin.email).toBe('admin@example.org');
      expect(admin.passwordHash).toMatch(/^scrypt\$N=131072,r=8,p=1\$/);
      expect(await verifyPassword(PASSWORD, admin.passwordHash)).toBe(true);
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'createStaffUser', entityId: admin.id });
      expect(event).toMatchObject({ actorStaffId: null, actorLabel: 'cli create-staff', entityType: 'StaffUser' });
      expect(event.after).toMatchObject({ email: 'admin@example.org', role: 'ADMIN' });
      expect(event.after).not.toHaveProperty('passwordHash');
    });

    it('lets an administrator create staff, not a rating officer', async () => {
      const officer = await createStaffUser(
        db.dataSource,
        { email: 'officer@example.org', displayName: 'Olivier Officer', role: 'RATING_OFFICER', password: PASSWORD },
        asStaff(admin),
      );
      expect(officer).toMatchObject({ role: 'RATING_OFFICER', active: true });
      expect(officer).not.toHaveProperty('passwordHash');
      const officerRow = await reload(officer.id);
      const error = await refusal(
        createStaffUser(
          db.dataSource,
          { email: 'x@example.org', displayName: 'X', role: 'ADMIN', password: PASSWORD },
          asStaff(officerRow),
        ),
      );
      expect(error).toMatchObject({
        code: 'FORBIDDEN',
        message: 'permission staff:manage is not granted to role RATING_OFFICER',
      });
    });

    it.each([
      [{ email: 'ADMIN@example.org' }, 'CONFLICT', 'a staff user with e-mail admin@example.org already exists'],
      [
        { password: 'too short' },
        'BAD_USER_INPUT',
        'password: must be at least 12 characters long (got 9); a passphrase of a few words is easiest',
      ],
      [{ email: 'not-an-address' }, 'BAD_USER_INPUT', 'email: "not-an-address" is not an e-mail address'],
      [
        { role: 'SUPERUSER' },
        'BAD_USER_INPUT',
        'role: must be one of ADMIN, RATING_OFFICER, ARBITER (got "SUPERUSER")',
      ],
      [{ displayName: '  ' }, 'BAD_USER_INPUT', 'displayName: must not be blank'],
    ])('refuses %j: %s', async (override, code, message) => {
      const input = {
        email: 'new@example.org',
        displayName: 'New',
        role: 'RATING_OFFICER',
        password: PASSWORD,
        ...override,
      } as Parameters<typeof createStaffUser>[1];
      expect(await refusal(createStaffUser(db.dataSource, input, cli))).toMatchObject({ code, message });
    });

    it('refuses to deactivate the last active administrator', async () => {
      const error = await refusal(deactivateStaffUser(db.dataSource, { staffId: admin.id }, cli));
      expect(error).toMatchObject({
        code: 'CONFLICT',
        message: `staff user ${admin.id} (admin@example.org) is the last active administrator and cannot be deactivated`,
      });
    });
  });

  describe('login', () => {
    const NOW = new Date('2026-03-01T10:00:00Z');
    const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

    it('returns a signed token for the staff id and role, valid for the session, and records the login', async () => {
      const result = await login(db.dataSource, 'ADMIN@example.org ', PASSWORD, {
        ip: '198.51.100.7',
        secret: SECRET,
        now: NOW,
        requestId: 'req-9',
      });
      expect(result.expiresAt).toEqual(at(8 * 3600));
      expect(verifyStaffToken(result.token, SECRET, NOW)).toEqual({
        staffId: admin.id,
        role: 'ADMIN',
        expiresAt: result.expiresAt,
      });
      expect(result.staffUser).not.toHaveProperty('passwordHash');
      expect(await reload(admin.id)).toMatchObject({ lastLoginAt: NOW, failedLoginCount: 0 });
      const events = await db.dataSource.getRepository(AuditEvent).findBy({ action: 'login', entityId: admin.id });
      expect(events.at(-1)).toMatchObject({
        actorStaffId: admin.id,
        requestId: 'req-9',
        after: { ip: '198.51.100.7', lastLoginAt: NOW.toISOString() },
      });
    });

    it('locks the account for a growing delay after repeated failures, then lets the right password in again', async () => {
      const user = await makeStaffUser(db.dataSource, {
        email: 'locked@example.org',
        passwordHash: await hashPassword(PASSWORD),
      });
      const attempt = (password: string, seconds: number) =>
        login(db.dataSource, user.email, password, { ip: '203.0.113.5', secret: SECRET, now: at(seconds) });
      for (let failure = 1; failure <= FREE_FAILED_LOGINS; failure++) {
        expect(await refusal(attempt('wrong password!', 0))).toMatchObject({
          code: 'UNAUTHENTICATED',
          message: LOGIN_REFUSED_MESSAGE,
        });
      }
      expect(await reload(user.id)).toMatchObject({ failedLoginCount: FREE_FAILED_LOGINS, lockedUntil: null });
      await refusal(attempt('wrong password!', 0));
      expect(await reload(user.id)).toMatchObject({ failedLoginCount: FREE_FAILED_LOGINS + 1, lockedUntil: at(1) });
      // Locked: even the right password is refused, the same way, and the refusal is not counted.
      expect(await refusal(attempt(PASSWORD, 0.5))).toMatchObject({ message: LOGIN_REFUSED_MESSAGE });
      expect((await reload(user.id)).failedLoginCount).toBe(FREE_FAILED_LOGINS + 1);
      await refusal(attempt('wrong password!', 1));
      expect(await reload(user.id)).toMatchObject({ failedLoginCount: FREE_FAILED_LOGINS + 2, lockedUntil: at(1 + 2) });
      expect((await attempt(PASSWORD, 3)).staffUser.id).toBe(user.id);
      expect(await reload(user.id)).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
      const failures = await db.dataSource.getRepository(AuditEvent).findBy({ action: 'failLogin', entityId: user.id });
      expect(failures).toHaveLength(FREE_FAILED_LOGINS + 2);
      expect(failures[0]).toMatchObject({ actorLabel: 'login from 203.0.113.5' });
    });

    it.each([
      [4, 1],
      [5, 2],
      [6, 4],
      [13, 512],
      [14, 900],
      [40, 900],
    ])('after %i failures the lock lasts %i s', (failures, seconds) => {
      expect(lockSecondsAfter(failures)).toBe(seconds);
    });

    it('answers an unknown e-mail exactly like a wrong password, after the same hashing work', async () => {
      const started = Date.now();
      const wrong = await refusal(
        login(db.dataSource, 'admin@example.org', 'wrong password!', { ip: null, secret: SECRET, now: NOW }),
      );
      const known = Date.now() - started;
      const restarted = Date.now();
      const unknown = await refusal(
        login(db.dataSource, 'nobody@example.org', 'wrong password!', { ip: null, secret: SECRET, now: NOW }),
      );
      const unknownTook = Date.now() - restarted;
      expect({ code: unknown.code, message: unknown.message, details: unknown.details }).toEqual({
        code: wrong.code,
        message: wrong.message,
        details: wrong.details,
      });
      // Both verify an N = 2^17 scrypt hash (~0.35 s); without it the unknown address would answer in a millisecond.
      expect(unknownTook).toBeGreaterThan(known / 3);
      await login(db.dataSource, 'admin@example.org', PASSWORD, { ip: null, secret: SECRET, now: NOW });
    });

    it('records anything but an IP address as an unknown address, on failures and successes', async () => {
      const user = await makeStaffUser(db.dataSource, {
        email: 'spoofed@example.org',
        passwordHash: await hashPassword(PASSWORD),
      });
      const forged = '<script>alert(1)</script>, 10.0.0.1';
      await refusal(login(db.dataSource, user.email, 'wrong password!', { ip: forged, secret: SECRET, now: NOW }));
      await login(db.dataSource, user.email, PASSWORD, { ip: forged, secret: SECRET, now: NOW });
      const events = await db.dataSource
        .getRepository(AuditEvent)
        .find({ where: { entityType: 'StaffUser', entityId: user.id }, order: { id: 'ASC' } });
      expect(events.map(({ action, actorLabel, after }) => ({ action, actorLabel, ip: after?.ip }))).toEqual([
        { action: 'failLogin', actorLabel: 'login from unknown address', ip: undefined },
        { action: 'login', actorLabel: user.email, ip: null },
      ]);
    });

    it('re-hashes a password stored with weaker parameters', async () => {
      const user = await makeStaffUser(db.dataSource, {
        passwordHash: await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 }),
      });
      await login(db.dataSource, user.email, PASSWORD, { ip: null, secret: SECRET, now: NOW });
      const rehashed = (await reload(user.id)).passwordHash;
      expect(rehashed).toMatch(/^scrypt\$N=131072,/);
      expect(await verifyPassword(PASSWORD, rehashed)).toBe(true);
    });
  });

  describe('authenticateStaff (per request)', () => {
    it('turns a token into the actor, with the role as it is now', async () => {
      const user = await makeStaffUser(db.dataSource, {
        passwordHash: await hashPassword(PASSWORD),
        role: 'RATING_OFFICER',
      });
      const { token } = await login(db.dataSource, user.email, PASSWORD, { ip: null, secret: SECRET });
      expect(await authenticateStaff(db.dataSource, token, { secret: SECRET })).toEqual({
        kind: 'staff',
        staffId: user.id,
        role: 'RATING_OFFICER',
        label: user.email,
      });
      await db.dataSource.getRepository(StaffUser).update({ id: user.id }, { role: 'ADMIN' });
      expect((await authenticateStaff(db.dataSource, token, { secret: SECRET })).role).toBe('ADMIN');
    });

    it('stops a token working once its account is deactivated, and refuses that account at login', async () => {
      const user = await makeStaffUser(db.dataSource, { passwordHash: await hashPassword(PASSWORD) });
      const { token } = await login(db.dataSource, user.email, PASSWORD, { ip: null, secret: SECRET });
      const deactivated = await deactivateStaffUser(db.dataSource, { staffId: user.id }, asStaff(admin));
      expect(deactivated.active).toBe(false);
      const error = await refusal(authenticateStaff(db.dataSource, token, { secret: SECRET }));
      expect(error).toMatchObject({ code: 'UNAUTHENTICATED', details: { reason: 'ACCOUNT_INACTIVE' } });
      expect(await refusal(login(db.dataSource, user.email, PASSWORD, { ip: null, secret: SECRET }))).toMatchObject({
        message: LOGIN_REFUSED_MESSAGE,
      });
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'deactivateStaffUser', entityId: user.id });
      expect(event).toMatchObject({ actorStaffId: admin.id, before: { active: true }, after: { active: false } });
    });
  });

  describe('API keys', () => {
    it('returns the secret once, stores only its SHA-256, and records who created it', async () => {
      const { apiKey, secret } = await createApiKey(
        db.dataSource,
        { name: '  Club app (Montréal) ', quotaPerMinute: 120 },
        asStaff(admin),
      );
      expect(secret).toMatch(new RegExp(`^rk_${apiKey.prefix}_[A-Za-z0-9_-]{43}$`));
      expect(apiKey).toMatchObject({
        name: 'Club app (Montréal)',
        quotaPerMinute: 120,
        createdById: admin.id,
        revokedAt: null,
      });
      expect(apiKey).not.toHaveProperty('secretSha256');
      const stored = await db.dataSource.getRepository(ApiKey).findOneByOrFail({ id: apiKey.id });
      expect(stored.secretSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(secret.split('_').slice(2).join('_'));
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'createApiKey', entityId: apiKey.id });
      expect(JSON.stringify(event.after)).not.toContain('secretSha256');
    });

    it('authenticates the key and refreshes last_used_at at most once a minute', async () => {
      const { apiKey, secret } = await createApiKey(db.dataSource, { name: 'Stats site', quotaPerMinute: 30 }, cli);
      const t0 = new Date('2026-03-01T10:00:00Z');
      expect(await authenticateApiKey(db.dataSource, secret, { now: t0 })).toEqual({
        id: apiKey.id,
        name: 'Stats site',
        prefix: apiKey.prefix,
        quotaPerMinute: 30,
      });
      const lastUsed = async () =>
        (await db.dataSource.getRepository(ApiKey).findOneByOrFail({ id: apiKey.id })).lastUsedAt;
      expect(await lastUsed()).toEqual(t0);
      await authenticateApiKey(db.dataSource, secret, { now: new Date(t0.getTime() + LAST_USED_RESOLUTION_MS - 1) });
      expect(await lastUsed()).toEqual(t0);
      const later = new Date(t0.getTime() + LAST_USED_RESOLUTION_MS);
      await authenticateApiKey(db.dataSource, secret, { now: later });
      expect(await lastUsed()).toEqual(later);
    });

    it('refuses revoked, unknown and malformed keys, saying which', async () => {
      const { apiKey, secret } = await createApiKey(db.dataSource, { name: 'Old partner', quotaPerMinute: 10 }, cli);
      const revoked = await revokeApiKey(db.dataSource, { apiKeyId: apiKey.id }, asStaff(admin));
      expect(revoked.revokedAt).toBeInstanceOf(Date);
      expect(await refusal(authenticateApiKey(db.dataSource, secret))).toMatchObject({
        code: 'UNAUTHENTICATED',
        details: { reason: 'API_KEY_REVOKED' },
      });
      const forged = `${secret.slice(0, -4)}AAAA`;
      expect(await refusal(authenticateApiKey(db.dataSource, forged))).toMatchObject({
        details: { reason: 'API_KEY_UNKNOWN' },
      });
      expect(await refusal(authenticateApiKey(db.dataSource, 'Bearer something'))).toMatchObject({
        details: { reason: 'MALFORMED' },
      });
    });

    it('is managed by administrators only, with a sane quota', async () => {
      const officer = await makeStaffUser(db.dataSource, { role: 'RATING_OFFICER' });
      expect(
        await refusal(createApiKey(db.dataSource, { name: 'X', quotaPerMinute: 10 }, asStaff(officer))),
      ).toMatchObject({ code: 'FORBIDDEN' });
      expect(await refusal(createApiKey(db.dataSource, { name: 'X', quotaPerMinute: 0 }, cli))).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'quotaPerMinute: must be a whole number from 1 to 6000 (got 0)',
      });
      expect(await refusal(revokeApiKey(db.dataSource, { apiKeyId: 999_999 }, cli))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'API key 999999 does not exist',
      });
    });
  });
});
