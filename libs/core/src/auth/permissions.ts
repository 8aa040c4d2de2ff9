import type { StaffRole } from '@ratings/db';
import { DomainError } from '../errors';
import type { Actor, WriteContext } from '../shared/actor';

/** What a caller may do. Read access to public data needs none; these guard the staff side. */
export const PERMISSIONS = [
  'staff:manage',
  'apikeys:manage',
  'players:write',
  'tournaments:write',
  'ratings:run',
  'lists:publish',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Role → permissions, as data ("Who may do what"): administrators manage people and keys; rating officers
 * do everything about players, tournaments, runs and lists. Both may read the audit trail.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  ADMIN: ['staff:manage', 'apikeys:manage', 'audit:read'],
  RATING_OFFICER: ['players:write', 'tournaments:write', 'ratings:run', 'lists:publish', 'audit:read'],
};

/** Whether the actor holds the permission. System actors (CLI, seeder) act for the operator and may do everything. */
export function can(actor: Actor, permission: Permission): boolean {
  return actor.kind === 'system' || ROLE_PERMISSIONS[actor.role].includes(permission);
}

/** Throws FORBIDDEN naming the permission and the role unless the context's actor holds the permission. */
export function authorize(ctx: WriteContext, permission: Permission): void {
  const { actor } = ctx;
  if (can(actor, permission)) return;
  const role = actor.kind === 'staff' ? actor.role : actor.kind;
  throw new DomainError('FORBIDDEN', `permission ${permission} is not granted to role ${role}`, { permission, role });
}
