/**
 * Values the API enforces and the site builds on that the GraphQL schema cannot carry (its types say
 * `Int` and `String`, not "at most 100"). The API validates with them, the site stays within them:
 * one definition, so the two cannot drift apart.
 */

/** The largest page (`first`) any connection or list of the API returns; the site's rankings show pages of this size. */
export const MAX_PAGE_SIZE = 100;

/** Width in rating points of the bands of a list's distribution (`RatingList.distribution`), the site's histogram. */
export const DISTRIBUTION_BUCKET_SIZE = 100;

/** Longest `search` text the API takes (players, tournaments). */
export const MAX_SEARCH_LENGTH = 100;

/** Longest `club` filter the API takes (rankings, players). */
export const MAX_CLUB_LENGTH = 200;

/** Longest pool code (`standard`, `rapid`) the API takes as an argument. */
export const MAX_POOL_CODE_LENGTH = 32;

/** A `federation` filter: a FIDE three-letter code, in either case. */
export const FEDERATION_CODE_PATTERN = /^[A-Za-z]{3}$/;
