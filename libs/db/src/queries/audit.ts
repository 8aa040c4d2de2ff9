import type { EntityManager } from 'typeorm';
import { AuditEvent } from '../entities';

export interface AuditEventConditions {
  readonly entityType?: string;
  readonly entityId?: number;
  readonly actorStaffId?: number;
  readonly action?: string;
  /** ISO dates, inclusive, in UTC (null: open). */
  readonly from: string | null;
  readonly to: string | null;
  /** Only events older than this id. */
  readonly beforeId?: number;
}

/** Audit events matching every given condition, newest first (by id, which grows with time). */
export async function auditEvents(
  manager: EntityManager,
  conditions: AuditEventConditions,
  limit: number,
): Promise<AuditEvent[]> {
  const { from, to } = conditions;
  const query = manager.getRepository(AuditEvent).createQueryBuilder('event');
  if (conditions.entityType !== undefined)
    query.andWhere('event.entity_type = :entityType', { entityType: conditions.entityType });
  if (conditions.entityId !== undefined)
    query.andWhere('event.entity_id = :entityId', { entityId: conditions.entityId });
  if (conditions.actorStaffId !== undefined)
    query.andWhere('event.actor_staff_id = :actorStaffId', { actorStaffId: conditions.actorStaffId });
  if (conditions.action !== undefined) query.andWhere('event.action = :action', { action: conditions.action });
  if (from !== null) query.andWhere(`event.at >= CAST(:from AS date)::timestamp AT TIME ZONE 'UTC'`, { from });
  if (to !== null) query.andWhere(`event.at < (CAST(:to AS date) + 1)::timestamp AT TIME ZONE 'UTC'`, { to });
  if (conditions.beforeId !== undefined) query.andWhere('event.id < :beforeId', { beforeId: conditions.beforeId });
  return query.orderBy('event.id', 'DESC').limit(limit).getMany();
}
