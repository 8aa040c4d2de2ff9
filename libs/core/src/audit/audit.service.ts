import { AuditEvent, auditEvents, insertColumns } from '@ratings/db';
import type { DataSource, EntityManager } from 'typeorm';
import { invalidInput } from '../errors';
import type { Actor, WriteContext } from '../common/actor';
import { optionalIsoDate, wholeNumber } from '../common/validate';

/** Column lengths of audit_events (libs/db AuditEvent). */
const MAX_ACTOR_LABEL = 100;
const MAX_REQUEST_ID = 64;
/** Default and largest page of listAuditEvents. */
export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 500;

/** What a write did: the mutation or command that made it (verb-object), the one list the audit trail holds. */
export const AUDIT_ACTIONS = [
  'login',
  'failLogin',
  'createStaffUser',
  'updateStaffUser',
  'deactivateStaffUser',
  'createApiKey',
  'revokeApiKey',
  'createPlayer',
  'updatePlayer',
  'mergePlayers',
  'createPool',
  'createTournament',
  'updateTournament',
  'addParticipants',
  'recordGames',
  'submitTournament',
  'acceptTournament',
  'returnTournament',
  'reopenTournament',
  'importTrf',
  'importRatingList',
  'runRatingPeriod',
  'publishRatingList',
  'republishRatingList',
  'correctGameResult',
  'createWebhook',
  'deleteWebhook',
  'startDemoSeed',
  'completeDemoSeed',
  'removeInterruptedDemoSeed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of entity a write changes (entity class names). */
export const AUDIT_ENTITY_TYPES = [
  'StaffUser',
  'ApiKey',
  'Player',
  'Pool',
  'Tournament',
  'Game',
  'RatingList',
  'Webhook',
  'DemoSeed',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** One write: what it did, to which row, and the row before and after. */
export interface AuditRecord {
  readonly action: AuditAction;
  readonly entityType: AuditEntityType;
  readonly entityId: number | null;
  readonly before?: Record<string, unknown> | null;
  readonly after?: Record<string, unknown> | null;
}

/**
 * Writes the audit event of a write, in the caller's transaction (so it lands exactly when the write does).
 * Staff are recorded by id (and e-mail label), processes by their label; the request id ties it to the logs.
 */
export async function recordAudit(manager: EntityManager, ctx: WriteContext, record: AuditRecord): Promise<AuditEvent> {
  const repository = manager.getRepository(AuditEvent);
  return repository.save(repository.create({ ...actorColumns(ctx), ...eventColumns(record) }));
}

/** The set-based form for bulk writes (an import's created players): one statement, whatever the count. */
export async function recordAuditMany(
  manager: EntityManager,
  ctx: WriteContext,
  records: readonly AuditRecord[],
): Promise<number> {
  if (records.length === 0) return 0;
  const actor = actorColumns(ctx);
  const events = records.map(eventColumns);
  const { inserted } = await insertColumns(manager, AuditEvent, {
    actorStaffId: events.map(() => actor.actorStaffId),
    actorLabel: events.map(() => actor.actorLabel),
    requestId: events.map(() => actor.requestId),
    action: events.map((event) => event.action),
    entityType: events.map((event) => event.entityType),
    entityId: events.map((event) => event.entityId),
    before: events.map((event) => event.before),
    after: events.map((event) => event.after),
  });
  return inserted;
}

function actorColumns(ctx: WriteContext): Pick<AuditEvent, 'actorStaffId' | 'actorLabel' | 'requestId'> {
  const actor: Actor = ctx.actor;
  return {
    actorStaffId: actor.kind === 'staff' ? actor.staffId : null,
    actorLabel: actor.label.slice(0, MAX_ACTOR_LABEL) || null,
    requestId: ctx.requestId ? ctx.requestId.slice(0, MAX_REQUEST_ID) : null,
  };
}

function eventColumns(
  record: AuditRecord,
): Pick<AuditEvent, 'action' | 'entityType' | 'entityId' | 'before' | 'after'> {
  return {
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    before: record.before ?? null,
    after: record.after ?? null,
  };
}

export interface AuditEventFilters {
  readonly entityType?: AuditEntityType;
  readonly entityId?: number;
  readonly actorStaffId?: number;
  readonly action?: AuditAction;
  /** ISO dates, inclusive: events from the start of `from` to the end of `to` (UTC). */
  readonly from?: string;
  readonly to?: string;
  /** Keyset paging: only events older than this event id (pass the last id of the previous page). */
  readonly beforeId?: number;
  readonly limit?: number;
}

/** Audit events matching every given filter, newest first (by id, which grows with time). */
export async function listAuditEvents(
  db: DataSource | EntityManager,
  filters: AuditEventFilters = {},
): Promise<AuditEvent[]> {
  const manager = 'manager' in db ? db.manager : db;
  const limit = wholeNumber('limit', filters.limit ?? DEFAULT_AUDIT_PAGE, 1, MAX_AUDIT_PAGE);
  const from = optionalIsoDate('from', filters.from);
  const to = optionalIsoDate('to', filters.to);
  if (from !== null && to !== null && to < from) throw invalidInput('to', `${to} is before from ${from}`);
  return auditEvents(manager, { ...filters, from, to }, limit);
}
