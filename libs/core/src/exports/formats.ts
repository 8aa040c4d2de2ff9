/**
 * Writers for list exports, one function per format, each turning rows into text. The layouts follow
 * FIDE's download files (TXT column for column, XML element names), plus what FIDE's files lack:
 * the provisional flag, the rank and the category.
 */
import type { ExportRow } from '@ratings/db';
export type { ExportRow };

export interface ExportList {
  id: number;
  pool: string;
  period: string;
  effectiveDate: string;
  revision: number;
  status: string;
  ratingSystemId: string;
}

export const displayName = (row: Pick<ExportRow, 'surname' | 'givenName'>) =>
  row.givenName ? `${row.surname}, ${row.givenName}` : row.surname;

// ---- CSV (RFC 4180) ---------------------------------------------------------------------------------------

const CSV_COLUMNS: readonly [string, (row: ExportRow) => unknown][] = [
  ['rank', (r) => r.rank],
  ['player_id', (r) => r.playerId],
  ['national_id', (r) => r.nationalId],
  ['fide_id', (r) => r.fideId],
  ['surname', (r) => r.surname],
  ['given_name', (r) => r.givenName],
  ['federation', (r) => r.federation],
  ['sex', (r) => r.sex],
  ['titles', (r) => r.titles.join(' ')],
  ['birth_year', (r) => r.birthYear],
  ['club', (r) => r.club],
  ['rating', (r) => r.rating],
  ['provisional', (r) => r.provisional],
  ['category', (r) => r.category],
  ['games_period', (r) => r.gamesInPeriod],
  ['games_total', (r) => r.gamesTotal],
  ['k', (r) => r.k],
  ['listed', (r) => r.listed],
  ['inactive', (r) => r.inactive],
];

/** Written first, so that spreadsheets (Excel above all) read the file as UTF-8 and show accented names right. */
export const UTF8_BOM = '\uFEFF';

/**
 * Text that spreadsheets would evaluate as a formula (OWASP "CSV Injection"): it starts with = + - @, a tab or a
 * carriage return, possibly after single quotes (so that the inverse below is exact).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * Makes a text cell inert in a spreadsheet: text that would start a formula gets a single quote in front
 * (`=HYPERLINK(…)` is written `'=HYPERLINK(…)`, `'=x` is written `''=x`); any other text is unchanged. Numbers are
 * not text and never go through here: a change of -12 is written -12.
 *
 * The inverse, for a program reading these files back: a text cell matching /^'+[=+\-@\t\r]/ loses its first
 * character (one quote); every other cell is read as written.
 */
export function neutralizeCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV cell (RFC 4180): text neutralized and quoted when needed, numbers and booleans as they are. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutralizeCsvText(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/** The start of a CSV file: the byte order mark, then the column names. */
export const csvFileHeader = (columns: readonly string[]) => UTF8_BOM + csvLine(columns);

export const csvHeader = () => csvFileHeader(CSV_COLUMNS.map(([name]) => name));
export const csvRow = (row: ExportRow) => csvLine(CSV_COLUMNS.map(([, value]) => value(row)));

// ---- JSON ---------------------------------------------------------------------------------------------------

export const jsonOpen = (list: ExportList) => `{"list":${JSON.stringify(list)},"entries":[`;
export const jsonRow = (row: ExportRow, first: boolean) => `${first ? '' : ','}\n${JSON.stringify(row)}`;
export const jsonClose = () => '\n]}\n';

// ---- FIDE TXT (single-list layout of standard_rating_list.txt, CRLF) -----------------------------------------

/**
 * Column widths of FIDE's single rating-list TXT file, from its header
 * (`ID Number      Name … Fed Sex Tit  WTit OTit           FOA OCT26 Gms K  B-day Flag`, 136 characters), then
 * one column FIDE's file does not have: the federation's member number (`Nat ID`, as long as the column that
 * holds it), so that `ID Number` can hold the FIDE id as in FIDE's file.
 */
export const FIDE_TXT_COLUMNS = [
  ['ID Number', 15],
  ['Name', 61],
  ['Fed', 4],
  ['Sex', 4],
  ['Tit', 5],
  ['WTit', 5],
  ['OTit', 15],
  ['FOA', 4],
  ['{MONTH}', 6],
  ['Gms', 4],
  ['K', 3],
  ['B-day', 6],
  // FIDE's line ends with the 4 characters of Flag; one more space keeps the added column apart.
  ['Flag', 5],
  ['Nat ID', 32],
] as const;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** FIDE titles for women, which the TXT file puts in the WTit column. */
const WOMEN_TITLES = new Set(['WGM', 'WIM', 'WFM', 'WCM']);
/** Arbiter, trainer and organiser titles: the OTit column. */
const OTHER_TITLES = new Set(['IA', 'FA', 'NA', 'IO', 'FT', 'FST', 'DI', 'IT', 'SI', 'FI', 'LSI', 'SLI', 'NI']);

const fixed = (text: string, width: number) =>
  text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length);

function txtLine(values: readonly string[]): string {
  return FIDE_TXT_COLUMNS.map(([, width], i) => fixed(values[i], width)).join('') + '\r\n';
}

/** The rating column's header is the list's month, as FIDE writes it: 'NOV26'. */
export function txtHeader(list: ExportList): string {
  const [year, month] = list.effectiveDate.split('-');
  const monthToken = `${MONTHS[Number(month) - 1]}${year.slice(2)}`;
  return txtLine(FIDE_TXT_COLUMNS.map(([name]) => (name === '{MONTH}' ? monthToken : name)));
}

/**
 * One player: ID Number is his FIDE id, as in FIDE's file (his member number when he has none, else the platform
 * id); Nat ID his member number. Flag follows FIDE ('w' woman, 'i' inactive) and adds 'p' for a provisional rating.
 */
export function txtRow(row: ExportRow): string {
  const flag = `${row.sex === 'F' ? 'w' : ''}${row.inactive ? 'i' : ''}${row.provisional ? 'p' : ''}`;
  const open = row.titles.filter((t) => !WOMEN_TITLES.has(t) && !OTHER_TITLES.has(t));
  return txtLine([
    row.fideId ?? row.nationalId ?? String(row.playerId),
    displayName(row),
    row.federation ?? '',
    row.sex ?? '',
    open[0] ?? '',
    row.titles.find((t) => WOMEN_TITLES.has(t)) ?? '',
    row.titles.filter((t) => OTHER_TITLES.has(t)).join(','),
    '',
    row.rating === null ? '' : String(row.rating),
    String(row.gamesInPeriod),
    row.k === null ? '' : String(Math.round(row.k)),
    row.birthYear === null ? '' : String(row.birthYear),
    flag,
    row.nationalId ?? '',
  ]);
}

// ---- FIDE XML (playerslist/player, as FIDE's XML downloads) ---------------------------------------------------

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const element = (name: string, value: unknown) =>
  `<${name}>${value === null || value === undefined ? '' : xmlEscape(String(value))}</${name}>`;

export const xmlOpen = (list: ExportList) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<playerslist pool="${xmlEscape(list.pool)}" period="${list.period}" effective="${list.effectiveDate}" revision="${list.revision}" system="${xmlEscape(list.ratingSystemId)}">\n`;

export function xmlRow(row: ExportRow): string {
  const open = row.titles.filter((t) => !WOMEN_TITLES.has(t) && !OTHER_TITLES.has(t));
  return (
    '<player>' +
    [
      element('id', row.nationalId ?? row.playerId),
      element('fideid', row.fideId),
      element('name', displayName(row)),
      element('country', row.federation),
      element('sex', row.sex),
      element('title', open[0] ?? ''),
      element('w_title', row.titles.find((t) => WOMEN_TITLES.has(t)) ?? ''),
      element('o_title', row.titles.filter((t) => OTHER_TITLES.has(t)).join(',')),
      element('foa_title', ''),
      element('rating', row.rating),
      element('games', row.gamesInPeriod),
      element('k', row.k === null ? null : Math.round(row.k)),
      element('birthday', row.birthYear),
      element('flag', `${row.sex === 'F' ? 'w' : ''}${row.inactive ? 'i' : ''}`),
      element('provisional', row.provisional),
      element('rank', row.rank),
      element('category', row.category),
      element('games_total', row.gamesTotal),
    ].join('') +
    '</player>\n'
  );
}

export const xmlClose = () => '</playerslist>\n';
