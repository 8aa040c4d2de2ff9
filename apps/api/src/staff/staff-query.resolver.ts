import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { DEFAULT_AUDIT_PAGE, authorize, getStaffUser, listAuditEvents } from '@ratings/core';
import type { ApiContext } from '../context';
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

  @Query(() => [AuditEvent], { description: 'The audit trail, newest first (staff only).' })
  auditEvents(
    @Arg('entityType', () => String, { nullable: true }) entityType: string | null,
    @Arg('entityId', () => Int, { nullable: true }) entityId: number | null,
    @Arg('limit', () => Int, { defaultValue: DEFAULT_AUDIT_PAGE }) limit: number,
    @Ctx() ctx: ApiContext,
  ) {
    authorize(ctx.staff(), 'audit:read');
    return listAuditEvents(ctx.db, { entityType: entityType ?? undefined, entityId: entityId ?? undefined, limit });
  }
}
