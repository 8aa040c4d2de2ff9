import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { DEFAULT_AUDIT_PAGE, MAX_AUDIT_PAGE, authorize, getStaffUser, listAuditEvents } from '@ratings/core';
import { AuditAction, AuditEntityType } from '../common/enums';
import type { ApiContext } from '../context';
import { parseId } from '../ids';
import { DateScalar } from '../scalars';
import { AuditEvent, StaffUser } from './staff.type';

/**
 * The staff's own queries. A class apart from StaffResolver so that they follow the public queries in the
 * schema, as they always have (resolvers.ts: the schema lists root fields in the order their classes load).
 */
@Resolver()
export class StaffQueryResolver {
  @Query(() => StaffUser, { description: 'The signed-in staff member.' })
  me(@Ctx() ctx: ApiContext) {
    return getStaffUser(ctx.db, ctx.staff().actor.staffId);
  }

  @Query(() => [AuditEvent], {
    description:
      'The audit trail, newest first (ADMIN and RATING_OFFICER). Every filter given must match; page with ' +
      '`before`: the id of the last event of the previous page.',
  })
  auditEvents(
    @Arg('entityType', () => AuditEntityType.type, { nullable: true, description: 'What: the kind of entity.' })
    entityType: string | null,
    @Arg('entityId', () => ID, { description: 'What: the id of the entity written.', nullable: true })
    entityId: string | null,
    @Arg('first', () => Int, {
      defaultValue: DEFAULT_AUDIT_PAGE,
      description: `How many events, 1 to ${MAX_AUDIT_PAGE}.`,
    })
    first: number,
    @Arg('actor', () => ID, { nullable: true, description: 'Who: the staff member.' }) actor: string | null,
    @Arg('action', () => AuditAction.type, { nullable: true, description: 'What was done.' })
    action: string | null,
    @Arg('from', () => DateScalar, { nullable: true, description: 'When: on or after this day (UTC).' })
    from: string | null,
    @Arg('to', () => DateScalar, { nullable: true, description: 'When: on or before this day (UTC).' })
    to: string | null,
    @Arg('before', () => ID, { nullable: true, description: 'Only events older than this event id.' })
    before: string | null,
    @Ctx() ctx: ApiContext,
  ) {
    authorize(ctx.staff(), 'audit:read');
    return listAuditEvents(ctx.db, {
      entityType: entityType == null ? undefined : AuditEntityType.valueOf(entityType),
      entityId: entityId == null ? undefined : parseId(entityId, 'entityId'),
      actorStaffId: actor == null ? undefined : parseId(actor, 'actor'),
      action: action == null ? undefined : AuditAction.valueOf(action),
      from: from ?? undefined,
      to: to ?? undefined,
      beforeId: before == null ? undefined : parseId(before, 'before'),
      limit: first,
    });
  }
}
