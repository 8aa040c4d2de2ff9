import type { RatingList, Tournament } from '@ratings/db';
import { can } from '../auth/permissions';
import type { Actor } from '../common/actor';

/** A tournament or a rating list: what its status (and, for a tournament, its creator) says about who may see it. */
export interface Publishable {
  readonly status: Tournament['status'] | RatingList['status'];
  readonly createdByStaffId?: number | null;
}

/** Who reads: a staff member or a process, or null for the public (anonymous callers, API keys, a gateway). */
export type Reader = Actor | null;

/**
 * Tournaments everyone sees: once the federation accepted them for rating. A SUBMITTED tournament is still under
 * review (it may be returned to its arbiter), so it is not public yet.
 */
export const PUBLIC_TOURNAMENT_STATUSES: readonly Tournament['status'][] = ['ACCEPTED', 'RATED'];
/** Lists everyone sees. */
export const PUBLIC_LIST_STATUSES: readonly RatingList['status'][] = ['PUBLISHED'];
const PUBLIC_STATUSES: ReadonlySet<Publishable['status']> = new Set([
  ...PUBLIC_TOURNAMENT_STATUSES,
  ...PUBLIC_LIST_STATUSES,
]);

/**
 * The visibility rule: what is not public yet (a draft or submitted tournament, a draft list) is seen by staff
 * holding `drafts:read` (administrators, rating officers) and by the tournament's creator (an arbiter sees his
 * own). Nothing (an unknown id) is visible to no one, so that a hidden draft and an unknown id answer alike.
 */
export function isVisibleTo<T extends Publishable>(reader: Reader, item: T | null | undefined): item is T {
  if (item == null) return false;
  if (PUBLIC_STATUSES.has(item.status)) return true;
  if (reader === null) return false;
  if (can(reader, 'drafts:read')) return true;
  return reader.kind === 'staff' && item.createdByStaffId != null && item.createdByStaffId === reader.staffId;
}
