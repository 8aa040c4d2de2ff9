import type { StaffRole } from '@ratings/db';
import { DomainError } from '../errors';
import type { Actor, WriteContext } from '../common/actor';

/** What a caller may do. Read access to public data needs none; these guard the staff side. */
export const PERMISSIONS = [
  'staff:manage',
  'apikeys:manage',
  /** Register a new player (an arbiter entering his tournament by hand meets players the register lacks). */
  'players:create',
  /** Edit and merge existing players. */
  'players:write',
  /** Create tournaments, and enter, submit or reopen one's own. */
  'tournaments:enter',
  /** Change anyone's tournament, and correct results after submission. */
  'tournaments:write',
  /** Accept or return submitted tournaments (one's own submission is then accepted at once). */
  'tournaments:review',
  /** See every draft tournament and list, not only one's own. */
  'drafts:read',
  'ratings:run',
  'lists:publish',
  'audit:read',
  /** Rate a pool's past periods under another system or parameters, nothing saved (simulatePool). */
  'ratings:simulate',
  /** Register and remove the webhooks told of publications, and read their delivery log. */
  'webhooks:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Role → permissions, as data ("Who may do what"): administrators manage people and keys; rating officers
 * do everything about players, tournaments, runs and lists; arbiters enter and submit their own tournaments and
 * may register the new players those need, but neither edit nor merge existing players, nor see others' drafts.
 * Administrators and officers read the audit trail and every draft.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  ADMIN: ['staff:manage', 'apikeys:manage', 'audit:read', 'drafts:read', 'ratings:simulate', 'webhooks:manage'],
  RATING_OFFICER: [
    'players:create',
    'players:write',
    'tournaments:enter',
    'tournaments:write',
    'tournaments:review',
    'drafts:read',
    'ratings:run',
    'lists:publish',
    'audit:read',
    'ratings:simulate',
  ],
  ARBITER: ['players:create', 'tournaments:enter'],
};

/** Whether the actor holds the permission. System actors (CLI, seeder) act for the operator and may do everything. */
export function can(actor: Actor, permission: Permission): boolean {
  return actor.kind === 'system' || ROLE_PERMISSIONS[actor.role].includes(permission);
}

/** Throws FORBIDDEN naming the permission and the role unless the context's actor holds the permission. */
export function authorize(ctx: WriteContext, permission: Permission): void {
  const { actor } = ctx;
  if (can(actor, permission)) return;
  throw forbidden(actor, permission);
}

/** Whether the actor may change this tournament: anyone's with `tournaments:write`, his own with `tournaments:enter`. */
export function mayChangeTournament(actor: Actor, tournament: { readonly createdByStaffId: number | null }): boolean {
  if (can(actor, 'tournaments:write')) return true;
  return can(actor, 'tournaments:enter') && actor.kind === 'staff' && tournament.createdByStaffId === actor.staffId;
}

function forbidden(actor: Actor, permission: Permission): DomainError {
  const role = actor.kind === 'staff' ? actor.role : actor.kind;
  return new DomainError('FORBIDDEN', `permission ${permission} is not granted to role ${role}`, { permission, role });
}
