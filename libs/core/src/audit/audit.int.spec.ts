import { AuditEvent } from '@ratings/db';
import { createTestDatabase, makeAuditEvent, makeStaffUser, type TestDatabase } from '@ratings/db/testing';
import { systemActor, type WriteContext } from '../common/actor';
import { listAuditEvents, recordAudit, recordAuditMany } from './audit.service';

describe('audit trail', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());

  it('records who (staff id and label), what, the row before and after, and the request', async () => {
    const staff = await makeStaffUser(db.dataSource, { email: 'officer@example.org' });
    const ctx: WriteContext = {
      actor: { kind: 'staff', staffId: staff.id, role: 'RATING_OFFICER', label: staff.email },
      requestId: 'req-42',
    };
    const event = await db.dataSource.transaction((manager) =>
      recordAudit(manager, ctx, {
        action: 'updatePlayer',
        entityType: 'Player',
        entityId: 7,
        before: { club: null },
        after: { club: 'CE Montréal' },
      }),
    );
    const stored = await db.dataSource.getRepository(AuditEvent).findOneByOrFail({ id: event.id });
    expect(stored).toMatchObject({
      actorStaffId: staff.id,
      actorApiKeyId: null,
      actorLabel: 'officer@example.org',
      action: 'updatePlayer',
      entityType: 'Player',
      entityId: 7,
      before: { club: null },
      after: { club: 'CE Montréal' },
      requestId: 'req-42',
    });
    expect(stored.at).toBeInstanceOf(Date);
  });

  it('writes many events in one statement, and none when the transaction rolls back', async () => {
    const ctx = systemActor('seed');
    const written = await db.dataSource.transaction((manager) =>
      recordAuditMany(manager, ctx, [
        { action: 'importTrf', entityType: 'Player', entityId: 101, after: { surname: 'Ábalos' } },
        { action: 'importTrf', entityType: 'Player', entityId: 102, after: { surname: 'Zapata' } },
      ]),
    );
    expect(written).toBe(2);
    expect(await listAuditEvents(db.dataSource.manager, { action: 'importTrf' })).toMatchObject([
      { entityId: 102, actorLabel: 'seed', actorStaffId: null, after: { surname: 'Zapata' } },
      { entityId: 101, after: { surname: 'Ábalos' } },
    ]);
    await expect(
      db.dataSource.transaction(async (manager) => {
        await recordAudit(manager, ctx, { action: 'mergePlayers', entityType: 'Player', entityId: 1 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await listAuditEvents(db.dataSource.manager, { action: 'mergePlayers' })).toEqual([]);
  });

  it('filters by entity, actor, action and dates, newest first, in keyset pages', async () => {
    const staff = await makeStaffUser(db.dataSource);
    const made = [];
    for (const at of ['2025-12-31T23:59:59Z', '2026-01-01T00:00:00Z', '2026-01-15T12:00:00Z', '2026-02-01T00:00:00Z']) {
      made.push(
        await makeAuditEvent(db.dataSource, {
          at: new Date(at),
          action: 'updateTournament',
          entityType: 'Tournament',
          entityId: 55,
          actorStaffId: staff.id,
        }),
      );
    }
    const ids = (events: AuditEvent[]) => events.map((event) => event.id);
    const manager = db.dataSource.manager;
    expect(ids(await listAuditEvents(manager, { entityType: 'Tournament', entityId: 55 }))).toEqual(
      ids(made).reverse(),
    );
    expect(
      ids(await listAuditEvents(manager, { actorStaffId: staff.id, from: '2026-01-01', to: '2026-01-31' })),
    ).toEqual([made[2].id, made[1].id]);
    const firstPage = await listAuditEvents(manager, { entityId: 55, limit: 3 });
    expect(ids(firstPage)).toEqual([made[3].id, made[2].id, made[1].id]);
    expect(ids(await listAuditEvents(manager, { entityId: 55, limit: 3, beforeId: firstPage[2].id }))).toEqual([
      made[0].id,
    ]);
  });

  it('refuses bad filters with the field named', async () => {
    await expect(listAuditEvents(db.dataSource.manager, { limit: 501 })).rejects.toThrow(
      'limit: must be a whole number from 1 to 500 (got 501)',
    );
    await expect(listAuditEvents(db.dataSource.manager, { from: '2026-02-01', to: '2026-01-01' })).rejects.toThrow(
      'to: 2026-01-01 is before from 2026-02-01',
    );
  });
});
