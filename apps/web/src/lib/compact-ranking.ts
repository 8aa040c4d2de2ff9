import { titlesText } from './player-name';
import type { RankingRow } from './ranking-entries';

/**
 * A ranking's rows as the page hands them to the browser: one array per row instead of an object (the RSC payload
 * repeats no field name a hundred times), the category by code (its name once, in `categoryNames`), flags as 0/1.
 * The client component `RankingRows` renders them back; `compactRankingRows`/`rankingRowOf` are inverse on the
 * fields a ranking table shows.
 */
export type CompactRankingRow = [
  playerId: string,
  rank: number,
  name: string,
  titles: string,
  categoryCode: string,
  display: string,
  provisional: 0 | 1,
  change: number | null,
  games: number,
  federation: string | null,
  club: string | null,
  bestPlayer: 0 | 1,
];

/** What a ranking table shows of a row (the rating itself is shown as `display`). */
export interface ShownRankingRow {
  playerId: string;
  rank: number;
  name: string;
  /** Space-separated, as printed before the name (`GM`). */
  titles: string;
  categoryCode: string;
  display: string;
  provisional: boolean;
  change: number | null;
  games: number;
  federation: string | null;
  club: string | null;
  bestPlayer: boolean;
}

export function compactRankingRows(rows: readonly RankingRow[]): CompactRankingRow[] {
  return rows.map((row): CompactRankingRow => [
    row.playerId,
    row.rank,
    row.name,
    titlesText(row.titles),
    row.category.code,
    row.display,
    row.provisional ? 1 : 0,
    row.change,
    row.games,
    row.federation,
    row.club,
    row.bestPlayer ? 1 : 0,
  ]);
}

export function rankingRowOf(row: CompactRankingRow): ShownRankingRow {
  const [playerId, rank, name, titles, categoryCode, display, provisional, change, games, federation, club, best] = row;
  return {
    playerId,
    rank,
    name,
    titles,
    categoryCode,
    display,
    provisional: provisional === 1,
    change,
    games,
    federation,
    club,
    bestPlayer: best === 1,
  };
}

/** The categories' names in the page's language, once each, by code. */
export function categoryNames(rows: readonly RankingRow[], name: (category: RankingRow['category']) => string) {
  return Object.fromEntries(rows.map((row) => [row.category.code, name(row.category)]));
}

/** The club link of a row: the server's address with `CLUB_PLACEHOLDER` where the club goes (other filters kept). */
export const CLUB_PLACEHOLDER = '__club__';

/**
 * A club as a query value, escaping only what a query or an HTML attribute would misread (`&`, `+`, `#`, `%`,
 * `=`, quotes, spaces as `+`): letters such as `é` stay as they are, which browsers encode when they follow the link.
 */
function queryValue(value: string): string {
  return value
    .replace(
      /[%&+#="'<>]|[\u0000-\u001f]/g,
      (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .replace(/ /g, '+');
}

/**
 * A row's club link: the query alone when the link stays on the page's path (`?club=Le+Fou`, resolved by the
 * browser against the page's public address).
 */
export function clubLink(template: string, club: string, pagePath: string): string {
  const href = template.replace(CLUB_PLACEHOLDER, queryValue(club));
  return href.startsWith(`${pagePath}?`) ? href.slice(pagePath.length) : href;
}
