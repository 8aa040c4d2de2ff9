import { setTimeout as sleep } from 'node:timers/promises';
import { AuditEvent, StaffUser } from '@ratings/db';
import { createTestDatabase, makePlayer, makeStaffUser, type TestDatabase } from '@ratings/db/testing';
import { DomainError } from '../errors';
import { playersPage } from '../reading/players';
import { FREE_FAILED_LOGINS, LOGIN_REFUSED_MESSAGE, login } from './login.service';
import { hashPassword } from './password';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const PASSWORD = 'correct horse battery staple';
const NOW = new Date('2026-03-01T10:00:00Z');
/** The flood of the incident: 16 failed sign-ins at once, each an N = 2^17 scrypt (~0.35 s, 128 MiB). */
const FLOOD = 16;
/**
 * Time for the flood's attempts to reach their hashing before the public read starts. The old code held a
 * connection and the account's row lock through each hash, so by then every connection was taken.
 */
const HEAD_START_MS = 200;
/** A directory search takes a few milliseconds; behind the old code's hashing it took seconds. */
const PUBLIC_READ_BOUND_MS = 500;

describe('login under a flood of failed attempts', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await makePlayer(db.dataSource, { surname: 'Lévesque', givenName: 'Marie' });
  });
  afterAll(() => db?.destroy());

  const victim = async () => makeStaffUser(db.dataSource, { passwordHash: await hashPassword(PASSWORD) });
  const attempt = (email: string, password: string) =>
    login(db.dataSource, email, password, { ip: '203.0.113.9', secret: SECRET, now: NOW }).then(
      () => null,
      (error: unknown) => error,
    );
  const failLogins = (staffId: number) =>
    db.dataSource.getRepository(AuditEvent).countBy({ action: 'failLogin', entityId: staffId });

  it('keeps a public read fast while the attempts are hashed, and counts only the attempts before the lock', async () => {
    const user = await victim();
    const search = () => playersPage(db.dataSource, { search: 'levesque' }, 20, { after: null });
    await search(); // measured warm, as a public read usually is
    let floodOver = false;
    const flood = Promise.all(Array.from({ length: FLOOD }, () => attempt(user.email, 'wrong password!'))).then(
      (refusals) => {
        floodOver = true;
        return refusals;
      },
    );
    await sleep(HEAD_START_MS);

    const started = performance.now();
    const page = await search();
    const took = performance.now() - started;
    const stillFlooding = !floodOver;

    const refusals = await flood;
    expect(page.rows.map((player) => player.surname)).toEqual(['Lévesque']);
    expect(took).toBeLessThan(PUBLIC_READ_BOUND_MS);
    expect(stillFlooding).toBe(true);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: 'UNAUTHENTICATED', message: LOGIN_REFUSED_MESSAGE });
    }
    // The fourth failure locks the account for a second; the attempts that land on the lock are not counted.
    const stored = await db.dataSource.getRepository(StaffUser).findOneByOrFail({ id: user.id });
    expect(stored).toMatchObject({
      failedLoginCount: FREE_FAILED_LOGINS + 1,
      lockedUntil: new Date(NOW.getTime() + 1000),
    });
    expect(await failLogins(user.id)).toBe(FREE_FAILED_LOGINS + 1);
  });

  it('counts every one of concurrent failures that meet no lock, each from the count before it', async () => {
    const user = await victim();
    const concurrent = FREE_FAILED_LOGINS + 1;
    await Promise.all(Array.from({ length: concurrent }, () => attempt(user.email, 'wrong password!')));
    const stored = await db.dataSource.getRepository(StaffUser).findOneByOrFail({ id: user.id });
    expect(stored.failedLoginCount).toBe(concurrent);
    const events = await db.dataSource
      .getRepository(AuditEvent)
      .find({ where: { action: 'failLogin', entityId: user.id }, order: { id: 'ASC' } });
    expect(events.map((event) => (event.after as { failedLoginCount: number }).failedLoginCount)).toEqual([1, 2, 3, 4]);
  });
});
