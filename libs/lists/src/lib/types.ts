/** The files a federation brings: FIDE's TXT layouts, FIDE's XML, the platform's own CSV export. */
export const LIST_FORMATS = ['fide-txt', 'fide-xml', 'csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** Which of a combined FIDE file's rating columns feed the pool. */
export const RATING_CONTROLS = ['standard', 'rapid', 'blitz'] as const;
export type RatingControl = (typeof RATING_CONTROLS)[number];

/** One player of a rating-list file, as the file says it. */
export interface ListRow {
  /** Line of the file where the player's record starts (1-based). */
  readonly line: number;
  readonly fideId: string | null;
  /** The federation's own member number (CSV only: FIDE's files carry the FIDE id alone). */
  readonly nationalId: string | null;
  readonly surname: string;
  readonly givenName: string | null;
  readonly federation: string | null;
  readonly sex: 'M' | 'F' | null;
  /** FIDE titles, women's titles, other (arbiter, trainer, organiser) and FOA titles, each once. */
  readonly titles: readonly string[];
  readonly birthYear: number | null;
  readonly club: string | null;
  /** Null: not rated in the chosen control (blank or 0). */
  readonly rating: number | null;
  /** Games rated in the list's period (FIDE's Gms). */
  readonly gamesInPeriod: number;
  /** Games rated in all, when the file says (the platform's CSV); FIDE's files do not. */
  readonly gamesTotal: number | null;
  readonly k: number | null;
  /** When the file says (CSV's column, the `p` of the platform's TXT flag); null otherwise. */
  readonly provisional: boolean | null;
  /** When the file says (CSV); null otherwise. */
  readonly listed: boolean | null;
  /** FIDE's `i` flag. */
  readonly inactive: boolean;
}

export interface ListBatch {
  /** The list's month ('2026-10') when the file names it (the single-control TXT header's OCT26), else null. */
  readonly month: string | null;
  readonly rows: readonly ListRow[];
}

export interface ReadListOptions {
  readonly format: ListFormat;
  /** Default `standard`. */
  readonly control?: RatingControl;
  /** A birth year after this one is impossible (the list's year: the library reads no clock). */
  readonly latestBirthYear: number;
  /** Rows per batch (default 5,000). */
  readonly batchSize?: number;
}

/** Bytes or text, chunk by chunk (a file or request stream, or one string in an array). */
export type ListSource = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
