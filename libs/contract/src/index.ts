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

/**
 * Longest reason a staff member gives for an action, in characters: returning a tournament to its arbiter
 * (`returnTournament`), correcting a result (`correctGameResult`), republishing a list (`republishRatingList`).
 */
export const MAX_REASON_LENGTH = 2000;

/**
 * Largest TRF file the import takes, in characters: 10 MiB. A 2,000-player, 13-round open is about 400 KB of TRF;
 * anything far larger is not a tournament report. The API's staff body limit is derived from it.
 */
export const MAX_TRF_CHARACTERS = 10 * 1024 * 1024;

/** The most bytes such a file can take on disk: UTF-8 writes a character of the BMP in at most 3 bytes. */
export const MAX_TRF_FILE_BYTES = MAX_TRF_CHARACTERS * 3;

/**
 * Most rating periods one `simulatePool` rates (`from` … `to`): three years of monthly lists, enough for the demo's
 * 24 and bounded so a simulation stays a matter of seconds.
 */
export const MAX_SIMULATION_PERIODS = 36;
