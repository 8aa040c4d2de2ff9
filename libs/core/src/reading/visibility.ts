import type { RatingList, Tournament } from '@ratings/db';

/** A tournament or a rating list: what its status says about who may see it. */
export interface Publishable {
  readonly status: Tournament['status'] | RatingList['status'];
}

/**
 * The public-visibility rule: a DRAFT tournament or list is the staff's work in progress, seen by staff alone
 * (reviewing a run, exporting a draft); once submitted for rating, or published, everyone sees it. Nothing
 * (an unknown id) is visible to no one, so that a hidden draft and an unknown id answer alike.
 */
export function isVisibleTo<T extends Publishable>(viewerIsStaff: boolean, item: T | null | undefined): item is T {
  return item != null && (viewerIsStaff || item.status !== 'DRAFT');
}
